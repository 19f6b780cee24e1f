import type {
  DeviceLimits,
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
  SamplerFilter,
  SamplerWrap,
  TextureDesc,
} from '../device';
import { DeviceCore, samplerKey } from '../device-core';
import { GlState } from './gl-state';
import { trackGlResources } from './track-gl-resources';
import { GlPass } from './webgl2-pass';
import {
  GlBindingsHandle,
  GlStorageHandle,
  STORAGE_ROW,
  type GlHost,
  GlBufferHandle,
  GlBundleHandle,
  GlExternalTarget,
  GlPipelineHandle,
  GlSampler,
  GlTextureHandle,
  noCompute,
} from './webgl2-resources';

/** How a WebGL2 device is made. */
export interface WebGl2DeviceOptions {
  /** Called with the device for its context, and again when a lost context is restored, before anything is made. */
  onDevice?: (device: WebGl2Device) => void;
  /**
   * How long a lost context may take to come back (default 5000 ms); after that the loss is final: `failure` says
   * why and `failed` is emitted (a renderer calls `onUnrecoverable`, and `run` shows the message), not a frozen page.
   */
  restoreTimeoutMs?: number;
}

/** The default of `WebGl2DeviceOptions.restoreTimeoutMs`. */
const RESTORE_TIMEOUT_MS = 5000;

/**
 * The device layer on WebGL2, for browsers without WebGPU (and XR sessions without the WebGPU binding). All GL state
 * goes through one cache (`state`). Framebuffers are made per pair of attachments and vertex arrays per vertex layout
 * and buffers, both kept until a texture or buffer in them is destroyed. On `webglcontextlost` frames are skipped; on
 * `webglcontextrestored` every live object is made again from its handle.
 */
const NO_EXTRAS: readonly GlTextureHandle[] = [];

/** One tracker per context: tracking wraps its methods, which must happen once (its counts survive a restore). */
const TRACKERS = new WeakMap<WebGL2RenderingContext, ResourceTracker>();

export class WebGl2Device extends DeviceCore implements Device, GlHost {
  readonly backend = 'webgl2';
  readonly state: GlState;
  readonly limits: DeviceLimits;
  /** Whether rgba16float can be drawn into (EXT_color_buffer_float). */
  floatTargets = false;
  readonly gpuTimes = null;
  private readonly pass: GlPass;
  private readonly samplers = new Map<number, GlSampler>();
  private framebuffers = new Map<
    GlTextureHandle,
    { framebuffer: WebGLFramebuffer; depth: GlTextureHandle | null; extras: readonly GlTextureHandle[] }
  >();
  private vertexArrays = new Map<string, { vao: WebGLVertexArrayObject; buffers: GlBufferHandle[] }>();
  private readonly canvas: GlExternalTarget;
  private settle: () => void = () => {};
  private lostAt = 0;
  /** Gives up on a lost context that is not restored in time. */
  private restoreTimer: ReturnType<typeof setTimeout> | undefined;

  private constructor(
    readonly gl: WebGL2RenderingContext,
    private readonly options: WebGl2DeviceOptions,
  ) {
    super();
    this.state = new GlState(gl);
    this.limits = {
      uniformOffsetAlignment: gl.getParameter(gl.UNIFORM_BUFFER_OFFSET_ALIGNMENT) as number,
      maxUniformBindingSize: gl.getParameter(gl.MAX_UNIFORM_BLOCK_SIZE) as number,
      maxTextureSize: gl.getParameter(gl.MAX_TEXTURE_SIZE) as number,
      // GL states no buffer limit; sizes are GLsizeiptr, 32-bit in the browsers that run WebGL2.
      maxBufferSize: 2 ** 31 - 1,
      maxStorageBindingSize: STORAGE_ROW * 16 * (gl.getParameter(gl.MAX_TEXTURE_SIZE) as number),
    };
    this.pass = new GlPass(this);
    this.canvas = new GlExternalTarget('canvas', null, 0, 0);
    this.start();
    const canvas = gl.canvas;
    canvas.addEventListener('webglcontextlost', (event) => {
      event.preventDefault(); // without this the browser never restores the context
      if (!this.destroyed) this.beginLoss();
    });
    canvas.addEventListener('webglcontextrestored', () => this.restore());
  }

