import type { FrameBudget, FrameRecord } from './frame-budget';
import type { Clock, ClockSample } from './frame-clock';
import type { FixedStep, FixedStepReport } from './fixed-step';

/** One thing done every frame, in the order steps were added: animation, input, anything that advances the scene. */
export type FrameStep = (sample: ClockSample, xrFrame?: XRFrame) => void;

/** What the render call reports about the frame it sent out. */
export interface FrameCounters {
  drawCalls: number;
  triangles: number;
  bytesUploaded?: number | undefined;
  gpuMs?: number | undefined;
}

/** The part of `window` the loop needs, so tests can drive it with a fake. */
export interface WindowFrames {
  requestAnimationFrame(callback: (time: number) => void): number;
  cancelAnimationFrame(handle: number): void;
}

/** The part of an `XRSession` the loop needs. */
export interface SessionFrames {
  requestAnimationFrame(callback: (time: number, frame: XRFrame) => void): number;
  cancelAnimationFrame(handle: number): void;
  addEventListener(type: 'end', listener: () => void): void;
  removeEventListener(type: 'end', listener: () => void): void;
}

/** How a frame is made, phase by phase; everything but the clock is optional. */
export interface FrameLoopOptions {
  clock: Clock;
  /** Where window frames come from (default: the global window). */
  window?: WindowFrames;
  /** Wall time in ms for measuring cost and interval (default: performance.now). */
  now?: () => number;
  /** First phase: fit the render target to the canvas. Every frame, since leaving XR fires no resize event. */
  fit?: (xrFrame?: XRFrame) => void;
  /** After the steps: draw and submit, returning what was drawn. */
  render?: (sample: ClockSample, xrFrame?: XRFrame) => FrameCounters | void;
  /** Receives each frame's cost, interval and counters once the frame has gone out. */
  budget?: FrameBudget;
  /**
   * A fixed simulation step (opt-in): each frame, before the frame's own steps, the fixed steps (`addFixedStep`) run
   * as many whole steps as the clock's time calls for, at most its `maxSteps` (the rest dropped and counted);
   * `fixedReport` then says how many ran and where the frame lies between the last two (for interpolated drawing).
   */
  fixedStep?: FixedStep;
}

/** One fixed simulation step: its number from 0 and its length in seconds (always the same). */
export type FixedStepFn = (index: number, dt: number) => void;

/**
 * The one frame loop: asks the active source (the window, or the XR session while one runs) for frames and switches by
 * itself when a session starts or ends. Inside a frame the order is fixed: fit, measure, fixed steps, steps, render,
 * record.
 */
export class FrameLoop {
  /** Frames run since construction. */
  frames = 0;
  private steps: readonly FrameStep[] = [];
  private fixedSteps: readonly FixedStepFn[] = [];
  /** What the fixed step did this frame (null without one, or before the first frame). */
  fixedReport: Readonly<FixedStepReport> | null = null;
  private readonly runFixed = (index: number) => {
    const dt = this.options.fixedStep!.step;
    for (const step of this.fixedSteps) step(index, dt);
  };
  private running = false;
  private session: SessionFrames | null = null;
  private pending: { source: WindowFrames | SessionFrames; handle: number } | null = null;
  private inFrame = false;
  private lastStart: number | null = null;
  private readonly windowFrames: WindowFrames;
  private readonly now: () => number;
  private readonly onSessionEnd = () => this.leaveSession();
  private readonly record: FrameRecord = { costMs: 0, intervalMs: 0, drawCalls: 0, triangles: 0 };

  constructor(private readonly options: FrameLoopOptions) {
    this.windowFrames = options.window ?? globalThis.window;
    this.now = options.now ?? (() => performance.now());
  }

  get isRunning(): boolean {
    return this.running;
  }

  /** Which source frames come from now. */
  get source(): 'window' | 'xr-session' {
    return this.session ? 'xr-session' : 'window';
  }

  /** Appends a step; returns the function that removes it (safe to call while the loop runs, even from a step). */
  addStep(step: FrameStep): () => void {
    this.steps = [...this.steps, step];
    return () => this.removeStep(step);
  }

  /** Appends a fixed step (needs `fixedStep` in the options); returns the function that removes it. */
  addFixedStep(step: FixedStepFn): () => void {
    if (!this.options.fixedStep)
      throw new Error(
        'FrameLoop.addFixedStep: give the loop a fixedStep (new FixedStep({ step: 1 / 60 })) first.',
      );
    this.fixedSteps = [...this.fixedSteps, step];
    return () => {
      this.fixedSteps = this.fixedSteps.filter((s) => s !== step);
    };
  }

  removeStep(step: FrameStep): void {
    // Copy-on-write: a frame in progress finishes with the list it started with.
    this.steps = this.steps.filter((s) => s !== step);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule();
  }

  /** Stops asking for frames and resets the clock, so the first frame after `start()` has delta 0. */
  stop(): void {
    this.running = false;
    this.cancelPending();
    this.options.clock.reset();
    this.options.fixedStep?.reset(); // its time is the clock's: both start over
    this.lastStart = null;
  }

  /** Takes frames from `session` from now on, until it ends (then back to the window, by itself). */
  enterSession(session: SessionFrames): void {
    if (this.session === session) return;
    if (this.session) this.leaveSession();
    this.cancelPending();
    this.session = session;
    session.addEventListener('end', this.onSessionEnd);
    this.schedule();
  }

  private leaveSession(): void {
    const session = this.session;
    if (!session) return;
    session.removeEventListener('end', this.onSessionEnd);
    // A session that has ended never calls back; drop its request without touching it.
    if (this.pending?.source === session) this.pending = null;
    this.session = null;
    // Inside a frame, the frame's end schedules the next one from the window.
    if (!this.inFrame) this.schedule();
  }

  private schedule(): void {
    if (!this.running || this.pending) return;
    const session = this.session;
    if (session) {
      const handle = session.requestAnimationFrame((time, frame) => this.frame(session, time, frame));
      this.pending = { source: session, handle };
    } else {
      const source = this.windowFrames;
      const handle = source.requestAnimationFrame((time) => this.frame(source, time));
      this.pending = { source, handle };
    }
  }

  private cancelPending(): void {
    if (!this.pending) return;
    this.pending.source.cancelAnimationFrame(this.pending.handle);
    this.pending = null;
  }

  private frame(source: WindowFrames | SessionFrames, time: number, xrFrame?: XRFrame): void {
    if (this.pending?.source !== source) return; // a callback from a source we already left
    this.pending = null;
    if (!this.running) return;
    this.inFrame = true;
    const start = this.now();
    try {
      const { clock, fit, render, budget } = this.options;
      fit?.(xrFrame);
      const sample = clock.tick(time);
      const fixed = this.options.fixedStep;
      if (fixed) this.fixedReport = fixed.advance(sample.elapsed, this.runFixed);
      for (const step of this.steps) step(sample, xrFrame);
      const counters = render?.(sample, xrFrame);
      const end = this.now();
      if (budget) {
        const r = this.record; // reused: recording a frame allocates nothing
        r.costMs = end - start;
        r.intervalMs = this.lastStart === null ? 0 : start - this.lastStart;
        r.drawCalls = counters?.drawCalls ?? 0;
        r.triangles = counters?.triangles ?? 0;
        r.bytesUploaded = counters?.bytesUploaded;
        r.gpuMs = counters?.gpuMs;
        budget.record(r);
      }
      this.lastStart = start;
      this.frames++;
    } finally {
      this.inFrame = false;
      // Even when a step threw, the loop lives on; the error still reaches the page (uncaught in this callback).
      this.schedule();
    }
  }
}
