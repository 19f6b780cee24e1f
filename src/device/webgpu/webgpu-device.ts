import { compileWgsl } from './compile-wgsl';
import { configureCanvas } from './configure-canvas';
import { GpuInitError } from './gpu-init-error';
import { GpuTimer } from './gpu-timer';
import { trackGpuResources } from './track-gpu-resources';
import { readBuffer } from './read-buffer';
import { readTexture } from './read-texture';
import { requestGpu, type GpuContext, type GpuRequest } from './request-gpu';
import type {
  DeviceLimits,
  GpuTimes,
  ResourceTracker,
  BindingResource,
  Bindings,
  BufferDesc,
  Bundle,
  ComputeDesc,
  ComputePipeline,
  Device,
  DeviceBuffer,
  DeviceTexture,
  ExternalTarget,
  PassDesc,
  PassEncoder,
  Pipeline,
  PipelineDesc,
  RenderTarget,
  Sampler,
  SamplerFilter,
  SamplerWrap,
  TextureDesc,
  TextureFormat,
} from '../device';
import { DeviceCore, samplerKey } from '../device-core';
import { GpuPass } from './webgpu-pass';
import {
  GpuBindingsHandle,
  type GpuHost,
  GpuBufferHandle,
  GpuBundleHandle,
  GpuComputeHandle,
  GpuExternalTarget,
  GpuPipelineHandle,
  GpuSampler,
  GpuTextureHandle,
} from './webgpu-resources';

/** How a WebGPU device is made, and made again after a loss. */
export interface WebGpuDeviceOptions {
  /** An acquired device to use (the caller keeps owning it); otherwise one is requested with `request`. */
  gpu?: GpuContext;
  request?: GpuRequest;
  /** The canvas frames are presented to (configured in the browser's preferred format). */
  canvas?: HTMLCanvasElement | OffscreenCanvas;
  /** Acquires the replacement device after a loss (default: `requestGpu` with the lost device's request). */
  requestDevice?: () => Promise<GpuContext>;
  /** Called with the device each time a new GPUDevice is in place, before anything is made on it. */
  onDevice?: (device: WebGpuDevice) => void;
}

/** Devices tried in a row after a loss before the device gives up. */
const MAX_ATTEMPTS = 3;

/**
 * The device layer on WebGPU. Its objects are handles whose GPU objects are made per GPUDevice: when the device is
 * lost it asks for a new one with the same request and makes every live object again (pipelines in parallel), so
 * nothing above it is rebuilt. Render bundles, asynchronous pipeline creation and timestamp queries stay in here.
 */
/** One tracker per GPU device: tracking wraps its methods, which must happen once. */
const TRACKERS = new WeakMap<GPUDevice, ResourceTracker>();

export class WebGpuDevice extends DeviceCore implements Device, GpuHost {
  readonly backend = 'webgpu';
  /** The GPU device in use now (a new one after each recovered loss). */
  gpu: GpuContext;
  private timer: GpuTimer;
  private encoder: GPUCommandEncoder | null = null;
  private inFrame = false;
  private context: GPUCanvasContext | null = null;
  private configured = -1;
  private readonly canvasFormat: TextureFormat;
  private readonly canvas: GpuExternalTarget;
  private readonly pass: GpuPass;
  /** The pass's target formats, refilled for each pass (the pass encoder is reused too). */
  private readonly passFormats: GPUTextureFormat[] = [];
  private readonly computeDesc: {
    label: string;
    timestampWrites: GPUComputePassTimestampWrites | undefined;
  } = {
    label: '',
    timestampWrites: undefined,
  };
  private readonly passDesc: ReusedPassDescriptor = {
    colorAttachments: [],
    depthStencilAttachment: undefined,
    timestampWrites: undefined,
  };
  private passDepth: GPURenderPassDepthStencilAttachment | null = null;
  private readonly samplers = new Map<number, GpuSampler>();
  private modules = new Map<string, GPUShaderModule>();
  private checked = new Map<string, Promise<GPUShaderModule>>();
  private layouts = new Map<string, GPUBindGroupLayout>();
  private readonly owned: boolean;

  private constructor(
    gpu: GpuContext,
    private readonly options: WebGpuDeviceOptions,
  ) {
    super();
    this.gpu = gpu;
    this.owned = !options.gpu;
    this.options.onDevice?.(this);
    this.emit('native', this);
    this.timer = new GpuTimer(gpu.device);
    this.canvasFormat = gpu.preferredCanvasFormat as TextureFormat;
    this.canvas = new GpuExternalTarget('canvas', this.canvasFormat, 0, 0, null, null);
    this.pass = new GpuPass(this);
    if (options.canvas) this.configure();
    this.watch(gpu);
  }

