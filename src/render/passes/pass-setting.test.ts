import { describe, expect, it } from 'vitest';
import { chainSettings } from './chain';

describe('renderer.settings, guarded', () => {
  it('checks every value set, naming the path and what is accepted, and changes nothing on a bad one', () => {
    const settings = chainSettings({ native: [336, 240] });
    expect(() => ((settings as { upscale: string }).upscale = 'bogus')).toThrow(
      'settings.upscale = "bogus": use one of integer, nearest, sharp-bilinear, bilinear.',
    );
    expect(settings.upscale).toBe('integer');
    expect(() => (settings.crt.scanlines = 2)).toThrow(
      'settings.crt.scanlines = 2: give a number from 0 to 1.',
    );
    expect(settings.crt.scanlines).toBe(0.35);
    expect(() => ((settings as unknown as Record<string, number>)['blurPersistance'] = 0.2)).toThrow(
      /settings\.blurPersistance: no such setting\. Settings here: .*blurPersistence/,
    );
    expect(() => (settings.grade = { lift: [0, 0, 0], gamma: [1, 1, 1], gain: [9, 1, 1] })).toThrow(
      'settings.grade.gain = [9, 1, 1]: give 3 numbers from 0 to 4.',
    );
    expect(settings.grade.gain).toEqual([1, 1, 1]);
    // A setting with no upper bound still takes only what a shader can read.
    expect(() => (settings.blurPersistence = 1e39)).toThrow(
      'settings.blurPersistence = 1e+39: give a number above 0 and at most 3.4e38 (a 32-bit float).',
    );
    expect(settings.blurPersistence).toBe(0.08);
    // Good values go in, a group as a whole too.
    settings.upscale = 'nearest';
    settings.crt.scanlines = 0.5;
    settings.bloom = { threshold: 0.5, sigma: 2, strength: 1 };
    expect([settings.upscale, settings.crt.scanlines, settings.bloom.sigma]).toEqual(['nearest', 0.5, 2]);
  });
});
