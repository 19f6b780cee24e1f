import type { Clock, ClockSample } from './frame-clock';

/**
 * A deterministic clock for tests and screenshots (`?t=<seconds>&fps=<n>`): frame n is at min(n / fps, t), whatever the
 * wall clock says, so history-dependent passes (motion blur) give the same image every run.
 */
export class FixedClock implements Clock {
  readonly fps: number;
  readonly until: number;
  private frame = 0;
  private readonly sample: ClockSample = { delta: 0, elapsed: 0, realInterval: 0, jumpDiscarded: false };

  constructor(options: { fps: number; until: number }) {
    const { fps, until } = options;
    if (!(fps > 0) || !Number.isFinite(fps))
      throw new RangeError(`FixedClock: fps must be a positive number, got ${fps}.`);
    if (!(until >= 0) || !Number.isFinite(until)) {
      throw new RangeError(`FixedClock: t must be a finite number of seconds ≥ 0, got ${until}.`);
    }
    this.fps = fps;
    this.until = until;
  }

  /** True once the clock has reached `until` and holds there. */
  get done(): boolean {
    return this.sample.elapsed >= this.until;
  }

  /** Frames needed to reach `until` after the first one: the loop must run this many + 1 frames. */
  get framesToDone(): number {
    return Math.ceil(this.until * this.fps - 1e-9);
  }

  tick(_nowMs: number): ClockSample {
    const s = this.sample;
    // Elapsed from the frame index, not by summing deltas, so no rounding drift accumulates.
    const elapsed = Math.min(this.frame / this.fps, this.until);
    s.delta = elapsed - s.elapsed;
    s.realInterval = s.delta;
    s.jumpDiscarded = false;
    s.elapsed = elapsed;
    this.frame++;
    return s;
  }

  reset(): void {
    this.frame = 0;
    this.sample.elapsed = 0;
  }
}
