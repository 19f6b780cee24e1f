import type { Bundle, Device, DeviceBuffer, DrawEncoder, PassEncoder } from '../../device/device';
import { InstanceBatches, InstanceState } from './instance-batches';
import type { InstanceTable } from './instance-table';
import type { ImageSet, MaterialImages } from './material-images';
import { LINED } from './world-pipelines';
import { Deformed, type WorldDraw, type WorldPacker } from './world-packer';

type Draw = WorldDraw<DeviceBuffer>;

/** What an encode of batches drew: its draw calls, instances, triangles, culled draws and the image sets it bound. */
export interface DrawCounts {
  drawCalls: number;
  instances: number;
  triangles: number;
  culled: number;
  images: ImageSet[];
}

/** What the chunks ask of the pass that draws them. */
export interface ChunkHost {
  /** The pipeline variant `draw` is drawn with in the pass being recorded. */
  variantOf(draw: Draw): number;
  /**
   * Encodes a chunk's batches into its bundle; returns what they drew. With `args` ≥ 0, batch b is an indirect draw
   * of the arguments at index `args` + b (culled on the GPU).
   */
  emit(encoder: DrawEncoder, batches: InstanceBatches<Draw>, args: number): DrawCounts;
  /**
   * Gathers the drawn draws `from`…`to` into `batches` from entry `region`, one batch per run the pass can instance
   * (without instancing: one per draw).
   */
  gather(
    batches: InstanceBatches<Draw>,
    draws: readonly Draw[],
    from: number,
    to: number,
    region: number,
  ): void;
  /** The version of every bindings the draws bind (an arena's, an image set's, the deform buffer's). */
  bindingsVersion(): number;
}

/** One chunk of the draw list and the bundle its draws are recorded into. */
interface Chunk {
  readonly bundle: Bundle;
  readonly record: (encoder: DrawEncoder) => void;
  /**
   * Its draws in batches: instanced, a mesh going into or out of the view, shown or hidden, joining or leaving moves
   * one table entry of them.
   */
  readonly batches: InstanceBatches<Draw>;
  /** Its draws: list indices `from` … `to` − 1 (as of the last list change), the first of them its anchor. */
  from: number;
  to: number;
  anchor: Draw | null;
  /** Stamped on its members when gathered (`WorldDraw.chunkStamp`): a draw with another stamp is not one of them. */
  stamp: number;
  /** How many draws are its members. */
  members: number;
  /** The bundle must be recorded again (the batches' counts changed) … */
  stale: boolean;
  /** … and the draws gathered into batches again first. */
  regather: boolean;
  images: ImageSet[];
  drawCalls: number;
  instances: number;
  triangles: number;
  /** Culled on the GPU: the index of its first batch's indirect draw arguments (−1: drawn directly). */
  args: number;
}

/**
 * The opaque draws in chunks of `size`, each recorded into its own render bundle and replayed frame after frame: what
 * it binds and what it drew when recorded, and whether it must be recorded again. A mesh that joins or leaves the
 * list, goes into or out of the view, or is shown or hidden records its chunk again, not every draw; instanced, it
 * moves one table entry of its chunk's batches (`InstanceBatches`), and the chunk's few draw calls are recorded again.
 */
export class WorldChunks {
  private readonly chunks: Chunk[] = [];
  /** The chunks in use (`chunks` keeps more, once made). */
  private used = 0;
  /** The last stamp given to a gathered chunk. */
  private stamps = 0;
  /**
   * What every chunk was recorded against: when any of it changes, all chunks are gathered and recorded again. The
   * culling and visibility versions are the packer's after the last replay: when they moved by more than this frame's
   * lists of flips (the views of an XR frame culled in between), a flip was missed.
   */
  private recorded = {
    draws: -1,
    images: -1,
    visibility: -1,
    cull: -1,
    bindings: -1,
    culling: false,
    gpu: false,
  };
  /** Whether this frame's chunks cull on the CPU. */
  private culling = false;
  /** Not replayed since `suspend`: cut and gathered again at the next update. */
  private suspended = false;
  /** Whether a chunk's batches changed in the last `update` (culled on the GPU: their arguments are laid out again). */
  changed = false;
  /** Culled on the GPU: the indirect draw arguments the chunks' batches take (the last chunk's end). */
  argsUsed = 0;

