import type { WebGl2Device } from '../device/webgl2/webgl2-device';
import type { GlExternalTarget } from '../device/webgl2/webgl2-resources';

/** One eye through XRWebGLLayer: the layer's framebuffer as a target, this eye's region of it, and its matrices. */
export interface XrGlView {
  eye: XREye;
  /** The layer's framebuffer (its depth too: the layer's own depth buffer). */
  color: GlExternalTarget;
  depth: GlExternalTarget;
  /** The eye's region, origin at the top left (as every viewport of the device layer). */
  viewport: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  /** The eye's pose inverted (reference space → eye). */
  view: Float32Array;
  /** Only the first eye clears: a clear covers the whole framebuffer, which the eyes share side by side. */
  clear: boolean;
}

/**
 * The headset's layer through WebGL2 where there is no WebXR/WebGPU binding: an `XRWebGLLayer` on an XR-compatible
 * WebGL2 context (a `WebGl2Device`'s), set as the session's base layer; each frame gives every view of the pose its
 * viewport in the layer's one framebuffer (the eyes side by side).
 */
export class XrGlLayer {
  private readonly target: GlExternalTarget;

  private constructor(
    readonly layer: XRWebGLLayer,
    device: WebGl2Device,
  ) {
    this.target = device.wrapFramebuffer(
      'xr layer',
      layer.framebuffer,
      layer.framebufferWidth,
      layer.framebufferHeight,
    );
  }

  /** Makes the device's context XR-compatible (it may move to the headset's GPU) and binds a layer to `session`. */
  static async create(session: XRSession, device: WebGl2Device): Promise<XrGlLayer> {
    await device.gl.makeXRCompatible();
    const layer = new XRWebGLLayer(session, device.gl, { antialias: false });
    await session.updateRenderState({ baseLayer: layer });
    return new XrGlLayer(layer, device);
  }

  /** This frame's views of `pose`, in the pose's order. */
  views(pose: XRViewerPose): XrGlView[] {
    const target = this.target;
    target.framebuffer = this.layer.framebuffer;
    target.width = this.layer.framebufferWidth;
    target.height = this.layer.framebufferHeight;
    return pose.views.map((view, i) => {
      const v = this.layer.getViewport(view);
      if (!v) throw new Error(`XRWebGLLayer gave no viewport for the ${view.eye} eye.`);
      return {
        eye: view.eye,
        color: target,
        depth: target,
        // GL counts viewport rows from the bottom; the device layer from the top.
        viewport: { x: v.x, y: target.height - v.y - v.height, width: v.width, height: v.height },
        projection: view.projectionMatrix,
        view: view.transform.inverse.matrix,
        clear: i === 0,
      };
    });
  }
}
