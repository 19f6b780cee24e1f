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

/** What a renderer draws and at which native resolution. */
export interface RendererOptions {
  root: Node;
  camera: Camera;
  /** The world's fixed low resolution (default 336×240). */
  native?: readonly [number, number];
  clearColor?: GPUColor;
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

  private constructor(
    readonly gpu: GpuContext,
    readonly canvas: HTMLCanvasElement | OffscreenCanvas,
    readonly world: WorldPass,
    readonly present: PresentPass,
    context: GPUCanvasContext,
    format: GPUTextureFormat,
    native: readonly [number, number],
  ) {
    this.context = context;
    this.timer = new GpuTimer(gpu.device);
    this.graph = new RenderGraph(gpuTextureAllocator(gpu.device), {
      native,
      canvas: [canvas.width, canvas.height],
    });
    this.graph.addExternal('canvas', format, { relativeTo: 'canvas' });
    this.graph.addPass(world).addPass(present);
    this.graph.validate();
    this.frame = {
      device: gpu.device,
      encoder: null as unknown as GPUCommandEncoder,
      timer: this.timer,
      time: 0,
    };
  }

  static async create(
    gpu: GpuContext,
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
  ): Promise<Renderer> {
    const { context, format } = configureCanvas(gpu, canvas);
    // Pipelines compile in parallel: on a software GPU each one takes tens of milliseconds.
    const [world, present] = await Promise.all([
      WorldPass.create(gpu.device, {
        root: options.root,
        camera: options.camera,
        ...(options.clearColor ? { clearColor: options.clearColor } : {}),
      }),
      PresentPass.create(gpu.device, 'scene', format),
    ]);
    return new Renderer(gpu, canvas, world, present, context, format, options.native ?? [336, 240]);
  }

  /** Draws one frame at scene time `time` (seconds) and returns what it drew. */
  render(time = 0): FrameCounters {
    const device = this.gpu.device;
    this.graph.setCanvasSize(this.canvas.width, this.canvas.height);
    this.timer.beginFrame();
    const encoder = device.createCommandEncoder({ label: 'armature frame' });
    this.frame.encoder = encoder;
    this.frame.time = time;
    this.graph.setExternal('canvas', this.context.getCurrentTexture());
    this.graph.execute(this.frame);
    this.timer.resolve(encoder);
    device.queue.submit([encoder.finish()]);
    void this.timer.read();
    const c = this.counters;
    c.drawCalls = this.world.counters.drawCalls;
    c.triangles = this.world.counters.triangles;
    c.bytesUploaded = this.world.counters.bytesUploaded;
    c.gpuMs = this.timer.latest?.frameMs;
    return c;
  }

  destroy(): void {
    this.graph.destroy();
    this.world.destroy();
    this.present.destroy();
    this.timer.destroy();
  }
}
