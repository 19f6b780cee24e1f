/** An easing: progress 0…1 in, eased progress out, 0 at 0 and 1 at 1. */
export type Easing = (t: number) => number;

/** The usual easings, by name. */
export const EASINGS = {
  linear: (t: number) => t,
  easeInQuad: (t: number) => t * t,
  easeOutQuad: (t: number) => t * (2 - t),
  easeInOutQuad: (t: number) => (t < 0.5 ? 2 * t * t : 1 - 2 * (1 - t) * (1 - t)),
  easeInCubic: (t: number) => t * t * t,
  easeOutCubic: (t: number) => 1 - (1 - t) ** 3,
  easeInOutCubic: (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - 4 * (1 - t) ** 3),
  easeOutBack: (t: number) => 1 + 2.70158 * (t - 1) ** 3 + 1.70158 * (t - 1) ** 2,
} as const satisfies Record<string, Easing>;

/** A timer or tween that can be called off: `cancel()` before it fires or ends, and it never does. */
export interface Scheduled {
  cancel(): void;
  /** True once it ended, fired its last time, or was cancelled. */
  readonly done: boolean;
}

/** How a tween runs: its length in seconds, its easing, how often it runs again, and what to call once it ends. */
export interface TweenOptions {
  /** Seconds of one run. */
  duration: number;
  easing?: Easing;
  /** Runs again this many times after the first (default 0; `Infinity`: until cancelled, e.g. a spin). */
  repeat?: number;
  /** Every other run goes back from the target to the start (a walk there and back). */
  yoyo?: boolean;
  /**
   * Called once the last run ends, with the timeline's `time` at that exact moment (not the frame's end), so a tween
   * or timer started here begins on time: a chain of tweens keeps its phase at any frame rate.
   */
  onEnd?: () => void;
}

interface Entry {
  /** Scene time it fires (a timer) or started (a tween). */
  at: number;
  /** Order of scheduling: two timers due at the same time fire in the order they were made. */
  order: number;
  done: boolean;
  /** Timer: fire, and return the next time or null. Tween: apply progress. */
  kind: 'timer' | 'tween';
  period: number;
  fire?: () => void;
  duration: number;
  easing: Easing;
  /** Runs in all (1 + repeat). */
  runs: number;
  yoyo: boolean;
  apply?: (progress: number) => void;
  onEnd?: () => void;
}

/**
 * Scene time for game logic: timers (`after`, `every`) and tweens driven by the time it is advanced by, never by
 * frames. Advance it from a frame step with the clock's delta (`loop.addStep((s) => timeline.advance(s.delta))`) —
 * or from a fixed step — and pausing it (`paused`) or scaling it (`timeScale`, slow motion) pauses or scales
 * everything on it; in XR the session's frames drive the same loop, so they drive it too. A timer due inside a long
 * frame fires at its own time, in time order (an `every` as many times as periods passed), and so does a tween's
 * end, with every tween on the timeline where it stands at that time; a tween ends exactly on its target.
 */
export class Timeline {
  /** Scene seconds advanced so far. */
  time = 0;
  /** Multiplies every advance (0.5: half speed); ≥ 0. */
  timeScale = 1;
  /** While true, advancing moves nothing. */
  paused = false;
  private entries: Entry[] = [];
  private order = 0;

  /** Calls `fn` once, `seconds` of scene time from now. */
  after(seconds: number, fn: () => void): Scheduled {
    return this.timer(seconds, 0, fn);
  }

  /** Calls `fn` every `seconds` of scene time, first `seconds` from now, until cancelled. */
  every(seconds: number, fn: () => void): Scheduled {
    if (!(seconds > 0))
      throw new RangeError(`Timeline.every: the period must be > 0 seconds, got ${seconds}.`);
    return this.timer(seconds, seconds, fn);
  }

  /**
   * Moves a number from `from` to `to` over `options.duration` scene seconds, calling `apply` with each value (the
   * first at once, the last exactly `to`). Vectors and colours: tween 0 → 1 and mix inside `apply`; rotations: slerp.
   */
  tween(from: number, to: number, apply: (value: number) => void, options: TweenOptions): Scheduled {
    return this.progress((p) => apply(p >= 1 ? to : from + (to - from) * p), options);
  }