  /** Takes `canvas`'s WebGL2 context (it must not have another). */
  static create(
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: WebGl2DeviceOptions = {},
  ): WebGl2Device {
    const gl = canvas.getContext('webgl2', {
      antialias: false,
      alpha: false,
      depth: false,
    }) as WebGL2RenderingContext | null;
    if (!gl)
      throw new Error(
        'canvas.getContext("webgl2") returned null: WebGL2 is unavailable or the canvas already has another ' +
          'context. Give the WebGL2 backend its own <canvas>.',
      );
    return new WebGl2Device(gl, options);
  }

  /**
   * A device on a context of its own for a headset's XRWebGLLayer: an XR-compatible context on a new canvas, its
   * pixels kept after the frame (so the eyes can be read back). Emulators show that canvas in the page.
   */
  static forXr(options: WebGl2DeviceOptions = {}): WebGl2Device {
    const canvas = document.createElement('canvas');
    const gl = canvas.getContext('webgl2', {
      xrCompatible: true,
      antialias: false,
      preserveDrawingBuffer: true,
    }) as WebGL2RenderingContext | null;
    if (!gl) throw new Error('WebGL2 is not available for the XRWebGLLayer path.');
    return new WebGl2Device(gl, options);
  }

  /** A device on a context made elsewhere. */
  static fromContext(gl: WebGL2RenderingContext, options: WebGl2DeviceOptions = {}): WebGl2Device {
    return new WebGl2Device(gl, options);
  }

  /** True between a loss and the end of its recovery, and as soon as GL says so (before its event arrives). */
  override get lost(): boolean {
    return this.lossReported || this.gl.isContextLost();
  }

  override get recovered(): Promise<void> {
    if (this.gl.isContextLost() && !this.destroyed) this.beginLoss(); // its event may not have arrived yet
    return this.recovering;
  }

  get adapter(): string {
    return String(this.gl.getParameter(this.gl.RENDERER));
  }

  createBuffer(desc: BufferDesc): DeviceBuffer {
    return desc.usage === 'storage' ? new GlStorageHandle(this, desc) : new GlBufferHandle(this, desc);
  }

  createTexture(desc: TextureDesc): DeviceTexture {
    return new GlTextureHandle(this, desc);
  }

  sampler(filter: SamplerFilter, wrap: SamplerWrap = 'clamp', mipmapped = false): GlSampler {
    const key = samplerKey(filter, wrap, mipmapped);
    let sampler = this.samplers.get(key);
    if (!sampler) {
      this.samplers.set(key, (sampler = new GlSampler(this, filter, wrap, mipmapped)));
      this.objects.samplers++;
    }
    return sampler;
  }

