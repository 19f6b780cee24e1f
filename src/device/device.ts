// The device layer's contract: the backend-neutral interface every drawing feature is written against once, and the
// plain types it speaks (descriptors, handles, events, counters). `webgpu/` and `webgl2/` implement it.
import type { StructLayout } from '../layout/struct-layout';
import type { WgslBinding } from '../layout/wgsl-bindings';

/** GPU time of one frame: the span from the first pass's start to the last pass's end, and each pass's own span. */
export interface GpuTimes {
  frameMs: number;
  passes: ReadonlyMap<string, number>;
}

/** Live counts of the GPU objects a WebGPU device has made and not yet destroyed or lost to garbage collection. */
export interface GpuResourceCounts {
  buffers: number;
  textures: number;
  bindGroups: number;
  pipelines: number;
}

/** Live counts of the GL objects a WebGL2 context has made and not yet deleted (the twin of `GpuResourceCounts`). */
export interface GlResourceCounts {
  buffers: number;
  textures: number;
  framebuffers: number;
  renderbuffers: number;
  programs: number;
  shaders: number;
  vertexArrays: number;
  samplers: number;
}

/**
 * The GPU objects a device holds now, as the engine counts them (exact, on either backend, cheap to read): every buffer,
 * texture and pipeline made and not destroyed, every bind group not let go of, every sampler kept.
 */
export interface GpuObjectCounts {
  buffers: number;
  textures: number;
  bindGroups: number;
  pipelines: number;
  samplers: number;
}

/** A device's live object counts and the errors its backend reported: what `Device.trackResources` keeps. */
export interface ResourceTracker {
  /** Kept up to date as objects are made and freed (a WebGL2 context's go to 0 when it is lost). */
  readonly counts: GpuResourceCounts | GlResourceCounts;
  /**
   * The errors so far, in the list given to `trackResources`: WebGPU's uncaptured errors as they happen, WebGL2's error
   * flag read (and cleared) now.
   */
  errors(): string[];
}

/**
 * The limits the engine checks sizes against before any GPU call, so a size beyond them is an error naming the object,
 * not a validation error and a blank frame.
 */
export interface DeviceLimits {
  /** Offsets of dynamic uniform bindings are multiples of this. */
  readonly uniformOffsetAlignment: number;
  /** Bytes a uniform binding may have. */
  readonly maxUniformBindingSize: number;
  /** Texels a texture may have on a side (WebGPU's maxTextureDimension2D, WebGL2's MAX_TEXTURE_SIZE). */
  readonly maxTextureSize: number;
  /** Bytes a buffer may have. */
  readonly maxBufferSize: number;
  /** Bytes a storage binding may have (WebGL2: what its integer image of a storage buffer holds). */
  readonly maxStorageBindingSize: number;
}

/** The two GPU APIs Armature draws with. */
export type BackendName = 'webgpu' | 'webgl2';

/**
 * The texture formats the engine draws into and samples (bgra8unorm only as a WebGPU canvas or XR layer; rgba32float
 * only as data a shader reads texel by texel, `textureLoad`/`texelFetch`, bound as `PipelineDesc.dataTextures`).
 */
export type TextureFormat = 'rgba8unorm' | 'bgra8unorm' | 'rgba16float' | 'rgba32float' | 'depth24plus';

/** A texture to make: its size, format and, for images, its texels. */
export interface TextureDesc {
  label: string;
  format: TextureFormat;
  width: number;
  height: number;
  /**
   * Its texels, uploaded now and again after a device loss (kept by reference): RGBA8 bytes top row first (for
   * rgba32float the bytes of four floats a texel), or a decoded image (uploaded as it is: no premultiplied alpha, no
   * colour-space conversion).
   */
  pixels?: Uint8Array | ImageBitmap;
  /**
   * Its smaller mip levels as RGBA8 bytes, top row first: level 1 half the size (rounded down, at least 1), and so on
   * (kept by reference with the texels); or `'generate'`: every level down to 1×1 drawn on the GPU from the one above
   * (2×2 rounded means, the same bytes on both backends), after each upload. None: one level.
   */
  mipmaps?: Mipmaps;
}

/** A texture's smaller mip levels: given as bytes, or generated on the GPU (see `TextureDesc.mipmaps`). */
export type Mipmaps = readonly Uint8Array[] | 'generate';

