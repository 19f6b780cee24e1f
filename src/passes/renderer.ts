import { configureCanvas } from '../gpu/configure-canvas';
import { GpuTimer } from '../gpu/gpu-timer';
import type { GpuContext } from '../gpu/request-gpu';
import { RenderGraph } from '../graph/render-graph';
import type { Camera } from '../scene/camera';
import type { Node } from '../scene/node';
import type { FrameCounters } from '../time/frame-loop';
import type { GpuFrame } from './gpu-frame';
import { gpuTextureAllocator } from './gpu-texture-allocator';
import { PresentPass } from './present-pass';
import { WorldPass } from './world-pass';
import { defaultChainSettings, type ChainSettings } from './chain-settings';
import { frameRect } from './frame-rect';
import { MotionBlurPass } from './motion-blur-pass';
import { UpscalePass } from './upscale-pass';
import { BackgroundPass } from './background-pass';
import { CrtPass } from './crt-pass';
import type { PassDecl } from '../graph/render-graph';
import type { UiAtlas } from '../scene/ui-atlas';
import { UiPass } from './ui-pass';
import { viewOf } from './view-of';

/** What a renderer draws and at which native resolution. */
export interface RendererOptions {
  root: Node;
  camera: Camera;
  /** The world's fixed low resolution (default 336×240). */
  native?: readonly [number, number];
  clearColor?: GPUColor;
  /**
   * The pixel-art chain after the world: motion blur, upscale into the frame rectangle, bar fill and CRT (off by
   * default). Without it the world is presented stretched to the canvas.
   */
  chain?: Partial<ChainSettings> | boolean;
  /** A UI layer drawn over the world at native resolution (needs the chain): its own root, and its atlas. */
  ui?: { root: Node; atlas: UiAtlas };
}

/**
 * The WebGPU frame: a render graph of the world pass at native resolution and the present pass into the canvas.
 * `render()` fits the graph to the canvas size, runs the compiled passes and submits one command buffer.
 */
export class Renderer {
  readonly graph: RenderGraph<GpuFrame, GPUTexture>;
  readonly timer: GpuTimer;
  private readonly context: GPUCanvasContext;
  private readonly frame: GpuFrame;
  private readonly counters: FrameCounters = {
    drawCalls: 0,
    triangles: 0,
    bytesUploaded: 0,
    gpuMs: undefined,
  };

  /** The chain's parameters, when it has one; change them at any time, they apply from the next frame. */
  readonly settings: ChainSettings;
  /** Frames redrawn from the last native image after a resize (`redraw()`), not re-rendering the world. */
  redraws = 0;
  /** Frames skipped because the canvas had no area (0 wide or 0 high). */
  skippedFrames = 0;

  private constructor(
    readonly gpu: GpuContext,
    readonly canvas: HTMLCanvasElement | OffscreenCanvas,
    readonly world: WorldPass,
    readonly present: PresentPass,
    private readonly post: PassDecl<GpuFrame, GPUTexture>[],
    settings: ChainSettings,
    context: GPUCanvasContext,
    format: GPUTextureFormat,
    native: readonly [number, number],
  ) {
    this.context = context;
    this.settings = settings;
    this.timer = new GpuTimer(gpu.device);
    this.graph = new RenderGraph(gpuTextureAllocator(gpu.device), {
      native,
      canvas: [canvas.width, canvas.height],
    });
    this.graph.addExternal('canvas', format, { relativeTo: 'canvas' });
    this.graph.addPass(world);
    for (const pass of post) this.graph.addPass(pass);
    this.graph.addPass(present);
    this.graph.validate();
    if (post.some((p) => p.name === 'crt')) this.graph.setEnabled('crt', false);
    this.frame = {
      device: gpu.device,
      encoder: null as unknown as GPUCommandEncoder,
      timer: this.timer,
      time: 0,
      delta: 0,
    };
  }

