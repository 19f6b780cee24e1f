import { describe, expect, it } from 'vitest';
import type { Palette } from '../scene/palette';
import { readChainUrl, writeChainUrl } from './chain-url';

describe('chain URL state', () => {
  it('reads every parameter, the look passes off unless asked for', () => {
    const state = readChainUrl(
      new URLSearchParams('off=motionBlur&upscale=nearest&par=8:7&native=256x224&bars=solid&blur=0.2'),
    );
    expect(state.off).toEqual(
      new Set(['motionBlur', 'shadow', 'outline', 'bloom', 'grade', 'vignette', 'palette', 'crt']),
    );
    expect(state.defaultOff).toEqual(
      new Set(['shadow', 'outline', 'bloom', 'grade', 'vignette', 'palette', 'crt']),
    );
    expect(state.native).toEqual([256, 224]);
    expect(Object.fromEntries(state.settings)).toEqual({
      upscale: 'nearest',
      par: 8 / 7,
      bars: 'solid',
      blur: 0.2,
    });
    expect(readChainUrl(new URLSearchParams('on=crt')).off.has('crt')).toBe(false);
    expect([...readChainUrl(new URLSearchParams('on=palette,bloom,shadow')).off]).toEqual([
      'outline',
      'grade',
      'vignette',
      'crt',
    ]);
  });

  it('reads nested settings, vectors, flags and a palette by name under their URL keys', () => {
    const state = readChainUrl(
      new URLSearchParams(
        'crt.scanlines=0.5&grade.gain=1,0.5,2&snap=0&palette.palette=game-boy&palette.dither=none',
      ),
    );
    expect(state.settings.get('crt.scanlines')).toBe(0.5);
    expect(state.settings.get('grade.gain')).toEqual([1, 0.5, 2]);
    expect(state.settings.get('snap')).toBe(false);
    expect((state.settings.get('palette.palette') as Palette).name).toBe('game-boy');
    const written = writeChainUrl(state, new URLSearchParams());
    expect([written.get('grade.gain'), written.get('snap'), written.get('palette.palette')]).toEqual([
      '1,0.5,2',
      '0',
      'game-boy',
    ]);
  });

  it('takes a page’s own defaults, and writes only what differs from them', () => {
    const params = new URLSearchParams('off=palette&on=crt');
    const state = readChainUrl(params, {
      on: ['shadow', 'grade', 'palette', 'outline', 'vignette'],
      off: ['bloom'],
    });
    expect([...state.off].sort()).toEqual(['bloom', 'palette']);
    const written = writeChainUrl(state, new URLSearchParams());
    expect([written.get('off'), written.get('on')]).toEqual(['palette', 'crt']);
    state.off.delete('palette');
    state.off.add('crt');
    const again = writeChainUrl(state, written);
    expect([again.has('off'), again.has('on')]).toEqual([false, false]);
  });

  it('round-trips through writeChainUrl, keeping the fixed-clock parameters', () => {
    const params = new URLSearchParams(
      't=1.5&fps=60&seed=3&off=ui&on=crt&upscale=bilinear&par=4:3&bars=blurred&blur=0.1',
    );
    const written = writeChainUrl(readChainUrl(params), params);
    expect(readChainUrl(written)).toEqual(readChainUrl(params));
    expect([written.get('t'), written.get('fps'), written.get('seed')]).toEqual(['1.5', '60', '3']);
    expect(written.get('par')).toBe('4:3');
  });

  it('names what is wrong and what is accepted', () => {
    expect(() => readChainUrl(new URLSearchParams('off=sparkle'))).toThrow(
      '?off=sparkle: no such pass to turn off. Passes: shadow, outline, ui, motionBlur, bloom, grade, vignette, palette, upscale, background, crt.',
    );
    expect(() => readChainUrl(new URLSearchParams('off=crt&on=crt'))).toThrow(/say one or the other/);
    expect(() => readChainUrl(new URLSearchParams('upscale=xbr'))).toThrow(
      /use one of integer, nearest, sharp-bilinear, bilinear/,
    );
    expect(() => readChainUrl(new URLSearchParams('par=wide'))).toThrow(/write it as 8:7/);
    expect(() => readChainUrl(new URLSearchParams('native=336'))).toThrow(/WIDTHxHEIGHT/);
    expect(() => readChainUrl(new URLSearchParams('blur=-1'))).toThrow(
      "?blur=-1: give a number above 0 and at most 3.4e38 (a 32-bit float). It sets motionBlur's blurPersistence: How long a trail lasts",
    );
    expect(() => readChainUrl(new URLSearchParams('grade.gain=1,2'))).toThrow(
      /\?grade\.gain=1,2: give 3 numbers from 0 to 4, separated by commas/,
    );
    expect(() => readChainUrl(new URLSearchParams('snap=yes'))).toThrow(
      /\?snap=yes: give 1 \(on\) or 0 \(off\)/,
    );
  });
});