  constructor(
    private readonly device: Device,
    private readonly packer: WorldPacker<DeviceBuffer>,
    /** The instance-to-slot table of instanced draws (null without instancing: one draw per mesh). */
    private readonly table: InstanceTable | null,
    /** Draws per chunk when they are cut evenly; a chunk grows to 1.5 times that before they are cut again. */
    readonly size: number,
    private readonly host: ChunkHost,
  ) {}

  /** The chunks in use. */
  get count(): number {
    return this.used;
  }

  /** Brings the image sets the recorded draws bind up to date (a texture's new texels, filter or wrap). */
  refreshImages(images: MaterialImages): void {
    // Indexed loops: this runs every frame, and an iterator per chunk would be garbage every frame.
    const chunks = this.chunks;
    for (let c = 0; c < chunks.length; c++) {
      const sets = chunks[c]!.images;
      for (let i = 0; i < sets.length; i++) images.refresh(sets[i]!);
    }
  }

  /**
   * Brings the chunks up to date for this frame, before its pass begins: when the images, bindings (at version
   * `bindings`) or culling changed, the draws are cut into even chunks and all gathered again. When only the draw list
   * changed (meshes joined or left), each chunk keeps its draws (`rechunk`). A mesh that joined or left, went into or
   * out of the view (`culling`: on the CPU) or was shown or hidden is, instanced, a move of its table entry and its
   * chunk's few batches recorded again; else its chunk is gathered again. Culled on the GPU (`gpu`), every shown mesh
   * is a candidate, and each chunk's batches take the indirect draw arguments after the last chunk's.
   */
  update(culling: boolean, gpu: boolean, bindings: number): void {
    const packer = this.packer;
    const key = this.recorded;
    const flipped = culling ? packer.flipped : null;
    const shown = packer.shownOrHidden;
    this.culling = culling;
    const all =
      this.suspended ||
      key.culling !== culling ||
      key.gpu !== gpu ||
      key.images !== packer.imagesVersion ||
      key.bindings !== bindings ||
      key.visibility !== packer.visibilityVersion - shown.length ||
      (flipped !== null && key.cull !== packer.cullVersion - flipped.length) ||
      (key.draws !== packer.drawsVersion && !this.rechunk());
    if (all) this.cut();
    else {
      if (flipped) for (let i = 0; i < flipped.length; i++) this.redraw(flipped.at(i));
      for (let i = 0; i < shown.length; i++) this.redraw(shown.at(i));
      // The moved entries go before the draws that read them (WebGL2 draws as it encodes).
      if (this.table)
        for (let k = 0; k < this.used; k++) {
          const batches = this.chunks[k]!.batches;
          if (batches.hasWritten) batches.flush(this.table);
        }
    }
    this.suspended = false;
    this.recorded = {
      draws: packer.drawsVersion,
      images: packer.imagesVersion,
      visibility: packer.visibilityVersion,
      cull: packer.cullVersion,
      bindings,
      culling,
      gpu,
    };
    let changed = false;
    let args = 0;
    for (let k = 0; k < this.used; k++) {
      const chunk = this.chunks[k]!;
      if (chunk.to === chunk.from) {
        // Not replayed: it lets go of the image sets it bound, which may be freed now.
        if (chunk.images.length > 0) chunk.images = [];
        chunk.stale = chunk.regather = true;
        continue;
      }
      if (chunk.regather) this.regather(chunk, k);
      const first = gpu ? args : -1;
      if (chunk.args !== first) chunk.stale = true;
      chunk.args = first;
      args += chunk.batches.length;
      changed ||= chunk.stale;
    }
    this.changed = changed;
    this.argsUsed = gpu ? args : 0;
  }