  /** A device on `options.gpu`, or on one requested now (a `GpuInitError` says what is missing). */
  static async create(options: WebGpuDeviceOptions = {}): Promise<WebGpuDevice> {
    return new WebGpuDevice(options.gpu ?? (await requestGpu(options.request)), options);
  }

  get limits(): DeviceLimits {
    const limits = this.gpu.limits;
    return {
      uniformOffsetAlignment: limits.minUniformBufferOffsetAlignment,
      maxUniformBindingSize: limits.maxUniformBufferBindingSize,
      maxTextureSize: limits.maxTextureDimension2D,
      maxBufferSize: limits.maxBufferSize,
      maxStorageBindingSize: limits.maxStorageBufferBindingSize,
    };
  }

  get adapter(): string {
    const info = this.gpu.info;
    return [info.vendor, info.architecture, info.description].filter(Boolean).join(' ') || 'unknown';
  }

  trackResources(errors: string[] = []): ResourceTracker {
    const native = this.gpu.device;
    let tracker = TRACKERS.get(native);
    if (!tracker) {
      const tracked = trackGpuResources(native, errors);
      tracker = { counts: tracked.counts, errors: () => tracked.errors };
      TRACKERS.set(native, tracker);
    }
    return tracker;
  }

  get gpuTimes(): GpuTimes | null {
    return this.timer.latest;
  }

  createBuffer(desc: BufferDesc): DeviceBuffer {
    return new GpuBufferHandle(this, desc);
  }

  createTexture(desc: TextureDesc): DeviceTexture {
    return new GpuTextureHandle(this, desc);
  }

  sampler(filter: SamplerFilter, wrap: SamplerWrap = 'clamp', mipmapped = false): Sampler {
    const key = samplerKey(filter, wrap, mipmapped);
    let sampler = this.samplers.get(key);
    if (!sampler) {
      this.samplers.set(key, (sampler = new GpuSampler(this, filter, wrap, mipmapped)));
      this.objects.samplers++;
    }
    return sampler;
  }

  createPipeline(desc: PipelineDesc): Promise<Pipeline> {
    return this.realized(new GpuPipelineHandle(this, desc));
  }

  createPipelineNow(desc: PipelineDesc): Pipeline {
    const pipeline = new GpuPipelineHandle(this, desc);
    pipeline.realize();
    return pipeline;
  }

  readonly compute = true;

  get indirectFirstInstance(): boolean {
    return this.gpu.features.has('indirect-first-instance');
  }

  createComputePipeline(desc: ComputeDesc): Promise<ComputePipeline> {
    return this.realized(new GpuComputeHandle(this, desc));
  }

  /** A pipeline made without stalling the page (its shader checked first); one that fails is not kept. */
  private async realized<P extends GpuPipelineHandle | GpuComputeHandle>(pipeline: P): Promise<P> {
    try {
      await pipeline.realizeAsync();
    } catch (error) {
      this.untrack(pipeline);
      throw error;
    }
    return pipeline;
  }

  dispatch(
    label: string,
    pipeline: ComputePipeline,
    bindings: readonly Bindings[],
    workgroups: number | readonly [number, number, number],
    timed = false,
  ): void {
    // One descriptor, refilled for each pass (as beginPass's): undefined members count as absent.
    const d = this.computeDesc;
    d.label = label;
    d.timestampWrites = timed ? this.timer.timestampWrites(label) : undefined;
    const pass = this.commands().beginComputePass(d as GPUComputePassDescriptor);
    pass.setPipeline((pipeline as GpuComputeHandle).pipeline);
    for (let group = 0; group < bindings.length; group++)
      pass.setBindGroup(group, (bindings[group] as GpuBindingsHandle).bindGroup);
    if (typeof workgroups === 'number') pass.dispatchWorkgroups(workgroups);
    else pass.dispatchWorkgroups(workgroups[0], workgroups[1], workgroups[2]);
    pass.end();
  }

  createBindings(
    pipeline: Pipeline | ComputePipeline,
    group: number,
    resources: Readonly<Record<string, BindingResource>>,
  ): Bindings {
    return new GpuBindingsHandle(this, pipeline as GpuPipelineHandle | GpuComputeHandle, group, resources);
  }

  createBundle(label: string): Bundle {
    return new GpuBundleHandle(label);
  }

  beginFrame(): void {
    this.inFrame = true;
    this.timer.beginFrame();
  }

