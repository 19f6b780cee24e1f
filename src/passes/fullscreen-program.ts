import vertex from '../../wgsl/passes/fullscreen.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import { structLayout } from '../gpu/struct-layout';
import type { FieldWriter } from '../gpu/struct-writer';
import type { PassIO } from '../graph/render-graph';
import type { GpuFrame } from './gpu-frame';
import { ParamsBlock } from './params-block';
import type { PostBackend, PostProgram } from './post-program';
import { viewOf } from './view-of';

/**
 * The bind-group cache: a path of weak maps, one step per input texture (no key strings). It holds the groups of one
 * compiled graph only (at most two: a history input alternates), so after any toggle or resize the live bind groups
 * are exactly those the current plan uses.
 */
interface GroupNode {
  readonly next: WeakMap<GPUTexture, GroupNode>;
  group?: GPUBindGroup;
}

/**
 * A full-screen fragment shader with the bindings every post pass uses: `params` (its `Params` struct) at binding 0,
 * an optional sampler at 1, its textures from 2 on. Bind groups are cached per list of input textures.
 */
export class FullscreenProgram implements PostProgram<GpuFrame, GPUTexture> {
  private readonly params: ParamsBlock;
  private readonly uniform: GPUBuffer;
  private groups: GroupNode = { next: new WeakMap() };
  /** The compiled graph the cached groups belong to: the graph makes a new PassIO each time it compiles. */
  private io: PassIO<GPUTexture> | null = null;
  private readonly sampler: GPUSampler | null;

  private constructor(
    private readonly device: GPUDevice,
    private readonly pipeline: GPURenderPipeline,
    readonly label: string,
    paramsLayout: ReturnType<typeof structLayout>,
    filter: GPUFilterMode | null,
  ) {
    this.params = new ParamsBlock(paramsLayout);
    this.uniform = device.createBuffer({
      label,
      size: this.params.data.bytes.byteLength,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    this.sampler = filter ? device.createSampler({ label, magFilter: filter, minFilter: filter }) : null;
  }

  /** `fragment` must declare `struct Params` and an `fs` entry point; `filter` adds a sampler at binding 1. */
  static async create(
    device: GPUDevice,
    fragment: string,
    label: string,
    format: GPUTextureFormat,
    filter: GPUFilterMode | null = null,
  ): Promise<FullscreenProgram> {
    const code = `${vertex}\n${fragment}`;
    const module = await compileWgsl(device, code, label);
    const pipeline = await device.createRenderPipelineAsync({
      label,
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
    });
    return new FullscreenProgram(device, pipeline, label, structLayout(code, 'Params', 'uniform'), filter);
  }

  /** A writer for one of the `Params` fields, resolved once (a typo throws here). */
  field(name: string): FieldWriter {
    return this.params.field(name);
  }

  /** Sets a parameter; the uniform is uploaded before the next draw only if something changed. */
  set(field: FieldWriter, value: number | ArrayLike<number>): void {
    this.params.set(field, value);
  }

  /** Draws into `target`, reading `textures` at bindings 2, 3, …; `io` is the calling pass's, for the cache. */
  draw(frame: GpuFrame, io: PassIO<GPUTexture>, target: GPUTexture, textures: readonly GPUTexture[]): void {
    if (this.params.takeChange()) this.device.queue.writeBuffer(this.uniform, 0, this.params.data.bytes);
    if (io !== this.io) {
      this.io = io;
      this.groups = { next: new WeakMap() };
    }
    let node = this.groups;
    for (const texture of textures) {
      let next = node.next.get(texture);
      if (!next) node.next.set(texture, (next = { next: new WeakMap() }));
      node = next;
    }
    const group = (node.group ??= this.createGroup(textures));
    const timestampWrites = frame.timer?.timestampWrites(this.label);
    const pass = frame.encoder.beginRenderPass({
      label: this.label,
      colorAttachments: [
        { view: viewOf(target), loadOp: 'clear', clearValue: [0, 0, 0, 1], storeOp: 'store' },
      ],
      ...(timestampWrites ? { timestampWrites } : {}),
    });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, group);
    pass.draw(3);
    pass.end();
  }

  private createGroup(textures: readonly GPUTexture[]): GPUBindGroup {
    const entries: GPUBindGroupEntry[] = [{ binding: 0, resource: { buffer: this.uniform } }];
    if (this.sampler) entries.push({ binding: 1, resource: this.sampler });
    textures.forEach((texture, i) => entries.push({ binding: 2 + i, resource: viewOf(texture) }));
    return this.device.createBindGroup({
      label: this.label,
      layout: this.pipeline.getBindGroupLayout(0),
      entries,
    });
  }

  destroy(): void {
    this.uniform.destroy();
    this.groups = { next: new WeakMap() };
  }
}

/** The WebGPU backend of the chain passes: their WGSL, compiled into full-screen pipelines on `device`. */
export function gpuPostBackend(device: GPUDevice): PostBackend<GpuFrame, GPUTexture> {
  return {
    program: (shaders, label, format, filter = null) =>
      FullscreenProgram.create(device, shaders.wgsl, label, format as GPUTextureFormat, filter),
  };
}
