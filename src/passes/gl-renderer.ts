import { chainGraph } from './chain-graph';
import type { RenderGraph } from '../graph/render-graph';
import { type PassDecl } from '../graph/render-graph';
import type { FrameCounters } from '../time/frame-loop';
import type { ChainSettings } from './chain-settings';
import type { GlFrame, GlTexture } from './gl-frame';
import { glPostBackend } from './gl-post-program';
import { glTextureAllocator } from './gl-texture-allocator';
import { GlUiPass } from './gl-ui-pass';
import { GlWorldPass } from './gl-world-pass';
import { chainFrame } from './chain-frame';
import type { PresentPass } from './present-pass';
import type { RendererOptions } from './renderer';
import type { DeviceRecovery, FrameRenderer } from './frame-renderer';

/** What a WebGL2 renderer draws: the same options as the WebGPU `Renderer`, less its device hooks. */
export type GlRendererOptions = Omit<RendererOptions, 'requestDevice' | 'onNewDevice'> & {
  /** Called with the canvas's context before anything is made on it (to track its objects, say). */
  onContext?: (gl: WebGL2RenderingContext) => void;
};

/** Everything the renderer makes in one GL context; rebuilt whole from the scene after a context loss. */
interface ContextParts {
  /** The chain's UI pass, when the renderer has a UI layer. */
  ui: GlUiPass | null;
  world: GlWorldPass;
  present: PresentPass<GlFrame, GlTexture>;
  post: PassDecl<GlFrame, GlTexture>[];
  graph: RenderGraph<GlFrame, GlTexture>;
  frame: GlFrame;
}

/**
 * The WebGL2 frame, for browsers without WebGPU (and `?backend=webgl2`): the same render graph, chain passes and
 * settings as `Renderer`, on GLSL twins of their shaders, into the canvas's default framebuffer. On a lost context
 * (`webglcontextlost`) frames are skipped; when the browser restores it every GL object is made again from the scene.
 */
export class GlRenderer implements FrameRenderer {
  readonly backend = 'webgl2';
  readonly settings: ChainSettings;
  redraws = 0;
  skippedFrames = 0;
  /** Frames skipped because the context was lost and not yet rebuilt. */
  lostFrames = 0;
  /** Every context loss survived, oldest first. */
  readonly recoveries: DeviceRecovery[] = [];
  failure: Error | null = null;
  onRecovered: ((recovery: DeviceRecovery) => void) | undefined;
  onUnrecoverable: ((error: Error) => void) | undefined;
  private parts: ContextParts;
  private lost = false;
  private lostAt = 0;
  private recovering: Promise<void> = Promise.resolve();
  private settle: () => void = () => undefined;
  private readonly canvasTarget: { -readonly [K in keyof GlTexture]: GlTexture[K] } = {
    texture: null,
    framebuffer: null,
    width: 0,
    height: 0,
    format: 'rgba8unorm',
  };
  private readonly counters: FrameCounters = { drawCalls: 0, triangles: 0, bytesUploaded: 0 };

