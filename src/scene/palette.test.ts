import { describe, expect, it } from 'vitest';
import { Palette, PALETTE_LUT_LEVELS, PALETTE_NAMES } from './palette';

describe('Palette', () => {
  it('ships its named palettes, each a list of distinct colours', () => {
    for (const name of PALETTE_NAMES) {
      const palette = Palette.named(name);
      expect(palette.name).toBe(name);
      expect(new Set(palette.colors.map((c) => c.join())).size).toBe(palette.colors.length);
    }
    expect(Palette.named('pico-8').colors).toHaveLength(16);
    expect(Palette.named('pico-8').colors[1]).toEqual([0x1d, 0x2b, 0x53]);
    expect(() => Palette.named('nes' as 'pico-8')).toThrow(/no such palette.*pico-8/);
  });

  it('reads a list of hex strings and triples, drops duplicates, and names a bad entry', () => {
    const palette = Palette.fromList(['#ff0000', '00ff00', [0, 0, 255], 'FF0000']);
    expect(palette.colors).toEqual([
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
    ]);
    expect(() => Palette.fromList(['#ff000'])).toThrow(/colour 0 \("#ff000"\)/);
    expect(() => Palette.fromList([[0, 0, 256]])).toThrow(/colour 0/);
    expect(() => Palette.fromList([])).toThrow(/at least one colour/);
    const many = Array.from({ length: 257 }, (_, i) => [i & 255, i >> 8, 7] as const);
    expect(() => Palette.fromList(many)).toThrow(/257 colours; at most 256/);
  });

  it('reads a swatch image: opaque pixels in reading order, transparent ones skipped', () => {
    const data = new Uint8Array([
      ...[10, 20, 30, 255],
      ...[0, 0, 0, 0],
      ...[40, 50, 60, 255],
      ...[10, 20, 30, 255],
    ]);
    expect(Palette.fromImage({ width: 2, height: 2, data }).colors).toEqual([
      [10, 20, 30],
      [40, 50, 60],
    ]);
    expect(() => Palette.fromImage({ width: 3, height: 2, data })).toThrow(/16 bytes for a 3×2/);
  });

  it('finds the nearest colour in Oklab, where plain RGB distance would pick another', () => {
    const palette = Palette.fromList(['000000', 'ffffff']);
    expect(palette.nearest(0, 0, 0)).toBe(0);
    expect(palette.nearest(255, 255, 255)).toBe(1);
    // sRGB 110 is below the RGB midpoint (127.5) yet lighter than Oklab's midpoint (L 0.5 ≈ sRGB 99): white.
    expect(palette.nearest(110, 110, 110)).toBe(1);
    expect(palette.nearest(90, 90, 90)).toBe(0);
  });

  it('builds a lookup image whose every texel is the nearest palette colour of its grid point', () => {
    const palette = Palette.named('pico-8');
    const lut = palette.lut();
    const L = PALETTE_LUT_LEVELS;
    expect([lut.width, lut.height]).toEqual([L * L, L]);
    const step = 255 / (L - 1);
    for (const [r, g, b] of [
      [0, 0, 0],
      [31, 31, 31],
      [5, 17, 30],
      [30, 2, 9],
    ] as const) {
      const at = (g * lut.width + b * L + r) * 4;
      const expected = palette.colors[palette.nearest(r * step, g * step, b * step)]!;
      expect([...lut.data.subarray(at, at + 4)]).toEqual([...expected, 255]);
    }
    const members = new Set(palette.colors.map((c) => c.join()));
    for (let i = 0; i < lut.data.length; i += 4)
      if (!members.has(`${lut.data[i]},${lut.data[i + 1]},${lut.data[i + 2]}`))
        throw new Error(`texel ${i / 4}`);
  });
});
