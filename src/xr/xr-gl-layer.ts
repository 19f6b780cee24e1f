/** One eye through XRWebGLLayer: the layer's framebuffer, this eye's viewport in it, and its matrices. */
export interface XrGlView {
  eye: XREye;
  framebuffer: WebGLFramebuffer | null;
  viewport: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  /** The eye's pose inverted (reference space → eye). */
  view: Float32Array;
}

/**
 * The headset's layer through WebGL2 where there is no WebXR/WebGPU binding: an `XRWebGLLayer` on an XR-compatible
 * WebGL2 context, set as the session's base layer; each frame gives every view of the pose its viewport in the
 * layer's one framebuffer (the eyes side by side).
 */
export class XrGlLayer {
  private constructor(readonly layer: XRWebGLLayer) {}

  /** Makes `gl` XR-compatible (it may need to move to the headset's GPU) and binds a layer to `session`. */
  static async create(session: XRSession, gl: WebGL2RenderingContext): Promise<XrGlLayer> {
    await gl.makeXRCompatible();
    const layer = new XRWebGLLayer(session, gl, { antialias: false });
    await session.updateRenderState({ baseLayer: layer });
    return new XrGlLayer(layer);
  }

  /** This frame's views of `pose`, in the pose's order. */
  views(pose: XRViewerPose): XrGlView[] {
    return pose.views.map((view) => {
      const v = this.layer.getViewport(view);
      if (!v) throw new Error(`XRWebGLLayer gave no viewport for the ${view.eye} eye.`);
      return {
        eye: view.eye,
        framebuffer: this.layer.framebuffer,
        viewport: { x: v.x, y: v.y, width: v.width, height: v.height },
        projection: view.projectionMatrix,
        view: view.transform.inverse.matrix,
      };
    });
  }
}
