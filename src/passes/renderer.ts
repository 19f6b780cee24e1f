import { chainGraph } from './chain-graph';
import { configureCanvas } from '../gpu/configure-canvas';
import { GpuTimer } from '../gpu/gpu-timer';
import { requestGpu, type GpuContext } from '../gpu/request-gpu';
import { GpuInitError } from '../gpu/gpu-init-error';
import type { RenderGraph } from '../graph/render-graph';
import type { Camera } from '../scene/camera';
import type { Node } from '../scene/node';
import type { FrameCounters } from '../time/frame-loop';
import type { GpuFrame } from './gpu-frame';
import { gpuTextureAllocator } from './gpu-texture-allocator';
import type { PresentPass } from './present-pass';
import { WorldPass } from './world-pass';
import type { ChainSettings } from './chain-settings';
import { chainFrame } from './chain-frame';
import { gpuPostBackend } from './fullscreen-program';
import type { PassDecl } from '../graph/render-graph';
import type { UiAtlas } from '../scene/ui-atlas';
import { UiPass } from './ui-pass';
import { viewOf } from './view-of';
import type { DeviceRecovery, FrameRenderer } from './frame-renderer';
import type { GpuTimes } from '../gpu/gpu-timer';

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
  /** Acquires the replacement device after a loss (default: `requestGpu` with the lost device's request). */
  requestDevice?: () => Promise<GpuContext>;
  /** Initial value of `renderer.onNewDevice`. */
  onNewDevice?: (gpu: GpuContext) => void;
  /** Initial value of `renderer.onRecovered`. */
  onRecovered?: (recovery: DeviceRecovery) => void;
  /** Initial value of `renderer.onUnrecoverable`. */
  onUnrecoverable?: (error: Error) => void;
}

/** Everything the renderer builds on one device; rebuilt whole from the scene after a device loss. */
interface DeviceParts {
  /** The chain's UI pass, when the renderer has a UI layer. */
  ui: UiPass | null;
  gpu: GpuContext;
  context: GPUCanvasContext;
  world: WorldPass;
  present: PresentPass;
  post: PassDecl<GpuFrame, GPUTexture>[];
  graph: RenderGraph<GpuFrame, GPUTexture>;
  timer: GpuTimer;
  frame: GpuFrame;
}

/** Devices tried in a row after a loss before the renderer gives up. */
const MAX_ATTEMPTS = 3;

/**
 * The WebGPU frame: a render graph of the world pass at native resolution, the pixel-art chain and the present pass
 * into the canvas. `render()` fits the graph to the canvas size, runs the compiled passes and submits one command
 * buffer. When the device is lost it asks for a new one and rebuilds every GPU object from the scene (which a loss
 * does not touch); frames asked for meanwhile are skipped, not thrown.
 */
export class Renderer implements FrameRenderer {
  readonly backend = 'webgpu';
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
  /** Frames skipped because the device was lost and its replacement not yet built. */
  lostFrames = 0;
  /** Every device loss survived, oldest first. */
  readonly recoveries: DeviceRecovery[] = [];
  /** Set when recovery failed for good: why nothing is drawn any more. */
  failure: Error | null = null;
  /** Called with each replacement device before anything is made on it (to track its resources, say). */
  onNewDevice: ((gpu: GpuContext) => void) | undefined;
  /** Called once the renderer draws again after a device loss. */
  onRecovered: ((recovery: DeviceRecovery) => void) | undefined;
  /** Called when no working device could be had after a loss: the renderer draws nothing from then on. */
  onUnrecoverable: ((error: Error) => void) | undefined;
  private parts: DeviceParts;
  private lost = false;
  private destroyed = false;
  private recovering: Promise<void> = Promise.resolve();

