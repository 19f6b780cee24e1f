import source from '../../wgsl/passes/eye-upscale.glsl?raw';
import { compileGlsl } from '../gpu/compile-glsl';
import type { Node } from '../scene/node';
import type { FrameCounters } from '../time/frame-loop';
import { chainFrame } from './chain-frame';
import { eyeNativeSize, type HeadsetResolution } from './eye-native-size';
import type { GlTexture } from './gl-frame';
import { glTextureAllocator } from './gl-texture-allocator';
import { GlUiPass } from './gl-ui-pass';
import { GlWorldPass, type GlView } from './gl-world-pass';
import type { HeadsetUi } from './headset-renderer';

/** What a WebGL2 headset renderer draws, and how (as `HeadsetRendererOptions`, less the layer's format). */
export interface GlHeadsetRendererOptions {
  root: Node;
  clearColor?: readonly [number, number, number, number];
  resolution?: HeadsetResolution;
  nativeHeight?: number;
  ui?: HeadsetUi;
}

interface NativeEye {
  color: GlTexture;
  depth: WebGLTexture;
  view: GlView;
}

/**
 * The headset's frame on WebGL2 (XRWebGLLayer): the twin of `HeadsetRenderer`. Each eye is drawn with its pose into
 * its viewport of the layer's framebuffer, the UI layer on a panel in the scene; at `'native'` resolution each eye
 * is drawn small into its own framebuffer and stretched over its viewport, nearest texel.
 */
export class GlHeadsetRenderer {
  /** Of the last frame: the world's draws (every eye) plus the panel's UI draw and the eyes' upscales. */
  readonly counters: FrameCounters = { drawCalls: 0, triangles: 0, bytesUploaded: 0 };
  readonly resolution: HeadsetResolution;
  private readonly textures;
  private readonly panel: GlTexture | null;
  private readonly natives: NativeEye[] = [];
  private readonly nativeViews: GlView[] = [];
  private readonly vao: WebGLVertexArrayObject;

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    readonly world: GlWorldPass,
    private readonly ui: GlUiPass | null,
    private readonly upscale: WebGLProgram | null,
    private readonly options: GlHeadsetRendererOptions,
  ) {
    this.resolution = options.resolution ?? 'full';
    this.textures = glTextureAllocator(gl);
    const size = options.ui?.size;
    this.panel = size
      ? this.textures.create({
          label: 'headset ui panel',
          format: 'rgba8unorm',
          width: size[0],
          height: size[1],
        })
      : null;
    world.panelTexture = this.panel;
    this.vao = gl.createVertexArray(); // the covering triangle has no attributes, but GL wants a vertex array bound
  }

  static create(gl: WebGL2RenderingContext, options: GlHeadsetRendererOptions): GlHeadsetRenderer {
    const native = (options.resolution ?? 'full') === 'native';
    if (native) eyeNativeSize(1, 1, options.nativeHeight ?? 240); // a bad nativeHeight fails here, not in a frame
    const world = GlWorldPass.create(gl, {
      root: options.root,
      ...(options.clearColor ? { clearColor: options.clearColor } : {}),
    });
    const ui = options.ui ? GlUiPass.create(gl, options.ui.root, options.ui.atlas, 'scene') : null;
    const upscale = native
      ? compileGlsl(gl, source, 'passes/eye-upscale.glsl', [], { source: 0, sourceDepth: 1 })
      : null;
    return new GlHeadsetRenderer(gl, world, ui, upscale, options);
  }

  /** Draws one XR frame into `views` (the layer's, this frame) at scene time `time`. */
  render(time: number, views: readonly GlView[]): FrameCounters {
    if (this.ui && this.panel) this.ui.renderPanel(this.panel, this.options.ui!.background ?? [0, 0, 0, 1]);
    if (this.upscale) {
      for (let i = 0; i < views.length; i++) this.prepareNative(i, views[i]!);
      this.nativeViews.length = views.length;
      this.world.renderViews(time, this.nativeViews);
      for (let i = 0; i < views.length; i++) this.upscaleInto(views[i]!, this.natives[i]!);
    } else {
      this.world.renderViews(time, views);
    }
    const c = chainFrame.count(this.counters, this.world, this.ui ?? undefined);
    if (this.upscale) c.drawCalls += views.length; // one stretch per eye
    return c;
  }

  /** The i-th eye's native framebuffer (colour texture + depth), remade when its viewport's size asks for another. */
  private prepareNative(i: number, view: GlView): void {
    const gl = this.gl;
    const [width, height] = eyeNativeSize(
      view.viewport.width,
      view.viewport.height,
      this.options.nativeHeight ?? 240,
    );
    let eye = this.natives[i];
    if (!eye || eye.color.width !== width || eye.color.height !== height) {
      if (eye) this.destroyEye(eye);
      const color = this.textures.create({ label: `headset eye ${i}`, format: 'rgba8unorm', width, height });
      // A depth texture, not a renderbuffer: the upscale reads it to write the layer's depth.
      const depth = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, depth);
      gl.texStorage2D(gl.TEXTURE_2D, 1, gl.DEPTH_COMPONENT24, width, height);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST); // depth is not filterable
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
      gl.bindFramebuffer(gl.FRAMEBUFFER, color.framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, depth, 0);
      const nativeView: GlView = {
        framebuffer: color.framebuffer,
        viewport: { x: 0, y: 0, width, height },
        projection: view.projection,
        view: view.view,
      };
      this.natives[i] = eye = { color, depth, view: nativeView };
    }
    eye.view.projection = view.projection;
    eye.view.view = view.view;
    this.nativeViews[i] = eye.view;
  }

  private upscaleInto(view: GlView, eye: NativeEye): void {
    const gl = this.gl;
    const v = view.viewport;
    gl.bindFramebuffer(gl.FRAMEBUFFER, view.framebuffer);
    gl.viewport(v.x, v.y, v.width, v.height);
    // The layer's depth gets the native depth, stretched like the picture (a compositor reprojects with it).
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.ALWAYS);
    gl.depthMask(true);
    gl.disable(gl.CULL_FACE);
    gl.disable(gl.BLEND);
    gl.useProgram(this.upscale);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, eye.color.texture);
    gl.bindSampler(0, null);
    gl.activeTexture(gl.TEXTURE1);
    gl.bindTexture(gl.TEXTURE_2D, eye.depth);
    gl.bindSampler(1, null);
    gl.bindVertexArray(this.vao);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.bindVertexArray(null);
    gl.depthFunc(gl.LESS);
    gl.activeTexture(gl.TEXTURE0);
  }

  private destroyEye(eye: NativeEye): void {
    this.textures.destroy(eye.color);
    this.gl.deleteTexture(eye.depth);
  }

  destroy(): void {
    this.world.destroy();
    this.ui?.destroy();
    if (this.panel) this.textures.destroy(this.panel);
    for (const eye of this.natives) this.destroyEye(eye);
    if (this.upscale) this.gl.deleteProgram(this.upscale);
    this.gl.deleteVertexArray(this.vao);
  }
}
