import { GpuInitError } from './webgpu/gpu-init-error';
import type { GpuContext, GpuRequest } from './webgpu/request-gpu';
import type { Device } from './device';
import { WebGl2Device, type WebGl2DeviceOptions } from './webgl2/webgl2-device';
import { WebGpuDevice } from './webgpu/webgpu-device';

/** Which backend to draw with: the best there is (`auto`), or one forced. */
export type BackendChoice = 'auto' | 'webgpu' | 'webgl2';

/** How a canvas's device is chosen and made. */
export interface DeviceOptions {
  /** Default `auto`: WebGPU when an adapter and a device can be had, WebGL2 otherwise. */
  backend?: BackendChoice;
  /** A WebGPU device to use (its owner keeps it; it is not destroyed with the renderer). */
  gpu?: GpuContext;
  /** What to ask WebGPU for (`xrCompatible`, features, limits). */
  request?: GpuRequest;
  /** Acquires the replacement WebGPU device after a loss (default: the same request again). */
  requestDevice?: () => Promise<GpuContext>;
  /** Called with the device each time a new GPU device or GL context is in place, before anything is made on it. */
  onDevice?: (device: Device) => void;
  /** WebGL2: how long a lost context may take to come back before the loss is final (default 5000 ms). */
  restoreTimeoutMs?: number;
}

/** The device made for a canvas, and why it is not WebGPU when it is not (null when it is). */
export interface DeviceChoice {
  device: Device;
  fallbackReason: string | null;
}

/** What makes `auto` take WebGL2: WebGPU is missing or could not start on this machine. */
const FALLBACK_REASONS: ReadonlySet<GpuInitError['reason']> = new Set([
  'no-webgpu',
  'no-adapter',
  'adapter-failed',
  'device-failed',
  'device-lost',
  'timeout',
]);

/**
 * Makes `canvas`'s device. `auto` tries WebGPU (no `navigator.gpu`, `requestAdapter()` resolving null or rejecting,
 * `requestDevice()` rejecting, either not answering within `request.timeoutMs` all fall back to WebGL2, and `fallbackReason` says which, as `"<reason>: <message>"`);
 * a forced backend that is not there is an error that says so. A WebGPU adapter lacking a required feature or limit
 * is an error too: WebGL2 would not have it either.
 */
export async function createDevice(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  options: DeviceOptions = {},
): Promise<DeviceChoice> {
  const backend = options.backend ?? 'auto';
  if (backend !== 'auto' && backend !== 'webgpu' && backend !== 'webgl2')
    throw new Error(`backend: "${String(backend)}" is not one of auto, webgpu, webgl2.`);
  if (backend === 'webgl2' && options.gpu)
    throw new Error(
      'backend: "webgl2" was asked for, but a WebGPU device was given (gpu); drop one of the two.',
    );
  const onDevice = options.onDevice;
  if (backend !== 'webgl2') {
    try {
      const device = await WebGpuDevice.create({
        canvas,
        ...(options.gpu ? { gpu: options.gpu } : {}),
        ...(options.request ? { request: options.request } : {}),
        ...(options.requestDevice ? { requestDevice: options.requestDevice } : {}),
        ...(onDevice ? { onDevice } : {}),
      });
      return { device, fallbackReason: null };
    } catch (error) {
      if (backend === 'webgpu' || !(error instanceof GpuInitError) || !FALLBACK_REASONS.has(error.reason))
        throw error;
      const fallbackReason = `${error.reason}: ${error.message}`;
      try {
        return { device: WebGl2Device.create(canvas, glOptions(options)), fallbackReason };
      } catch (glError) {
        throw new Error(
          `Neither WebGPU nor WebGL2 can draw here. WebGPU: ${fallbackReason} WebGL2: ${(glError as Error).message} ` +
            'Use a browser with WebGPU or WebGL2 and hardware acceleration on (chrome://gpu says which is off).',
          { cause: glError },
        );
      }
    }
  }
  return { device: WebGl2Device.create(canvas, glOptions(options)), fallbackReason: null };
}

/** The WebGL2 device's part of the options. */
function glOptions(options: DeviceOptions): WebGl2DeviceOptions {
  return {
    ...(options.onDevice ? { onDevice: options.onDevice } : {}),
    ...(options.restoreTimeoutMs !== undefined ? { restoreTimeoutMs: options.restoreTimeoutMs } : {}),
  };
}
