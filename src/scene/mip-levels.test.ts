import { describe, expect, it } from 'vitest';
import { mipLevels } from './mip-levels';

const gray = (values: number[]) => new Uint8Array(values.flatMap((v) => [v, v, v, 255]));
const reds = (level: Uint8Array) => Array.from(level).filter((_, i) => i % 4 === 0);

describe('mipLevels', () => {
  it('halves down to 1×1, each texel the rounded mean of the four it covers', () => {
    // 4×2: [0 4 | 8 12] over [2 6 | 10 15] → 2×1: (0+4+2+6)/4 = 3, (8+12+10+15+2)>>2 = 11 → 1×1: (3+11+3+11+2)>>2 = 7.
    const levels = mipLevels(4, 2, gray([0, 4, 8, 12, 2, 6, 10, 15]));
    expect(levels.map((l) => l.length / 4)).toEqual([2, 1]);
    expect(levels.map(reds)).toEqual([[3, 11], [7]]);
    expect(levels[0]![3]).toBe(255);
  });

  it('drops the odd last column, and a 1-high level averages along its length', () => {
    const levels = mipLevels(3, 1, gray([10, 30, 200]));
    expect(levels.map(reds)).toEqual([[20]]);
    expect(mipLevels(1, 1, gray([9]))).toEqual([]);
    expect(mipLevels(5, 3, new Uint8Array(5 * 3 * 4)).map((l) => l.length / 4)).toEqual([2, 1]);
  });
});