  private constructor(
    parts: DeviceParts,
    readonly canvas: HTMLCanvasElement | OffscreenCanvas,
    private readonly options: RendererOptions,
    settings: ChainSettings,
  ) {
    this.parts = parts;
    this.settings = settings;
    this.onNewDevice = options.onNewDevice;
    this.onRecovered = options.onRecovered;
    this.onUnrecoverable = options.onUnrecoverable;
    this.watch(parts.gpu);
  }

  static async create(
    gpu: GpuContext,
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
  ): Promise<Renderer> {
    const settings = chainGraph.settings('Renderer', options);
    const parts = await Renderer.build(gpu, canvas, options, settings);
    return new Renderer(parts, canvas, options, settings);
  }

  private static async build(
    gpu: GpuContext,
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
    settings: ChainSettings,
  ): Promise<DeviceParts> {
    const { context, format } = configureCanvas(gpu, canvas);
    const device = gpu.device;
    const [world, { present, post }] = await Promise.all([
      WorldPass.create(device, {
        root: options.root,
        camera: options.camera,
        ...(options.clearColor ? { clearColor: options.clearColor } : {}),
      }),
      chainGraph.passes(
        gpuPostBackend(device),
        options,
        settings,
        format,
        options.ui ? UiPass.create(device, options.ui.root, options.ui.atlas, 'scene') : null,
      ),
    ]);
    const timer = new GpuTimer(device);
    const graph = chainGraph.build(gpuTextureAllocator(device), options, canvas, format, {
      world,
      post,
      present,
    });
    const frame: GpuFrame = {
      device,
      encoder: null as unknown as GPUCommandEncoder,
      timer,
      time: 0,
      delta: 0,
    };
    const ui = post.find((p): p is UiPass => p instanceof UiPass) ?? null;
    return { gpu, context, world, ui, present, post, graph, timer, frame };
  }

