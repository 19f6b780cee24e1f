import type { Device, TextureFormat } from '../device/device';
import { WebGl2Device } from '../device/webgl2/webgl2-device';
import type { WebGpuDevice } from '../device/webgpu/webgpu-device';
import { XrGlLayer, type XrGlView } from './xr-gl-layer';
import { XrGpuLayer, type XrGpuView } from './xr-gpu-layer';
import { sessionUsesWebGpu, type XrMode } from './xr-support';

/** One eye of either layer kind: what a headset renderer draws into and from. */
export type XrView = XrGpuView | XrGlView;

/** One eye's pixels as the layer last showed them (WebGL2 layer only: tests compare the eyes). */
export interface XrViewPixels {
  eye: XREye;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A session's layer, whichever kind: the device that draws into it, its views each frame, and how to let go of it. */
export interface XrLayer {
  readonly mode: XrMode;
  /** The device the headset renderer draws with: the canvas's (WebGPU binding) or one of the layer's own (WebGL2). */
  readonly device: Device;
  /** The colour format the headset renderer is built for. */
  readonly format: TextureFormat;
  /** This frame's views of `pose`, in the pose's order. */
  views(pose: XRViewerPose): XrView[];
  /** What each eye showed in the last frame, where the layer can be read (WebGL2); null otherwise. */
  readonly readViews: (() => XrViewPixels[]) | null;
  /** Frees what the layer made for itself (the WebGL2 path's device); the canvas's device is left as it is. */
  destroy(): void;
}

/**
 * The layer for `session` on the canvas's `device`: the WebXR/WebGPU binding when the canvas draws with WebGPU, the
 * page asked for it (`wantGpu`) and the session granted `webgpu`; otherwise an XRWebGLLayer on a WebGL2 device of its
 * own (the canvas's context cannot be shared). The one place that picks a backend for the headset.
 */
export async function openXrLayer(session: XRSession, device: Device, wantGpu: boolean): Promise<XrLayer> {
  if (wantGpu && device.backend === 'webgpu' && sessionUsesWebGpu(session)) {
    const layer = XrGpuLayer.create(session, device as WebGpuDevice);
    return {
      mode: 'webgpu-binding',
      device,
      format: layer.format,
      views: (pose) => layer.views(pose),
      readViews: null,
      destroy: () => {},
    };
  }
  const own = WebGl2Device.forXr();
  try {
    const layer = await XrGlLayer.create(session, own);
    let last: XrGlView[] = [];
    return {
      mode: 'webgl2-layer',
      device: own,
      format: 'rgba8unorm',
      views: (pose) => (last = layer.views(pose)),
      readViews: () =>
        last.map(({ eye, viewport: v, color }) => ({
          eye,
          width: v.width,
          height: v.height,
          pixels: own.readPixelsNow(color, v),
        })),
      destroy: () => own.destroy(),
    };
  } catch (error) {
    own.destroy();
    throw error;
  }
}