  beginPass(desc: PassDesc): PassEncoder {
    // One descriptor, refilled for each pass: WebGPU reads it during the call, and a fresh one a pass is garbage each
    // frame. Members left undefined count as absent.
    const d = this.passDesc;
    const attachments = d.colorAttachments;
    const extra = desc.extra;
    attachments.length = 1 + (extra ? extra.length : 0);
    colorAttachment(attachments, 0, targetView(desc.color), desc.clearColor);
    if (extra)
      for (let i = 0; i < extra.length; i++)
        colorAttachment(attachments, i + 1, targetView(extra[i]!.target), extra[i]!.clear);
    if (desc.depth) {
      const depth = (this.passDepth ??= { view: targetView(desc.depth), depthStoreOp: 'store' });
      depth.view = targetView(desc.depth);
      depth.depthLoadOp = desc.clearDepth === undefined ? 'load' : 'clear';
      depth.depthClearValue = desc.clearDepth ?? 1;
      d.depthStencilAttachment = depth;
    } else d.depthStencilAttachment = undefined;
    d.label = desc.label;
    d.timestampWrites = desc.timed ? this.timer.timestampWrites(desc.label) : undefined;
    const pass = this.commands().beginRenderPass(d as GPURenderPassDescriptor);
    const formats = this.passFormats;
    formats.length = 0;
    formats.push(desc.color.format);
    if (extra) for (let i = 0; i < extra.length; i++) formats.push(extra[i]!.target.format);
    return this.pass.begin(pass, formats, desc.depth?.format);
  }

  copyTexture(source: DeviceTexture, target: DeviceTexture, width: number, height: number): void {
    this.commands().copyTextureToTexture(
      { texture: (source as GpuTextureHandle).texture },
      { texture: (target as GpuTextureHandle).texture },
      [width, height],
    );
  }

  submit(): void {
    const encoder = this.encoder;
    const frame = this.inFrame;
    this.encoder = null;
    this.inFrame = false;
    if (!encoder) return;
    if (frame) this.timer.resolve(encoder);
    this.gpu.device.queue.submit([encoder.finish()]);
    if (frame) void this.timer.read();
  }

  abort(): void {
    this.encoder = null; // never finished, never submitted: what it held is dropped with it
    this.inFrame = false;
  }

  canvasTarget(): ExternalTarget {
    if (!this.context)
      throw new Error('WebGpuDevice: it was made without a canvas, so it has no canvas target.');
    if (this.configured !== this.generation) this.configure();
    const texture = this.context.getCurrentTexture();
    const target = this.canvas;
    target.texture = texture;
    target.view = texture.createView();
    target.width = texture.width;
    target.height = texture.height;
    return target;
  }

  /** A view of a texture the engine does not own (an XR layer's, this frame) as a target. */
  wrapView(
    label: string,
    texture: GPUTexture,
    view: GPUTextureView,
    width: number,
    height: number,
  ): GpuExternalTarget {
    return new GpuExternalTarget(label, texture.format as TextureFormat, width, height, texture, view);
  }

  finished(): Promise<void> {
    return this.gpu.device.queue.onSubmittedWorkDone();
  }

  async readPixels(target: RenderTarget): Promise<Uint8Array> {
    this.submit();
    const texture =
      target.kind === 'texture'
        ? (target as GpuTextureHandle).texture
        : (target as GpuExternalTarget).texture;
    if (!texture || target.format === 'depth24plus' || target.format === 'rgba16float')
      throw new Error(`readPixels: "${target.label}" (${target.format}) cannot be read back as RGBA8.`);
    // The copy is queued now, in this task: a canvas in the page presents its texture when the task ends, and the
    // texture is gone after that (a copy queued after an await read a destroyed texture: all zeros).
    const pixels = await readTexture(this.gpu.device, texture);
    if (target.format === 'bgra8unorm')
      for (let i = 0; i < pixels.length; i += 4) [pixels[i], pixels[i + 2]] = [pixels[i + 2]!, pixels[i]!];
    return pixels;
  }

  async readBuffer(buffer: DeviceBuffer): Promise<Uint8Array> {
    if (buffer.usage !== 'indirect')
      throw new Error(
        `readBuffer: "${buffer.label}" is a ${buffer.usage} buffer; only indirect buffers are read back.`,
      );
    return readBuffer(this.gpu.device, (buffer as GpuBufferHandle).buffer);
  }

  simulateLoss(): void {
    this.gpu.device.destroy();
  }

  destroy(): void {
    this.destroyed = true;
    this.disposeAll();
    this.timer.destroy();
    this.context?.unconfigure();
    if (this.owned) this.gpu.device.destroy();
  }

