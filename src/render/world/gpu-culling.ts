import cullWgsl from '../../../wgsl/world/cull.wgsl?raw';
import type { Bindings, ComputePipeline, Device, DeviceBuffer } from '../../device/device';
import { structLayouts, type StructLayout } from '../../layout/struct-layout';
import { Mesh } from '../../scene/mesh';
import { geometryBox } from '../../scene/world-box';
import type { InstanceBatches } from './instance-batches';
import type { InstanceTable } from './instance-table';
import { Deformed, type KindSlots, type WorldDraw } from './world-packer';

type Draw = WorldDraw<DeviceBuffer>;

const STORAGE = structLayouts(cullWgsl, 'storage');
const UNIFORM = structLayouts(cullWgsl, 'uniform');
/** The offsets of a struct's fields in 32-bit words, by name. */
function wordsOf(layout: StructLayout): Record<string, number> {
  return Object.fromEntries(layout.fields.map((f) => [f.name, f.offset / 4]));
}
const BATCH = STORAGE.get('Batch')!;
const BATCH_WORDS = BATCH.size / 4;
const B = wordsOf(BATCH);
const KIND = wordsOf(UNIFORM.get('Kind')!);
const VIEW_SIZE = UNIFORM.get('View')!.size;
/** A `drawIndexedIndirect`'s arguments: index count, instance count, first index, base vertex, first instance. */
const ARGS = 5;
/** Bytes of one indexed indirect draw's arguments (fixed by WebGPU). */
export const INDIRECT_ARGS_BYTES = ARGS * 4;
/** Invocations per workgroup, as cull.wgsl's entry points declare them. */
const WORKGROUP = Number(/@workgroup_size\((\d+)\)/.exec(cullWgsl)![1]);
/** Workgroups per dispatch dimension (WebGPU's default limit): a kind's batches are culled in rows of at most this. */
const MAX_GROUPS = 65535;

/** What the GPU cull needs of a chunk: its batches, and where their indirect draw arguments start. */
export interface CullChunks {
  readonly count: number;
  readonly argsUsed: number;
  batchesOf(k: number): { batches: InstanceBatches<Draw>; args: number } | null;
}

/** A material kind's share of the cull: its batches in `batches`, and its bindings. */
interface KindCull {
  readonly kind: KindSlots<DeviceBuffer>;
  readonly uniform: DeviceBuffer;
  readonly words: Uint32Array;
  first: number;
  count: number;
  /** The most candidates a batch of it has (the workgroups along x). */
  widest: number;
  bindings: Bindings | null;
  /** The buffers its bindings bind: made again when one of them is another. */
  bound: DeviceBuffer[];
}

/**
 * Culls the instanced chunks' meshes on the GPU (WebGPU): each frame a compute pass tests every shown mesh of the
 * chunks' batches, its geometry's box under its packed model matrix, against the view, and counts the ones inside
 * into the instance count of its batch's indirect draw, their slots into `visible` (the table the chunks' draws read
 * instead). The bundles are recorded once and draw whatever the pass counted; the CPU tests no box. The counts come
 * back a few frames late (`drawn`, `culled`).
 */
export class GpuCulling {
  /** The indirect draw arguments of the chunks' batches (`ARGS` words each). */
  args: DeviceBuffer;
  /** The visible meshes' slots, at their batches' entries of the instance table. */
  visible: DeviceBuffer;
  /** Bumped when `args` or `visible` is made again (bindings and bundles naming them are made again). */
  version = 0;
  /** Meshes the last counts read back found inside the view and outside it (of the frame they came from). */
  drawn = 0;
  culled = 0;
  /** Bytes written to the GPU since made (the view's planes when they change; the layout when the batches do). */
  bytesUploaded = 0;
  private argsWords = new Uint32Array(ARGS * 64);
  private batchWords = new Uint32Array(BATCH_WORDS * 64);
  private batchFloats = new Float32Array(this.batchWords.buffer);
  private batchBuffer: DeviceBuffer;
  private readonly view: DeviceBuffer;
  private readonly planes = new Float32Array(VIEW_SIZE / 4);
  private readonly kinds = new Map<KindSlots<DeviceBuffer>, KindCull>();
  private readonly order: KindCull[] = [];
  /** Batches laid out (those with candidates), and the candidates in them. */
  private batchCount = 0;
  private candidates = 0;
  /** The indirect draws laid out (whose counts are read back). */
  private argsUsed = 0;
  private laidOut = false;
  private reading = false;
  private readonly dispatchBindings: Bindings[] = [];
  private readonly groups: [number, number, number] = [1, 1, 1];

