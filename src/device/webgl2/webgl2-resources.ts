import type { GlState } from './gl-state';
import { compileGlsl } from './compile-glsl';
import { bindUniformBlock } from './gl-uniform-block';
import { assertStd140Compatible } from '../../layout/std140';
import type {
  BindingResource,
  BindingSlot,
  Bindings,
  BufferDesc,
  Bundle,
  ExternalTarget,
  Mipmaps,
  Pipeline,
  PipelineDesc,
  Sampler,
  SamplerFilter,
  SamplerWrap,
  TextureDesc,
  TextureFormat,
} from '../device';
import { bufferOf, byteStartOf, wrapAxes, type Restorable } from '../device-core';
import { BufferHandle, TextureHandle, type HandleHost } from '../handles';
import { pipelineBindings } from '../pipeline-bindings';
import { generateMips } from './webgl2-mips';
import { checkResources } from '../check-resources';

/** What the WebGL2 device's objects and passes need of it (the device implements it; they never import the device). */
export interface GlHost extends HandleHost {
  readonly gl: WebGL2RenderingContext;
  /** Every GL state change goes through it. */
  readonly state: GlState;
  /** Whether rgba16float can be drawn into (EXT_color_buffer_float). */
  readonly floatTargets: boolean;
  sampler(filter: SamplerFilter, wrap?: SamplerWrap, mipmapped?: boolean): GlSampler;
  framebufferFor(color: GlTextureHandle, depth: GlTextureHandle | null): WebGLFramebuffer;
  vertexArray(
    pipeline: GlPipelineHandle,
    buffers: readonly GlBufferHandle[],
    indices: GlBufferHandle | null,
  ): WebGLVertexArrayObject;
  forgetBuffer(buffer: GlBufferHandle): void;
  forgetTexture(texture: GlTextureHandle): void;
}

/** Byte views over the buffers written from, made once per buffer (bufferSubData takes offsets in elements). */
const byteViews = new WeakMap<ArrayBuffer, Uint8Array>();
function byteView(buffer: ArrayBuffer): Uint8Array {
  let view = byteViews.get(buffer);
  if (!view) byteViews.set(buffer, (view = new Uint8Array(buffer)));
  return view;
}

/** The error for what needs compute shaders or indirect draws, which WebGL2 has not. */
export function noCompute(what: string): Error {
  return new Error(
    `WebGL2 has no compute shaders or indirect draws, so no ${what}: check Device.compute first and take another ` +
      'way there (WebGPU has them).',
  );
}

/** A `DeviceBuffer` on WebGL2; made again (its bytes written again) when a lost context is restored. */
export class GlBufferHandle extends BufferHandle<WebGLBuffer> {
  private readonly target: number;

  constructor(
    private readonly device: GlHost,
    desc: BufferDesc,
  ) {
    super(device, desc);
    const gl = device.gl;
    if (desc.usage === 'storage')
      throw new Error(`${desc.label}: a storage buffer is a GlStorageHandle on WebGL2.`);
    if (desc.usage === 'indirect') throw noCompute(`indirect buffer "${desc.label}"`);
    this.target = { uniform: gl.UNIFORM_BUFFER, vertex: gl.ARRAY_BUFFER, index: gl.ELEMENT_ARRAY_BUFFER }[
      desc.usage
    ];
    this.realize();
  }

  get buffer(): WebGLBuffer {
    return this.object;
  }

  protected create(): WebGLBuffer {
    const gl = this.device.gl;
    const buffer = gl.createBuffer();
    this.bind(buffer);
    const hint = this.usage !== 'uniform' && this.restorable ? gl.STATIC_DRAW : gl.DYNAMIC_DRAW;
    gl.bufferData(this.target, this.size, hint);
    return buffer;
  }

  write(offset: number, data: ArrayBuffer | ArrayBufferView, dataOffset = 0, size?: number): void {
    const buffer = bufferOf(data);
    const start = byteStartOf(data);
    this.bind(this.buffer);
    this.device.gl.bufferSubData(
      this.target,
      offset,
      byteView(buffer),
      start + dataOffset,
      size ?? data.byteLength - dataOffset,
    );
  }