  /** The module of `code` on the current device, made once (its errors surface as uncaptured ones). */
  shaderModule(code: string, label: string): GPUShaderModule {
    this.dropStaleCaches();
    let module = this.modules.get(code);
    if (!module) this.modules.set(code, (module = this.gpu.device.createShaderModule({ code, label })));
    return module;
  }

  /** The module of `code` once the compiler accepted it (a `WgslCompileError` with the offending lines otherwise). */
  checkedShaderModule(code: string, label: string): Promise<GPUShaderModule> {
    this.dropStaleCaches();
    let module = this.checked.get(code);
    if (!module) {
      module = compileWgsl(this.gpu.device, code, label);
      this.checked.set(code, module);
      module.then(
        (m) => this.modules.set(code, m),
        () => this.checked.delete(code),
      );
    }
    return module;
  }

  /** One layout per distinct list of entries on the current device: pipelines sharing a group share its bindings. */
  bindGroupLayout(entries: GPUBindGroupLayoutEntry[]): GPUBindGroupLayout {
    this.dropStaleCaches();
    const key = JSON.stringify(entries);
    let layout = this.layouts.get(key);
    if (!layout) this.layouts.set(key, (layout = this.gpu.device.createBindGroupLayout({ entries })));
    return layout;
  }

  private cachesOf = 0;
  private dropStaleCaches(): void {
    if (this.cachesOf === this.generation) return;
    this.cachesOf = this.generation;
    this.modules = new Map();
    this.checked = new Map();
    this.layouts = new Map();
  }

  private commands(): GPUCommandEncoder {
    return (this.encoder ??= this.gpu.device.createCommandEncoder({ label: 'armature frame' }));
  }

  private configure(): void {
    const { context } = configureCanvas(this.gpu, this.options.canvas!, { format: this.canvasFormat });
    this.context = context;
    this.configured = this.generation;
  }

  private watch(gpu: GpuContext): void {
    void gpu.device.lost.then((info) => {
      // Only the current device matters: an old one's late report, or the device's own destroy, is not a loss.
      if (this.destroyed || this.gpu !== gpu) return;
      this.lossReported = true;
      this.encoder = null;
      this.emit('lost', { reason: info.reason, message: info.message });
      this.recovering = this.recover(info);
    });
  }

  private async recover(info: GPUDeviceLostInfo): Promise<void> {
    const started = performance.now();
    const request = this.options.requestDevice ?? (() => requestGpu(this.gpu.request));
    let lastError: Error | null = null;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !this.destroyed; attempt++) {
      try {
        const gpu = await request();
        this.gpu = gpu;
        this.generation++;
        this.options.onDevice?.(this);
        this.emit('native', this);
        this.timer.destroy();
        this.timer = new GpuTimer(gpu.device);
        if (this.context) this.configure();
        await this.realizeAll();
        // The new device may itself have been lost while the pipelines compiled: try another.
        if (await Promise.race([gpu.device.lost, Promise.resolve(null)])) continue;
        this.lossReported = false;
        this.watch(gpu);
        this.recordRecovery(info.reason, info.message, started, attempt);
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
    this.emit('failed', this.failure);
  }
}

/** The view a pass draws into: a device texture's default view, or an external target's. */
/** A render pass descriptor refilled in place: its optional members are set to undefined (absent) when not used. */
interface ReusedPassDescriptor {
  label?: string;
  colorAttachments: ReusedColorAttachment[];
  depthStencilAttachment: GPURenderPassDepthStencilAttachment | undefined;
  timestampWrites: GPURenderPassTimestampWrites | undefined;
}

type ReusedColorAttachment = Omit<GPURenderPassColorAttachment, 'clearValue'> & {
  clearValue: GPUColor | undefined;
};

/** Fills attachment `i` of a reused list in place (made once per index): cleared to `clear`, or loaded. */
function colorAttachment(
  list: ReusedColorAttachment[],
  i: number,
  view: GPUTextureView,
  clear: ArrayLike<number> | undefined,
): void {
  const a = (list[i] ??= { view, loadOp: 'load', storeOp: 'store', clearValue: undefined });
  a.view = view;
  a.loadOp = clear ? 'clear' : 'load';
  a.clearValue = clear as GPUColor | undefined;
}

function targetView(target: RenderTarget): GPUTextureView {
  if (target.kind === 'texture') return (target as GpuTextureHandle).view;
  const view = (target as GpuExternalTarget).view;
  if (!view) throw new Error(`Target "${target.label}" has no view this frame.`);
  return view;
}