  /**
   * The chunks are not replayed for a while (the pass draws without bundles): they let go of the image sets they bound,
   * which no draw may bind by the time they are replayed again (freed), and are cut and gathered again then.
   */
  suspend(): void {
    if (this.suspended) return;
    this.suspended = true;
    for (let k = 0; k < this.chunks.length; k++) this.chunks[k]!.images = [];
  }

  /** Every chunk in use is recorded again at its next replay (what its bundle binds was made again). */
  restale(): void {
    for (let k = 0; k < this.used; k++) this.chunks[k]!.stale = true;
  }

  /** The batches of chunk `k` and where their indirect draw arguments start (−1: drawn directly). */
  batchesOf(k: number): { batches: InstanceBatches<Draw>; args: number } | null {
    const chunk = this.chunks[k];
    return k < this.used && chunk && chunk.to > chunk.from ? chunk : null;
  }

  /**
   * Replays the chunks' bundles into `pass`, recording those that changed, and sums what they drew into `counts`;
   * returns the bundles recorded.
   */
  replay(pass: PassEncoder, counts: DrawCounts): number {
    let recorded = 0;
    let drawCalls = 0;
    let instances = 0;
    let triangles = 0;
    let culled = 0;
    for (let k = 0; k < this.used; k++) {
      const chunk = this.chunks[k]!;
      if (chunk.to === chunk.from) continue;
      if (pass.executeBundle(chunk.bundle, chunk.stale, chunk.record)) recorded++;
      drawCalls += chunk.drawCalls;
      instances += chunk.instances;
      triangles += chunk.triangles;
      culled += chunk.batches.culled;
    }
    counts.drawCalls = drawCalls;
    counts.instances = instances;
    counts.triangles = triangles;
    counts.culled = culled;
    // Recording may have made bindings (a kind's first draw): the chunks hold those now.
    this.recorded.bindings = this.host.bindingsVersion();
    return recorded;
  }

  /** Cuts the opaque draws into even chunks, every one to be gathered again; the chunks past them let go of theirs. */
  private cut(): void {
    const opaque = this.packer.opaqueCount;
    const size = this.size;
    const count = Math.ceil(opaque / size);
    while (this.chunks.length < count) {
      const k = this.chunks.length;
      // Its recorder is made once: a closure per chunk per frame would be garbage every frame.
      const record = (encoder: DrawEncoder) => this.record(encoder, chunk);
      const chunk: Chunk = {
        bundle: this.device.createBundle(`world draws ${k}`),
        record,
        batches: new InstanceBatches(),
        from: 0,
        to: 0,
        anchor: null,
        stamp: -1,
        members: 0,
        stale: true,
        regather: true,
        images: [],
        drawCalls: 0,
        instances: 0,
        triangles: 0,
        args: -1,
      };
      this.chunks.push(chunk);
    }
    for (let k = 0; k < this.chunks.length; k++) {
      const chunk = this.chunks[k]!;
      chunk.from = Math.min(k * size, opaque);
      chunk.to = Math.min(chunk.from + size, opaque);
      chunk.stale = chunk.regather = true;
      chunk.stamp = -1;
      // Chunks past the draws are not replayed: they let go of the image sets they bound, which may be freed now.
      if (k >= count) chunk.images = [];
    }
    this.used = count;
  }