  private bind(buffer: WebGLBuffer): void {
    const state = this.device.state;
    // An element array binding is part of the bound vertex array: bind it with none bound.
    if (this.target === this.device.gl.ELEMENT_ARRAY_BUFFER) state.bindVertexArray(null);
    state.bindBuffer(this.target, buffer);
  }

  dispose(): void {
    this.device.forgetBuffer(this);
    this.device.state.forget(this.existing);
    this.device.gl.deleteBuffer(this.existing);
  }
}

/** Texels per row of a storage buffer's image (16 KiB): a 32 MiB buffer fits in the 2048 rows every WebGL2 allows. */
export const STORAGE_ROW = 1024;

/**
 * A storage `DeviceBuffer` on WebGL2, which has no storage buffers: an rgba32uint image of 16 bytes a texel, read by
 * the GLSL twin with texelFetch. The CPU keeps every byte (a write of part of a texel uploads the whole texel), and
 * a write uploads only the rows it touches.
 */
export class GlStorageHandle extends BufferHandle<WebGLTexture> {
  readonly width: number;
  readonly height: number;
  private readonly words: Uint32Array;

  constructor(
    private readonly device: GlHost,
    desc: BufferDesc,
  ) {
    super(device, desc);
    const texels = Math.max(1, Math.ceil(this.size / 16));
    this.width = Math.min(texels, STORAGE_ROW);
    this.height = Math.ceil(texels / this.width);
    if (this.height > device.limits.maxTextureSize)
      throw new RangeError(
        `Storage buffer "${this.label}": ${this.size} bytes need ${this.height} rows of ${STORAGE_ROW * 16} bytes on ` +
          `WebGL2, more than its largest image (${device.limits.maxTextureSize}); use a smaller buffer.`,
      );
    this.words = new Uint32Array(this.width * this.height * 4);
    this.realize();
  }

  get texture(): WebGLTexture {
    return this.object;
  }

  protected create(): WebGLTexture {
    const { gl, state } = this.device;
    const texture = gl.createTexture();
    state.editTexture(texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA32UI, this.width, this.height);
    // An integer image is read texel by texel: with a filter it would be incomplete.
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    // The bytes it held: its image is empty after a loss even without a `restore`.
    this.upload(texture, 0, this.height);
    return texture;
  }

  write(offset: number, data: ArrayBuffer | ArrayBufferView, dataOffset = 0, size?: number): void {
    const bytes = size ?? data.byteLength - dataOffset;
    if (offset % 4 !== 0 || bytes % 4 !== 0 || offset + bytes > this.size)
      throw new RangeError(
        `Storage buffer "${this.label}": a write of ${bytes} bytes at ${offset} is not whole words inside its ` +
          `${this.size} bytes.`,
      );
    const from = byteStartOf(data) + dataOffset;
    new Uint8Array(this.words.buffer).set(new Uint8Array(bufferOf(data), from, bytes), offset);
    const row = STORAGE_ROW * 16;
    this.upload(this.texture, Math.floor(offset / row), Math.ceil((offset + bytes) / row));
  }

  /** Uploads rows `first` … `end` − 1 of the kept bytes. */
  private upload(texture: WebGLTexture, first: number, end: number): void {
    if (end <= first) return;
    const { gl, state } = this.device;
    state.editTexture(texture);
    state.unpackAsIs();
    const rowWords = this.width * 4;
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      0,
      first,
      this.width,
      end - first,
      gl.RGBA_INTEGER,
      gl.UNSIGNED_INT,
      this.words.subarray(first * rowWords, end * rowWords),
    );
  }

  dispose(): void {
    this.device.state.forget(this.existing);
    this.device.gl.deleteTexture(this.existing);
  }
}