  static async create(
    gpu: GpuContext,
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
  ): Promise<Renderer> {
    const { context, format } = configureCanvas(gpu, canvas);
    const device = gpu.device;
    const settings = {
      ...defaultChainSettings(),
      ...(typeof options.chain === 'object' ? options.chain : {}),
    };
    const chain = options.chain !== undefined && options.chain !== false;
    if (options.ui && !chain)
      throw new Error('Renderer: a UI layer needs the pixel-art chain; pass chain: true.');
    const worldOut = options.ui ? 'composed' : 'scene';
    // Pipelines compile in parallel: on a software GPU each one takes tens of milliseconds.
    const [world, present, post] = await Promise.all([
      WorldPass.create(device, {
        root: options.root,
        camera: options.camera,
        ...(options.clearColor ? { clearColor: options.clearColor } : {}),
      }),
      PresentPass.create(device, chain ? 'crt' : 'scene', format),
      chain
        ? Promise.all([
            ...(options.ui ? [UiPass.create(device, options.ui.root, options.ui.atlas, 'scene')] : []),
            MotionBlurPass.create(device, settings, worldOut),
            UpscalePass.create(device, settings, 'blurred'),
            BackgroundPass.create(device, settings, 'blurred'),
            CrtPass.create(device, settings),
          ])
        : Promise.resolve([]),
    ]);
    return new Renderer(
      gpu,
      canvas,
      world,
      present,
      post,
      settings,
      context,
      format,
      options.native ?? [336, 240],
    );
  }

  /** Draws one frame at scene time `time` (seconds) and returns what it drew. */
  render(time = 0, delta = 0): FrameCounters {
    this.frame.time = time;
    this.frame.delta = delta;
    this.run(undefined);
    const c = this.counters;
    const ui = this.post.find((p): p is UiPass => p instanceof UiPass && this.graph.isEnabled('ui'));
    c.drawCalls = this.world.counters.drawCalls + (ui?.counters.drawCalls ?? 0);
    c.triangles = this.world.counters.triangles + (ui ? ui.counters.instances * 2 : 0);
    c.bytesUploaded = this.world.counters.bytesUploaded + (ui?.counters.bytesUploaded ?? 0);
    c.gpuMs = this.timer.latest?.frameMs;
    return c;
  }

  /**
   * Re-presents the last native frame into a canvas whose size changed (a paused app, a modal resize) by running
   * upscale, bars, CRT and present only: the world is not drawn again. Counted in `redraws`.
   */
  redraw(): void {
    const first =
      this.post.find((p) => p.name === 'upscale' && this.graph.isEnabled('upscale')) ?? this.present;
    this.run(first.name);
    this.redraws++;
  }

  /** Clears every history texture (motion blur's trail), so a replay from t = 0 gives the same frames as a fresh page. */
  resetHistory(): void {
    const encoder = this.gpu.device.createCommandEncoder({ label: 'reset history' });
    for (const texture of this.graph.historyTextures()) {
      encoder
        .beginRenderPass({
          colorAttachments: [
            { view: viewOf(texture), loadOp: 'clear', clearValue: [0, 0, 0, 0], storeOp: 'store' },
          ],
        })
        .end();
    }
    this.gpu.device.queue.submit([encoder.finish()]);
  }

  private run(from: string | undefined): void {
    const device = this.gpu.device;
    // A 0-wide or 0-high canvas (a collapsed layout, a minimised window) has no texture to draw into: skip the frame.
    if (this.canvas.width === 0 || this.canvas.height === 0) {
      this.skippedFrames++;
      return;
    }
    this.graph.setCanvasSize(this.canvas.width, this.canvas.height);
    const native = this.graph.native;
    const canvas = this.graph.canvas;
    const upscaling = this.post.length > 0 && this.graph.isEnabled('upscale');
    this.settings.rect = upscaling
      ? frameRect(native, canvas, this.settings.pixelAspect, this.settings.upscale)
      : { x: 0, y: 0, width: canvas[0], height: canvas[1], scale: canvas[1] / native[1] };
    this.timer.beginFrame();
    const encoder = device.createCommandEncoder({ label: 'armature frame' });
    this.frame.encoder = encoder;
    this.graph.setExternal('canvas', this.context.getCurrentTexture());
    this.graph.execute(this.frame, from);
    this.timer.resolve(encoder);
    device.queue.submit([encoder.finish()]);
    void this.timer.read();
  }

  destroy(): void {
    for (const pass of this.post) (pass as { destroy?: () => void }).destroy?.();
    this.graph.destroy();
    this.world.destroy();
    this.present.destroy();
    this.timer.destroy();
  }
}
