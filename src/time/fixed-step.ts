/** What one frame's `advance` did. The object is reused by the next call: copy what you keep. */
export interface FixedStepReport {
  /** Steps run this frame. */
  steps: number;
  /** Steps this frame owed but did not run (more than `maxSteps` were due): that simulated time is skipped. */
  dropped: number;
  /** Where the frame lies between the last two steps, in [0, 1): what to draw interpolated transforms at. */
  alpha: number;
}

/**
 * A fixed simulation step (Glenn Fiedler's accumulator): each frame runs as many whole steps of `step` seconds as
 * the time reached calls for, at most `maxSteps` (the rest is dropped and reported, like the clock's jump cap), and
 * reports how far the frame lies past the last step. Steps are counted against the total time, not by summing
 * deltas, so under a fixed clock the same time gives the same steps at 30, 60 or 144 Hz.
 */
export class FixedStep {
  readonly step: number;
  readonly maxSteps: number;
  /** Steps run since the start (or `reset`). */
  stepsRun = 0;
  /** Steps dropped since the start (or `reset`). */
  stepsDropped = 0;
  private readonly report: FixedStepReport = { steps: 0, dropped: 0, alpha: 0 };

  /** `step` in seconds (e.g. 1/60), `maxSteps` per frame (default 5). */
  constructor(options: { step: number; maxSteps?: number }) {
    const { step, maxSteps = 5 } = options;
    if (!(step > 0) || !Number.isFinite(step))
      throw new RangeError(
        `FixedStep: step must be a positive number of seconds (e.g. 1 / 60), got ${step}.`,
      );
    if (!Number.isInteger(maxSteps) || maxSteps < 1)
      throw new RangeError(`FixedStep: maxSteps must be a whole number ≥ 1, got ${maxSteps}.`);
    this.step = step;
    this.maxSteps = maxSteps;
  }

  /** The simulated time the steps run so far stand for (dropped ones included: that time is skipped, not owed). */
  get time(): number {
    return (this.stepsRun + this.stepsDropped) * this.step;
  }

  /**
   * Runs the steps due by `time` (seconds since the start: a clock sample's `elapsed`), calling `run(index)` for each
   * with its step number from 0, and returns what it did.
   */
  advance(time: number, run: (index: number) => void): FixedStepReport {
    const r = this.report;
    // The tolerance absorbs the rounding of time / step (2 / (1/60) is 119.99999999999999).
    const due = Math.floor(time / this.step + 1e-9);
    const owed = Math.max(0, due - this.stepsRun - this.stepsDropped);
    r.steps = Math.min(owed, this.maxSteps);
    r.dropped = owed - r.steps;
    for (let i = 0; i < r.steps; i++) run(this.stepsRun++);
    this.stepsDropped += r.dropped;
    r.alpha = Math.min(Math.max((time - this.time) / this.step, 0), 1 - Number.EPSILON);
    return r;
  }

  /** Back to step 0 (the loop resets its clock on stop; the simulation's time starts over with it). */
  reset(): void {
    this.stepsRun = 0;
    this.stepsDropped = 0;
  }
}
