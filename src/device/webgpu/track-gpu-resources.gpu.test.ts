import { describe, expect, it } from 'vitest';
import { requestGpu } from './request-gpu';
import { trackGpuResources } from './track-gpu-resources';

describe('trackGpuResources on real WebGPU', () => {
  it('counts creations and destructions, and records uncaptured validation errors', async () => {
    const { device } = await requestGpu();
    const { counts, errors } = trackGpuResources(device);
    const buffer = device.createBuffer({ size: 256, usage: GPUBufferUsage.UNIFORM });
    const texture = device.createTexture({
      size: [4, 4],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.TEXTURE_BINDING,
    });
    const layout = device.createBindGroupLayout({
      entries: [{ binding: 0, visibility: GPUShaderStage.COMPUTE, buffer: {} }],
    });
    device.createBindGroup({ layout, entries: [{ binding: 0, resource: { buffer } }] });
    const module = device.createShaderModule({ code: '@compute @workgroup_size(1) fn main() {}' });
    await device.createComputePipelineAsync({ layout: 'auto', compute: { module, entryPoint: 'main' } });
    expect(counts).toEqual({ buffers: 1, textures: 1, bindGroups: 1, pipelines: 1 });
    buffer.destroy();
    buffer.destroy(); // twice: counted once
    texture.destroy();
    expect(counts).toMatchObject({ buffers: 0, textures: 0 });
    expect(errors).toEqual([]);
    device.createBuffer({ size: 3, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.MAP_READ }); // invalid usage mix
    await device.queue.onSubmittedWorkDone();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/^GPUValidationError: /);
    device.destroy();
  });
});
