import { FRAME_TARGETS, HEADSET_90HZ_MS, type FrameTarget } from './frame-ceilings';

/** One frame as the budget sees it: our CPU work, the wall time since the previous frame, and what was drawn. */
export interface FrameRecord {
  costMs: number;
  intervalMs: number;
  drawCalls: number;
  triangles: number;
  bytesUploaded?: number | undefined;
  /** GPU time of the frame (first pass start to last pass end), when timestamp queries exist. */
  gpuMs?: number | undefined;
}

/** Mean and order statistics of a window of samples (nearest-rank percentiles). */
export interface Distribution {
  mean: number;
  p50: number;
  p95: number;
  max: number;
}

/** The budget's state over its window. Counters describe the last frame recorded. */
export interface BudgetSnapshot {
  ceilingMs: number;
  samples: number;
  cost: Distribution;
  interval: Distribution;
  /** Share (0..1) of frames in the window whose cost was over the ceiling. */
  overCeilingShare: number;
  drawCalls: number;
  triangles: number;
  bytesUploaded: number;
  /** null where the device has no timestamp queries. */
  gpuMs: number | null;
  /** The display's refresh period as the intervals show it (their lower fifth: frames that kept up); 0 without data. */
  refreshMs: number;
  /**
   * Display refreshes in the window that showed no new frame (an interval of about k refreshes missed k − 1): the
   * frames the screen repeated because ours came late.
   */
  missedFrames: number;
  /** Each declared target device, its ceiling and provenance, and the share of the window's frames over it. */
  targets: readonly (FrameTarget & { overShare: number })[];
}

/** Keeps the last `window` frames in a ring and measures them against a declared ceiling. */
export class FrameBudget {
  readonly ceilingMs: number;
  private readonly cost: Float64Array;
  private readonly interval: Float64Array;
  private readonly scratch: Float64Array;
  private count = 0;
  private next = 0;
  private last: { [K in keyof FrameRecord]-?: number } | null = null;
  private gpuSeen = false;

  /** `ceilingMs` defaults to the 90 Hz headset's; `window` (default 240) is how many frames the statistics cover. */
  constructor(options: { ceilingMs?: number; window?: number } = {}) {
    const ceilingMs = options.ceilingMs ?? HEADSET_90HZ_MS;
    const window = options.window ?? 240;
    if (!(ceilingMs > 0)) throw new RangeError(`FrameBudget: ceilingMs must be > 0, got ${ceilingMs}.`);
    if (!Number.isInteger(window) || window < 1) {
      throw new RangeError(`FrameBudget: window must be a whole number of frames ≥ 1, got ${window}.`);
    }
    this.ceilingMs = ceilingMs;
    this.cost = new Float64Array(window);
    this.interval = new Float64Array(window);
    this.scratch = new Float64Array(window);
  }

  /** Adds one frame; the oldest falls out of the window once it is full. Allocates nothing. */
  record(frame: FrameRecord): void {
    this.cost[this.next] = frame.costMs;
    this.interval[this.next] = frame.intervalMs;
    this.next = (this.next + 1) % this.cost.length;
    this.count = Math.min(this.count + 1, this.cost.length);
    if (frame.gpuMs !== undefined) this.gpuSeen = true;
    const last = (this.last ??= {
      costMs: 0,
      intervalMs: 0,
      drawCalls: 0,
      triangles: 0,
      bytesUploaded: 0,
      gpuMs: 0,
    });
    last.costMs = frame.costMs;
    last.intervalMs = frame.intervalMs;
    last.drawCalls = frame.drawCalls;
    last.triangles = frame.triangles;
    last.bytesUploaded = frame.bytesUploaded ?? 0;
    last.gpuMs = frame.gpuMs ?? 0;
  }

  snapshot(): BudgetSnapshot {
    let over = 0;
    for (let i = 0; i < this.count; i++) if (this.cost[i]! > this.ceilingMs) over++;
    const refreshMs = this.refreshMs();
    let missedFrames = 0;
    // The first frame's interval is 0 (no previous frame): it neither keeps up nor misses.
    if (refreshMs > 0)
      for (let i = 0; i < this.count; i++) {
        const interval = this.interval[i]!;
        if (interval > 0) missedFrames += Math.max(0, Math.round(interval / refreshMs) - 1);
      }
    const targets = FRAME_TARGETS.map((target) => {
      let above = 0;
      for (let i = 0; i < this.count; i++) if (this.cost[i]! > target.ceilingMs) above++;
      return { ...target, overShare: this.count === 0 ? 0 : above / this.count };
    });
    return {
      refreshMs,
      missedFrames,
      targets,
      ceilingMs: this.ceilingMs,
      samples: this.count,
      cost: this.distribution(this.cost),
      interval: this.distribution(this.interval),
      overCeilingShare: this.count === 0 ? 0 : over / this.count,
      drawCalls: this.last?.drawCalls ?? 0,
      triangles: this.last?.triangles ?? 0,
      bytesUploaded: this.last?.bytesUploaded ?? 0,
      gpuMs: this.gpuSeen && this.last ? this.last.gpuMs : null,
    };
  }

  /** The lower fifth of the non-zero intervals: frames that kept up with the display show its period. */
  private refreshMs(): number {
    let n = 0;
    for (let i = 0; i < this.count; i++) if (this.interval[i]! > 0) this.scratch[n++] = this.interval[i]!;
    if (n === 0) return 0;
    const sorted = this.scratch.subarray(0, n).sort();
    return sorted[Math.floor(0.2 * (n - 1))]!;
  }

  private distribution(ring: Float64Array): Distribution {
    const n = this.count;
    if (n === 0) return { mean: 0, p50: 0, p95: 0, max: 0 };
    const sorted = this.scratch.subarray(0, n);
    sorted.set(ring.subarray(0, n));
    sorted.sort();
    let sum = 0;
    for (let i = 0; i < n; i++) sum += sorted[i]!;
    const rank = (p: number) => sorted[Math.max(0, Math.ceil(p * n) - 1)]!;
    return { mean: sum / n, p50: rank(0.5), p95: rank(0.95), max: sorted[n - 1]! };
  }
}