/** The WebGL2 sized formats of the engine's texture formats. */
function internalFormat(gl: WebGL2RenderingContext, format: TextureFormat, label: string): number {
  switch (format) {
    case 'rgba8unorm':
      return gl.RGBA8;
    case 'rgba16float':
      return gl.RGBA16F;
    case 'rgba32float':
      return gl.RGBA32F;
    case 'depth24plus':
      return gl.DEPTH_COMPONENT24;
    default:
      throw new Error(`The WebGL2 backend has no texture format "${format}" (${label}).`);
  }
}

/** `desc`, when this WebGL2 can make and draw into its format (an error naming what is missing otherwise). */
function supported(device: GlHost, desc: TextureDesc): TextureDesc {
  internalFormat(device.gl, desc.format, desc.label);
  if (desc.format === 'rgba16float' && !device.floatTargets)
    throw new Error(
      `${desc.label}: drawing into rgba16float needs EXT_color_buffer_float, which this WebGL2 lacks.`,
    );
  return desc;
}

/**
 * A `DeviceTexture` on WebGL2, kept top row first like WebGPU's (passes draw into it y-flipped), so both backends
 * rasterize the same rows; made again (its texels uploaded again) when a lost context is restored.
 */
export class GlTextureHandle extends TextureHandle<WebGLTexture> {
  constructor(
    private readonly device: GlHost,
    desc: TextureDesc,
  ) {
    super(device, supported(device, desc));
    this.realize();
  }

  get texture(): WebGLTexture {
    return this.object;
  }

  protected create(): WebGLTexture {
    const gl = this.device.gl;
    const texture = gl.createTexture();
    this.device.state.editTexture(texture);
    gl.texStorage2D(
      gl.TEXTURE_2D,
      this.mipLevels,
      internalFormat(gl, this.format, this.label),
      this.width,
      this.height,
    );
    if (this.format === 'depth24plus' || this.format === 'rgba32float') {
      // Neither is filterable (32-bit floats without OES_texture_float_linear): a filter would leave it incomplete.
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
      gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
    }
    return texture;
  }

  protected upload(texture: WebGLTexture, pixels: Uint8Array | ImageBitmap, mipmaps: Mipmaps): void {
    const { gl, state } = this.device;
    state.editTexture(texture);
    state.unpackAsIs();
    // Rows go in top first and are read by texel: the texture's row 0 is the image's top, as on WebGPU.
    if (this.format === 'rgba32float') {
      const floats = new Float32Array(
        (pixels as Uint8Array).buffer,
        (pixels as Uint8Array).byteOffset,
        (pixels as Uint8Array).byteLength / 4,
      );
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, this.width, this.height, gl.RGBA, gl.FLOAT, floats);
    } else if (pixels instanceof Uint8Array)
      gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, this.width, this.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    else gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
    if (mipmaps === 'generate') generateMips(gl, state, texture, this.width, this.height, this.mipLevels);
    else
      mipmaps.forEach((level, i) => {
        const [w, h] = this.levelSize(i + 1);
        gl.texSubImage2D(gl.TEXTURE_2D, i + 1, 0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, level);
      });
  }

  /** Its framebuffer now, as every colour texture may be drawn into: the count of GL objects is then the same from
   * the first frame on (a history texture would otherwise get its own only when first drawn). */
  protected override made(): void {
    if (this.format !== 'depth24plus' && this.format !== 'rgba32float')
      this.device.framebufferFor(this, null);
  }

  dispose(): void {
    this.device.forgetTexture(this);
    this.device.state.forget(this.existing);
    this.device.gl.deleteTexture(this.existing);
  }
}

/** A framebuffer the engine does not own (the canvas's default one, an XR layer's), stored bottom row first. */
export class GlExternalTarget implements ExternalTarget {
  readonly kind = 'external';
  constructor(
    readonly label: string,
    public framebuffer: WebGLFramebuffer | null,
    public width: number,
    public height: number,
    readonly format: TextureFormat = 'rgba8unorm',
  ) {}
}

