/** What one tick of a clock reports, in seconds. The object is reused by the next tick: copy what you keep. */
export interface ClockSample {
  /** Time to advance the scene by this frame (0 on the first frame, at most the cap). */
  delta: number;
  /** Sum of the deltas since start or reset. */
  elapsed: number;
  /** The measured interval before capping (0 on the first frame). */
  realInterval: number;
  /** True when `realInterval` was over the cap and replaced by it (hidden tab, debugger, system menu). */
  jumpDiscarded: boolean;
}

/** Anything the frame loop can take its time from: the wall clock, or a fixed one for tests and screenshots. */
export interface Clock {
  tick(nowMs: number): ClockSample;
  reset(): void;
}

/** Advances by measured wall time, never by frame count: the first frame is 0 and a jump is capped and reported. */
export class FrameClock implements Clock {
  readonly maxDelta: number;
  private reference: number | null = null;
  private readonly sample: ClockSample = { delta: 0, elapsed: 0, realInterval: 0, jumpDiscarded: false };

  /** `maxDelta`: the largest step in seconds (default 0.25); a longer interval is replaced by it. */
  constructor(options: { maxDelta?: number } = {}) {
    const maxDelta = options.maxDelta ?? 0.25;
    if (!(maxDelta > 0) || !Number.isFinite(maxDelta)) {
      throw new RangeError(`FrameClock: maxDelta must be a positive number of seconds, got ${maxDelta}.`);
    }
    this.maxDelta = maxDelta;
  }

  /** Measures the time since the previous tick (`nowMs` from requestAnimationFrame or performance.now()). */
  tick(nowMs: number): ClockSample {
    if (!Number.isFinite(nowMs))
      throw new RangeError(`FrameClock.tick: nowMs must be a finite time, got ${nowMs}.`);
    const s = this.sample;
    if (this.reference === null) {
      s.realInterval = 0;
    } else {
      // A timestamp that goes backwards (a source switch with another time origin) advances nothing.
      s.realInterval = Math.max(0, (nowMs - this.reference) / 1000);
    }
    this.reference = nowMs;
    s.jumpDiscarded = s.realInterval > this.maxDelta;
    s.delta = s.jumpDiscarded ? this.maxDelta : s.realInterval;
    s.elapsed += s.delta;
    return s;
  }

  /** Forgets the reference and the elapsed time: the next tick is a first frame again (delta 0, not the pause). */
  reset(): void {
    this.reference = null;
    this.sample.elapsed = 0;
  }
}
