import { describe, expect, it } from 'vitest';
import { eyeNativeSize } from './eye-native-size';

describe('eyeNativeSize', () => {
  it('keeps texels square: the rows asked for, the width from the eye’s aspect', () => {
    expect(eyeNativeSize(2064, 2208, 240)).toEqual([224, 240]); // a Quest 3 eye
    expect(eyeNativeSize(64, 48, 12)).toEqual([16, 12]);
    expect(eyeNativeSize(1000, 10, 240)).toEqual([1000, 10]); // never more rows than the eye has
    expect(eyeNativeSize(1, 1000, 240)).toEqual([1, 240]); // at least one column
  });

  it('refuses rows that are not a whole number above 0, saying what to give', () => {
    for (const rows of [0, -1, 2.5, Number.NaN])
      expect(() => eyeNativeSize(64, 48, rows)).toThrow(/give a whole number of texel rows above 0/);
  });
});