  private constructor(
    readonly gl: WebGL2RenderingContext,
    readonly canvas: HTMLCanvasElement,
    private readonly options: GlRendererOptions,
    settings: ChainSettings,
    parts: ContextParts,
  ) {
    this.settings = settings;
    this.onRecovered = options.onRecovered;
    this.onUnrecoverable = options.onUnrecoverable;
    this.parts = parts;
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault(); // without this the browser never restores the context
      this.lost = true;
      this.lostAt = performance.now();
      this.recovering = new Promise((resolve) => (this.settle = resolve));
    });
    canvas.addEventListener('webglcontextrestored', () => void this.restore());
  }

  /** Takes the canvas's WebGL2 context (it must not have another) and builds the graph on it. */
  static async create(canvas: HTMLCanvasElement, options: GlRendererOptions): Promise<GlRenderer> {
    const settings = chainGraph.settings('GlRenderer', options);
    const gl = canvas.getContext('webgl2', { antialias: false, alpha: false, depth: false });
    if (!gl)
      throw new Error(
        'canvas.getContext("webgl2") returned null: WebGL2 is unavailable or the canvas already has another ' +
          'context. Give the WebGL2 backend its own <canvas>.',
      );
    options.onContext?.(gl);
    const parts = await GlRenderer.build(gl, canvas, options, settings);
    return new GlRenderer(gl, canvas, options, settings, parts);
  }

  private static async build(
    gl: WebGL2RenderingContext,
    canvas: HTMLCanvasElement,
    options: GlRendererOptions,
    settings: ChainSettings,
  ): Promise<ContextParts> {
    const c = options.clearColor;
    // GPUColor is a dictionary or a sequence of four numbers.
    const rgba = c === undefined ? undefined : 'r' in c ? [c.r, c.g, c.b, c.a] : [...c];
    const world = GlWorldPass.create(gl, {
      root: options.root,
      camera: options.camera,
      ...(rgba ? { clearColor: rgba as [number, number, number, number] } : {}),
    });
    const ui = options.ui ? GlUiPass.create(gl, options.ui.root, options.ui.atlas, 'scene') : null;
    const { present, post } = await chainGraph.passes(glPostBackend(gl), options, settings, 'rgba8unorm', ui);
    const graph = chainGraph.build(glTextureAllocator(gl), options, canvas, 'rgba8unorm', {
      world,
      post,
      present,
    });
    return { world, ui, present, post, graph, frame: { gl, time: 0, delta: 0 } };
  }

  get graph(): RenderGraph<GlFrame, GlTexture> {
    return this.parts.graph;
  }
  get world(): GlWorldPass {
    return this.parts.world;
  }
  get isLost(): boolean {
    return this.lost;
  }
  get adapter(): string {
    return String(this.gl.getParameter(this.gl.RENDERER));
  }
  readonly gpuTimes = null;
  finished(): Promise<void> {
    this.gl.finish();
    return Promise.resolve();
  }
  simulateLoss(): void {
    void this.simulateContextLoss();
  }
  /** Resolves once a lost context has been restored and rebuilt (at once when it is fine). */
  get recovered(): Promise<void> {
    return this.recovering;
  }

  render(time = 0, delta = 0): FrameCounters {
    const c = this.counters;
    if (this.lost || this.failure || this.gl.isContextLost()) {
      this.lostFrames++;
      c.drawCalls = c.triangles = c.bytesUploaded = 0;
      return c;
    }
    const { frame, world, ui, graph } = this.parts;
    frame.time = time;
    frame.delta = delta;
    this.run(undefined);
    return chainFrame.count(c, world, ui && graph.isEnabled('ui') ? ui : undefined);
  }

  redraw(): void {
    if (this.lost || this.failure) return;
    this.run(chainFrame.redrawFrom(this.graph, this.parts.post));
    this.redraws++;
  }

  resetHistory(): void {
    if (this.lost || this.failure) return;
    const gl = this.gl;
    for (const texture of this.graph.historyTextures()) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, texture.framebuffer);
      gl.viewport(0, 0, texture.width, texture.height);
      gl.clearColor(0, 0, 0, 0);
      gl.clear(gl.COLOR_BUFFER_BIT);
    }
  }

  /** Loses the context through WEBGL_lose_context and restores it: what a GPU reset does to a WebGL page. */
  async simulateContextLoss(): Promise<void> {
    const lose = this.gl.getExtension('WEBGL_lose_context');
    if (!lose) throw new Error('WEBGL_lose_context is not available: cannot simulate a context loss here.');
    lose.loseContext();
    await new Promise((resolve) => setTimeout(resolve, 0));
    lose.restoreContext();
    await this.recovered;
  }

  private run(from: string | undefined): void {
    const { graph, post, frame } = this.parts;
    const canvas = this.canvas;
    if (canvas.width === 0 || canvas.height === 0) {
      this.skippedFrames++;
      return;
    }
    chainFrame.fit(graph, post.length > 0, this.settings, canvas.width, canvas.height);
    const target = this.canvasTarget; // the default framebuffer: one object, its size kept current
    target.width = canvas.width;
    target.height = canvas.height;
    graph.setExternal('canvas', target);
    graph.execute(frame, from);
  }

  /** After `webglcontextrestored`: every GL object made again from the scene, user changes carried over. */
  private async restore(): Promise<void> {
    const old = this.parts;
    try {
      this.parts = await GlRenderer.build(this.gl, this.canvas, this.options, this.settings);
      chainFrame.carryOver(old, this.parts);
      this.parts.world.camera = old.world.camera;
      this.parts.world.clearColor.set(old.world.clearColor);
      this.lost = false;
      const recovery = {
        reason: 'context-lost',
        message: 'webglcontextlost',
        ms: performance.now() - this.lostAt,
        attempts: 1,
      };
      this.recoveries.push(recovery);
      this.onRecovered?.(recovery);
    } catch (error) {
      this.failure = new Error(
        `The WebGL2 context was restored but the renderer could not be rebuilt: ${(error as Error).message}. Reload the page.`,
      );
      this.onUnrecoverable?.(this.failure);
    } finally {
      this.settle();
    }
  }

  destroy(): void {
    const { post, graph, world, present } = this.parts;
    for (const pass of post) (pass as { destroy?: () => void }).destroy?.();
    graph.destroy();
    world.destroy();
    present.destroy();
  }
}
