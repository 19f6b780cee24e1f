import type { TextureFormat } from '../device/device';
import type { WebGpuDevice } from '../device/webgpu/webgpu-device';
import type { GpuExternalTarget } from '../device/webgpu/webgpu-resources';
/**
 * The part of `XRGPUBinding` the engine uses (WebXR/WebGPU Binding Module, level 1). @types/webxr does not have it yet;
 * a test passes a fake with the same shape.
 */
export interface GpuBindingLike {
  getPreferredColorFormat(): GPUTextureFormat;
  createProjectionLayer(init: {
    colorFormat: GPUTextureFormat;
    depthStencilFormat?: GPUTextureFormat;
    textureUsage?: GPUTextureUsageFlags;
    scaleFactor?: number;
  }): XRProjectionLayer;
  getViewSubImage(layer: XRProjectionLayer, view: XRView): GpuSubImageLike;
}

/** One view's part of a projection layer this frame: its textures, the texel rectangle and the view to make. */
export interface GpuSubImageLike {
  readonly colorTexture: GPUTexture;
  readonly depthStencilTexture: GPUTexture | null;
  readonly viewport: { x: number; y: number; width: number; height: number };
  getViewDescriptor(): GPUTextureViewDescriptor;
}

/** How a binding is made: `new XRGPUBinding(session, device)`. */
export type GpuBindingConstructor = new (session: XRSession, device: GPUDevice) => GpuBindingLike;

/** One eye, ready for `HeadsetRenderer.render`: targets, viewport, matrices, and whether to clear first. */
export interface XrGpuView {
  eye: XREye;
  color: GpuExternalTarget;
  depth: GpuExternalTarget;
  viewport: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  view: Float32Array;
  clear: boolean;
}

/** The depth format the layer asks the compositor for: the world pass's own. */
const DEPTH_FORMAT: GPUTextureFormat = 'depth24plus';

/**
 * The headset's projection layer through the WebGPU binding: made once per session (the binding, a layer in the
 * binding's preferred colour format with depth, set as the session's only layer), then asked each frame for the views
 * of the viewer pose, each one the sub-image's texture layer and viewport with that eye's pose and projection.
 */
export class XrGpuLayer {
  /** The colour format the world pass drawing into this layer must be built for. */
  readonly format: TextureFormat;
  private constructor(
    private readonly device: WebGpuDevice,
    private readonly binding: GpuBindingLike,
    readonly layer: XRProjectionLayer,
    format: GPUTextureFormat,
  ) {
    this.format = format as TextureFormat;
  }

  /**
   * Binds `device`'s GPU device to `session` (it must come from an adapter requested with `xrCompatible: true`, and
   * the session must have the `webgpu` feature). `Binding` defaults to the browser's `XRGPUBinding`.
   */
  static create(
    session: XRSession,
    device: WebGpuDevice,
    Binding: GpuBindingConstructor | undefined = (globalThis as { XRGPUBinding?: GpuBindingConstructor })
      .XRGPUBinding,
  ): XrGpuLayer {
    if (!Binding)
      throw new Error(
        'XRGPUBinding is not available in this browser: use the WebGL2 layer (XRWebGLLayer) path.',
      );
    const binding = new Binding(session, device.gpu.device);
    const format = binding.getPreferredColorFormat();
    const layer = binding.createProjectionLayer({
      colorFormat: format,
      depthStencilFormat: DEPTH_FORMAT,
      textureUsage: GPUTextureUsage.RENDER_ATTACHMENT,
    });
    void session.updateRenderState({ layers: [layer] } as XRRenderStateInit);
    return new XrGpuLayer(device, binding, layer, format);
  }

  /** This frame's views of `pose`: one per eye, in the pose's order. */
  views(pose: XRViewerPose): XrGpuView[] {
    const targets: { texture: GPUTexture; layer: number }[] = []; // attachments drawn this frame (at most one per eye)
    return pose.views.map((view) => {
      const sub = this.binding.getViewSubImage(this.layer, view);
      const descriptor = sub.getViewDescriptor();
      const layerIndex = descriptor.baseArrayLayer ?? 0;
      const depthTexture = sub.depthStencilTexture;
      if (!depthTexture)
        throw new Error(
          'The XR projection layer gave no depth texture though one was asked for (depth24plus).',
        );
      // Two eyes side by side in one texture layer share the attachment: only the first clears it.
      const clear = !targets.some((t) => t.texture === sub.colorTexture && t.layer === layerIndex);
      targets.push({ texture: sub.colorTexture, layer: layerIndex });
      const v = sub.viewport;
      const { colorTexture } = sub;
      const [width, height] = [colorTexture.width, colorTexture.height];
      const depthView = depthTexture.createView({
        dimension: '2d',
        baseArrayLayer: layerIndex,
        arrayLayerCount: 1,
      });
      return {
        eye: view.eye,
        color: this.device.wrapView(
          `xr ${view.eye}`,
          colorTexture,
          colorTexture.createView(descriptor),
          width,
          height,
        ),
        depth: this.device.wrapView(`xr ${view.eye} depth`, depthTexture, depthView, width, height),
        viewport: { x: v.x, y: v.y, width: v.width, height: v.height },
        projection: view.projectionMatrix,
        view: view.transform.inverse.matrix,
        clear,
      };
    });
  }
}