  private constructor(
    private readonly device: Device,
    private readonly reset: ComputePipeline,
    private readonly cull: ComputePipeline,
  ) {
    this.args = this.makeArgs();
    this.visible = this.makeVisible(1024);
    this.batchBuffer = this.makeBatches();
    this.view = device.createBuffer({
      label: 'cull view',
      size: VIEW_SIZE,
      usage: 'uniform',
      restore: () => this.planes,
    });
  }

  static async create(device: Device): Promise<GpuCulling> {
    if (!device.compute || !device.indirectFirstInstance)
      throw new Error(
        `WorldPass: gpuCulling needs compute shaders and indirect draws from any first instance (WebGPU's ` +
          `indirect-first-instance), which this ${device.backend} device has not; leave it off there (the CPU culls ` +
          'the same meshes).',
      );
    const [reset, cull] = await Promise.all(
      (['reset', 'cull'] as const).map((entry) =>
        device.createComputePipeline({ label: `cull ${entry}`, wgsl: cullWgsl, entry }),
      ),
    );
    return new GpuCulling(device, reset!, cull!);
  }

  /**
   * Lays the chunks' batches out for the cull when they changed (`changed`), and records this frame's cull of them
   * against the view of `planes` (`Frustum.planes`), reading the instance `table`.
   */
  frame(chunks: CullChunks, changed: boolean, planes: Float32Array, table: InstanceTable): void {
    this.readBack();
    if (table.buffer.size > this.visible.size) {
      this.visible.destroy();
      this.visible = this.makeVisible(table.buffer.size / 4);
      this.version++;
    }
    if (changed || !this.laidOut) this.layout(chunks);
    let same = true;
    for (let i = 0; i < this.planes.length; i++) if (this.planes[i] !== Math.fround(planes[i]!)) same = false;
    if (!same) {
      this.planes.set(planes.subarray(0, this.planes.length));
      this.view.write(0, this.planes);
      this.bytesUploaded += VIEW_SIZE;
    }
    if (this.batchCount === 0) return;
    // The lists a dispatch takes are kept and refilled: new ones each frame would be garbage each frame.
    const bindings = this.dispatchBindings;
    const groups = this.groups;
    bindings[0] = this.bindingsOf(this.order[0]!, table);
    this.device.dispatch('cull reset', this.reset, bindings, Math.ceil(this.batchCount / WORKGROUP));
    for (let i = 0; i < this.order.length; i++) {
      const kind = this.order[i]!;
      if (kind.count === 0) continue;
      bindings[0] = this.bindingsOf(kind, table);
      groups[0] = Math.ceil(kind.widest / WORKGROUP);
      groups[1] = kind.words[KIND.rows!]!;
      groups[2] = Math.ceil(kind.count / groups[1]);
      // Timed as `cull`: the first kind's (the timer holds a few passes a frame; a scene is mostly one kind).
      this.device.dispatch('cull', this.cull, bindings, groups, i === 0);
    }
  }

  destroy(): void {
    this.args.destroy();
    this.visible.destroy();
    this.batchBuffer.destroy();
    this.view.destroy();
    for (const kind of this.order) {
      kind.uniform.destroy();
      kind.bindings?.destroy();
    }
  }