  /** The device the renderer draws with now (a new one after each recovered loss). */
  get gpu(): GpuContext {
    return this.parts.gpu;
  }
  get graph(): RenderGraph<GpuFrame, GPUTexture> {
    return this.parts.graph;
  }
  get world(): WorldPass {
    return this.parts.world;
  }
  get present(): PresentPass {
    return this.parts.present;
  }
  get timer(): GpuTimer {
    return this.parts.timer;
  }
  get adapter(): string {
    const info = this.gpu.info;
    return [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unknown';
  }
  get gpuTimes(): GpuTimes | null {
    return this.timer.latest;
  }
  finished(): Promise<void> {
    return this.gpu.device.queue.onSubmittedWorkDone();
  }
  /** Destroys the device as a real loss would; the renderer recovers by itself (see `recovered`). */
  simulateLoss(): void {
    this.gpu.device.destroy();
  }
  /** True between a device loss and the end of its recovery (frames are skipped meanwhile). */
  get isLost(): boolean {
    return this.lost;
  }
  /** Resolves once any recovery in progress has finished (at once when the device is fine). */
  get recovered(): Promise<void> {
    return this.recovering;
  }

  /** Draws one frame at scene time `time` (seconds) and returns what it drew. */
  render(time = 0, delta = 0): FrameCounters {
    const c = this.counters;
    const { frame, ui, graph, world } = this.parts;
    if (this.lost || this.failure) {
      this.lostFrames++;
      c.drawCalls = c.triangles = c.bytesUploaded = 0;
      return c;
    }
    frame.time = time;
    frame.delta = delta;
    this.run(undefined);
    chainFrame.count(c, world, ui && graph.isEnabled('ui') ? ui : undefined);
    c.gpuMs = this.timer.latest?.frameMs;
    return c;
  }

  /**
   * Re-presents the last native frame into a canvas whose size changed (a paused app, a modal resize) by running
   * upscale, bars, CRT and present only: the world is not drawn again. Counted in `redraws`.
   */
  redraw(): void {
    if (this.lost || this.failure) return;
    this.run(chainFrame.redrawFrom(this.graph, this.parts.post));
    this.redraws++;
  }

  /** Clears every history texture (motion blur's trail), so a replay from t = 0 gives the same frames as a fresh page. */
  resetHistory(): void {
    if (this.lost || this.failure) return;
    const device = this.gpu.device;
    const encoder = device.createCommandEncoder({ label: 'reset history' });
    for (const texture of this.graph.historyTextures()) {
      encoder
        .beginRenderPass({
          colorAttachments: [
            { view: viewOf(texture), loadOp: 'clear', clearValue: [0, 0, 0, 0], storeOp: 'store' },
          ],
        })
        .end();
    }
    device.queue.submit([encoder.finish()]);
  }

  private run(from: string | undefined): void {
    const { gpu, graph, post, timer, frame, context } = this.parts;
    // A 0-wide or 0-high canvas (a collapsed layout, a minimised window) has no texture to draw into: skip the frame.
    if (this.canvas.width === 0 || this.canvas.height === 0) {
      this.skippedFrames++;
      return;
    }
    chainFrame.fit(graph, post.length > 0, this.settings, this.canvas.width, this.canvas.height);
    timer.beginFrame();
    const encoder = gpu.device.createCommandEncoder({ label: 'armature frame' });
    frame.encoder = encoder;
    graph.setExternal('canvas', context.getCurrentTexture());
    graph.execute(frame, from);
    timer.resolve(encoder);
    gpu.device.queue.submit([encoder.finish()]);
    void timer.read();
  }

  private watch(gpu: GpuContext): void {
    void gpu.device.lost.then((info) => {
      // Only the current device matters: an old one's late report, or the renderer's own destroy, is not a loss.
      if (this.destroyed || this.parts.gpu !== gpu) return;
      this.lost = true;
      this.recovering = this.recover(info);
    });
  }

  private async recover(info: GPUDeviceLostInfo): Promise<void> {
    const started = performance.now();
    const old = this.parts;
    let lastError: Error | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !this.destroyed; attempt++) {
      try {
        const gpu = await (this.options.requestDevice ?? (() => requestGpu(old.gpu.request)))();
        this.onNewDevice?.(gpu);
        const parts = await Renderer.build(gpu, this.canvas, this.options, this.settings);
        // The new device may itself have been lost while the pipelines compiled: try another.
        if (await Promise.race([gpu.device.lost, Promise.resolve(null)])) continue;
        Renderer.carryOver(old, parts);
        this.parts = parts;
        this.lost = false;
        this.watch(gpu);
        const recovery = {
          reason: info.reason,
          message: info.message,
          ms: performance.now() - started,
          attempts: attempt,
        };
        this.recoveries.push(recovery);
        this.onRecovered?.(recovery);
        return;
      } catch (error) {
        lastError = error as Error;
        // No WebGPU or no adapter at all will not come back by asking again.
        if (error instanceof GpuInitError && (error.reason === 'no-webgpu' || error.reason === 'no-adapter'))
          break;
      }
    }
    if (this.destroyed) return;
    this.failure = new Error(
      `The GPU device was lost (${info.reason || 'unknown'}: ${info.message || 'no message'}) and no new one could ` +
        `be made: ${lastError?.message ?? 'gave up'}. Reload the page; if it keeps happening, check chrome://gpu.`,
    );
    this.onUnrecoverable?.(this.failure);
  }

  /** What users may have changed on the old parts (pass toggles, camera, light, bundles) moves to the new ones. */
  private static carryOver(from: DeviceParts, to: DeviceParts): void {
    chainFrame.carryOver(from, to);
    to.world.camera = from.world.camera;
    to.world.clearColor = from.world.clearColor;
    to.world.useBundles = from.world.useBundles;
  }

  destroy(): void {
    this.destroyed = true;
    const { post, graph, world, present, timer } = this.parts;
    for (const pass of post) (pass as { destroy?: () => void }).destroy?.();
    graph.destroy();
    world.destroy();
    present.destroy();
    timer.destroy();
  }
}
