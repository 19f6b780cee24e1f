/** How a draw of a batch stands: drawn (its slot in the table), out of the view, or hidden. */
export const enum InstanceState {
  Drawn = 0,
  Culled = 1,
  Hidden = 2,
}

/**
 * Draws gathered into instanced batches over a region of the instance table: batch b is drawn as draw `first[b]`,
 * `count[b]` instances from table entry `start[b]`, in `capacity[b]` entries kept for it — one per draw of its run, drawn
 * or not. So a draw that goes into or out of the view, or is shown or hidden, moves one entry (`set`: appended, or the
 * batch's last entry moved into its place) and the run is not gathered again; only the draw calls' instance counts
 * change. Within a batch the instances are in no particular order (opaque draws: the depth test orders them).
 */
export class InstanceBatches {
  /** Batches gathered. */
  length = 0;
  first = new Int32Array(16);
  count = new Int32Array(16);
  variant = new Int32Array(16);
  start = new Int32Array(16);
  capacity = new Int32Array(16);
  /** Draws out of the view (not hidden) among those gathered. */
  culled = 0;
  /** Table entries `set` wrote since the last `flush` (an entry may repeat). */
  private written = new Int32Array(16);
  private writtenCount = 0;
  /** The draw list index of the first draw gathered, and the region's first table entry. */
  private from = 0;
  private region = 0;
  private end = 0;
  /** Per gathered draw (from `from` on): its batch, its entry (−1 when not drawn) and its state. */
  private batchOf = new Int32Array(16);
  private entryOf = new Int32Array(16);
  private state = new Uint8Array(16);
  /** Per entry of the region: the draw (from `from` on) in it. */
  private drawAt = new Int32Array(16);

  /** Starts gathering the draws from list index `from` (at most `draws` of them) into table entries from `region`. */
  begin(from: number, region: number, draws: number): void {
    this.from = from;
    this.region = this.end = region;
    this.length = 0;
    this.culled = 0;
    this.writtenCount = 0;
    if (this.batchOf.length < draws) {
      const size = Math.max(draws, this.batchOf.length * 2);
      this.batchOf = new Int32Array(size);
      this.entryOf = new Int32Array(size);
      this.state = new Uint8Array(size);
      this.drawAt = new Int32Array(size);
    }
  }

  /**
   * The gathered draws are now at list index `from` on (draws before them joined or left the list, theirs did not):
   * the batches and entries stay as they are.
   */
  rebase(from: number): void {
    const delta = from - this.from;
    if (delta === 0) return;
    this.from = from;
    for (let b = 0; b < this.length; b++) this.first[b]! += delta;
  }

  /** Opens a batch drawn as draw `index` in pipeline variant `variant`; the draws `add`ed next belong to it. */
  open(index: number, variant: number): void {
    const b = this.length++;
    if (b === this.first.length) this.grow();
    this.first[b] = index;
    this.count[b] = 0;
    this.variant[b] = variant;
    this.start[b] = this.end;
    this.capacity[b] = 0;
  }

  /** Adds draw `index` (after the last one added) to the open batch in `state`, drawing `slot` when drawn. */
  add(index: number, slot: number, state: InstanceState, entries: Uint32Array): void {
    const b = this.length - 1;
    const local = index - this.from;
    this.batchOf[local] = b;
    this.state[local] = state;
    this.capacity[b]!++;
    this.end++;
    if (state === InstanceState.Culled) this.culled++;
    if (state !== InstanceState.Drawn) {
      this.entryOf[local] = -1;
      return;
    }
    // Drawn entries come first in the batch's capacity; the rest of it is kept for the draws not drawn now.
    this.place(local, this.start[b]! + this.count[b]!++, slot, entries, false);
  }

  /** The table entries the gathered batches span (from the region's first). */
  get entries(): number {
    return this.end - this.region;
  }

  /** The state draw `index` was gathered or last `set` in. */
  stateOf(index: number): InstanceState {
    return this.state[index - this.from] as InstanceState;
  }

  /**
   * Moves draw `index` (gathered) into `state`: a draw drawn now takes the entry after its batch's drawn ones; a draw
   * no longer drawn gives its entry to the batch's last drawn one. O(1); returns whether the batch's count changed.
   */
  set(index: number, slot: number, state: InstanceState, entries: Uint32Array): boolean {
    const local = index - this.from;
    const was = this.state[local] as InstanceState;
    if (was === state) return false;
    this.state[local] = state;
    this.culled += (state === InstanceState.Culled ? 1 : 0) - (was === InstanceState.Culled ? 1 : 0);
    if ((was === InstanceState.Drawn) === (state === InstanceState.Drawn)) return false;
    const b = this.batchOf[local]!;
    if (state === InstanceState.Drawn) {
      this.place(local, this.start[b]! + this.count[b]!++, slot, entries, true);
      return true;
    }
    const entry = this.entryOf[local]!;
    const last = this.start[b]! + --this.count[b]!;
    this.entryOf[local] = -1;
    if (entry !== last) {
      const moved = this.drawAt[last - this.region]!;
      this.place(moved, entry, entries[last]!, entries, true);
    }
    return true;
  }

  /** Whether `set` wrote entries not sent yet. */
  get hasWritten(): boolean {
    return this.writtenCount > 0;
  }

  /**
   * Sends the entries `set` wrote to `table`, one write per run of them (runs less than `gap` entries apart are
   * joined: a few unchanged entries cost less than another write): bytes in proportion to the draws moved.
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

  /** Forgets the entries `set` wrote (the caller sends the whole region). */
  dropWritten(): void {
    this.writtenCount = 0;
  }

  private place(local: number, entry: number, slot: number, entries: Uint32Array, note: boolean): void {
    entries[entry] = slot;
    this.entryOf[local] = entry;
    this.drawAt[entry - this.region] = local;
    if (!note) return;
    if (this.writtenCount === this.written.length) {
      const grown = new Int32Array(this.written.length * 2);
      grown.set(this.written);
      this.written = grown;
    }
    this.written[this.writtenCount++] = entry;
  }

  private grow(): void {
    const size = this.first.length * 2;
    const copy = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a);
      return b;
    };
    this.first = copy(this.first);
    this.count = copy(this.count);
    this.variant = copy(this.variant);
    this.start = copy(this.start);
    this.capacity = copy(this.capacity);
  }
}
