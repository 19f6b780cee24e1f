import type { StorageBuffer, UniformStorage } from '../../layout/uniform-arena';
import type { StructLayout } from '../../layout/struct-layout';
import { MAX_MORPH_TARGETS, MAX_SKIN_JOINTS } from '../../scene/deform-limits';

/**
 * Deformed meshes' `Deform` structs (world.wgsl: counts, morph weights, joint matrices) in one uniform buffer, each at
 * a dynamic offset. A slot holds only the joints its skin has (a 20-joint skin takes 80 + 20 × 64 bytes, rounded to
 * the offset alignment, not the struct's whole 128 joints): a binding reads the struct's full size from the slot's
 * start, past its end into the next slot or the buffer's tail, where the shader never indexes. Only written slots are
 * uploaded, each as far as it was written.
 */
export class DeformSlots<B extends StorageBuffer = StorageBuffer> {
  /** How many joints and morph targets a slot can hold (the struct's arrays). */
  readonly maxJoints: number;
  readonly maxTargets: number;
  /** Bumped whenever the buffer is made again (it grew): its bindings must be made again. */
  generation = 0;
  buffer!: B;
  /** Bytes bound per draw: the struct, rounded up to 16. */
  readonly bindingSize: number;
  private readonly countsAt: number;
  private readonly weightsAt: number;
  private readonly jointsAt: number;
  private staging = new Float32Array(0);
  private capacity = 0;
  private top = 0;
  /** Freed slots by their size, reused first. */
  private readonly free = new Map<number, number[]>();
  /** Written since the last upload: each slot's start and how many bytes of it (0: released since), in order written. */
  private readonly dirty = new Map<number, number>();
  private readonly dirtyList: number[] = [];

  constructor(
    private readonly storage: UniformStorage<B>,
    layout: StructLayout,
  ) {
    const field = (name: string) => {
      const f = layout.fields.find((candidate) => candidate.name === name);
      if (!f) throw new Error(`struct ${layout.name} has no field ${name}.`);
      return f;
    };
    const [counts, weights, joints] = [field('counts'), field('morphWeights'), field('joints')];
    this.countsAt = counts.offset;
    this.weightsAt = weights.offset;
    this.jointsAt = joints.offset;
    this.maxJoints = joints.size / joints.stride!;
    this.maxTargets = (weights.size / weights.stride!) * 4;
    // The scene refuses what the shader cannot read by these numbers: they must be the struct's.
    if (this.maxJoints !== MAX_SKIN_JOINTS || this.maxTargets !== MAX_MORPH_TARGETS)
      throw new Error(
        `struct ${layout.name} holds ${this.maxJoints} joints and ${this.maxTargets} morph weights; ` +
          `src/scene/deform-limits.ts says ${MAX_SKIN_JOINTS} and ${MAX_MORPH_TARGETS}: make them agree.`,
      );
    this.bindingSize = Math.ceil(layout.size / 16) * 16;
    if (this.bindingSize > storage.maxBindingSize)
      throw new RangeError(
        `struct ${layout.name} (${layout.size} bytes) exceeds the largest uniform binding (${storage.maxBindingSize}).`,
      );
    this.grow(16 * this.slotSize(this.maxJoints));
  }

  /** A slot for a mesh with `joints` joints (0: morph targets only); its byte offset, the draw's dynamic offset. */
  allocate(joints: number): number {
    const size = this.slotSize(joints);
    const reused = this.free.get(size)?.pop();
    if (reused !== undefined) return reused;
    if (this.top + size > this.capacity) this.grow(Math.max(this.capacity * 2, this.top + size));
    const offset = this.top;
    this.top += size;
    return offset;
  }

  /** Gives back the slot at `offset`, made for `joints` joints. */
  release(offset: number, joints: number): void {
    const size = this.slotSize(joints);
    let list = this.free.get(size);
    if (!list) this.free.set(size, (list = []));
    list.push(offset);
    if (this.dirty.has(offset)) this.dirty.set(offset, 0);
  }

  /**
   * Writes a slot's counts and morph weights: `targets` morph targets over `vertices` vertices (the morph image's
   * stride), skinned or not, each target's weight (missing ones 0).
   */
  writeMorphs(
    offset: number,
    targets: number,
    vertices: number,
    skinned: boolean,
    weights: Float32Array,
  ): void {
    const f = this.staging;
    const at = (offset + this.countsAt) >> 2;
    f[at] = targets;
    f[at + 1] = vertices;
    f[at + 2] = skinned ? 1 : 0;
    f[at + 3] = 0;
    const w = (offset + this.weightsAt) >> 2;
    for (let t = 0; t < this.maxTargets; t++) f[w + t] = t < targets && t < weights.length ? weights[t]! : 0;
    this.mark(offset, this.jointsAt);
  }

  /** The staging floats and where the slot's joint matrices start in them: write `joints` matrices there, then `mark`. */
  jointFloats(offset: number): { floats: Float32Array; at: number } {
    this.scratch.floats = this.staging;
    this.scratch.at = (offset + this.jointsAt) >> 2;
    return this.scratch;
  }
  private readonly scratch = { floats: this.staging, at: 0 };

  /** Marks the slot's joint matrices written (`joints` of them) for the next upload. */
  markJoints(offset: number, joints: number): void {
    this.mark(offset, this.jointsAt + joints * 64);
  }

  /** Uploads what was written since the last upload; returns the bytes sent. */
  upload(): number {
    // Slots in offset order, neighbours joined into one write (a write per mesh costs WebGPU a call each): a run goes
    // on over the padding that ends a slot. Indexed: an iterator per frame would be garbage every frame.
    let bytes = 0;
    const list = this.dirtyList.sort(byNumber);
    let start = -1;
    let end = -1;
    for (let i = 0; i <= list.length; i++) {
      const offset = i < list.length ? list[i]! : Infinity;
      const size = i < list.length ? this.dirty.get(offset)! : 0;
      if (i < list.length && size === 0) continue; // released since it was written
      if (start >= 0 && offset - end < this.storage.alignment) {
        end = offset + size;
        continue;
      }
      if (start >= 0) {
        this.buffer.write(start, this.staging.buffer as ArrayBuffer, start, end - start);
        bytes += end - start;
      }
      start = offset;
      end = offset + size;
    }
    list.length = 0;
    this.dirty.clear();
    return bytes;
  }

  destroy(): void {
    this.buffer.destroy();
  }

  /** Bytes a slot for `joints` joints takes: the struct up to its last joint, at the offset alignment. */
  private slotSize(joints: number): number {
    const alignment = this.storage.alignment;
    return Math.ceil((this.jointsAt + joints * 64) / alignment) * alignment;
  }

  private mark(offset: number, size: number): void {
    const before = this.dirty.get(offset);
    if (before === undefined) this.dirtyList.push(offset);
    if (before === undefined || size > before) this.dirty.set(offset, size);
  }

  private grow(capacity: number): void {
    // The tail past the last slot lets a binding of the struct's full size start at any slot.
    const staging = new Float32Array((capacity + this.bindingSize) / 4);
    staging.set(this.staging.subarray(0, this.top / 4));
    this.staging = staging;
    this.capacity = capacity;
    this.buffer?.destroy();
    this.buffer = this.storage.create(
      `deform slots gen ${this.generation + 1}`,
      capacity + this.bindingSize,
      () => this.staging.buffer as ArrayBuffer,
    );
    this.generation++;
    // A new buffer starts empty: everything in use goes up with the next upload.
    if (this.top > 0) this.mark(0, this.top);
  }
}

const byNumber = (a: number, b: number) => a - b;
