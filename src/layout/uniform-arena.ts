import type { StructLayout } from './struct-layout';
import { StructBuffer, type FieldWriter } from './struct-writer';

/** What one `upload()` did; exact, so tests assert them. */
export interface ArenaFrameCounters {
  /** Distinct slots written since the previous upload. */
  slotsPacked: number;
  /** Contiguous runs of changed slots, one `writeBuffer` each. */
  ranges: number;
  bytesUploaded: number;
}

/** One uniform buffer of the arena's storage: written in byte ranges, freed when the arena grows or goes. */
export interface StorageBuffer {
  /** Copies `size` bytes of `data` from byte `dataOffset` to byte `offset` of the buffer. */
  write(offset: number, data: ArrayBuffer, dataOffset: number, size: number): void;
  destroy(): void;
}

/**
 * Where the arena keeps its bytes on the GPU: the device layer's uniform buffers (`deviceUniformStorage`), a raw
 * WebGPU device in a test, a recording fake in Node. Offsets are multiples of `alignment`; a slot is at most
 * `maxBindingSize` bytes.
 */
export interface UniformStorage<B extends StorageBuffer = StorageBuffer> {
  readonly alignment: number;
  readonly maxBindingSize: number;
  /** A buffer of `size` bytes; after a device loss it must hold `restore()` again (the arena's CPU copy). */
  create(label: string, size: number, restore: () => ArrayBuffer): B;
}

/**
 * Every object's uniforms in one GPU buffer: a slot per object at the uniform offset alignment, drawn with a dynamic
 * offset. Only changed slots are uploaded, coalesced into as few writes as there are contiguous runs. The buffer doubles
 * when full (rare, counted: `generation`); whoever binds it makes its bindings again when the generation changes.
 */
export class UniformArena<B extends StorageBuffer = StorageBuffer> {
  readonly slotSize: number;
  /** How many times the GPU buffer has been (re)created: 1 after construction. */
  generation = 0;
  buffer!: B;
  /** The last upload's counters. */
  readonly frame: ArenaFrameCounters = { slotsPacked: 0, ranges: 0, bytesUploaded: 0 };

  private readonly label: string;
  private capacity: number;
  private staging!: StructBuffer;
  private live = new Uint8Array(0);
  private dirty = new Uint8Array(0);
  private dirtyList = new Int32Array(0);
  private dirtyCount = 0;
  private readonly freeSlots: number[] = [];
  private nextSlot = 0;

  constructor(
    private readonly storage: UniformStorage<B>,
    readonly layout: StructLayout,
    options: { capacity?: number; label?: string } = {},
  ) {
    this.slotSize = UniformArena.slotSizeOf(layout, storage.alignment);
    if (this.slotSize > storage.maxBindingSize) {
      throw new RangeError(
        `Struct ${layout.name} (${layout.size} bytes) exceeds the largest uniform binding (${storage.maxBindingSize}).`,
      );
    }
    this.label = options.label ?? `arena ${layout.name}`;
    this.capacity = 0;
    this.grow(Math.max(1, options.capacity ?? 64));
  }

  /** The bytes from one slot to the next: the struct's size rounded up to the storage's alignment. */
  static slotSizeOf(layout: StructLayout, alignment: number): number {
    return Math.ceil(layout.size / alignment) * alignment;
  }

  /** Slots in use. */
  get liveSlots(): number {
    return this.nextSlot - this.freeSlots.length;
  }

  /** A slot for one object; grows the buffer (a new generation) when none is free. */
  allocate(): number {
    const slot = this.freeSlots.pop() ?? this.nextSlot++;
    if (slot >= this.capacity) this.grow(this.capacity * 2);
    this.live[slot] = 1;
    return slot;
  }

  /** Gives a slot back; writing it afterwards is an error until it is allocated again. */
  free(slot: number): void {
    this.assertLive(slot, 'free');
    this.live[slot] = 0;
    this.dirty[slot] = 0; // a freed slot is never uploaded
    this.freeSlots.push(slot);
  }

  /** The byte offset to bind `slot` at (the dynamic offset of its draw). */
  offset(slot: number): number {
    return slot * this.slotSize;
  }

  /** Writes one field of `slot`'s struct into staging memory and marks the slot for the next upload. */
  write(slot: number, field: FieldWriter, value: number | ArrayLike<number>): void {
    if (this.live[slot] !== 1) this.assertLive(slot, 'write');
    field.write(this.staging, slot * this.slotSize, value);
    if (this.dirty[slot] === 0) {
      this.dirty[slot] = 1;
      this.dirtyList[this.dirtyCount++] = slot;
    }
  }

