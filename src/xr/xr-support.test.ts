import { describe, expect, it } from 'vitest';
import { detectXrSupport, sessionUsesWebGpu, type XrEnvironment } from './xr-support';

const xr = (supported: boolean | Error): XrEnvironment['xr'] => ({
  isSessionSupported: () =>
    supported instanceof Error ? Promise.reject(supported) : Promise.resolve(supported),
});

describe('detectXrSupport', () => {
  it('picks the WebGPU binding where XRGPUBinding exists, WebGL2 layers otherwise', async () => {
    const Binding = class {};
    expect(await detectXrSupport({ xr: xr(true), gpuBinding: Binding, webgl2: true })).toEqual({
      mode: 'webgpu-binding',
      reason: null,
    });
    expect(await detectXrSupport({ xr: xr(true), gpuBinding: undefined, webgl2: true })).toEqual({
      mode: 'webgl2-layer',
      reason: null,
    });
  });

  it('says why not: no WebXR, no headset, a failing query, nothing to draw with', async () => {
    const none = await detectXrSupport({ xr: undefined, gpuBinding: undefined, webgl2: true });
    expect(none.mode).toBeNull();
    expect(none.reason).toMatch(/navigator\.xr is missing.*\?xr=emulate/);
    expect((await detectXrSupport({ xr: xr(false), gpuBinding: undefined, webgl2: true })).reason).toMatch(
      /No immersive-vr device/,
    );
    expect(
      (await detectXrSupport({ xr: xr(new Error('blocked by policy')), gpuBinding: undefined, webgl2: true }))
        .reason,
    ).toMatch(/failed: blocked by policy/);
    expect((await detectXrSupport({ xr: xr(true), gpuBinding: undefined, webgl2: false })).reason).toMatch(
      /Neither XRGPUBinding nor WebGL2/,
    );
  });

  it('uses WebGPU for a granted session only when it enabled the webgpu feature', () => {
    const env = { xr: xr(true), gpuBinding: class {}, webgl2: true };
    expect(sessionUsesWebGpu({ enabledFeatures: ['local', 'webgpu'] } as unknown as XRSession, env)).toBe(
      true,
    );
    expect(sessionUsesWebGpu({ enabledFeatures: ['local'] } as unknown as XRSession, env)).toBe(false);
    expect(sessionUsesWebGpu({} as XRSession, { ...env, gpuBinding: undefined })).toBe(false);
  });
});
