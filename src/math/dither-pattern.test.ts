import { describe, expect, it } from 'vitest';
import { seededRandom } from './seeded-random';
import { bayerPattern, blueNoisePattern, ditherThreshold } from './dither-pattern';

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

describe('blueNoisePattern', () => {
  /** Mean |t(x) − t(x + 1)| over right and down neighbours (wrapping): 1/3 for white noise, more for blue. */
  const neighbourSpread = (ranks: ArrayLike<number>, size: number) => {
    let sum = 0;
    for (let y = 0; y < size; y++)
      for (let x = 0; x < size; x++) {
        const t = ranks[y * size + x]!;
        sum += Math.abs(t - ranks[y * size + ((x + 1) % size)]!);
        sum += Math.abs(t - ranks[((y + 1) % size) * size + x]!);
      }
    return sum / (2 * size * size) / (size * size);
  };

  it('ranks every cell once, tiles, and is the same for the same seed', () => {
    const p = blueNoisePattern(32, 3);
    expect([...p.ranks].sort((a, b) => a - b)).toEqual(Array.from({ length: 1024 }, (_, i) => i));
    expect(blueNoisePattern(32, 3)).toBe(p);
    expect(ditherThreshold(p, -1, 33)).toBe(ditherThreshold(p, 31, 1));
    expect(() => blueNoisePattern(48)).toThrow(/power of two from 8 to 128/);
  });

  it('has only high frequencies: neighbours differ far more than in white noise', () => {
    const size = 64;
    const blue = neighbourSpread(blueNoisePattern(size).ranks, size);
    const random = seededRandom(5);
    const white = Array.from({ length: size * size }, (_, i) => i);
    for (let i = white.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [white[i], white[j]] = [white[j]!, white[i]!];
    }
    const whiteSpread = neighbourSpread(white, size);
    expect(whiteSpread).toBeCloseTo(1 / 3, 1);
    expect(blue).toBeGreaterThan(whiteSpread * 1.2);
    // And the first half of the ranks, as dots, has fewer side-by-side pairs than chance (a quarter of the cells).
    const half = blueNoisePattern(size).ranks.map((r) => (r < 2048 ? 1 : 0));
    let pairs = 0;
    for (let i = 0; i < size * size; i++) if (half[i] && half[(i + 1) % (size * size)]) pairs++;
    expect(pairs).toBeLessThan(0.85 * 0.25 * size * size);
  });
});
