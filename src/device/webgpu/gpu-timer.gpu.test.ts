import { describe, expect, it } from 'vitest';
import { requestGpu } from './request-gpu';
import { GpuTimer } from './gpu-timer';

describe('GpuTimer on real WebGPU', () => {
  it('times each pass and the frame span from first start to last end', async () => {
    const { device } = await requestGpu();
    const timer = new GpuTimer(device);
    expect(timer.available).toBe(true);
    const texture = device.createTexture({
      size: [256, 256],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.RENDER_ATTACHMENT,
    });
    timer.beginFrame();
    const encoder = device.createCommandEncoder();
    for (const name of ['world', 'ui', 'present']) {
      const pass = encoder.beginRenderPass({
        colorAttachments: [{ view: texture.createView(), loadOp: 'clear', storeOp: 'store' }],
        timestampWrites: timer.timestampWrites(name)!,
      });
      pass.end();
    }
    encoder // untimed work in between is fine
      .beginRenderPass({
        colorAttachments: [{ view: texture.createView(), loadOp: 'clear', storeOp: 'store' }],
      })
      .end();
    timer.resolve(encoder);
    device.queue.submit([encoder.finish()]);
    const times = await timer.read();
    expect([...times!.passes.keys()]).toEqual(['world', 'ui', 'present']);
    const sum = [...times!.passes.values()].reduce((a, b) => a + b, 0);
    for (const ms of times!.passes.values()) expect(ms).toBeGreaterThanOrEqual(0);
    expect(times!.frameMs).toBeGreaterThanOrEqual(Math.max(...times!.passes.values()));
    expect(Number.isFinite(sum)).toBe(true);
    timer.destroy();
    device.destroy();
  });

  it('says unavailable and changes nothing on a device without timestamp queries', async () => {
    const { device } = await requestGpu({ optionalFeatures: [] });
    const timer = new GpuTimer(device);
    expect(timer.available).toBe(false);
    expect(timer.timestampWrites('world')).toBeUndefined();
    const encoder = device.createCommandEncoder();
    timer.resolve(encoder);
    device.queue.submit([encoder.finish()]);
    expect(await timer.read()).toBeNull();
    device.destroy();
  });
});