/** The sampler of one filter and wrap; its WebGLSampler made per context. */
export class GlSampler implements Sampler {
  readonly kind = 'sampler';
  private native: WebGLSampler | null = null;
  private generation = -1;
  constructor(
    private readonly device: GlHost,
    readonly filter: SamplerFilter,
    readonly wrap: SamplerWrap,
    readonly mipmapped: boolean,
  ) {}

  get sampler(): WebGLSampler {
    if (this.generation !== this.device.generation || !this.native) {
      const gl = this.device.gl;
      this.generation = this.device.generation;
      const sampler = (this.native = gl.createSampler());
      const mode = this.filter === 'linear' ? gl.LINEAR : gl.NEAREST;
      const min = !this.mipmapped
        ? mode
        : this.filter === 'linear'
          ? gl.LINEAR_MIPMAP_NEAREST
          : gl.NEAREST_MIPMAP_NEAREST;
      gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, min);
      gl.samplerParameteri(sampler, gl.TEXTURE_MAG_FILTER, mode);
      const [s, t] = wrapAxes(this.wrap).map((mode) =>
        mode === 'repeat' ? gl.REPEAT : mode === 'mirror' ? gl.MIRRORED_REPEAT : gl.CLAMP_TO_EDGE,
      );
      gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_S, s!);
      gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_T, t!);
    }
    return this.native;
  }

  dispose(): void {
    if (this.native) this.device.gl.deleteSampler(this.native);
    this.native = null;
  }
}

/** A binding of a program on WebGL2: a uniform block's binding point, or a sampler's texture unit. */
interface GlSlot extends BindingSlot {
  /** The block's binding point (uniforms) or texture unit (textures); -1 for samplers. */
  index: number;
}

const GL_COMPARE = { less: 0x0201, always: 0x0207 } as const; // GL_LESS, GL_ALWAYS

/**
 * A `Pipeline` on WebGL2: the GLSL twin linked (`defines` picking its variant), each uniform block checked against
 * the WGSL struct and bound to a point, each sampler to a unit (numbered in WGSL group/binding order, so pipelines of
 * one module share their numbering), and the fixed-function state it draws with.
 */
export class GlPipelineHandle implements Pipeline, Restorable {
  readonly counted = 'pipelines';
  readonly label: string;
  readonly bindings: readonly GlSlot[];
  readonly groups: number;
  /** What the GL state cache sets for each draw. */
  readonly cull: boolean;
  /** Front faces wind clockwise on screen (a mirrored mesh's pipeline). */
  readonly clockwise: boolean;
  readonly blend: boolean;
  readonly depthTest: boolean;
  readonly depthFunc: number;
  readonly depthWrite: boolean;
  /** The vertex layout, as a key shared by pipelines that read buffers the same way (their vertex arrays are shared). */
  readonly vertexKey: string;
  program!: WebGLProgram;
  /** The fullscreen prelude's target uniforms (see fullscreen.glsl), when the program has them. */
  targetSize: WebGLUniformLocation | null = null;
  flipY: WebGLUniformLocation | null = null;
  /** `armatureBaseInstance`, where the GLSL declares it: an instanced draw's first instance (WGSL counts it in). */
  baseInstance: WebGLUniformLocation | null = null;
  /** The target values last set on this program. */
  lastTarget = { width: -1, height: -1, flip: -1, baseInstance: 0 };
  private generation = -1;

  constructor(
    private readonly device: GlHost,
    readonly desc: PipelineDesc,
  ) {
    this.label = desc.label ?? desc.shader.label;
    let uniforms = 0;
    let textures = 0;
    this.bindings = pipelineBindings(desc).map((slot) => ({
      ...slot,
      index: slot.kind === 'uniform' ? uniforms++ : slot.kind === 'sampler' ? -1 : textures++,
    }));
    for (const slot of this.bindings) if (slot.layout) assertStd140Compatible(slot.layout, slot.structs);
    this.groups = desc.groups ?? Math.max(-1, ...this.bindings.map((b) => b.group)) + 1;
    this.cull = desc.cull === 'back';
    this.clockwise = desc.frontFace === 'cw';
    this.blend = desc.blend === 'alpha';
    this.depthTest = !!desc.depth;
    this.depthFunc = GL_COMPARE[desc.depth?.compare ?? 'always'];
    this.depthWrite = desc.depth?.write ?? false;
    this.vertexKey = JSON.stringify(desc.vertexBuffers ?? []);
    this.realize();
    device.track(this); // only once linked: a program that failed is not made again after a loss
  }

