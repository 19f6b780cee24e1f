import type { GpuContext } from './request-gpu';
import type {
  BindingResource,
  BindingSlot,
  Bindings,
  BufferDesc,
  Bundle,
  ComputeDesc,
  ComputePipeline,
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
import { checkResources } from '../check-resources';
import { bufferOf, byteStartOf, wrapAxes, type Restorable } from '../device-core';
import { BufferHandle, TextureHandle, texelBytes, type HandleHost } from '../handles';
import { computeBindings, pipelineBindings } from '../pipeline-bindings';
import { generateMips } from './webgpu-mips';

/** What the WebGPU device's objects and passes need of it (the device implements it; they never import the device). */
export interface GpuHost extends HandleHost {
  /** The GPU device in use now. */
  readonly gpu: GpuContext;
  /** The module of `code` on the current device, made once. */
  shaderModule(code: string, label: string): GPUShaderModule;
  /** The module once the compiler accepted it (a `WgslCompileError` with the offending lines otherwise). */
  checkedShaderModule(code: string, label: string): Promise<GPUShaderModule>;
  /** One layout per distinct list of entries on the current device. */
  bindGroupLayout(entries: GPUBindGroupLayoutEntry[]): GPUBindGroupLayout;
}

// GPUBufferUsage by value; indirect arguments are written by compute shaders (STORAGE) and read back (COPY_SRC).
const BUFFER_USAGE = {
  uniform: 0x0040,
  storage: 0x0080,
  vertex: 0x0020,
  index: 0x0010,
  indirect: 0x0100 | 0x0080 | 0x0004,
} as const;
const COPY_DST = 0x0008;
/** Every texture can be drawn into, sampled and copied: the graph's and images alike. */
const TEXTURE_USAGE = 0x10 | 0x04 | 0x01 | 0x02; // RENDER_ATTACHMENT | TEXTURE_BINDING | COPY_SRC | COPY_DST

/** A `DeviceBuffer` on WebGPU: its GPUBuffer made again (and its bytes written again) after a loss. */
export class GpuBufferHandle extends BufferHandle<GPUBuffer> {
  constructor(
    private readonly device: GpuHost,
    desc: BufferDesc,
  ) {
    super(device, desc);
    this.realize();
  }

  get buffer(): GPUBuffer {
    return this.object;
  }

  protected create(): GPUBuffer {
    return this.device.gpu.device.createBuffer({
      label: this.label,
      size: this.size,
      usage: BUFFER_USAGE[this.usage] | COPY_DST,
    });
  }

  write(offset: number, data: ArrayBuffer | ArrayBufferView, dataOffset = 0, size?: number): void {
    const buffer = bufferOf(data);
    const start = byteStartOf(data);
    const bytes = size ?? data.byteLength - dataOffset;
    const queue = this.device.gpu.device.queue;
    if (bytes % 4 === 0) queue.writeBuffer(this.buffer, offset, buffer, start + dataOffset, bytes);
    else {
      // writeBuffer copies whole words: an odd count of 16-bit indices ends with a padded word.
      const padded = new Uint8Array(Math.ceil(bytes / 4) * 4);
      padded.set(new Uint8Array(buffer, start + dataOffset, bytes));
      queue.writeBuffer(this.buffer, offset, padded);
    }
  }

  dispose(): void {
    this.existing.destroy();
  }
}

/** A `DeviceTexture` on WebGPU: made again (its texels uploaded again) after a loss; its default view made once. */
export class GpuTextureHandle extends TextureHandle<GPUTexture> {
  private nativeView!: GPUTextureView;

  constructor(
    private readonly device: GpuHost,
    desc: TextureDesc,
  ) {
    super(device, desc);
    this.realize();
  }

  get texture(): GPUTexture {
    return this.object;
  }

  get view(): GPUTextureView {
    void this.object; // made for the current device first
    return this.nativeView;
  }

  protected create(): GPUTexture {
    const texture = this.device.gpu.device.createTexture({
      label: this.label,
      format: this.format,
      size: [this.width, this.height],
      mipLevelCount: this.mipLevels,
      usage: TEXTURE_USAGE,
    });
    this.nativeView = texture.createView();
    return texture;
  }

  protected upload(texture: GPUTexture, pixels: Uint8Array | ImageBitmap, mipmaps: Mipmaps): void {
    const queue = this.device.gpu.device.queue;
    const size = [this.width, this.height];
    if (pixels instanceof Uint8Array)
      queue.writeTexture({ texture }, pixels, { bytesPerRow: this.width * texelBytes(this.format) }, size);
    else queue.copyExternalImageToTexture({ source: pixels }, { texture, premultipliedAlpha: false }, size);
    if (mipmaps === 'generate') generateMips(this.device.gpu.device, texture);
    else
      mipmaps.forEach((level, i) => {
        const [w, h] = this.levelSize(i + 1);
        queue.writeTexture({ texture, mipLevel: i + 1 }, level, { bytesPerRow: w * 4 }, [w, h]);
      });
  }

  dispose(): void {
    this.existing.destroy();
  }
}

/** An image WebGPU gives the engine each frame (the canvas's texture, a view of an XR layer). */
export class GpuExternalTarget implements ExternalTarget {
  readonly kind = 'external';
  constructor(
    readonly label: string,
    public format: TextureFormat,
    public width: number,
    public height: number,
    /** The texture behind it (for copies and readback) and the view drawn into. */
    public texture: GPUTexture | null,
    public view: GPUTextureView | null,
  ) {}
}

/** The sampler of one filter and wrap; its GPUSampler made per device. */
export class GpuSampler implements Sampler {
  readonly kind = 'sampler';
  private native: GPUSampler | null = null;
  private generation = -1;
  constructor(
    private readonly device: GpuHost,
    readonly filter: SamplerFilter,
    readonly wrap: SamplerWrap,
    readonly mipmapped: boolean,
  ) {}

  get sampler(): GPUSampler {
    if (this.generation !== this.device.generation || !this.native) {
      this.generation = this.device.generation;
      const [u, v] = wrapAxes(this.wrap);
      this.native = this.device.gpu.device.createSampler({
        label: `${this.filter} ${this.wrap}${this.mipmapped ? ' mipmapped' : ''} sampler`,
        magFilter: this.filter,
        minFilter: this.filter,
        mipmapFilter: 'nearest',
        ...(this.mipmapped ? {} : { lodMaxClamp: 0 }),
        addressModeU: GPU_ADDRESS[u],
        addressModeV: GPU_ADDRESS[v],
      });
    }
    return this.native;
  }
}

const GPU_ADDRESS = { clamp: 'clamp-to-edge', repeat: 'repeat', mirror: 'mirror-repeat' } as const;

const VISIBLE = 0x1 | 0x2; // GPUShaderStage.VERTEX | FRAGMENT
const COMPUTE = 0x4; // GPUShaderStage.COMPUTE

/** A `Pipeline` on WebGPU: explicit bind group layouts from the WGSL bindings (shared, so groups fit any pipeline). */
export class GpuPipelineHandle implements Pipeline, Restorable {
  readonly counted = 'pipelines';
  readonly label: string;
  readonly bindings: readonly BindingSlot[];
  layouts: GPUBindGroupLayout[] = [];
  private native: GPURenderPipeline | null = null;
  private generation = -1;

  constructor(
    private readonly device: GpuHost,
    private readonly desc: PipelineDesc,
  ) {
    this.label = desc.label ?? desc.shader.label;
    this.bindings = pipelineBindings(desc);
    device.track(this);
  }

  get pipeline(): GPURenderPipeline {
    if (this.destroyed) throw new Error(`Pipeline "${this.label}" was destroyed; it cannot draw.`);
    if (this.generation !== this.device.generation || !this.native) this.realize();
    return this.native!;
  }

  realize(): void {
    const module = this.device.shaderModule(this.desc.shader.wgsl, this.desc.shader.label);
    this.native = this.device.gpu.device.createRenderPipeline(this.descriptor(module));
  }

  async realizeAsync(): Promise<void> {
    const module = await this.device.checkedShaderModule(this.desc.shader.wgsl, this.desc.shader.label);
    this.native = await this.device.gpu.device.createRenderPipelineAsync(this.descriptor(module));
  }

  private descriptor(module: GPUShaderModule): GPURenderPipelineDescriptor {
    const d = this.desc;
    const device = this.device.gpu.device;
    this.generation = this.device.generation;
    const groups = d.groups ?? Math.max(-1, ...this.bindings.map((b) => b.group)) + 1;
    this.layouts = groupLayouts(this.device, this.bindings, groups, VISIBLE);
    return {
      label: this.label,
      layout: device.createPipelineLayout({ label: this.label, bindGroupLayouts: this.layouts }),
      vertex: {
        module,
        entryPoint: d.vertexEntry ?? 'vs',
        buffers: (d.vertexBuffers ?? []).map((b) => ({
          arrayStride: b.stride,
          stepMode: b.step ?? 'vertex',
          attributes: b.attributes.map((a) => ({
            shaderLocation: a.location,
            offset: a.offset,
            format: a.format,
          })),
        })),
      },
      fragment: {
        module,
        entryPoint: d.fragmentEntry ?? 'fs',
        targets: [
          {
            format: d.format,
            ...(d.blend
              ? {
                  blend: {
                    color: { srcFactor: 'src-alpha', dstFactor: 'one-minus-src-alpha' },
                    alpha: { srcFactor: 'one', dstFactor: 'one-minus-src-alpha' },
                  },
                }
              : {}),
          },
          ...(d.extraFormats ?? []).map((format) => ({ format })),
        ],
      },
      primitive: { topology: 'triangle-list', cullMode: d.cull ?? 'none', frontFace: d.frontFace ?? 'ccw' },
      ...(d.depth
        ? {
            depthStencil: {
              format: 'depth24plus',
              depthWriteEnabled: d.depth.write,
              depthCompare: d.depth.compare,
            },
          }
        : {}),
    };
  }

  dispose(): void {
    this.native = null;
  }

  destroy(): void {
    this.destroyed = true;
    this.dispose();
    this.device.untrack(this);
  }
  private destroyed = false;
}

/**
 * A `ComputePipeline` on WebGPU, made again after a loss; its bind group layouts from its WGSL, seen by the compute
 * stage.
 */
export class GpuComputeHandle implements ComputePipeline, Restorable {
  readonly kind = 'compute';
  readonly counted = 'pipelines';
  readonly label: string;
  readonly bindings: readonly BindingSlot[];
  layouts: GPUBindGroupLayout[] = [];
  private native: GPUComputePipeline | null = null;
  private generation = -1;

  constructor(
    private readonly device: GpuHost,
    private readonly desc: ComputeDesc,
  ) {
    this.label = desc.label;
    this.bindings = computeBindings(desc);
    device.track(this);
  }

  get pipeline(): GPUComputePipeline {
    if (this.generation !== this.device.generation || !this.native) this.realize();
    return this.native!;
  }

  realize(): void {
    this.native = this.device.gpu.device.createComputePipeline(
      this.descriptor(this.device.shaderModule(this.desc.wgsl, this.label)),
    );
  }

  /** Made with its shader checked first: an error names its lines. */
  async realizeAsync(): Promise<void> {
    const module = await this.device.checkedShaderModule(this.desc.wgsl, this.label);
    this.native = await this.device.gpu.device.createComputePipelineAsync(this.descriptor(module));
  }

  private descriptor(module: GPUShaderModule): GPUComputePipelineDescriptor {
    const device = this.device.gpu.device;
    this.generation = this.device.generation;
    const groups = Math.max(-1, ...this.bindings.map((b) => b.group)) + 1;
    this.layouts = groupLayouts(this.device, this.bindings, groups, COMPUTE);
    return {
      label: this.label,
      layout: device.createPipelineLayout({ label: this.label, bindGroupLayouts: this.layouts }),
      compute: { module, entryPoint: this.desc.entry ?? 'main' },
    };
  }

  dispose(): void {
    this.native = null;
  }
}

/** The bind group layouts of groups 0 … `groups` − 1, seen by the stages `visibility`. */
function groupLayouts(
  device: GpuHost,
  bindings: readonly BindingSlot[],
  groups: number,
  visibility: number,
): GPUBindGroupLayout[] {
  return Array.from({ length: groups }, (_, group) =>
    device.bindGroupLayout(bindings.filter((b) => b.group === group).map((b) => layoutEntry(b, visibility))),
  );
}

function layoutEntry(slot: BindingSlot, visibility: number): GPUBindGroupLayoutEntry {
  const entry = { binding: slot.binding, visibility };
  switch (slot.kind) {
    case 'uniform':
      return {
        ...entry,
        buffer: { type: 'uniform', hasDynamicOffset: slot.dynamic, minBindingSize: slot.size },
      };
    case 'storage':
      return { ...entry, buffer: { type: 'read-only-storage' } };
    case 'storage-rw':
      return { ...entry, buffer: { type: 'storage' } };
    case 'texture':
      return { ...entry, texture: { sampleType: slot.data ? 'unfilterable-float' : 'float' } };
    case 'depth-texture':
      return { ...entry, texture: { sampleType: 'depth' } };
    case 'sampler':
      return { ...entry, sampler: { type: 'filtering' } };
  }
}

/** A `Bindings` on WebGPU: the bind group, made again after a loss. */
export class GpuBindingsHandle implements Bindings, Restorable {
  private native: GPUBindGroup | null = null;
  private generation = -1;
  private destroyed = false;
  constructor(
    private readonly device: GpuHost,
    readonly pipeline: GpuPipelineHandle | GpuComputeHandle,
    readonly group: number,
    private readonly resources: Readonly<Record<string, BindingResource>>,
  ) {
    checkResources(pipeline, group, resources);
    this.realize();
    device.objects.bindGroups++;
  }

  get bindGroup(): GPUBindGroup {
    if (this.destroyed)
      throw new Error(`Bindings "${this.pipeline.label}" group ${this.group} were destroyed.`);
    if (this.generation !== this.device.generation || !this.native) this.realize();
    return this.native!;
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.native = null; // the bind group goes with its last reference
    this.device.objects.bindGroups--;
  }

  realize(): void {
    void this.pipeline.pipeline; // made for this device first: its bind group layouts come with it
    const layout = this.pipeline.layouts[this.group]!;
    this.generation = this.device.generation;
    this.native = this.device.gpu.device.createBindGroup({
      label: `${this.pipeline.label} group ${this.group}`,
      layout,
      entries: this.pipeline.bindings
        .filter((b) => b.group === this.group)
        .map((slot) => {
          const resource = this.resources[slot.name]!;
          if (slot.kind === 'uniform')
            return {
              binding: slot.binding,
              resource: { buffer: (resource as GpuBufferHandle).buffer, offset: 0, size: slot.size },
            };
          if (slot.kind === 'storage' || slot.kind === 'storage-rw')
            return { binding: slot.binding, resource: { buffer: (resource as GpuBufferHandle).buffer } };
          if (slot.kind === 'sampler')
            return { binding: slot.binding, resource: (resource as GpuSampler).sampler };
          return { binding: slot.binding, resource: (resource as GpuTextureHandle).view };
        }),
    });
  }

  dispose(): void {
    this.native = null;
  }
}

/** A `Bundle` on WebGPU: a render bundle, recorded for one device and one set of target formats. */
export class GpuBundleHandle implements Bundle {
  native: GPURenderBundle | null = null;
  generation = -1;
  colorFormats: GPUTextureFormat[] = [];
  depthFormat: GPUTextureFormat | undefined = undefined;
  /** The one-element list `executeBundles` takes, made once. */
  readonly list: GPURenderBundle[] = [];
  constructor(readonly label: string) {}
}