/**
 * A texture the device made: a render target, an image to sample, or both. The handle stays valid across device
 * losses: its GPU object is made again (and its `pixels` uploaded again) with the new device.
 */
export interface DeviceTexture {
  readonly kind: 'texture';
  readonly label: string;
  readonly format: TextureFormat;
  readonly width: number;
  readonly height: number;
  /** How many mip levels it has (1: none but the image). */
  readonly mipLevels: number;
  /**
   * Replaces every texel (RGBA8 top row first, or an image of the same size) and the smaller levels, as many as it
   * has; kept, so a loss restores them.
   */
  write(pixels: Uint8Array | ImageBitmap, mipmaps?: Mipmaps): void;
  destroy(): void;
}

/** An image the device does not own that passes draw into: the canvas this frame, a view of an XR layer. */
export interface ExternalTarget {
  readonly kind: 'external';
  readonly label: string;
  readonly format: TextureFormat;
  readonly width: number;
  readonly height: number;
}

/** What a pass draws into (and, for device textures, what a later pass reads). */
export type RenderTarget = DeviceTexture | ExternalTarget;

/**
 * What a buffer is bound as. `storage`: read by shaders as a `var<storage, read>` array (and written by compute shaders
 * as `var<storage, read_write>`); WebGL2 keeps it as an rgba32uint image, bytes 16 i … 16 i + 15 in texel i counted row
 * by row, which the GLSL twin declares as `uniform highp usampler2D` named after the WGSL variable and reads with
 * texelFetch (the row width is its textureSize). `indirect`: the arguments of indirect draws, which a compute shader
 * writes as a `var<storage, read_write>` array (WebGPU only: see `Device.compute`).
 */
export type BufferUsage = 'uniform' | 'storage' | 'vertex' | 'index' | 'indirect';

/** A buffer to make. */
export interface BufferDesc {
  label: string;
  /** Bytes; rounded up to a multiple of 4. */
  size: number;
  usage: BufferUsage;
  /**
   * Its bytes as the CPU keeps them, written again after a device loss (write the first ones yourself). Omit for
   * data rewritten every frame.
   */
  restore?: () => ArrayBuffer | ArrayBufferView;
}

/** A buffer the device made; valid across device losses (made again, its `restore` bytes written again). */
export interface DeviceBuffer {
  readonly label: string;
  readonly size: number;
  readonly usage: BufferUsage;
  /** Copies `size` bytes of `data` from byte `dataOffset` to byte `offset` (sizes and offsets multiples of 4). */
  write(offset: number, data: ArrayBuffer | ArrayBufferView, dataOffset?: number, size?: number): void;
  destroy(): void;
}

/** How a texture is filtered when sampled (`textureLoad` ignores it). */
export type SamplerFilter = 'nearest' | 'linear';

/** What a sampler reads outside 0…1 along one axis: the edge texels, the texture again, or it mirrored. */
export type WrapMode = 'clamp' | 'repeat' | 'mirror';

/** One wrap mode for both axes, or `'u v'` for each (`'repeat clamp'`: tiled across, stretched down). */
export type SamplerWrap = WrapMode | `${WrapMode} ${WrapMode}`;

/** A sampler the device keeps (one per filter, wrap and mip use). */
export interface Sampler {
  readonly kind: 'sampler';
  readonly filter: SamplerFilter;
  readonly wrap: SamplerWrap;
  /** Reads the nearest mip level to the footprint (`filter` within it); off: level 0 only. */
  readonly mipmapped: boolean;
}

/** A shader in both backends' languages: the WGSL module and its GLSL ES 3.00 twin (one source, both stages). */
export interface ShaderPair {
  readonly label: string;
  readonly wgsl: string;
  readonly glsl: string;
}

/** How a vertex attribute is stored: one to four 32-bit floats. */
export type VertexFormat = 'float32' | 'float32x2' | 'float32x3' | 'float32x4';

/**
 * One vertex buffer's layout: its stride and attributes, stepped per vertex or per instance. Stride 0 with instance
 * steps: one value read by every instance of every draw.
 */
export interface VertexBufferLayout {
  stride: number;
  step?: 'vertex' | 'instance';
  attributes: readonly { location: number; offset: number; format: VertexFormat }[];
}