  get linked(): WebGLProgram {
    if (this.destroyed) throw new Error(`Pipeline "${this.label}" was destroyed; it cannot draw.`);
    if (this.generation !== this.device.generation) this.realize();
    return this.program;
  }

  realize(): void {
    const gl = this.device.gl;
    const units: Record<string, number> = {};
    for (const slot of this.bindings)
      if (slot.kind.endsWith('texture') || slot.kind === 'storage') units[slot.name] = slot.index;
    const program = compileGlsl(
      gl,
      this.desc.shader.glsl,
      this.label,
      this.desc.defines ?? [],
      units,
      this.device.state,
    );
    try {
      for (const slot of this.bindings)
        if (slot.layout) bindUniformBlock(gl, program, slot.type, slot.layout, slot.index);
    } catch (error) {
      gl.deleteProgram(program);
      throw new Error(`${this.label}: ${(error as Error).message}`, { cause: error });
    }
    this.generation = this.device.generation;
    this.program = program;
    this.targetSize = gl.getUniformLocation(program, 'armatureTargetSize');
    this.flipY = gl.getUniformLocation(program, 'armatureFlipY');
    this.baseInstance = gl.getUniformLocation(program, 'armatureBaseInstance');
    this.lastTarget = { width: -1, height: -1, flip: -1, baseInstance: 0 };
  }

  dispose(): void {
    this.device.state.forget(this.program);
    this.device.gl.deleteProgram(this.program);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.dispose();
    this.device.untrack(this);
  }
  private destroyed = false;
}

/** A `Bindings` on WebGL2: the buffers and textures to bind at the pipeline's points and units, checked once. */
export class GlBindingsHandle implements Bindings {
  /** Per uniform block: its point, buffer and size; per texture: its unit, texture and sampler. */
  readonly uniforms: { point: number; buffer: GlBufferHandle; size: number }[] = [];
  readonly textures: { unit: number; texture: { texture: WebGLTexture }; sampler: GlSampler }[] = [];
  private destroyed = false;

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.uniforms.length = this.textures.length = 0; // drawing with it after binds nothing: the draw says so
    this.device.objects.bindGroups--;
  }

  constructor(
    private readonly device: GlHost,
    readonly pipeline: GlPipelineHandle,
    readonly group: number,
    resources: Readonly<Record<string, BindingResource>>,
  ) {
    checkResources(pipeline, group, resources);
    device.objects.bindGroups++;
    const slots = pipeline.bindings.filter((b) => b.group === group);
    // GLSL has no separate samplers: a texture is read with the WGSL sampler named after it (`mapSampler` for `map`),
    // else the group's first sampler, else nearest (textureLoad ignores it).
    const first = slots.find((s) => s.kind === 'sampler');
    const fallback = (first && (resources[first.name] as GlSampler)) ?? device.sampler('nearest');
    for (const slot of slots) {
      const resource = resources[slot.name]!;
      if (slot.kind === 'uniform')
        this.uniforms.push({ point: slot.index, buffer: resource as GlBufferHandle, size: slot.size });
      else if (slot.kind === 'storage')
        this.textures.push({
          unit: slot.index,
          texture: resource as GlStorageHandle,
          sampler: device.sampler('nearest'),
        });
      else if (slot.kind !== 'sampler') {
        const sampler = (resources[`${slot.name}Sampler`] as GlSampler | undefined) ?? fallback;
        this.textures.push({ unit: slot.index, texture: resource as GlTextureHandle, sampler });
      }
    }
  }
}

/** WebGL2 has no bundles: a pass encodes the draws again each time. */
export class GlBundleHandle implements Bundle {
  constructor(readonly label: string) {}
}
