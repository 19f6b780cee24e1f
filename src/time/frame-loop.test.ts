import { describe, expect, it } from 'vitest';
import { FrameLoop, type SessionFrames, type WindowFrames } from './frame-loop';
import { FrameClock } from './frame-clock';
import { FrameBudget } from './frame-budget';

/** A frame source under the test's control: `fire(time)` runs every callback requested so far. */
class FakeFrames implements WindowFrames {
  private callbacks = new Map<number, (time: number, frame: XRFrame) => void>();
  private nextHandle = 1;
  requested = 0;
  requestAnimationFrame(callback: (time: number, frame: XRFrame) => void): number {
    this.requested++;
    this.callbacks.set(this.nextHandle, callback);
    return this.nextHandle++;
  }
  cancelAnimationFrame(handle: number): void {
    this.callbacks.delete(handle);
  }
  get waiting(): number {
    return this.callbacks.size;
  }
  fire(time: number): void {
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    for (const callback of due) callback(time, { session: this } as unknown as XRFrame);
  }
}

class FakeSession extends FakeFrames implements SessionFrames {
  private listeners = new Set<() => void>();
  addEventListener(_type: 'end', listener: () => void): void {
    this.listeners.add(listener);
  }
  removeEventListener(_type: 'end', listener: () => void): void {
    this.listeners.delete(listener);
  }
  end(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

function setup() {
  const window = new FakeFrames();
  let wall = 0;
  const log: string[] = [];
  const budget = new FrameBudget();
  const loop = new FrameLoop({
    clock: new FrameClock(),
    window,
    now: () => wall,
    budget,
    fit: () => log.push('fit'),
    render: () => {
      log.push('render');
      wall += 2; // rendering costs 2 ms
      return { drawCalls: 5, triangles: 60 };
    },
  });
  const advance = (ms: number) => (wall += ms);
  return { window, loop, log, budget, advance, wallNow: () => wall };
}

describe('FrameLoop', () => {
  it('runs the phases of a frame in the fixed order and records the frame that went out', () => {
    const { window, loop, log, budget } = setup();
    loop.addStep((sample) => log.push(`step1 delta=${sample.delta}`));
    loop.addStep(() => log.push('step2'));
    loop.start();
    window.fire(1000);
    expect(log).toEqual(['fit', 'step1 delta=0', 'step2', 'render']);
    expect(budget.snapshot()).toMatchObject({ samples: 1, drawCalls: 5, triangles: 60, cost: { max: 2 } });
  });

  it('asks for exactly one frame at a time, and none after stop', () => {
    const { window, loop } = setup();
    loop.start();
    loop.start();
    expect(window.waiting).toBe(1);
    window.fire(0);
    expect(window.waiting).toBe(1);
    loop.stop();
    expect(window.waiting).toBe(0);
    window.fire(16);
    expect(loop.frames).toBe(1);
  });

  it('measures cost and interval as different things', () => {
    const { window, loop, budget, advance, wallNow } = setup();
    loop.start();
    window.fire(wallNow());
    advance(14); // 2 ms of work + 14 ms idle = 16 ms between frame starts
    window.fire(wallNow());
    const s = budget.snapshot();
    expect(s.cost.max).toBe(2);
    expect(s.interval.max).toBe(16);
  });

  it('resets the clock on stop: the first frame after start has delta 0', () => {
    const { window, loop } = setup();
    const deltas: number[] = [];
    loop.addStep((s) => deltas.push(s.delta));
    loop.start();
    window.fire(0);
    window.fire(100);
    loop.stop();
    loop.start();
    window.fire(50_000);
    expect(deltas).toEqual([0, 0.1, 0]);
  });

  it('switches to the session’s frames and back by itself, losing and doubling none', () => {
    const { window, loop } = setup();
    const sources: string[] = [];
    loop.addStep((_s, xrFrame) => sources.push(xrFrame ? 'xr' : 'window'));
    loop.start();
    window.fire(0);
    const session = new FakeSession();
    loop.enterSession(session);
    expect(loop.source).toBe('xr-session');
    expect(window.waiting).toBe(0); // the window request was cancelled
    expect(session.waiting).toBe(1);
    window.fire(10); // nothing: the window is no longer the source
    session.fire(11);
    session.fire(22);
    session.end();
    expect(loop.source).toBe('window');
    expect(window.waiting).toBe(1);
    window.fire(33);
    expect(sources).toEqual(['window', 'xr', 'xr', 'window']);
    // Window: 2 fired, 1 cancelled at entry, 1 waiting. Session: 2 fired, 1 outstanding when it ended (dropped).
    expect([window.requested, session.requested, loop.frames]).toEqual([4, 3, 4]);
  });

  it('survives a session that ends in the middle of its own frame: one window frame next, not two or none', () => {
    const { window, loop } = setup();
    const session = new FakeSession();
    loop.addStep((_s, xrFrame) => {
      if (xrFrame) session.end();
    });
    loop.start();
    loop.enterSession(session);
    session.fire(0);
    expect(loop.source).toBe('window');
    expect(window.waiting).toBe(1);
    expect(session.waiting).toBe(0);
    window.fire(16);
    expect(loop.frames).toBe(2);
    expect(window.waiting).toBe(1);
  });

  it('adds steps without touching others and removes them while running, even from inside a step', () => {
    const { window, loop } = setup();
    const ran: string[] = [];
    const removeA = loop.addStep(() => ran.push('a'));
    const removeSelf: () => void = loop.addStep(() => {
      ran.push('self');
      removeSelf();
    });
    loop.start();
    window.fire(0);
    removeA();
    loop.addStep(() => ran.push('c'));
    window.fire(16);
    expect(ran).toEqual(['a', 'self', 'c']);
  });

  it('keeps running after a step throws', () => {
    const { window, loop } = setup();
    loop.addStep(() => {
      throw new Error('boom');
    });
    loop.start();
    expect(() => window.fire(0)).toThrow('boom');
    expect(window.waiting).toBe(1);
  });

  it('after a hidden tab (no frames for 30 s) takes one capped step, then normal ones: no burst of catch-up frames', () => {
    const { window, loop } = setup();
    const deltas: number[] = [];
    const jumps: boolean[] = [];
    loop.addStep((sample) => {
      deltas.push(sample.delta);
      jumps.push(sample.jumpDiscarded);
    });
    loop.start();
    for (let t = 0; t <= 50; t += 16.7) window.fire(t);
    const framesBefore = loop.frames;
    window.fire(30_050); // the tab comes back: the browser delivers one frame, 30 s after the last
    expect(loop.frames).toBe(framesBefore + 1);
    expect(window.waiting).toBe(1); // and asks for exactly one more
    window.fire(30_066.7);
    expect(deltas.slice(-2)[0]).toBe(0.25);
    expect(jumps.slice(-2)).toEqual([true, false]);
    expect(deltas.at(-1)).toBeCloseTo(0.0167, 6);
  });
});