/**
 * A pipeline to make from a shader pair. Its bindings are read from the WGSL (`@group @binding var`); the GLSL twin
 * names each uniform block after the WGSL struct type and each sampler after the WGSL variable, and WebGL2 checks each
 * block's offsets against the WGSL struct when it links.
 */
export interface PipelineDesc {
  shader: ShaderPair;
  label?: string;
  /** WGSL entry points (default `vs` and `fs`); the GLSL twin picks its variant by `defines` instead. */
  vertexEntry?: string;
  fragmentEntry?: string;
  defines?: readonly string[];
  vertexBuffers?: readonly VertexBufferLayout[];
  /** The colour target's format. */
  format: TextureFormat;
  /**
   * Formats of further colour targets the fragment stage writes (`@location(1)`, `@location(2)`, …; in GLSL
   * `layout(location = n) out`), drawn in passes that give the same targets as `PassDesc.extra`. Never blended.
   */
  extraFormats?: readonly TextureFormat[];
  /** Straight alpha over what is there. */
  blend?: 'alpha';
  /** Cull back faces; default none. */
  cull?: 'back';
  /** Which winding is a front face, as drawn on screen (default counter-clockwise; `cw` draws mirrored meshes). */
  frontFace?: 'ccw' | 'cw';
  /** A depth24plus attachment, tested and optionally written. */
  depth?: { write: boolean; compare: 'less' | 'always' };
  /** Uniform variables bound with a dynamic offset (one slot of a larger buffer per draw). */
  dynamic?: readonly string[];
  /** Texture variables given rgba32float data, read texel by texel (never filtered, so no sampler reads them). */
  dataTextures?: readonly string[];
  /** How many bind groups (from 0) the pipeline uses; default every group the WGSL declares. */
  groups?: number;
}

/** A pipeline's binding as both devices bind it: the WGSL variable, and for a uniform its struct. */
export interface BindingSlot extends WgslBinding {
  /** A uniform's struct, laid out by the WGSL rules; null for textures and samplers. */
  layout: StructLayout | null;
  /** Every struct of the module by name (a uniform's nested structs are among them). */
  structs: ReadonlyMap<string, StructLayout>;
  /** Bytes bound for a uniform: its struct rounded up to 16 (what WGSL and std140 read); 0 otherwise. */
  size: number;
  /** Bound with a dynamic offset per draw. */
  dynamic: boolean;
  /** A texture of 32-bit float data (`PipelineDesc.dataTextures`): bound as unfilterable. */
  data: boolean;
}

/** A pipeline the device made; valid across device losses. */
export interface Pipeline {
  readonly label: string;
  /** The WGSL resource variables of its groups, by group then binding. */
  readonly bindings: readonly BindingSlot[];
  /** Frees it (it is not made again after a loss); drawing with it after is an error. */
  destroy(): void;
}

/** A compute shader to make (WGSL alone: WebGL2 has none, see `Device.compute`). */
export interface ComputeDesc {
  label: string;
  wgsl: string;
  /** Its entry point (default `main`). */
  entry?: string;
}

/** A compute pipeline the device made; valid across device losses. */
export interface ComputePipeline {
  readonly kind: 'compute';
  readonly label: string;
  /** The WGSL resource variables of its groups, by group then binding. */
  readonly bindings: readonly BindingSlot[];
}

/** A resource given to a binding: a uniform buffer, a texture to read, or a sampler. */
export type BindingResource = DeviceBuffer | DeviceTexture | Sampler;

/** One bind group of a pipeline, filled: made once, set per draw. Valid across device losses. */
export interface Bindings {
  readonly pipeline: Pipeline | ComputePipeline;
  readonly group: number;
  /** Lets go of the bind group (one not needed any more: its images changed, its buffer grew); using it after is an error. */
  destroy(): void;
}

/** Recorded draws replayed as one command where the backend can (WebGPU render bundles). */
export interface Bundle {
  readonly label: string;
}

/** What a pass draws into and how it starts: cleared (when a clear value is given) or over what is there. */
export interface PassDesc {
  label: string;
  color: RenderTarget;
  /** Further colour targets (locations 1, 2, …), each cleared to `clear` (RGBA) or kept; device textures only. */
  extra?: readonly { target: RenderTarget; clear?: ArrayLike<number> }[];
  /** RGBA; omit to draw over the target's contents. A clear covers the whole attachment on both backends. */
  clearColor?: ArrayLike<number>;
  depth?: RenderTarget;
  clearDepth?: number;
  /** Measure the pass's GPU time under its label, where the backend can. */
  timed?: boolean;
}

