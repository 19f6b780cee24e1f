/** How the engine can reach a headset here: through the WebXR/WebGPU binding, WebGL2's XRWebGLLayer, or not at all. */
export type XrMode = 'webgpu-binding' | 'webgl2-layer';

/** What `detectXrSupport` found: the path to use, or why there is none (a sentence a page can show). */
export interface XrSupport {
  mode: XrMode | null;
  reason: string | null;
}

/** The parts of the browser detection looks at, so tests can pass a fake. */
export interface XrEnvironment {
  xr: Pick<XRSystem, 'isSessionSupported'> | undefined;
  /** The `XRGPUBinding` constructor, when this browser has the binding (Chrome behind WebXRGPUBinding). */
  gpuBinding: unknown;
  /** Whether a WebGL2 context can be made (the fallback path). */
  webgl2: boolean;
}

/** The environment of this page. */
export function browserXrEnvironment(): XrEnvironment {
  const xr = globalThis.navigator?.xr;
  return {
    xr,
    gpuBinding: (globalThis as { XRGPUBinding?: unknown }).XRGPUBinding,
    webgl2: typeof WebGL2RenderingContext !== 'undefined',
  };
}

/**
 * Decides, before any device is created, whether an immersive-vr session is possible and which path it takes: the
 * WebGPU binding where `XRGPUBinding` exists (the device must then be requested with `xrCompatible: true`), WebGL2's
 * XRWebGLLayer otherwise. The session's granted features can still rule the binding out (see `sessionUsesWebGpu`).
 */
export async function detectXrSupport(env: XrEnvironment = browserXrEnvironment()): Promise<XrSupport> {
  if (!env.xr) {
    return {
      mode: null,
      reason:
        'WebXR is not available in this browser (navigator.xr is missing). Use Chrome with a headset, over ' +
        'https:// or http://127.0.0.1, or add ?xr=emulate to emulate one.',
    };
  }
  let supported: boolean;
  try {
    supported = await env.xr.isSessionSupported('immersive-vr');
  } catch (error) {
    return { mode: null, reason: `isSessionSupported('immersive-vr') failed: ${(error as Error).message}` };
  }
  if (!supported)
    return {
      mode: null,
      reason: 'No immersive-vr device: connect a headset (or add ?xr=emulate to emulate one).',
    };
  if (typeof env.gpuBinding === 'function') return { mode: 'webgpu-binding', reason: null };
  if (env.webgl2) return { mode: 'webgl2-layer', reason: null };
  return { mode: null, reason: 'Neither XRGPUBinding nor WebGL2 is available to draw into the headset.' };
}

/** Whether a granted session may be drawn with WebGPU: the binding exists and the session enabled `webgpu`. */
export function sessionUsesWebGpu(session: XRSession, env: XrEnvironment = browserXrEnvironment()): boolean {
  const features = (session as { enabledFeatures?: readonly string[] }).enabledFeatures ?? [];
  return typeof env.gpuBinding === 'function' && features.includes('webgpu');
}
