import { describe, expect, it } from 'vitest';
import { FixedClock } from './fixed-clock';
import { FixedStep } from './fixed-step';
import { FrameLoop, type WindowFrames } from './frame-loop';

/** A window whose frames come when the test says (each `fire` runs the one pending callback). */
function fakeWindow() {
  let pending: ((time: number) => void) | null = null;
  const window: WindowFrames = {
    requestAnimationFrame: (callback) => ((pending = callback), 1),
    cancelAnimationFrame: () => (pending = null),
  };
  return { window, fire: () => pending?.(0) };
}

/**
 * Two seconds of a falling, bouncing ball simulated at a fixed 1/60 s step inside a loop whose frames come at `hz`
 * (fixed clock): its state, the steps run, and per frame the interpolation factor.
 */
function simulate(hz: number, maxSteps = 8) {
  const fixed = new FixedStep({ step: 1 / 60, maxSteps });
  const { window, fire } = fakeWindow();
  const loop = new FrameLoop({ clock: new FixedClock({ fps: hz, until: 2 }), window, fixedStep: fixed });
  const ball = { y: 10, v: 0, previous: 10 };
  loop.addFixedStep((_index, dt) => {
    ball.previous = ball.y;
    ball.v -= 9.81 * dt;
    ball.y += ball.v * dt;
    if (ball.y < 0) [ball.y, ball.v] = [-ball.y, -ball.v * 0.8];
  });
  const alphas: number[] = [];
  const drawn: number[] = [];
  loop.addStep(() => {
    const a = loop.fixedReport!.alpha;
    alphas.push(a);
    drawn.push(ball.previous + (ball.y - ball.previous) * a);
  });
  loop.start();
  for (let f = 0; f <= 2 * hz; f++) fire();
  return { ball, fixed, alphas, drawn };
}

describe('FixedStep', () => {
  it('gives the same simulation after 2 s at 30, 60 and 144 Hz (fixed clock): 120 steps, the same state', () => {
    const runs = [30, 60, 144].map((hz) => simulate(hz));
    for (const run of runs) {
      expect(run.fixed.stepsRun).toBe(120);
      expect(run.fixed.stepsDropped).toBe(0);
      expect(run.ball).toEqual(runs[0]!.ball);
    }
  });

  it('reports where each frame lies between two steps, in [0, 1), and draws between them', () => {
    const { alphas, drawn } = simulate(144);
    expect(alphas.every((a) => a >= 0 && a < 1)).toBe(true);
    expect(new Set(alphas.map((a) => a.toFixed(3))).size).toBeGreaterThan(5); // not always 0: frames fall between
    expect(drawn.every(Number.isFinite)).toBe(true);
    const step = new FixedStep({ step: 0.1 });
    expect(step.advance(0.25, () => {})).toEqual({ steps: 2, dropped: 0, alpha: expect.closeTo(0.5, 9) });
  });

  it('runs at most maxSteps in a frame and drops the rest, reporting them', () => {
    const step = new FixedStep({ step: 1 / 60, maxSteps: 5 });
    const ran: number[] = [];
    expect(step.advance(0, (i) => ran.push(i))).toMatchObject({ steps: 0, dropped: 0 });
    const report = step.advance(1, (i) => ran.push(i)); // a one-second frame: 60 steps due
    expect(report).toMatchObject({ steps: 5, dropped: 55 });
    expect(ran).toEqual([0, 1, 2, 3, 4]);
    expect([step.stepsRun, step.stepsDropped]).toEqual([5, 55]);
    expect(step.advance(1 + 1 / 60, (i) => ran.push(i))).toMatchObject({ steps: 1, dropped: 0 }); // and on from there
    expect(ran.at(-1)).toBe(5);
    // At 30 Hz with a cap of 1 step a frame, half the steps are dropped: the cap is not silent.
    const capped = simulate(30, 1);
    expect([capped.fixed.stepsRun, capped.fixed.stepsDropped]).toEqual([60, 60]);
  });

  it('refuses a bad step or cap, and a loop without one refuses fixed steps', () => {
    expect(() => new FixedStep({ step: 0 })).toThrow(/positive number of seconds/);
    expect(() => new FixedStep({ step: 1 / 60, maxSteps: 0 })).toThrow(/whole number ≥ 1/);
    const loop = new FrameLoop({ clock: new FixedClock({ fps: 60, until: 1 }), window: fakeWindow().window });
    expect(() => loop.addFixedStep(() => {})).toThrow(/give the loop a fixedStep/);
  });
});