/** Draw commands, into a pass or into a bundle. */
export interface DrawEncoder {
  setPipeline(pipeline: Pipeline): void;
  setBindings(group: number, bindings: Bindings, dynamicOffset?: number): void;
  setVertexBuffer(slot: number, buffer: DeviceBuffer, size?: number): void;
  setIndexBuffer(buffer: DeviceBuffer, format: 'uint16' | 'uint32'): void;
  draw(vertexCount: number, instanceCount?: number): void;
  /**
   * Draws `instanceCount` instances of the indexed triangles, numbered from `firstInstance` (WGSL's `instance_index`;
   * GLSL twins read `gl_InstanceID + armatureBaseInstance`, a uniform the WebGL2 device sets when declared).
   */
  drawIndexed(indexCount: number, instanceCount?: number, firstInstance?: number): void;
  /**
   * Draws indexed triangles with the five arguments (`drawIndexed`'s: index count, instance count, first index, base
   * vertex, first instance; 32-bit each) at byte `offset` of an `indirect` buffer, as the GPU holds them when the draw
   * runs: a compute shader can have written them. WebGPU only (`Device.compute`).
   */
  drawIndexedIndirect(buffer: DeviceBuffer, offset: number): void;
}

/** An open pass: draws into its targets until `end()`. */
export interface PassEncoder extends DrawEncoder {
  /**
   * The matrix from WebGPU's clip space (depth 0…1) into this target's, or null where they are the same. A camera's
   * projection is multiplied by it (WebGL2: depth −1…1, and its textures kept top row first by drawing them y-flipped).
   */
  readonly clipTransform: Float32Array | null;
  /** A region of the targets in texels, origin at the top left (as WebGPU measures it). */
  setViewport(x: number, y: number, width: number, height: number): void;
  /** Draws only inside this region (texels, origin at the top left) until the pass ends; clears are not cut. */
  setScissor(x: number, y: number, width: number, height: number): void;
  /**
   * Replays `bundle`, recording it first by calling `record` when asked to (`rerecord`) or when it has no recording
   * for this device and these targets. Returns whether it recorded. A backend without bundles calls `record` on the
   * pass itself every time and returns false.
   */
  executeBundle(bundle: Bundle, rerecord: boolean, record: (encoder: DrawEncoder) => void): boolean;
  end(): void;
}

/** One device (WebGPU) or context (WebGL2) loss a device came back from: why it went, and how long the rebuild took. */
export interface DeviceRecovery {
  reason: string;
  message: string;
  /** From the loss being reported to every GPU object being made again. */
  ms: number;
  /** Devices tried before one held (1 unless a new device was itself lost while building). */
  attempts: number;
}

/** What a device tells about its losses. */
export interface DeviceEvents {
  /** A new underlying device or context exists, before anything is made on it (the first one too). */
  native: Device;
  /** The device was lost; frames are skipped until it is restored. */
  lost: { reason: string; message: string };
  /** Every GPU object was made again on a new device or context. */
  restored: DeviceRecovery;
  /** No working device could be had after a loss: nothing is drawn from then on. */
  failed: Error;
}

/**
 * The small backend-neutral GPU interface every drawing feature is written against once: buffers, textures,
 * samplers, pipelines from a shader pair, bindings with dynamic offsets, passes (viewport, bundles, timing), copies and
 * readback. Implemented by `WebGpuDevice` and `WebGl2Device`. Every object it makes survives a device loss: the device
 * makes its GPU object again on the new device, so what the engine and the user hold stays valid.
 */
