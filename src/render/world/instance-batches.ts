/** How a draw of a batch stands: drawn (its slot in the table), out of the view, or hidden. */
export const enum InstanceState {
  Drawn = 0,
  Culled = 1,
  Hidden = 2,
}

/** A draw as batches hold it: its object slot, and (as a member of a chunk's batches) where it stands in them. */
export interface BatchMember {
  readonly slot: number;
  /** Its batch, its table entry (−1 when not drawn) and its state, as the batches that hold it as a member last set. */
  batch: number;
  batchEntry: number;
  batchState: InstanceState;
}

/**
 * Draws gathered into instanced batches over a region of the instance table: batch b draws `count[b]` instances from
 * table entry `start[b]`, within `capacity[b]` entries kept for it. Gathered as members (a chunk's draws), a batch keeps
 * room for every member, drawn or not, and for more: a draw that goes into or out of the view, is shown or hidden,
 * joins or leaves moves one entry (`set`, `join`, `leave`: appended, or the batch's last entry moved into its place),
 * and only the draw calls' instance counts change. Within a batch the instances are in no particular order (opaque
 * draws: the depth test orders them).
 */
export class InstanceBatches<M extends BatchMember> {
  /** Batches gathered. */
  length = 0;
  count = new Int32Array(16);
  variant = new Int32Array(16);
  start = new Int32Array(16);
  capacity = new Int32Array(16);
  /** Members per batch (drawn or not). */
  members = new Int32Array(16);
  /** Draws out of the view (not hidden) among those gathered. */
  culled = 0;
  /** Table entries written since the last `flush` (an entry may repeat). */
  private written = new Int32Array(16);
  private writtenCount = 0;
  /** The region's first table entry, the end of the last batch's capacity, and room per member beyond its own. */
  private region = 0;
  private end = 0;
  private spare = 0;
  /** Per entry of the region: the draw in it (for a drawn entry). */
  private drawAt: (M | undefined)[] = [];

  /**
   * Starts gathering `draws` draws into table entries from `region`, `size` of them (the batches share what is beyond
   * one entry per draw in proportion to their members: room for draws that join).
   */
  begin(region: number, draws: number, size = draws): void {
    this.region = this.end = region;
    this.spare = draws > 0 ? (size - draws) / draws : 0;
    this.length = 0;
    this.culled = 0;
    this.writtenCount = 0;
  }

  /** Opens a batch drawn in pipeline variant `variant`; the draws added next belong to it. */
  open(variant: number): void {
    const b = this.length++;
    if (b === this.count.length) this.grow();
    this.count[b] = 0;
    this.variant[b] = variant;
    this.start[b] = this.end;
    this.capacity[b] = 0;
    this.members[b] = 0;
  }

  /** Adds drawn `draw` to the open batch (an encode's batches: the draw's member fields are not touched). */
  add(draw: M, entries: Uint32Array): void {
    const b = this.length - 1;
    const entry = this.start[b]! + this.count[b]!++;
    this.capacity[b] = ++this.members[b]!;
    this.end = entry + 1;
    entries[entry] = draw.slot;
    this.drawAt[entry - this.region] = draw;
  }

  /** Adds `draw` to the open batch as a member in `state` (a chunk's batches: it can move later). */
  addMember(draw: M, state: InstanceState, entries: Uint32Array): void {
    const b = this.length - 1;
    const members = ++this.members[b]!;
    this.capacity[b] = members + Math.floor(members * this.spare);
    this.end = this.start[b]! + this.capacity[b]!;
    this.enter(draw, b, state, entries, false);
  }

  /** The table entries the gathered batches span (from the region's first). */
  get entries(): number {
    return this.end - this.region;
  }

  /** A draw of batch `b`, drawn now (the batch draws as it: every draw of a batch binds the same); none if none is. */
  drawOf(b: number): M | undefined {
    return this.count[b]! > 0 ? this.drawAt[this.start[b]! - this.region] : undefined;
  }