  /**
   * After meshes joined or left the draw list (or moved in it): the draws the packer relisted leave their chunks, each
   * chunk's draws then start at its anchor's new place, and the relisted draws still in the list join the chunk they
   * fall in. Instanced, a join or leave moves one table entry (a draw joins the batch of a neighbour of its kind, while
   * the batch has room); else its chunk is gathered again. False when the chunks cannot be kept (a list change went by
   * unseen, an anchor left or moved, or a chunk grew past 1.5 times the even cut): the caller cuts them again.
   */
  private rechunk(): boolean {
    const packer = this.packer;
    const draws = packer.draws;
    const opaque = packer.opaqueCount;
    const count = this.used;
    const relisted = packer.relisted;
    if (count === 0 || this.recorded.draws !== packer.drawsVersion - 1) return false;
    for (let i = 0; i < relisted.length; i++) {
      const draw = relisted.at(i);
      const chunk = this.chunkOf(draw);
      if (!chunk) continue;
      if (chunk.anchor === draw && chunk !== this.chunks[0]) return false;
      this.leave(chunk, draw);
    }
    for (let k = 1; k < count; k++) {
      const chunk = this.chunks[k]!;
      const anchor = chunk.anchor;
      if (!anchor || this.chunkOf(anchor) !== chunk) return false;
      chunk.from = anchor.index;
      if (chunk.from <= this.chunks[k - 1]!.from || chunk.from >= opaque) return false;
    }
    for (let k = 0; k < count; k++) {
      const chunk = this.chunks[k]!;
      chunk.to = k + 1 < count ? this.chunks[k + 1]!.from : opaque;
      if (chunk.to - chunk.from > 1.5 * this.size) return false;
    }
    for (let i = 0; i < relisted.length; i++) {
      const draw = relisted.at(i);
      if (draw.slot < 0 || draw.index >= opaque || draws[draw.index] !== draw || this.chunkOf(draw)) continue;
      this.join(this.chunkAt(draw.index), draw);
    }
    // Every chunk's members are its draws (else one went by unseen: it is gathered again).
    for (let k = 0; k < count; k++) {
      const chunk = this.chunks[k]!;
      if (chunk.to - chunk.from !== chunk.members) chunk.stale = chunk.regather = true;
    }
    return true;
  }

  /** The chunk `draw` is a member of, if any. */
  private chunkOf(draw: Draw): Chunk | null {
    const chunk = draw.chunkStamp >= 0 && draw.chunk < this.used ? this.chunks[draw.chunk]! : null;
    return chunk && chunk.stamp === draw.chunkStamp ? chunk : null;
  }

