import type { GpuTimes } from '../device';

/**
 * Measures passes with `timestamp-query`. The frame time is the span first-start..last-end, not the sum of passes
 * (a sum counts overlap and gaps wrongly: PlayCanvas' lesson). On a device without the feature `available` is false,
 * `timestampWrites` returns undefined and nothing else changes.
 */
export class GpuTimer {
  readonly available: boolean;
  private readonly querySet: GPUQuerySet | null = null;
  private readonly resolveBuffer: GPUBuffer | null = null;
  private readonly readBuffers: GPUBuffer[] = [];
  private readonly names: string[] = [];
  private reading = false;
  private destroyed = false;
  private pendingTarget: GPUBuffer | null = null;
  private pendingNames: string[] = [];
  /** The most recent result read back (a frame or two behind), or null before the first. */
  latest: GpuTimes | null = null;

  constructor(
    private readonly device: GPUDevice,
    readonly maxPasses = 16,
  ) {
    this.available = device.features.has('timestamp-query');
    if (!this.available) return;
    this.querySet = device.createQuerySet({ type: 'timestamp', count: maxPasses * 2, label: 'gpu-timer' });
    this.resolveBuffer = device.createBuffer({
      size: maxPasses * 16,
      usage: GPUBufferUsage.QUERY_RESOLVE | GPUBufferUsage.COPY_SRC,
      label: 'gpu-timer resolve',
    });
  }

  private readonly writes: GPURenderPassTimestampWrites[] = [];

  /** Call at the start of a frame: forgets the previous frame's pass list. */
  beginFrame(): void {
    this.names.length = 0;
  }

  /** The `timestampWrites` for the next pass named `name`, or undefined when timing is unavailable or full. */
  timestampWrites(name: string): GPURenderPassTimestampWrites | undefined {
    if (!this.querySet || this.names.length >= this.maxPasses) return undefined;
    const index = this.names.push(name) - 1;
    // One object per pass index, made once: the same passes ask every frame.
    return (this.writes[index] ??= {
      querySet: this.querySet,
      beginningOfPassWriteIndex: index * 2,
      endOfPassWriteIndex: index * 2 + 1,
    });
  }

  /** Records the resolve and copy into `encoder`; call once after the frame's last pass, then `read()` after submit. */
  resolve(encoder: GPUCommandEncoder): void {
    if (!this.querySet || !this.resolveBuffer || this.names.length === 0 || this.reading) return;
    const count = this.names.length * 2;
    encoder.resolveQuerySet(this.querySet, 0, count, this.resolveBuffer, 0);
    const target =
      this.readBuffers.pop() ??
      this.device.createBuffer({
        size: this.maxPasses * 16,
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
        label: 'gpu-timer read',
      });
    encoder.copyBufferToBuffer(this.resolveBuffer, 0, target, 0, count * 8);
    this.pendingTarget = target;
    this.pendingNames = [...this.names];
  }

  /** Maps the resolved timestamps (after the submit that carried `resolve`) into `latest`. */
  async read(): Promise<GpuTimes | null> {
    const target = this.pendingTarget;
    if (!target) return this.latest;
    this.pendingTarget = null;
    this.reading = true;
    const names = this.pendingNames;
    try {
      try {
        await target.mapAsync(GPUMapMode.READ);
      } catch (error) {
        // A read still in flight when the timer was destroyed or its device lost (the mapping is aborted): nothing to
        // report, nothing wrong.
        if (this.destroyed || (error instanceof DOMException && error.name === 'AbortError'))
          return this.latest;
        throw error;
      }
      const stamps = new BigUint64Array(target.getMappedRange(0, names.length * 16));
      let first = stamps[0]!;
      let last = stamps[1]!;
      const passes = new Map<string, number>();
      names.forEach((name, i) => {
        const begin = stamps[i * 2]!;
        const end = stamps[i * 2 + 1]!;
        if (begin < first) first = begin;
        if (end > last) last = end;
        passes.set(name, Number(end - begin) / 1e6);
      });
      target.unmap();
      this.latest = { frameMs: Number(last - first) / 1e6, passes };
      return this.latest;
    } finally {
      this.readBuffers.push(target);
      this.reading = false;
    }
  }

  destroy(): void {
    this.destroyed = true;
    this.querySet?.destroy();
    this.resolveBuffer?.destroy();
    for (const buffer of this.readBuffers) buffer.destroy();
  }
}
