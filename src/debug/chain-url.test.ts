import { describe, expect, it } from 'vitest';
import { readChainUrl, writeChainUrl } from './chain-url';

describe('chain URL state', () => {
  it('reads every parameter, CRT off unless asked for', () => {
    const state = readChainUrl(
      new URLSearchParams('off=motionBlur&upscale=nearest&par=8:7&native=256x224&bars=solid&blur=0.2'),
    );
    expect(state).toEqual({
      off: new Set(['motionBlur', 'outline', 'bloom', 'grade', 'palette', 'crt']),
      defaultOff: new Set(['outline', 'bloom', 'grade', 'palette', 'crt']),
      upscale: 'nearest',
      par: '8:7',
      native: [256, 224],
      bars: 'solid',
      blur: 0.2,
    });
    expect(readChainUrl(new URLSearchParams('on=crt')).off.has('crt')).toBe(false);
    expect([...readChainUrl(new URLSearchParams('on=palette,bloom')).off]).toEqual([
      'outline',
      'grade',
      'crt',
    ]);
  });

  it('takes a page’s own defaults, and writes only what differs from them', () => {
    const params = new URLSearchParams('off=palette&on=crt');
    const state = readChainUrl(params, ['crt', 'bloom']);
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
  });

  it('names what is wrong and what is accepted', () => {
    expect(() => readChainUrl(new URLSearchParams('off=sparkle'))).toThrow(
      '?off=sparkle: no such pass to turn off. Passes: outline, ui, motionBlur, bloom, grade, palette, upscale, background, crt.',
    );
    expect(() => readChainUrl(new URLSearchParams('off=crt&on=crt'))).toThrow(/say one or the other/);
    expect(() => readChainUrl(new URLSearchParams('upscale=xbr'))).toThrow(
      /use one of integer, nearest, sharp-bilinear, bilinear/,
    );
    expect(() => readChainUrl(new URLSearchParams('par=wide'))).toThrow(/write it as 8:7/);
    expect(() => readChainUrl(new URLSearchParams('native=336'))).toThrow(/WIDTHxHEIGHT/);
    expect(() => readChainUrl(new URLSearchParams('blur=-1'))).toThrow(/persistence in seconds > 0/);
  });
});