  /**
   * Moves member `draw` into `state`: a draw drawn now takes the entry after its batch's drawn ones; a draw no longer
   * drawn gives its entry to the batch's last drawn one. O(1); returns whether the batch's count changed.
   */
  set(draw: M, state: InstanceState, entries: Uint32Array): boolean {
    const was = draw.batchState;
    if (was === state) return false;
    draw.batchState = state;
    this.culled += (state === InstanceState.Culled ? 1 : 0) - (was === InstanceState.Culled ? 1 : 0);
    if ((was === InstanceState.Drawn) === (state === InstanceState.Drawn)) return false;
    if (state === InstanceState.Drawn)
      this.place(draw, this.start[draw.batch]! + this.count[draw.batch]!++, entries);
    else this.vacate(draw, entries);
    return true;
  }

  /**
   * Makes `draw` a member of batch `b` in `state` (a draw that joined the list next to the batch's run, of its kind):
   * O(1). False when the batch has no room left (the caller gathers again).
   */
  join(draw: M, b: number, state: InstanceState, entries: Uint32Array): boolean {
    if (this.members[b] === this.capacity[b]) return false;
    this.members[b]!++;
    this.enter(draw, b, state, entries, true);
    return true;
  }

  /** Takes member `draw` out of its batch (it left the list, or moved in it): its entry, if drawn, is given back. */
  leave(draw: M, entries: Uint32Array): void {
    this.set(draw, InstanceState.Hidden, entries);
    this.members[draw.batch]!--;
    draw.batch = -1;
  }

  /** Whether entries were written that were not sent yet. */
  get hasWritten(): boolean {
    return this.writtenCount > 0;
  }

  /**
   * Sends the entries written since the last flush to `table`, one write per run of them (runs less than `gap` entries
   * apart are joined: a few unchanged entries cost less than another write): bytes in proportion to the draws moved.
   */
  flush(table: { upload(start: number, count: number): void }, gap = 16): void {
    const n = this.writtenCount;
    if (n === 0) return;
    const written = this.written.subarray(0, n).sort();
    let runStart = written[0]!;
    let runEnd = runStart + 1;
    for (let i = 1; i < n; i++) {
      const entry = written[i]!;
      if (entry < runEnd + gap) runEnd = Math.max(runEnd, entry + 1);
      else {
        table.upload(runStart, runEnd - runStart);
        runStart = entry;
        runEnd = entry + 1;
      }
    }
    table.upload(runStart, runEnd - runStart);
    this.writtenCount = 0;
  }

  private enter(draw: M, b: number, state: InstanceState, entries: Uint32Array, note: boolean): void {
    draw.batch = b;
    draw.batchState = state;
    draw.batchEntry = -1;
    if (state === InstanceState.Culled) this.culled++;
    // Drawn entries come first in the batch's capacity; the rest of it is kept for the draws not drawn now.
    if (state === InstanceState.Drawn) this.place(draw, this.start[b]! + this.count[b]!++, entries, note);
  }

  /** Gives drawn `draw`'s entry to its batch's last drawn one. */
  private vacate(draw: M, entries: Uint32Array): void {
    const b = draw.batch;
    const entry = draw.batchEntry;
    const last = this.start[b]! + --this.count[b]!;
    draw.batchEntry = -1;
    if (entry !== last) this.place(this.drawAt[last - this.region]!, entry, entries);
    // Not kept alive by the region's spare entries (a draw that left may be its mesh's last reference).
    this.drawAt[last - this.region] = undefined;
  }

  private place(draw: M, entry: number, entries: Uint32Array, note = true): void {
    entries[entry] = draw.slot;
    draw.batchEntry = entry;
    this.drawAt[entry - this.region] = draw;
    if (!note) return;
    if (this.writtenCount === this.written.length) {
      const grown = new Int32Array(this.written.length * 2);
      grown.set(this.written);
      this.written = grown;
    }
    this.written[this.writtenCount++] = entry;
  }

  private grow(): void {
    const size = this.count.length * 2;
    const copy = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.count = copy(this.count);
    this.variant = copy(this.variant);
    this.start = copy(this.start);
    this.capacity = copy(this.capacity);
    this.members = copy(this.members);
  }
}