  /**
   * Writes each batch with candidates into `batches`, grouped by kind, and every batch's indirect draw arguments (its
   * index count, from its first table entry; no instances until the cull counts them).
   */
  private layout(chunks: CullChunks): void {
    const order = this.order;
    for (const kind of order) kind.count = kind.widest = 0;
    // First the batches per kind, so each kind's run starts where the ones before it end.
    let batches = 0;
    for (let k = 0; k < chunks.count; k++) {
      const chunk = chunks.batchesOf(k);
      if (!chunk) continue;
      const { count } = chunk.batches;
      for (let b = 0; b < chunk.batches.length; b++) {
        if (count[b] === 0) continue;
        const kind = this.kindOf(chunk.batches.drawOf(b)!.kind);
        kind.count++;
        kind.widest = Math.max(kind.widest, count[b]!);
        batches++;
      }
    }
    let first = 0;
    for (const kind of order) {
      kind.first = first;
      first += kind.count;
      kind.words[KIND.first!] = kind.first;
      kind.words[KIND.count!] = kind.count;
      kind.words[KIND.rows!] = Math.max(1, Math.min(kind.count, MAX_GROUPS));
      kind.uniform.write(0, kind.words);
      this.bytesUploaded += kind.words.byteLength;
      kind.count = 0; // counted again as the batches are written
    }
    this.reserve(batches, chunks.argsUsed);
    const words = this.batchWords;
    const floats = this.batchFloats;
    const args = this.argsWords;
    args.fill(0, 0, chunks.argsUsed * ARGS);
    let candidates = 0;
    for (let k = 0; k < chunks.count; k++) {
      const chunk = chunks.batchesOf(k);
      if (!chunk) continue;
      const { count, start } = chunk.batches;
      for (let b = 0; b < chunk.batches.length; b++) {
        const a = (chunk.args + b) * ARGS;
        args[a + 4] = start[b]!;
        if (count[b] === 0) continue;
        const draw = chunk.batches.drawOf(b)!;
        args[a] = draw.geometry.indices.length;
        const kind = this.kindOf(draw.kind);
        const at = (kind.first + kind.count++) * BATCH_WORDS;
        words[at + B.start!] = start[b]!;
        words[at + B.count!] = count[b]!;
        words[at + B.args!] = chunk.args + b;
        const box = geometryBox(draw.geometry);
        for (let i = 0; i < 3; i++) {
          floats[at + B.centre! + i] = box[i]!;
          floats[at + B.extent! + i] = box[i + 3]!;
        }
        floats[at + B.extent! + 3] = boxed(draw) ? 1 : 0;
        candidates += count[b]!;
      }
    }
    this.batchCount = batches;
    this.candidates = candidates;
    this.argsUsed = chunks.argsUsed;
    this.laidOut = true;
    if (batches > 0) this.batchBuffer.write(0, words, 0, batches * BATCH.size);
    if (chunks.argsUsed > 0) this.args.write(0, args, 0, chunks.argsUsed * ARGS * 4);
    this.bytesUploaded += batches * BATCH.size + chunks.argsUsed * ARGS * 4;
  }

  /** Room for `batches` batches and `args` indirect draws (their buffers made again, larger, when short). */
  private reserve(batches: number, args: number): void {
    if (batches * BATCH_WORDS > this.batchWords.length) {
      let size = this.batchWords.length;
      while (size < batches * BATCH_WORDS) size *= 2;
      this.batchWords = new Uint32Array(size);
      this.batchFloats = new Float32Array(this.batchWords.buffer);
      this.batchBuffer.destroy();
      this.batchBuffer = this.makeBatches();
    }
    if (args * ARGS > this.argsWords.length) {
      let size = this.argsWords.length;
      while (size < args * ARGS) size *= 2;
      this.argsWords = new Uint32Array(size);
      this.args.destroy();
      this.args = this.makeArgs();
      this.version++;
    }
  }

