import { GpuInitError } from './gpu-init-error';

/** What `requestGpu` asks for; every field is optional and nothing is silently downgraded. */
export interface GpuRequest {
  /** The `navigator.gpu` to use; tests pass another (or `null`) to check the error paths. */
  gpu?: GPU | null;
  powerPreference?: GPUPowerPreference;
  /** Needed before an immersive WebXR session can use the device (WebXR/WebGPU binding). */
  xrCompatible?: boolean;
  requiredFeatures?: readonly GPUFeatureName[];
  /** Enabled when the adapter has them, listed in `features` either way; default: `timestamp-query` (GPU timings). */
  optionalFeatures?: readonly GPUFeatureName[];
  requiredLimits?: Readonly<Record<string, number>>;
  label?: string;
}

/** An acquired adapter and device, with what the adapter offers exposed for the rest of the engine. */
export interface GpuContext {
  /** What this context was requested with (a renderer asks again with it after a device loss). */
  readonly request: GpuRequest;
  readonly adapter: GPUAdapter;
  readonly device: GPUDevice;
  readonly info: GPUAdapterInfo;
  /** The device's limits (what the engine may use). */
  readonly limits: GPUSupportedLimits;
  /** The device's enabled features. */
  readonly features: ReadonlySet<string>;
  /** What the adapter could offer beyond the defaults, for diagnostics. */
  readonly adapterLimits: GPUSupportedLimits;
  readonly adapterFeatures: ReadonlySet<string>;
  readonly isFallbackAdapter: boolean;
  /** The canvas format this browser prefers (what `configureCanvas` uses by default). */
  readonly preferredCanvasFormat: GPUTextureFormat;
}

/**
 * Acquires a WebGPU adapter and device, failing with a `GpuInitError` that says what is missing and what to do
 * (no WebGPU in this browser, no adapter, a feature or limit the adapter lacks, a device lost at creation).
 */
export async function requestGpu(request: GpuRequest = {}): Promise<GpuContext> {
  const gpu = request.gpu === undefined ? globalThis.navigator?.gpu : request.gpu;
  if (!gpu) {
    throw new GpuInitError(
      'no-webgpu',
      'WebGPU is not available (navigator.gpu is missing). Use a browser with WebGPU (Chrome/Edge 113+), serve the ' +
        'page from https:// or http://127.0.0.1 (a secure context), or force the WebGL2 backend with ?backend=webgl2.',
    );
  }
  const adapterOptions: GPURequestAdapterOptions = {};
  if (request.powerPreference) adapterOptions.powerPreference = request.powerPreference;
  if (request.xrCompatible) adapterOptions.xrCompatible = true;
  let adapter: GPUAdapter | null;
  try {
    adapter = await gpu.requestAdapter(adapterOptions);
  } catch (error) {
    throw new GpuInitError(
      'adapter-failed',
      `navigator.gpu.requestAdapter() rejected: ${(error as Error).message}. WebGPU exists but could not start; ` +
        'check chrome://gpu.',
    );
  }
  if (!adapter) {
    throw new GpuInitError(
      'no-adapter',
      'navigator.gpu.requestAdapter() returned no adapter: WebGPU exists but no GPU is usable (blocklisted driver, ' +
        'disabled hardware acceleration, or a headless browser without --enable-unsafe-webgpu). Check chrome://gpu.',
    );
  }

  const requiredFeatures = [...(request.requiredFeatures ?? [])];
  const optionalFeatures = request.optionalFeatures ?? ['timestamp-query'];
  const missingFeatures = requiredFeatures.filter((feature) => !adapter.features.has(feature));
  if (missingFeatures.length > 0) {
    throw new GpuInitError(
      'unsupported',
      `The GPU adapter lacks required feature(s): ${missingFeatures.join(', ')}. ` +
        `It offers: ${[...adapter.features].sort().join(', ') || 'none'}. Drop the requirement or use another GPU.`,
    );
  }
  const requiredLimits = request.requiredLimits ?? {};
  const adapterLimits = adapter.limits as unknown as Record<string, number | undefined>;
  for (const [name, wanted] of Object.entries(requiredLimits)) {
    const offered = adapterLimits[name];
    if (offered === undefined) {
      throw new GpuInitError(
        'unsupported',
        `Unknown GPU limit "${name}"; check the spelling against GPUSupportedLimits.`,
      );
    }
    // Alignment limits are better when smaller; every other limit when larger.
    const ok = name.endsWith('Alignment') ? wanted >= offered : wanted <= offered;
    if (!ok) {
      throw new GpuInitError(
        'unsupported',
        `The GPU adapter cannot provide ${name} = ${wanted}; its best is ${offered}. Lower the requirement.`,
      );
    }
  }

  let device: GPUDevice;
  try {
    device = await adapter.requestDevice({
      requiredFeatures: [
        ...new Set([...requiredFeatures, ...optionalFeatures.filter((f) => adapter.features.has(f))]),
      ],
      requiredLimits,
      label: request.label ?? 'armature device',
    });
  } catch (error) {
    throw new GpuInitError('device-failed', `adapter.requestDevice() rejected: ${(error as Error).message}`);
  }
  // A device can come back already lost (an adapter used twice, a GPU reset during creation); catch it here rather
  // than on the first frame. Both promises may be settled: race picks the first listed that is.
  const lostAtStart = await Promise.race([device.lost, Promise.resolve(null)]);
  if (lostAtStart) {
    throw new GpuInitError(
      'device-lost',
      `The GPU device was lost as it was created (${lostAtStart.reason}: ${lostAtStart.message || 'no message'}). ` +
        'Request a fresh adapter and try again; each adapter gives one device.',
    );
  }

  return {
    request,
    adapter,
    device,
    info: adapter.info,
    limits: device.limits,
    features: device.features as ReadonlySet<string>,
    adapterLimits: adapter.limits,
    adapterFeatures: adapter.features as ReadonlySet<string>,
    isFallbackAdapter: adapter.info.isFallbackAdapter ?? false,
    preferredCanvasFormat: gpu.getPreferredCanvasFormat(),
  };
}
