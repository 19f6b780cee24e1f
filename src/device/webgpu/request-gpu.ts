import { GpuInitError } from './gpu-init-error';

/** What `requestGpu` asks for; every field is optional and nothing is silently downgraded. */
export interface GpuRequest {
  /** The `navigator.gpu` to use; tests pass another (or `null`) to check the error paths. */
  gpu?: GPU | null;
  powerPreference?: GPUPowerPreference;
  /** Needed before an immersive WebXR session can use the device (WebXR/WebGPU binding). */
  xrCompatible?: boolean;
  requiredFeatures?: readonly GPUFeatureName[];
  /**
   * Enabled when the adapter has them, listed in `features` either way; default: `timestamp-query` (GPU timings) and
   * `indirect-first-instance` (indirect draws from any first instance: the GPU cull's).
   */
  optionalFeatures?: readonly GPUFeatureName[];
  requiredLimits?: Readonly<Record<string, number>>;
  label?: string;
  /**
   * How long the adapter, and then the device, may each take (default 5000 ms): a browser that never answers is a
   * `timeout` error (and `auto` then draws with WebGL2), not a page that waits for ever.
   */
  timeoutMs?: number;
}

/** The default of `GpuRequest.timeoutMs`. */
const START_TIMEOUT_MS = 5000;

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
  const timeout = request.timeoutMs ?? START_TIMEOUT_MS;
  if (!(timeout > 0))
    throw new RangeError(
      `GpuRequest.timeoutMs ${timeout}: give a time in milliseconds above 0 (Infinity: no limit).`,
    );
  let adapter: GPUAdapter | null;
  try {
    adapter = await within(gpu.requestAdapter(adapterOptions), timeout, 'navigator.gpu.requestAdapter()');
  } catch (error) {
    if (error instanceof GpuInitError) throw error;
    throw new GpuInitError(
      'adapter-failed',
      `navigator.gpu.requestAdapter() rejected: ${describe(error)}. WebGPU exists but could not start; ` +
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
  const optionalFeatures = request.optionalFeatures ?? ['timestamp-query', 'indirect-first-instance'];
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
    const asked = adapter.requestDevice({
      requiredFeatures: [
        ...new Set([...requiredFeatures, ...optionalFeatures.filter((f) => adapter.features.has(f))]),
      ],
      requiredLimits,
      label: request.label ?? 'armature device',
    });
    // A device that turns up after the time is up is freed, not leaked.
    device = await within(asked, timeout, 'adapter.requestDevice()', (late) => late.destroy());
  } catch (error) {
    if (error instanceof GpuInitError) throw error;
    throw new GpuInitError('device-failed', `adapter.requestDevice() rejected: ${describe(error)}`);
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

/** What a rejection said: its message, or the value itself when something other than an Error was thrown. */
function describe(error: unknown): string {
  return error instanceof Error ? error.message : `with ${String(error)} (not an Error)`;
}

/**
 * `promise`, or a `timeout` GpuInitError once `ms` pass without it settling; `late` gets what it yields after that
 * (to free it).
 */
function within<T>(promise: Promise<T>, ms: number, what: string, late?: (value: T) => void): Promise<T> {
  if (ms === Infinity) return promise;
  return new Promise<T>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      reject(
        new GpuInitError(
          'timeout',
          `${what} did not answer within ${ms} ms: WebGPU is there but stuck (a busy or hung GPU process). ` +
            'Reload the page, check chrome://gpu, or give GpuRequest.timeoutMs more time.',
        ),
      );
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        if (timedOut) late?.(value);
        else resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (!timedOut) reject(error);
      },
    );
  });
}
