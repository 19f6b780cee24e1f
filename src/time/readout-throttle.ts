/** Lets a readout refresh a few times a second (default 4 Hz) instead of every frame: writing text is expensive. */
export class ReadoutThrottle {
  private readonly periodMs: number;
  private lastMs = -Infinity;

  constructor(hz = 4) {
    if (!(hz > 0)) throw new RangeError(`ReadoutThrottle: hz must be > 0, got ${hz}.`);
    this.periodMs = 1000 / hz;
  }

  /** True when a refresh is due at `nowMs` (and counts it as done); a clock that went back (a replay) is due at once. */
  due(nowMs: number): boolean {
    if (nowMs >= this.lastMs && nowMs - this.lastMs < this.periodMs) return false;
    this.lastMs = nowMs;
    return true;
  }
}
