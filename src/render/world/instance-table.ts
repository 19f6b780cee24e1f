import type { Device, DeviceBuffer } from '../../device/device';

/**
 * The instance-to-object table of instanced draws: a storage array of u32, each entry the arena slot one instance
 * draws (`instances[instance_index]`). Its first `fixed` entries are the recorded chunks' (chunk k's at k · chunk
 * size, kept across frames with the bundles that read them); after them, each frame hands out regions for the draws
 * encoded directly (other views, the shadow maps, the blended draws), written before the draws that read them. When it
 * grows, the old buffer is kept until the next frame (draws encoded against it are not submitted yet) and `generation`
 * moves on, so bindings and recordings that name it are made again.
 */
export class InstanceTable {
  generation = 0;
  buffer: DeviceBuffer;
  /** Entries written to the GPU since made (exact, for tests). */
  entriesUploaded = 0;
  private words: Uint32Array;
  private fixed = 0;
  private framesSeen = 0;
  private cursor = 0;
  private readonly retired: DeviceBuffer[] = [];

  constructor(
    private readonly device: Device,
    capacity = 1024,
  ) {
    this.words = new Uint32Array(capacity);
    this.buffer = this.make();
  }

  /**
   * Starts a frame whose recorded chunks take the first `fixed` entries, with room after them for what the last frame
   * used (at first, two encodes of all `draws`: a frame's own and its blended or a second view's), so a steady frame
   * never grows the table mid-frame; frees the buffers outgrown last frame.
   */
  beginFrame(fixed: number, draws: number): void {
    for (const buffer of this.retired) buffer.destroy();
    this.retired.length = 0;
    const used = this.framesSeen++ === 0 ? 2 * draws : this.cursor - this.fixed;
    this.fixed = fixed;
    this.cursor = fixed;
    if (fixed + used > this.words.length) {
      // Between frames: nothing encoded yet reads the old buffer (what was submitted keeps it until done).
      this.grow(fixed + used);
      this.retired.pop()!.destroy();
    }
  }

  /** The first entry of a region of `count` entries for this frame only. */
  reserve(count: number): number {
    const start = this.cursor;
    if (start + count > this.words.length) this.grow(start + count);
    this.cursor += count;
    return start;
  }

  /** Gives back the end of this frame's last region from entry `end` on (what its draws did not use). */
  release(end: number): void {
    if (end < this.fixed || end > this.cursor)
      throw new Error(`InstanceTable: cannot release from entry ${end}.`);
    this.cursor = end;
  }

  /** The entries to fill (valid until the next `reserve` or `beginFrame`, which may grow the table). */
  entries(): Uint32Array {
    return this.words;
  }

  /** Sends entries `start` … `start + count − 1` to the GPU. */
  upload(start: number, count: number): void {
    if (count === 0) return;
    if (start < this.fixed && start + count > this.fixed)
      throw new Error('InstanceTable: a region crosses from the chunks into the frame’s.');
    this.buffer.write(start * 4, this.words, start * 4, count * 4);
    this.entriesUploaded += count;
  }

  destroy(): void {
    for (const buffer of this.retired) buffer.destroy();
    this.retired.length = 0;
    this.buffer.destroy();
  }

  private grow(needed: number): void {
    let capacity = this.words.length;
    while (capacity < needed) capacity *= 2;
    const words = new Uint32Array(capacity);
    words.set(this.words);
    this.words = words;
    this.retired.push(this.buffer);
    this.buffer = this.make();
    // What the chunks and this frame's earlier regions hold goes into the new buffer too.
    if (this.cursor > 0) this.buffer.write(0, this.words, 0, this.cursor * 4);
  }

  private make(): DeviceBuffer {
    this.generation++;
    const words = () => this.words;
    return this.device.createBuffer({
      label: `world instances gen ${this.generation}`,
      size: this.words.byteLength,
      usage: 'storage',
      restore: words,
    });
  }
}