  /** The chunk whose draws include list index `index` (by their starts: a binary search). */
  private chunkAt(index: number): number {
    let lo = 0;
    let hi = this.used - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.chunks[mid]!.from <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Member `draw` left the list or moved in it: it leaves `chunk` (its entry given back; else a gathering again). */
  private leave(chunk: Chunk, draw: Draw): void {
    draw.chunkStamp = -1;
    chunk.members--;
    if (!this.table) chunk.stale = chunk.regather = true;
    if (chunk.regather) return;
    if (draw.batchState === InstanceState.Drawn) chunk.stale = true;
    chunk.batches.leave(draw, this.table!.entries());
  }

  /**
   * `draw` joined the list (or moved in it) among chunk `k`'s draws: instanced, it joins the batch of a neighbour it can
   * be an instance of (same pipeline, images and geometry) if that batch has room; else the chunk is gathered again.
   */
  private join(k: number, draw: Draw): void {
    const chunk = this.chunks[k]!;
    draw.chunk = k;
    draw.chunkStamp = chunk.stamp;
    chunk.members++;
    if (!this.table) chunk.regather = true;
    if (!chunk.regather) {
      const draws = this.packer.draws;
      const variant = this.host.variantOf(draw) & ~LINED;
      const state = stateOf(draw, this.culling);
      for (let i = draw.index - 1; i <= draw.index + 1; i += 2) {
        const next = draws[i];
        if (!next || this.chunkOf(next) !== chunk || next.batch < 0) continue;
        const b = next.batch;
        if ((chunk.batches.variant[b]! & ~LINED) !== variant || !batchable(draw, next)) continue;
        if (chunk.batches.join(draw, b, state, this.table!.entries())) {
          if (state === InstanceState.Drawn) chunk.stale = true;
          return;
        }
      }
      chunk.regather = true;
    }
    chunk.stale = true;
  }

  /**
   * A recorded opaque draw went into or out of the view or was shown or hidden: instanced, its entry moves in its
   * chunk's batches (the chunk is recorded again if a batch's count changed); else its chunk is gathered again.
   */
  private redraw(draw: Draw): void {
    if (draw.slot < 0 || draw.index >= this.packer.opaqueCount) return;
    const chunk = this.chunkOf(draw);
    // Not a member of a chunk (a new draw): its chunk is being gathered again anyway.
    if (!chunk || chunk.regather) return;
    if (!this.table) {
      chunk.stale = chunk.regather = true;
      return;
    }
    if (chunk.batches.set(draw, stateOf(draw, this.culling), this.table.entries())) chunk.stale = true;
  }

  /** Gathers chunk `k`'s draws into its batches again, stamping them as its own; it is recorded again. */
  private regather(chunk: Chunk, k: number): void {
    const draws = this.packer.draws;
    const { from, to } = chunk;
    const stamp = (chunk.stamp = ++this.stamps);
    for (let i = from; i < to; i++) {
      const draw = draws[i]!;
      draw.chunk = k;
      draw.chunkStamp = stamp;
    }
    chunk.anchor = draws[from] ?? null;
    chunk.members = to - from;
    this.gather(chunk.batches, from, to, k);
    chunk.regather = false;
    chunk.stale = true;
  }

  /** Records a chunk's batches into its bundle (gathered by `update`); keeps what it bound and drew. */
  private record(encoder: DrawEncoder, chunk: Chunk): void {
    const counts = this.host.emit(encoder, chunk.batches, chunk.args);
    chunk.images = counts.images;
    chunk.drawCalls = counts.drawCalls;
    chunk.instances = counts.instances;
    chunk.triangles = counts.triangles;
    chunk.stale = false;
  }

  /**
   * Gathers chunk `k`'s draws `from`…`to` into `batches`. Instanced, over the chunk's own table entries (2 · size of
   * them from k · 2 · size, kept with the recording), every draw of a run a member of its batch whether drawn now or
   * not (so it can be drawn later by moving one entry), with room for draws that join; the entries are uploaded.
   * Without instancing, the pass gathers its drawn draws, one batch each (entries no table reads).
   */
  private gather(batches: InstanceBatches<Draw>, from: number, to: number, k: number): void {
    const draws = this.packer.draws;
    const table = this.table;
    if (!table) {
      this.host.gather(batches, draws, from, to, 0);
      return;
    }
    const region = k * 2 * this.size;
    const entries = table.entries();
    batches.begin(region, to - from, 2 * this.size);
    let last: Draw | null = null;
    let lastVariant = -1;
    for (let i = from; i < to; i++) {
      const draw = draws[i]!;
      const variant = this.host.variantOf(draw);
      if (last === null || variant !== lastVariant || !batchable(draw, last)) batches.open(variant);
      batches.addMember(draw, stateOf(draw, this.culling), entries);
      last = draw;
      lastVariant = variant;
    }
    table.upload(region, batches.entries);
  }
}

/** Whether `draw` can be an instance of the batch `last` (of the same variant) is drawn as. */
export function batchable(draw: Draw, last: Draw): boolean {
  return (
    draw.kind === last.kind &&
    draw.geometry === last.geometry &&
    draw.images === last.images &&
    draw.deformed === Deformed.None &&
    last.deformed === Deformed.None
  );
}

/** How a recorded opaque draw stands this frame: hidden, out of the view (with culling on), or drawn. */
function stateOf(draw: Draw, culling: boolean): InstanceState {
  if (!draw.visible) return InstanceState.Hidden;
  return culling && !draw.inView ? InstanceState.Culled : InstanceState.Drawn;
}
