import { describe, expect, it } from 'vitest';
import { requestGpu } from './request-gpu';
import { configureCanvas } from './configure-canvas';
import { GpuInitError } from './gpu-init-error';
import { createDevice } from '../create-device';
import { testCanvas } from '../../render/renderers/test-backends';

describe('requestGpu on real WebGPU', () => {
  it('acquires a device and exposes the adapter limits and features', async () => {
    const gpu = await requestGpu();
    expect(gpu.limits.minUniformBufferOffsetAlignment).toBe(256);
    expect(gpu.limits.maxUniformBufferBindingSize).toBeGreaterThanOrEqual(65536);
    expect(gpu.features.has('timestamp-query')).toBe(true); // optional by default, and SwiftShader has it
    expect(gpu.adapterFeatures.has('texture-compression-bc')).toBe(true);
    expect(gpu.features.has('texture-compression-bc')).toBe(false); // not asked for
    expect(gpu.adapterLimits.maxBindGroups).toBeGreaterThanOrEqual(gpu.limits.maxBindGroups);
    expect(gpu.isFallbackAdapter).toBe(true); // SwiftShader
    expect(['bgra8unorm', 'rgba8unorm']).toContain(gpu.preferredCanvasFormat);
    gpu.device.destroy();
  });

  it('says WebGPU is missing when there is no navigator.gpu', async () => {
    await expect(requestGpu({ gpu: null })).rejects.toMatchObject({ reason: 'no-webgpu' });
    await expect(requestGpu({ gpu: null })).rejects.toThrow(/navigator\.gpu is missing.*backend=webgl2/);
  });

  it('enables only the optional features the adapter has', async () => {
    const gpu = await requestGpu({ optionalFeatures: ['shader-f16', 'float32-filterable'] });
    expect(gpu.features.has('float32-filterable')).toBe(true);
    expect(gpu.features.has('shader-f16')).toBe(false);
    expect(gpu.features.has('timestamp-query')).toBe(false); // the default list was replaced
    gpu.device.destroy();
  });

  it('says no adapter when the browser gives none', async () => {
    const noAdapter = { requestAdapter: async () => null, getPreferredCanvasFormat: () => 'rgba8unorm' };
    await expect(requestGpu({ gpu: noAdapter as unknown as GPU })).rejects.toMatchObject({
      reason: 'no-adapter',
    });
  });

  it('names a missing feature and a limit beyond the adapter', async () => {
    await expect(requestGpu({ requiredFeatures: ['shader-f16'] })).rejects.toThrow(
      /lacks required feature\(s\): shader-f16/,
    );
    await expect(requestGpu({ requiredLimits: { maxBindGroups: 1_000_000 } })).rejects.toThrow(
      /cannot provide maxBindGroups = 1000000/,
    );
    await expect(requestGpu({ requiredLimits: { maxBindGroup: 4 } })).rejects.toThrow(
      /Unknown GPU limit "maxBindGroup"/,
    );
  });

  it('reports a device that is lost at creation instead of handing it out', async () => {
    const adapter = (await navigator.gpu.requestAdapter())!;
    const first = await adapter.requestDevice();
    // The second device from one adapter comes back already lost (WebGPU spec: an adapter is consumed).
    const reused = { requestAdapter: async () => adapter, getPreferredCanvasFormat: () => 'rgba8unorm' };
    const error = await requestGpu({ gpu: reused as unknown as GPU }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GpuInitError);
    // Browsers either reject the request (Chromium here) or hand out a device that is already lost: both are named.
    expect(['device-failed', 'device-lost']).toContain((error as GpuInitError).reason);
    first.destroy();
  });

  it('rejects a canvas format that cannot be presented, and a canvas already used by WebGL', async () => {
    const gpu = await requestGpu();
    expect(() => configureCanvas(gpu, document.createElement('canvas'), { format: 'r8unorm' })).toThrow(
      /cannot be configured with format "r8unorm"/,
    );
    const webglCanvas = document.createElement('canvas');
    webglCanvas.getContext('webgl2');
    expect(() => configureCanvas(gpu, webglCanvas)).toThrow(/already has another context/);
    gpu.device.destroy();
  });

  it('gives up on an adapter or a device that never comes, and on a rejection with no Error, saying so', async () => {
    const never = new Promise<never>(() => {});
    const hung = { requestAdapter: () => never, getPreferredCanvasFormat: () => 'rgba8unorm' };
    const started = performance.now();
    const error = await requestGpu({ gpu: hung as unknown as GPU, timeoutMs: 50 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: 'timeout' });
    expect((error as Error).message).toMatch(/requestAdapter\(\) did not answer within 50 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
    const adapter = (await navigator.gpu.requestAdapter())!;
    const slowDevice = {
      requestAdapter: async () => ({
        features: adapter.features,
        limits: adapter.limits,
        info: adapter.info,
        requestDevice: () => never,
      }),
      getPreferredCanvasFormat: () => 'rgba8unorm',
    };
    await expect(requestGpu({ gpu: slowDevice as unknown as GPU, timeoutMs: 50 })).rejects.toThrow(
      /requestDevice\(\) did not answer within 50 ms/,
    );
    const nullRejection = {
      requestAdapter: () => Promise.reject(null),
      getPreferredCanvasFormat: () => 'rgba8unorm',
    };
    await expect(requestGpu({ gpu: nullRejection as unknown as GPU })).rejects.toMatchObject({
      reason: 'adapter-failed',
      message: expect.stringMatching(/rejected: with null \(not an Error\)/),
    });
    await expect(requestGpu({ timeoutMs: 0 })).rejects.toThrow(
      /timeoutMs 0: give a time in milliseconds above 0/,
    );
  });

  it('auto draws with WebGL2 when WebGPU hangs or rejects with null, and says why', async () => {
    const never = new Promise<never>(() => {});
    for (const [gpu, reason] of [
      [
        { requestAdapter: () => never, getPreferredCanvasFormat: () => 'rgba8unorm' },
        /^timeout: .*within 50 ms/,
      ],
      [
        { requestAdapter: () => Promise.reject(null), getPreferredCanvasFormat: () => 'rgba8unorm' },
        /^adapter-failed: .*null/,
      ],
    ] as const) {
      const { device, fallbackReason } = await createDevice(testCanvas(8, 8), {
        request: { gpu: gpu as unknown as GPU, timeoutMs: 50 },
      });
      expect(device.backend).toBe('webgl2');
      expect(fallbackReason).toMatch(reason);
      device.destroy();
    }
  });
});
