import { describe, expect, it } from 'vitest';
import { FrameClock } from './frame-clock';
import { FixedClock } from './fixed-clock';

/** Drives a 90°/s axle for `seconds` at `hz` through the clock and returns its angle in degrees. */
function spin(hz: number, seconds: number): number {
  const clock = new FrameClock();
  let angle = 0;
  const frames = Math.round(seconds * hz);
  for (let f = 0; f <= frames; f++) angle += 90 * clock.tick(1000 + (f * 1000) / hz).delta;
  return angle;
}

describe('FrameClock', () => {
  it('turns an axle at 90°/s by the same angle at 30, 60 and 144 Hz', () => {
    expect(spin(30, 2)).toBeCloseTo(180, 6);
    expect(spin(60, 2)).toBeCloseTo(180, 6);
    expect(Math.abs(spin(144, 2) - spin(30, 2))).toBeLessThanOrEqual(1e-6);
  });

  it('gives delta 0 on the first frame', () => {
    expect(new FrameClock().tick(123_456)).toEqual({
      delta: 0,
      elapsed: 0,
      realInterval: 0,
      jumpDiscarded: false,
    });
  });

  it('replaces an 8 s gap by the cap and says so', () => {
    const clock = new FrameClock();
    clock.tick(0);
    expect(clock.tick(8000)).toEqual({ delta: 0.25, elapsed: 0.25, realInterval: 8, jumpDiscarded: true });
    expect(clock.tick(8016)).toMatchObject({ jumpDiscarded: false });
    const custom = new FrameClock({ maxDelta: 0.1 });
    custom.tick(0);
    expect(custom.tick(500)).toMatchObject({ delta: 0.1, jumpDiscarded: true });
  });

  it('resets: the first tick after a stop is 0, not the pause', () => {
    const clock = new FrameClock();
    clock.tick(0);
    clock.tick(100);
    clock.reset();
    expect(clock.tick(60_000)).toEqual({ delta: 0, elapsed: 0, realInterval: 0, jumpDiscarded: false });
  });

  it('advances nothing when time goes backwards, and rejects bad arguments', () => {
    const clock = new FrameClock();
    clock.tick(1000);
    expect(clock.tick(900)).toMatchObject({ delta: 0, realInterval: 0 });
    expect(() => clock.tick(NaN)).toThrow(/nowMs must be a finite time/);
    expect(() => new FrameClock({ maxDelta: 0 })).toThrow(/maxDelta must be a positive/);
  });
});

describe('FixedClock', () => {
  it('advances exactly 1/fps per frame from 0 up to t, then holds', () => {
    const clock = new FixedClock({ fps: 4, until: 1.1 });
    const elapsed = Array.from({ length: 8 }, () => clock.tick(Math.random() * 1e6).elapsed);
    expect(elapsed).toEqual([0, 0.25, 0.5, 0.75, 1, 1.1, 1.1, 1.1]);
    expect(clock.done).toBe(true);
    expect(clock.framesToDone).toBe(5);
    clock.reset();
    expect(clock.done).toBe(false);
    expect(clock.tick(0).delta).toBe(0);
  });

  it('has no rounding drift over many frames', () => {
    const clock = new FixedClock({ fps: 60, until: 100 });
    let last = 0;
    for (let f = 0; f <= 3000; f++) last = clock.tick(0).elapsed;
    expect(last).toBe(50);
  });
});
