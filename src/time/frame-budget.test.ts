import { describe, expect, it } from 'vitest';
import { FrameBudget } from './frame-budget';
import { DESKTOP_60HZ_MS, HEADSET_90HZ_MS } from './frame-ceilings';
import { ReadoutThrottle } from './readout-throttle';

const frame = (costMs: number, intervalMs = 11) => ({ costMs, intervalMs, drawCalls: 3, triangles: 36 });

describe('FrameBudget', () => {
  it('declares the two ceilings, the headset one by default', () => {
    expect(HEADSET_90HZ_MS).toBeCloseTo(11.1, 1);
    expect(DESKTOP_60HZ_MS).toBeCloseTo(16.7, 1);
    expect(new FrameBudget().ceilingMs).toBe(HEADSET_90HZ_MS);
    expect(new FrameBudget({ ceilingMs: DESKTOP_60HZ_MS }).ceilingMs).toBe(DESKTOP_60HZ_MS);
  });

  it('reports exact statistics for a known sequence (nearest-rank percentiles)', () => {
    const budget = new FrameBudget({ window: 20 });
    for (let i = 1; i <= 20; i++) budget.record({ ...frame(i), intervalMs: 2 * i });
    const s = budget.snapshot();
    expect(s.samples).toBe(20);
    expect(s.cost).toEqual({ mean: 10.5, p50: 10, p95: 19, max: 20 });
    expect(s.interval).toEqual({ mean: 21, p50: 20, p95: 38, max: 40 });
    expect(s.overCeilingShare).toBe(9 / 20); // 12..20 are over 11.1 ms
    expect(s).toMatchObject({ drawCalls: 3, triangles: 36, bytesUploaded: 0, gpuMs: null });
  });

  it('keeps only the window: the oldest frames fall out', () => {
    const budget = new FrameBudget({ window: 4 });
    for (const cost of [100, 100, 1, 2, 3, 4]) budget.record(frame(cost));
    expect(budget.snapshot().cost).toEqual({ mean: 2.5, p50: 2, p95: 4, max: 4 });
  });

  it('shows a single 40 ms hitch at once, where a long mean hides it', () => {
    const budget = new FrameBudget();
    for (let i = 0; i < 239; i++) budget.record(frame(5));
    expect(budget.snapshot().overCeilingShare).toBe(0);
    budget.record(frame(40));
    const s = budget.snapshot();
    expect(s.overCeilingShare).toBe(1 / 240);
    expect(s.cost.max).toBe(40);
    expect(s.cost.mean).toBeLessThan(HEADSET_90HZ_MS);
  });

  it('keeps cost and interval apart, and the last frame’s counters', () => {
    const budget = new FrameBudget();
    budget.record({
      costMs: 2,
      intervalMs: 16.7,
      drawCalls: 10,
      triangles: 120,
      bytesUploaded: 256,
      gpuMs: 1.5,
    });
    const s = budget.snapshot();
    expect(s.cost.max).toBe(2);
    expect(s.interval.max).toBe(16.7);
    expect(s).toMatchObject({ drawCalls: 10, triangles: 120, bytesUploaded: 256, gpuMs: 1.5 });
  });

  it('rejects a meaningless ceiling or window', () => {
    expect(() => new FrameBudget({ ceilingMs: 0 })).toThrow(/ceilingMs must be > 0/);
    expect(() => new FrameBudget({ window: 2.5 })).toThrow(/window must be a whole number/);
  });
});

describe('ReadoutThrottle', () => {
  it('lets a readout refresh at 4 Hz, not every frame', () => {
    const throttle = new ReadoutThrottle();
    let refreshes = 0;
    for (let f = 0; f < 144; f++) if (throttle.due((f * 1000) / 144)) refreshes++; // one second at 144 Hz
    expect(refreshes).toBe(4);
  });

  it('is due at once when time goes back (a fixed-clock replay from t = 0), then every period again', () => {
    const throttle = new ReadoutThrottle();
    expect([0, 100, 250, 500].map((t) => throttle.due(t))).toEqual([true, false, true, true]);
    expect([0, 100, 250].map((t) => throttle.due(t))).toEqual([true, false, true]);
  });
});

describe('FrameBudget: the display refresh, missed frames and the declared targets', () => {
  const frame = (intervalMs: number, costMs = 5) => ({ costMs, intervalMs, drawCalls: 0, triangles: 0 });

  it('estimates the refresh from the intervals and counts the refreshes that showed no new frame', () => {
    const budget = new FrameBudget({ window: 64 });
    budget.record(frame(0)); // the first frame: no interval
    for (let i = 0; i < 20; i++) budget.record(frame(16.7));
    budget.record(frame(33.4)); // one refresh missed
    budget.record(frame(50.1)); // two
    budget.record(frame(16.6));
    budget.record(frame(7)); // early (a second frame inside one refresh): not a miss
    budget.record(frame(100.2)); // five
    const s = budget.snapshot();
    expect(s.refreshMs).toBe(16.7);
    expect(s.missedFrames).toBe(8);
    // At 144 Hz the same sequence of whole refreshes counts the same way.
    const fast = new FrameBudget();
    for (const ms of [6.94, 6.94, 6.94, 6.94, 13.9, 6.94, 27.8]) fast.record(frame(ms));
    expect(fast.snapshot()).toMatchObject({ refreshMs: 6.94, missedFrames: 4 });
  });

  it('names each target device with its ceiling and provenance, and the share of frames over it', () => {
    const budget = new FrameBudget();
    for (const cost of [5, 12, 14, 20]) budget.record(frame(16.7, cost));
    const [headset, laptop] = budget.snapshot().targets;
    expect(headset).toMatchObject({ ceilingMs: 1000 / 90, overShare: 0.75 });
    expect(laptop).toMatchObject({ ceilingMs: 1000 / 60, overShare: 0.25 });
    expect(headset!.device).toMatch(/90 Hz headset/);
    expect(laptop!.provenance).toMatch(/60 Hz/);
  });
});