  createPipeline(desc: PipelineDesc): Promise<Pipeline> {
    try {
      return Promise.resolve(this.createPipelineNow(desc));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  createPipelineNow(desc: PipelineDesc): Pipeline {
    return new GlPipelineHandle(this, desc);
  }

  /** WebGL2 has no compute shaders. */
  readonly compute = false;
  readonly indirectFirstInstance = false;

  createComputePipeline(desc: ComputeDesc): Promise<ComputePipeline> {
    return Promise.reject(noCompute(`compute pipeline "${desc.label}"`));
  }

  dispatch(label: string): void {
    throw noCompute(`dispatch "${label}"`);
  }

  readBuffer(buffer: DeviceBuffer): Promise<Uint8Array> {
    return Promise.reject(noCompute(`indirect buffer "${buffer.label}" to read`));
  }

  createBindings(
    pipeline: Pipeline | ComputePipeline,
    group: number,
    resources: Readonly<Record<string, BindingResource>>,
  ): Bindings {
    return new GlBindingsHandle(this, pipeline as GlPipelineHandle, group, resources);
  }

  createBundle(label: string): Bundle {
    return new GlBundleHandle(label);
  }

  beginFrame(): void {}

  beginPass(desc: PassDesc): PassEncoder {
    const { gl, state } = this;
    const { color, depth } = desc;
    const external = color.kind === 'external';
    if (external && depth && depth !== color)
      throw new Error(
        `Pass "${desc.label}": a framebuffer the engine does not own uses its own depth; give the same target as depth.`,
      );
    const extra = desc.extra ?? [];
    if (extra.length > 0 && (external || extra.some((e) => e.target.kind === 'external')))
      throw new Error(`Pass "${desc.label}": further colour targets must all be device textures.`);
    state.bindFramebuffer(
      external
        ? (color as GlExternalTarget).framebuffer
        : this.framebufferFor(
            color as GlTextureHandle,
            (depth as GlTextureHandle | undefined) ?? null,
            extra.map((e) => e.target as GlTextureHandle),
          ),
    );
    state.set(gl.SCISSOR_TEST, false);
    state.viewport(0, 0, color.width, color.height);
    let bits = 0;
    if (desc.clearColor) {
      state.clearColor(desc.clearColor);
      bits |= gl.COLOR_BUFFER_BIT;
    }
    if (depth && desc.clearDepth !== undefined) {
      state.depthMask(true);
      state.clearDepth(desc.clearDepth);
      bits |= gl.DEPTH_BUFFER_BIT;
    }
    if (bits) gl.clear(bits);
    // gl.clear cleared every draw buffer with the first one's colour: each further target gets its own.
    extra.forEach((e, i) => {
      if (e.clear) gl.clearBufferfv(gl.COLOR, i + 1, Array.from(e.clear));
    });
    return this.pass.begin(color.width, color.height, external);
  }

  copyTexture(source: DeviceTexture, target: DeviceTexture, width: number, height: number): void {
    const { gl, state } = this;
    state.set(gl.SCISSOR_TEST, false);
    // A colour blit ignores depth: whatever depth the framebuffers have attached stays (no re-attaching each frame).
    const framebuffer = (texture: GlTextureHandle) =>
      this.framebuffers.get(texture)?.framebuffer ?? this.framebufferFor(texture, null);
    state.bindFramebuffers(framebuffer(source as GlTextureHandle), framebuffer(target as GlTextureHandle));
    gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
  }

  /** GL runs draws as they are made; what is left is to leave the default framebuffer bound between frames (above). */
  submit(): void {
    this.state.bindFramebuffer(null);
  }

  /** GL has run what was drawn already; what remains is the open pass's recorded state. */
  abort(): void {
    this.pass.end();
  }

  canvasTarget(): ExternalTarget {
    const canvas = this.gl.canvas;
    this.canvas.width = canvas.width;
    this.canvas.height = canvas.height;
    return this.canvas;
  }

  /** A framebuffer the engine does not own (an XR layer's) as a target `width`×`height`. */
  trackResources(errors: string[] = []): ResourceTracker {
    const gl = this.gl;
    let tracker = TRACKERS.get(gl);
    if (!tracker) {
      const { counts } = trackGlResources(gl);
      tracker = {
        counts,
        errors: () => {
          const flag = gl.getError();
          if (flag !== gl.NO_ERROR) errors.push(`GL error 0x${flag.toString(16)}`);
          return errors;
        },
      };
      TRACKERS.set(gl, tracker);
    }
    return tracker;
  }

  wrapFramebuffer(
    label: string,
    framebuffer: WebGLFramebuffer | null,
    width: number,
    height: number,
  ): GlExternalTarget {
    return new GlExternalTarget(label, framebuffer, width, height);
  }

  finished(): Promise<void> {
    this.gl.finish();
    return Promise.resolve();
  }

  readPixels(target: RenderTarget): Promise<Uint8Array> {
    try {
      return Promise.resolve(this.readPixelsNow(target));
    } catch (error) {
      return Promise.reject(error as Error);
    }
  }

  /**
   * `readPixels` at once (GL reads synchronously), of the whole target or of `region` (origin at the top left): what
   * a frame just drew, before a canvas without preserveDrawingBuffer is cleared.
   */
  readPixelsNow(
    target: RenderTarget,
    region?: { x: number; y: number; width: number; height: number },
  ): Uint8Array {
    const { gl, state } = this;
    if (target.format !== 'rgba8unorm')
      throw new Error(`readPixels: "${target.label}" (${target.format}) is not RGBA8.`);
    const external = target.kind === 'external';
    state.bindFramebuffer(
      external
        ? (target as GlExternalTarget).framebuffer
        : this.framebufferFor(target as GlTextureHandle, null),
    );
    const {
      x,
      y,
      width: w,
      height: h,
    } = region ?? { x: 0, y: 0, width: target.width, height: target.height };
    const raw = new Uint8Array(w * h * 4);
    // A device texture is stored top row first; a framebuffer the engine does not own bottom row first.
    gl.readPixels(x, external ? target.height - y - h : y, w, h, gl.RGBA, gl.UNSIGNED_BYTE, raw);
    if (!external) return raw;
    const rows = new Uint8Array(raw.length);
    for (let r = 0; r < h; r++) rows.set(raw.subarray((h - 1 - r) * w * 4, (h - r) * w * 4), r * w * 4);
    return rows;
  }

  /** Loses the context through WEBGL_lose_context and restores it soon after: what a GPU reset does to a page. */
  simulateLoss(): void {
    const lose = this.gl.getExtension('WEBGL_lose_context');
    if (!lose) throw new Error('WEBGL_lose_context is not available: cannot simulate a context loss here.');
    lose.loseContext();
    setTimeout(() => lose.restoreContext(), 0);
  }

  destroy(): void {
    this.destroyed = true;
    clearTimeout(this.restoreTimer);
    this.disposeAll();
    for (const sampler of this.samplers.values()) sampler.dispose();
    for (const { framebuffer } of this.framebuffers.values()) this.gl.deleteFramebuffer(framebuffer);
    for (const { vao } of this.vertexArrays.values()) this.gl.deleteVertexArray(vao);
    this.framebuffers.clear();
    this.vertexArrays.clear();
    this.state.reset();
  }

  /**
   * The framebuffer drawing into `color`, made once per colour texture, with `depth` attached (or none): the depth
   * attachment changes only when a texture changes roles, so the count of framebuffers follows the textures'.
   */
  framebufferFor(
    color: GlTextureHandle,
    depth: GlTextureHandle | null,
    extras: readonly GlTextureHandle[] = NO_EXTRAS,
  ): WebGLFramebuffer {
    let entry = this.framebuffers.get(color);
    const sameExtras = (had: readonly GlTextureHandle[]) =>
      had.length === extras.length && had.every((t, i) => t === extras[i]);
    if (entry && entry.depth === depth && sameExtras(entry.extras)) return entry.framebuffer;
    const gl = this.gl;
    // A texture made mid-pass (an image first drawn) gets its framebuffer then: the pass's own is bound back after.
    // Outside a pass the default one is: code outside the engine draws into what is bound (IWER clears it each XR
    // frame), and must never find an engine texture there.
    const bound = this.state.framebuffers;
    if (!entry) {
      const framebuffer = gl.createFramebuffer();
      this.state.bindFramebuffer(framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, color.texture, 0);
      this.framebuffers.set(color, (entry = { framebuffer, depth: null, extras: NO_EXTRAS }));
    } else this.state.bindFramebuffer(entry.framebuffer);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, depth?.texture ?? null, 0);
    entry.depth = depth;
    if (!sameExtras(entry.extras)) {
      // Exactly the asked-for colour attachments, and draw buffers to match (a blit or a one-target pass into this
      // framebuffer later must not write into targets it did not ask for).
      const count = Math.max(entry.extras.length, extras.length);
      for (let i = 0; i < count; i++)
        gl.framebufferTexture2D(
          gl.FRAMEBUFFER,
          gl.COLOR_ATTACHMENT1 + i,
          gl.TEXTURE_2D,
          extras[i]?.texture ?? null,
          0,
        );
      gl.drawBuffers([gl.COLOR_ATTACHMENT0, ...extras.map((_, i) => gl.COLOR_ATTACHMENT1 + i)]);
      entry.extras = [...extras];
    }
    const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
    this.state.bindFramebuffers(bound.read ?? null, bound.draw ?? null);
    if (status !== gl.FRAMEBUFFER_COMPLETE && !gl.isContextLost())
      throw new Error(
        `${color.label}: a ${color.format} ${color.width}×${color.height} framebuffer` +
          `${depth ? ` with ${depth.label}` : ''} is incomplete (0x${status.toString(16)}).`,
      );
    return entry.framebuffer;
  }

  /**
   * The vertex array reading `buffers` (one per layout of the pipeline, by slot; and `indices`) the way `pipeline`
   * does, made once per combination.
   */
  vertexArray(
    pipeline: GlPipelineHandle,
    buffers: readonly GlBufferHandle[],
    indices: GlBufferHandle | null,
  ): WebGLVertexArrayObject {
    const layouts = pipeline.desc.vertexBuffers ?? [];
    let key = `${pipeline.vertexKey}|${indices ? this.idOf(indices) : ''}`;
    for (let slot = 0; slot < layouts.length; slot++) {
      const buffer = buffers[slot];
      if (!buffer) throw new Error(`${pipeline.label}: no vertex buffer set in slot ${slot}.`);
      key += `|${this.idOf(buffer)}`;
    }
    const found = this.vertexArrays.get(key);
    if (found) return found.vao;
    const { gl, state } = this;
    const vao = gl.createVertexArray();
    state.bindVertexArray(vao);
    for (let slot = 0; slot < layouts.length; slot++) {
      const layout = layouts[slot]!;
      state.bindBuffer(gl.ARRAY_BUFFER, buffers[slot]!.buffer);
      for (const a of layout.attributes) {
        gl.enableVertexAttribArray(a.location);
        gl.vertexAttribPointer(a.location, COMPONENTS[a.format], gl.FLOAT, false, layout.stride, a.offset);
        // Stride 0: one value for every instance (WebGPU's meaning; GL's 0 means packed, so it must never step).
        const divisor = layout.step !== 'instance' ? 0 : layout.stride === 0 ? 2 ** 31 - 1 : 1;
        gl.vertexAttribDivisor(a.location, divisor);
      }
    }
    if (indices) state.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices.buffer); // recorded in this vertex array
    const used = buffers.slice(0, layouts.length);
    this.vertexArrays.set(key, { vao, buffers: indices ? [...used, indices] : used });
    return vao;
  }

