import { describe, expect, it } from 'vitest';
import { bayerPattern, ditherThreshold } from './dither-pattern';

describe('bayerPattern', () => {
  it('is the classic 4×4 matrix, and every size holds each rank once', () => {
    expect([...bayerPattern(4).ranks]).toEqual([0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]);
    for (const size of [2, 4, 8, 16] as const) {
      const ranks = [...bayerPattern(size).ranks].sort((a, b) => a - b);
      expect(ranks).toEqual(Array.from({ length: size * size }, (_, i) => i));
    }
    expect(() => bayerPattern(3 as 4)).toThrow(/2, 4, 8 or 16/);
  });

  it('tiles: thresholds repeat every side, negative positions included', () => {
    const p = bayerPattern(8);
    expect(ditherThreshold(p, 0, 0)).toBe(0.5 / 64);
    expect(ditherThreshold(p, -1, -3)).toBe(ditherThreshold(p, 7, 5));
    expect(ditherThreshold(p, 17, 9)).toBe(ditherThreshold(p, 1, 1));
  });
});