  /** The cull's share of `kind`, made the first time. */
  private kindOf(kind: KindSlots<DeviceBuffer>): KindCull {
    let cull = this.kinds.get(kind);
    if (!cull) {
      const words = new Uint32Array(UNIFORM.get('Kind')!.size / 4);
      // Where its slots' model matrices are, in vec4s: fixed for the kind (its reflected Object layout and arena).
      words[KIND.stride!] = kind.arena.slotSize / 16;
      words[KIND.model!] = kind.info.object.fields.find((f) => f.name === 'model')!.offset / 16;
      cull = {
        kind,
        uniform: this.device.createBuffer({
          label: `cull ${kind.info.name}`,
          size: Math.ceil(words.byteLength / 16) * 16,
          usage: 'uniform',
          restore: () => words,
        }),
        words,
        first: 0,
        count: 0,
        widest: 0,
        bindings: null,
        bound: [],
      };
      this.kinds.set(kind, cull);
      this.order.push(cull);
    }
    return cull;
  }

  /** A kind's bindings, made again when a buffer they bind was made again (grown). */
  private bindingsOf(kind: KindCull, table: InstanceTable): Bindings {
    const bound = kind.bound;
    const { batchBuffer, args, visible } = this;
    const tableBuffer = table.buffer;
    const objects = kind.kind.arena.buffer;
    if (
      !kind.bindings ||
      bound[0] !== batchBuffer ||
      bound[1] !== tableBuffer ||
      bound[2] !== objects ||
      bound[3] !== args ||
      bound[4] !== visible
    ) {
      kind.bindings?.destroy();
      kind.bindings = this.device.createBindings(this.cull, 0, {
        view: this.view,
        kind: kind.uniform,
        batches: this.batchBuffer,
        table: table.buffer,
        objects: kind.kind.arena.buffer,
        args: this.args,
        visible: this.visible,
      });
      kind.bound = [batchBuffer, tableBuffer, objects, args, visible];
    }
    return kind.bindings;
  }

  /** Starts reading the counts back (one read at a time); when they come, `drawn` and `culled` are theirs. */
  private readBack(): void {
    if (this.reading || this.batchCount === 0) return;
    this.reading = true;
    this.read().then(
      ({ drawn, culled }) => {
        this.drawn = drawn;
        this.culled = culled;
        this.reading = false;
      },
      () => {
        this.reading = false; // the device went (a loss): the next frame reads again
      },
    );
  }

  /** The counts of the cull submitted last, read back: the chunks' meshes drawn, and those culled. */
  async read(): Promise<{ drawn: number; culled: number }> {
    const [candidates, used] = [this.candidates, this.argsUsed];
    const bytes = await this.device.readBuffer(this.args);
    const words = new Uint32Array(bytes.buffer, bytes.byteOffset, used * ARGS);
    let drawn = 0;
    for (let a = 1; a < words.length; a += ARGS) drawn += words[a]!;
    return { drawn, culled: candidates - drawn };
  }

  private makeArgs(): DeviceBuffer {
    const words = () => this.argsWords;
    return this.device.createBuffer({
      label: 'cull draw arguments',
      size: this.argsWords.byteLength,
      usage: 'indirect',
      restore: words,
    });
  }

  private makeVisible(entries: number): DeviceBuffer {
    return this.device.createBuffer({ label: 'visible instances', size: entries * 4, usage: 'storage' });
  }

  private makeBatches(): DeviceBuffer {
    const words = () => this.batchWords;
    return this.device.createBuffer({
      label: 'cull batches',
      size: this.batchWords.byteLength,
      usage: 'storage',
      restore: words,
    });
  }
}

/** Whether a draw's world box is its geometry's box under its model matrix (a deformed or sprite mesh's is not). */
function boxed(draw: Draw): boolean {
  return draw.deformed === Deformed.None && draw.mesh.worldBox === Mesh.prototype.worldBox;
}