  /**
   * For a packer that writes a whole slot itself (fields placed by their `FieldWriter.floats`): marks `slot` for the
   * next upload and returns where its struct starts in `floats()`, in floats.
   */
  openSlot(slot: number): number {
    if (this.live[slot] !== 1) this.assertLive(slot, 'write');
    if (this.dirty[slot] === 0) {
      this.dirty[slot] = 1;
      this.dirtyList[this.dirtyCount++] = slot;
    }
    return (slot * this.slotSize) >> 2;
  }

  /** The staging memory as floats (another array once the arena grows: fetch it after `allocate`). */
  floats(): Float32Array {
    return this.staging.f32;
  }

  /** Uploads the changed slots, each contiguous run with one write; a frame with no change uploads nothing. */
  upload(): ArenaFrameCounters {
    const frame = this.frame;
    frame.slotsPacked = 0;
    frame.ranges = 0;
    frame.bytesUploaded = 0;
    const dirty = this.dirty;
    let runStart = -1;
    if (this.dirtyCount > this.nextSlot >> 4) {
      // Many changed: one pass over the flags in slot order finds the runs (sorting the list was over half of
      // upload()'s own time with 100 000 slots all changed). A slot freed after being written has its flag cleared.
      for (let slot = 0; slot < this.nextSlot; slot++) {
        if (dirty[slot] === 1) {
          dirty[slot] = 0;
          frame.slotsPacked++;
          if (runStart < 0) runStart = slot;
        } else if (runStart >= 0) {
          this.writeRun(runStart, slot);
          runStart = -1;
        }
      }
      if (runStart >= 0) this.writeRun(runStart, this.nextSlot);
      this.dirtyCount = 0;
      return frame;
    }
    const list = this.dirtyList.subarray(0, this.dirtyCount).sort();
    let runEnd = -1;
    for (let i = 0; i <= list.length; i++) {
      const slot = i < list.length ? list[i]! : -1;
      if (slot >= 0 && dirty[slot] === 0) continue; // freed after being written
      if (slot >= 0 && slot === runEnd) {
        runEnd++;
      } else {
        if (runStart >= 0) this.writeRun(runStart, runEnd);
        runStart = slot;
        runEnd = slot + 1;
      }
      if (slot >= 0) {
        dirty[slot] = 0;
        frame.slotsPacked++;
      }
    }
    this.dirtyCount = 0;
    return frame;
  }

  destroy(): void {
    this.buffer.destroy();
  }

  private writeRun(start: number, end: number): void {
    const bytes = (end - start) * this.slotSize;
    this.buffer.write(start * this.slotSize, this.staging.bytes, start * this.slotSize, bytes);
    this.frame.ranges++;
    this.frame.bytesUploaded += bytes;
  }

  private grow(capacity: number): void {
    const staging = new StructBuffer(new ArrayBuffer(capacity * this.slotSize));
    if (this.staging) new Uint8Array(staging.bytes).set(new Uint8Array(this.staging.bytes));
    this.staging = staging;
    const live = new Uint8Array(capacity);
    live.set(this.live);
    this.live = live;
    this.dirty = new Uint8Array(capacity);
    this.dirtyList = new Int32Array(capacity);
    this.dirtyCount = 0;
    // A new buffer starts empty: every live slot goes up again with the next upload.
    for (let slot = 0; slot < this.capacity; slot++) {
      if (this.live[slot]) {
        this.dirty[slot] = 1;
        this.dirtyList[this.dirtyCount++] = slot;
      }
    }
    this.buffer?.destroy();
    this.buffer = this.storage.create(
      `${this.label} gen ${this.generation + 1}`,
      capacity * this.slotSize,
      () => this.staging.bytes,
    );
    this.capacity = capacity;
    this.generation++;
  }

  private assertLive(slot: number, operation: string): void {
    if (!Number.isInteger(slot) || slot < 0 || slot >= this.nextSlot) {
      throw new RangeError(
        `UniformArena ${this.layout.name}: cannot ${operation} slot ${slot}; it was never allocated.`,
      );
    }
    if (this.live[slot] !== 1) {
      throw new Error(
        `UniformArena ${this.layout.name}: cannot ${operation} slot ${slot}; it was freed. Allocate a new slot.`,
      );
    }
  }
}