  /** Deletes what was made for a buffer about to go (its vertex arrays). */
  forgetBuffer(buffer: GlBufferHandle): void {
    for (const [key, entry] of this.vertexArrays) {
      if (!entry.buffers.includes(buffer)) continue;
      this.state.forget(entry.vao);
      this.gl.deleteVertexArray(entry.vao);
      this.vertexArrays.delete(key);
    }
  }

  /** Deletes what was made for a texture about to go: its framebuffer, and its attachment as another's depth. */
  forgetTexture(texture: GlTextureHandle): void {
    const own = this.framebuffers.get(texture);
    if (own) {
      this.state.forget(own.framebuffer);
      this.gl.deleteFramebuffer(own.framebuffer);
      this.framebuffers.delete(texture);
    }
    for (const entry of this.framebuffers.values()) {
      if (entry.depth !== texture) continue;
      this.state.bindFramebuffer(entry.framebuffer);
      this.gl.framebufferTexture2D(
        this.gl.FRAMEBUFFER,
        this.gl.DEPTH_ATTACHMENT,
        this.gl.TEXTURE_2D,
        null,
        0,
      );
      entry.depth = null;
    }
  }

  private readonly ids = new WeakMap<object, number>();
  private nextId = 0;
  private idOf(object: object): number {
    let id = this.ids.get(object);
    if (id === undefined) this.ids.set(object, (id = this.nextId++));
    return id;
  }