export interface Device {
  readonly backend: BackendName;
  /** What this GPU allows; every size is checked against it before the GPU sees it (see `DeviceLimits`). */
  readonly limits: DeviceLimits;
  /** The GPU as the backend names it (adapter vendor and architecture, or the GL renderer string). */
  readonly adapter: string;
  /** True between a loss and the end of its recovery. */
  readonly lost: boolean;
  /** Set when recovery failed for good: why nothing is drawn any more. */
  readonly failure: Error | null;
  /** Every loss survived, oldest first. */
  readonly recoveries: readonly DeviceRecovery[];
  /** Resolves once any recovery in progress has finished (at once when the device is fine). */
  readonly recovered: Promise<void>;
  /** Per-pass GPU times of a recent frame where the backend measures them (WebGPU with timestamp-query), else null. */
  readonly gpuTimes: GpuTimes | null;
  /** The GPU objects it holds now (kept up to date as they are made and freed; all 0 once it is destroyed). */
  readonly objects: Readonly<GpuObjectCounts>;
  /** Whether it runs compute shaders and indirect draws (WebGPU); without, those calls throw. */
  readonly compute: boolean;
  /**
   * Whether an indirect draw may start at a first instance other than 0 (WebGPU's `indirect-first-instance`, asked
   * for where the adapter has it); without, such a draw draws nothing.
   */
  readonly indirectFirstInstance: boolean;

  createBuffer(desc: BufferDesc): DeviceBuffer;
  createTexture(desc: TextureDesc): DeviceTexture;
  sampler(filter: SamplerFilter, wrap?: SamplerWrap, mipmapped?: boolean): Sampler;
  /** Compiles and links without stalling the page where the backend can; a shader error rejects with its lines. */
  createPipeline(desc: PipelineDesc): Promise<Pipeline>;
  /** The same, at once (a one-off stall): for a pipeline first needed mid-frame. */
  createPipelineNow(desc: PipelineDesc): Pipeline;
  /** Compiles a compute pipeline; a shader error rejects with its lines. WebGPU only (`compute`). */
  createComputePipeline(desc: ComputeDesc): Promise<ComputePipeline>;
  /** Fills bind group `group` of `pipeline`, each resource named by its WGSL variable. */
  createBindings(
    pipeline: Pipeline | ComputePipeline,
    group: number,
    resources: Readonly<Record<string, BindingResource>>,
  ): Bindings;
  createBundle(label: string): Bundle;

  /** Starts a frame (GPU timing restarts). */
  beginFrame(): void;
  beginPass(desc: PassDesc): PassEncoder;
  /**
   * Runs `pipeline` over `workgroups` workgroups (x, or x, y and z) in a compute pass of its own, its groups bound from
   * 0 by `bindings`, before the passes begun after it; `timed` measures it under `label` where the backend can. WebGPU
   * only (`compute`).
   */
  dispatch(
    label: string,
    pipeline: ComputePipeline,
    bindings: readonly Bindings[],
    workgroups: number | readonly [number, number, number],
    timed?: boolean,
  ): void;
  /** Copies the top-left `width`×`height` texels of `source` into `target` (same format). */
  copyTexture(source: DeviceTexture, target: DeviceTexture, width: number, height: number): void;
  /** Sends what was recorded since the last submit to the GPU (and, ending a frame, reads its GPU times). */
  submit(): void;
  /** Drops what was recorded since the last submit, an open pass included: after an error thrown mid-frame. */
  abort(): void;
  /** The canvas's image for this frame (the device must have been made with a canvas). */
  canvasTarget(): ExternalTarget;
  /** Resolves once the GPU has done the work submitted so far. */
  finished(): Promise<void>;
  /** A target's texels as RGBA8, top row first (8-bit formats; the canvas right after the frame that drew it). */
  readPixels(target: RenderTarget): Promise<Uint8Array>;
  /**
   * An `indirect` buffer's bytes as the GPU holds them after the work submitted so far (what a compute pass counted
   * there). WebGPU only (`compute`).
   */
  readBuffer(buffer: DeviceBuffer): Promise<Uint8Array>;

  on<K extends keyof DeviceEvents>(event: K, listener: (value: DeviceEvents[K]) => void): () => void;
  /**
   * Starts counting the live objects of the underlying GPU device or GL context, and collecting its errors into
   * `errors` (one list for a device and its replacements): call it from `onDevice`, before anything is made. Asked
   * again for the same underlying device or context, it gives the same tracker.
   */
  trackResources(errors?: string[]): ResourceTracker;
  /** Loses the device (WebGPU) or the context (WebGL2) as a real fault would; recovery follows by itself. */
  simulateLoss(): void;
  /** Frees every GPU object the device made and stops recovering. */
  destroy(): void;
}
