import { MIP_SHADER } from '../mip-shader';

/** The mip pipeline of one GPUDevice (made on first use; a new device after a loss makes its own). */
const pipelines = new WeakMap<GPUDevice, GPURenderPipeline>();

/**
 * Draws each smaller mip level of an rgba8unorm `texture` from the level above it, in one command buffer: level 0
 * must hold the image already.
 */
export function generateMips(device: GPUDevice, texture: GPUTexture): void {
  let pipeline = pipelines.get(device);
  if (!pipeline) {
    const module = device.createShaderModule({ label: MIP_SHADER.label, code: MIP_SHADER.wgsl });
    pipeline = device.createRenderPipeline({
      label: MIP_SHADER.label,
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format: 'rgba8unorm' }] },
      primitive: { topology: 'triangle-list' },
    });
    pipelines.set(device, pipeline);
  }
  const encoder = device.createCommandEncoder({ label: `${texture.label} mip levels` });
  for (let level = 1; level < texture.mipLevelCount; level++) {
    const source = texture.createView({ baseMipLevel: level - 1, mipLevelCount: 1 });
    const target = texture.createView({ baseMipLevel: level, mipLevelCount: 1 });
    const pass = encoder.beginRenderPass({
      label: `${texture.label} mip level ${level}`,
      colorAttachments: [{ view: target, loadOp: 'clear', storeOp: 'store', clearValue: [0, 0, 0, 0] }],
    });
    pass.setPipeline(pipeline);
    pass.setBindGroup(
      0,
      device.createBindGroup({
        layout: pipeline.getBindGroupLayout(0),
        entries: [{ binding: 0, resource: source }],
      }),
    );
    pass.draw(3);
    pass.end();
  }
  device.queue.submit([encoder.finish()]);
}