  /** From the context's loss (once per loss) to its restore: frames are skipped, `recovered` waits. */
  private beginLoss(): void {
    if (this.lossReported) return;
    this.lossReported = true;
    this.lostAt = performance.now();
    this.recovering = new Promise((resolve) => (this.settle = resolve));
    const wait = this.options.restoreTimeoutMs ?? RESTORE_TIMEOUT_MS;
    if (wait !== Infinity)
      this.restoreTimer = setTimeout(() => {
        if (this.destroyed || this.failure || !this.lossReported) return;
        this.failure = new Error(
          `The WebGL2 context was lost and not restored within ${wait} ms (the browser gave the GPU up, or a driver ` +
            'reset failed). Nothing is drawn any more: reload the page.',
        );
        this.emit('failed', this.failure);
        this.settle();
      }, wait);
    this.emit('lost', { reason: 'context-lost', message: 'webglcontextlost' });
  }

  /** What a fresh or restored context needs before anything is made on it. */
  private start(): void {
    const gl = this.gl;
    this.floatTargets = gl.getExtension('EXT_color_buffer_float') !== null;
    this.options.onDevice?.(this);
    this.emit('native', this);
  }

  /** After `webglcontextrestored`: every live object made again from its handle. */
  private restore(): void {
    clearTimeout(this.restoreTimer);
    if (this.destroyed || this.failure) return; // a loss already given up on stays final
    this.generation++;
    this.state.reset();
    // The old context's framebuffers and vertex arrays went with it.
    this.framebuffers = new Map();
    this.vertexArrays = new Map();
    try {
      this.start();
      void this.realizeAll().then(
        () => {
          this.lossReported = false;
          this.recordRecovery('context-lost', 'webglcontextlost', this.lostAt, 1);
          this.settle();
        },
        (error: unknown) => this.fail(error as Error),
      );
    } catch (error) {
      this.fail(error as Error);
    }
  }

  private fail(error: Error): void {
    this.failure = new Error(
      `The WebGL2 context was restored but its objects could not be made again: ${error.message}. Reload the page.`,
    );
    this.emit('failed', this.failure);
    this.settle();
  }
}

const COMPONENTS = { float32: 1, float32x2: 2, float32x3: 3, float32x4: 4 } as const;
