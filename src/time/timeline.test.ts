import { describe, expect, it } from 'vitest';
import { EASINGS, Timeline } from './timeline';

/** Advances `timeline` by `seconds` in frames of 1/`hz`, the last one shorter if it has to be. */
function run(timeline: Timeline, seconds: number, hz: number): void {
  const frames = Math.round(seconds * hz);
  for (let i = 0; i < frames; i++) timeline.advance(1 / hz);
}

describe('Timeline', () => {
  it('fires timers at their own scene times at any frame rate, in time order', () => {
    for (const hz of [10, 30, 60, 144]) {
      const timeline = new Timeline();
      const fired: string[] = [];
      timeline.after(0.5, () => fired.push(`a@${timeline.time}`));
      timeline.every(0.3, () => fired.push(`b@${timeline.time.toFixed(6)}`));
      timeline.after(0.25, () => fired.push(`c@${timeline.time}`));
      run(timeline, 1, hz);
      expect(fired).toEqual(['c@0.25', 'b@0.300000', 'a@0.5', 'b@0.600000', 'b@0.900000']);
    }
  });

  it('an every fires once per period passed, even inside one long frame; a cancelled timer never fires', () => {
    const timeline = new Timeline();
    let ticks = 0;
    timeline.every(0.1, () => ticks++);
    const never = timeline.after(0.2, () => {
      throw new Error('cancelled, yet fired');
    });
    never.cancel();
    expect(never.done).toBe(true);
    timeline.advance(1.05);
    expect(ticks).toBe(10);
  });

  it('pauses with the clock and scales with time (slow motion)', () => {
    const timeline = new Timeline();
    const fired: number[] = [];
    timeline.after(1, () => fired.push(timeline.time));
    timeline.paused = true;
    run(timeline, 5, 60);
    expect([fired, timeline.time]).toEqual([[], 0]);
    timeline.paused = false;
    timeline.timeScale = 0.5;
    run(timeline, 1.9, 60);
    expect(fired).toEqual([]); // 1.9 s at half speed is 0.95 s of scene time
    run(timeline, 0.2, 60);
    expect(fired).toEqual([1]);
    expect(() => timeline.advance(-1)).toThrow(/≥ 0/);
  });

  it('a tween starts at its first value at once and ends exactly on its target, whatever the frames', () => {
    for (const hz of [7, 60, 144]) {
      const timeline = new Timeline();
      const values: number[] = [];
      let ended = 0;
      timeline.tween(3, 0.1, (v) => values.push(v), {
        duration: 0.7,
        easing: EASINGS.easeInOutCubic,
        onEnd: () => ended++,
      });
      expect(values).toEqual([3]);
      run(timeline, 1, hz);
      expect(values.at(-1)).toBe(0.1);
      expect(ended).toBe(1);
      expect(timeline.pending).toBe(0);
      for (let i = 1; i < values.length; i++) expect(values[i]!).toBeLessThanOrEqual(values[i - 1]!);
    }
  });

  it('repeats: a spin that loops for ever keeps its phase at any frame rate', () => {
    for (const hz of [30, 60, 144]) {
      const timeline = new Timeline();
      let angle = NaN;
      const spin = timeline.tween(0, 2 * Math.PI, (a) => (angle = a), { duration: 0.8, repeat: Infinity });
      run(timeline, 2, hz); // 2.5 turns
      expect(angle).toBeCloseTo(Math.PI, 9);
      expect(spin.done).toBe(false);
      spin.cancel();
      expect(timeline.pending).toBe(0);
    }
    expect(() => new Timeline().tween(0, 1, () => {}, { duration: 0, repeat: 2 })).toThrow(
      /duration above 0/,
    );
    expect(() => new Timeline().tween(0, 1, () => {}, { duration: 1, repeat: 1.5 })).toThrow(/whole number/);
  });

  it('yoyo: every other run goes back, eased the same way; an even number of runs ends exactly on the start', () => {
    const timeline = new Timeline();
    const values: number[] = [];
    timeline.tween(2, 4, (v) => values.push(v), {
      duration: 1,
      repeat: 3,
      yoyo: true,
      easing: EASINGS.easeInQuad,
    });
    for (let i = 0; i < 8; i++) timeline.advance(0.5);
    // Forward at 0.5 (eased: 0.25), at the turn (4), back at 1.5 (mirrored: 2 + 2 × 0.25), … and exactly 2 at the end.
    expect(values).toEqual([2, 2.5, 4, 2.5, 2, 2.5, 4, 2.5, 2]);
    expect(timeline.pending).toBe(0);
  });

  it("a tween's end happens at its own time among the timers: a chain of legs keeps its phase at any frame rate", () => {
    const positions: number[] = [];
    for (const hz of [7, 30, 60, 144]) {
      const timeline = new Timeline();
      const events: string[] = [];
      let x = 0;
      // A walk: 0 → 3 in 1.5 s, then back and forth for ever, each leg started in the last one's onEnd.
      const leg = (from: number, to: number): void => {
        timeline.tween(from, to, (v) => (x = v), {
          duration: 1.5,
          onEnd: () => {
            events.push(`turn@${timeline.time}`);
            leg(to, from);
          },
        });
      };
      leg(0, 3);
      timeline.after(1.6, () => events.push(`timer@${timeline.time} x=${x.toFixed(9)}`));
      run(timeline, 4, hz);
      // The timer sees the walker where it is at 1.6 s (0.1 s into the way back), whatever the frame.
      expect(events).toEqual(['turn@1.5', 'timer@1.6 x=2.800000000', 'turn@3']);
      positions.push(x);
    }
    // 4 s: 1 s into the third leg (0 → 3 again): at 2.
    for (const x of positions) expect(x).toBeCloseTo(2, 9);
  });

  it('a tween whose end time rounds short of its length still ends (found by the game: it hung the page)', () => {
    const timeline = new Timeline();
    timeline.advance(5.333333333333333); // then (5.333… + 0.3 − 5.333…) / 0.3 is 0.9999999999999994
    const values: number[] = [];
    let ended = 0;
    timeline.tween(0, 1, (v) => values.push(v), { duration: 0.3, onEnd: () => ended++ });
    timeline.advance(1); // returned at all: the loop did not spin on a tween found due again and again
    expect([values.at(-1), ended, timeline.pending]).toEqual([1, 1, 0]);
  });

  it('ships easings that start at 0 and end at 1', () => {
    for (const [name, ease] of Object.entries(EASINGS)) {
      expect(Math.abs(ease(0)), name).toBeLessThan(1e-12);
      expect(Math.abs(ease(1) - 1), name).toBeLessThan(1e-12);
    }
  });
});