  /**
   * Runs `apply(progress)` with eased progress 0 → 1 over `options.duration` (the last call exactly 1, or exactly 0
   * where a yoyo's last run goes back).
   */
  progress(apply: (progress: number) => void, options: TweenOptions): Scheduled {
    const { duration, easing = EASINGS.linear, onEnd, repeat = 0, yoyo = false } = options;
    if (!(duration >= 0) || !Number.isFinite(duration))
      throw new RangeError(
        `Timeline tween: duration must be a finite number of seconds ≥ 0, got ${duration}.`,
      );
    if (!(Number.isInteger(repeat) && repeat >= 0) && repeat !== Infinity)
      throw new RangeError(
        `Timeline tween: repeat must be a whole number of runs ≥ 0 or Infinity, got ${repeat}.`,
      );
    if (repeat > 0 && duration === 0)
      throw new RangeError('Timeline tween: a tween that repeats needs a duration above 0 seconds.');
    const entry: Entry = {
      at: this.time,
      order: this.order++,
      done: false,
      kind: 'tween',
      period: 0,
      duration,
      easing,
      runs: 1 + repeat,
      yoyo,
      apply,
      ...(onEnd ? { onEnd } : {}),
    };
    this.entries.push(entry);
    this.applyTween(entry, this.time); // the start value at once
    return handle(entry);
  }

  /** Advances scene time by `delta` × `timeScale` (nothing while paused): timers fire and tweens move, in time order. */
  advance(delta: number): void {
    if (!(delta >= 0) || !Number.isFinite(delta))
      throw new RangeError(`Timeline.advance: delta must be a finite number of seconds ≥ 0, got ${delta}.`);
    if (!(this.timeScale >= 0))
      throw new RangeError(`Timeline: timeScale must be ≥ 0, got ${this.timeScale}.`);
    if (this.paused) return;
    const end = this.time + delta * this.timeScale;
    // Timers due and tweens ending before `end` go one by one at their own times, earliest first (each may schedule
    // more): time stands at each while it happens.
    for (;;) {
      let next: Entry | null = null;
      let nextAt = Infinity;
      for (const e of this.entries) {
        if (e.done) continue;
        const at = e.kind === 'timer' ? e.at : e.at + e.duration * e.runs;
        if (at <= end && (at < nextAt || (at === nextAt && e.order < next!.order))) {
          next = e;
          nextAt = at;
        }
      }
      if (!next) break;
      this.time = nextAt;
      // What happens now sees every other tween where it stands now, not where the last frame left it.
      for (const e of this.entries)
        if (e.kind === 'tween' && !e.done && e !== next) this.applyTween(e, nextAt);
      // A tween due now ends now, whatever (now − start) / duration rounds to (0.9999999999999994 for a tween of
      // 0.3 s started at 5.333…: without forcing, it would be found due again and again).
      if (next.kind === 'tween') this.applyTween(next, nextAt, true);
      else {
        if (next.period > 0) next.at += next.period;
        else next.done = true;
        next.fire!();
      }
    }
    this.time = end;
    for (const e of this.entries) if (e.kind === 'tween' && !e.done) this.applyTween(e, end);
    // Compacted in place: a new array each advance would be garbage every frame.
    let kept = 0;
    for (const e of this.entries) if (!e.done) this.entries[kept++] = e;
    if (kept !== this.entries.length) this.entries.length = kept; // only when something ended
  }

  /** How many timers and tweens are waiting. */
  get pending(): number {
    return this.entries.filter((e) => !e.done).length;
  }

  private timer(seconds: number, period: number, fire: () => void): Scheduled {
    if (!(seconds >= 0) || !Number.isFinite(seconds))
      throw new RangeError(`Timeline timer: give a finite number of seconds ≥ 0, got ${seconds}.`);
    const entry: Entry = {
      at: this.time + seconds,
      order: this.order++,
      done: false,
      kind: 'timer',
      period,
      fire,
      duration: 0,
      easing: EASINGS.linear,
      runs: 1,
      yoyo: false,
    };
    this.entries.push(entry);
    return handle(entry);
  }

  private applyTween(e: Entry, now: number, ending = false): void {
    // Runs elapsed, fractional: run k goes forward, or back where it is a yoyo's odd run.
    const elapsed = e.duration === 0 || ending ? e.runs : (now - e.at) / e.duration;
    if (elapsed >= e.runs) {
      e.apply!(e.yoyo && e.runs % 2 === 0 ? 0 : 1);
      e.done = true;
      e.onEnd?.();
      return;
    }
    const run = Math.floor(elapsed);
    const t = elapsed - run;
    e.apply!(e.easing(e.yoyo && run % 2 === 1 ? 1 - t : t));
  }
}

function handle(entry: Entry): Scheduled {
  return {
    cancel: () => {
      entry.done = true;
    },
    get done() {
      return entry.done;
    },
  };
}
