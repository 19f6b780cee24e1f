import { describe, expect, it } from 'vitest';
import { toFloat16Bits } from './float16';

describe('toFloat16Bits', () => {
  it('encodes known values, rounding to nearest even', () => {
    const cases: [number, number][] = [
      [0, 0x0000],
      [-0, 0x8000],
      [1, 0x3c00],
      [-2, 0xc000],
      [0.5, 0x3800],
      [0.1, 0x2e66],
      [65504, 0x7bff], // largest finite
      [65520, 0x7c00], // rounds up to infinity
      [1e6, 0x7c00],
      [Infinity, 0x7c00],
      [-Infinity, 0xfc00],
      [2 ** -14, 0x0400], // smallest normal
      [2 ** -24, 0x0001], // smallest subnormal
      [2 ** -26, 0x0000], // underflows
      [1 + 2 ** -11, 0x3c00], // halfway: ties to even (down)
      [1 + 3 * 2 ** -11, 0x3c02], // halfway: ties to even (up)
    ];
    for (const [value, expected] of cases) expect([value, toFloat16Bits(value)]).toEqual([value, expected]);
    expect(toFloat16Bits(NaN) & 0x7c00).toBe(0x7c00);
    expect(toFloat16Bits(NaN) & 0x3ff).not.toBe(0);
  });
});
