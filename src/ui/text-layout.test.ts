import { afterEach, describe, expect, it, vi } from 'vitest';
import { BitmapFont, type BitmapGlyph } from './bitmap-font';
import { layoutText } from './text-layout';

/** A font of monospaced 4-pixel glyphs (3 texels wide) for "A", "B", "V", "ą" and space; "A" then "V" kerns by −1. */
function font(extra: BitmapGlyph[] = []): BitmapFont {
  const glyph = (char: string, i: number): BitmapGlyph => ({
    id: char.codePointAt(0)!,
    x: 4 * i,
    y: 0,
    width: char === ' ' ? 0 : 3,
    height: 5,
    xoffset: 0,
    yoffset: char === 'ą' ? 2 : 1,
    xadvance: 4,
    page: 0,
  });
  return new BitmapFont(
    {
      name: 'mono',
      lineHeight: 8,
      base: 6,
      glyphs: [...[...'ABVą '].map(glyph), ...extra],
      kernings: [{ first: 65, second: 86, amount: -1 }],
    },
    [{ file: 'mono.png', width: 32, height: 8, pixels: new Uint8Array(32 * 8 * 4) }],
  );
}

const placed = (layout: ReturnType<typeof layoutText>) =>
  layout.glyphs.map((g) => [String.fromCodePoint(g.glyph.id), g.x, g.y]);

describe('layoutText', () => {
  afterEach(() => vi.restoreAllMocks());

  it('advances the pen, applies kerning and offsets, breaks lines at "\\n" one line height apart', () => {
    const layout = layoutText(font(), 'AVB\nąA');
    expect(placed(layout)).toEqual([
      ['A', 0, 1],
      ['V', 3, 1], // kerned 1 closer
      ['B', 7, 1],
      ['ą', 0, 10], // second line, its own y offset
      ['A', 4, 9],
    ]);
    expect([layout.width, layout.height, layout.lines]).toEqual([11, 16, 2]);
  });

  it('fractional advances and offsets accumulate exactly; each glyph lands on the nearest whole pixel', () => {
    const thin: BitmapGlyph = {
      id: 0x69,
      x: 24,
      y: 0,
      width: 1,
      height: 5,
      xoffset: 0.4,
      yoffset: 1.5,
      xadvance: 2.3,
      page: 0,
    };
    const layout = layoutText(font([thin]), 'iiiiA');
    // Pens 0, 2.3, 4.6, 6.9, 9.2: the i's at 0.4, 2.7, 5, 7.3 rounded; A at 9.2.
    expect(placed(layout)).toEqual([
      ['i', 0, 2],
      ['i', 3, 2],
      ['i', 5, 2],
      ['i', 7, 2],
      ['A', 9, 1],
    ]);
    expect(layout.width).toBe(14); // 9.2 + 4, up to a whole pixel
  });

  it('wraps words to a width, dropping the space it breaks at; a word too long alone breaks between characters', () => {
    // "AB AB AB": each word 8 pixels, with its space 12; at 20 two words fit on a line (4 + 8 = 20).
    expect(placed(layoutText(font(), 'AB AB AB', 20))).toEqual([
      ['A', 0, 1],
      ['B', 4, 1],
      ['A', 12, 1],
      ['B', 16, 1],
      ['A', 0, 9],
      ['B', 4, 9],
    ]);
    const long = layoutText(font(), 'ABABAB', 10);
    expect(long.lines).toBe(3);
    expect(placed(long).map(([, x, y]) => [x, y])).toEqual([
      [0, 1],
      [4, 1],
      [0, 9],
      [4, 9],
      [0, 17],
      [4, 17],
    ]);
    expect(() => layoutText(font(), 'A', 0)).toThrow(/wrap width 0/);
  });

  it('draws a character the font lacks as the replacement box and reports it once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = font();
    const layout = layoutText(f, 'AżżA');
    expect(layout.glyphs).toHaveLength(4);
    expect(layout.glyphs[1]!.glyph).toBe(f.replacement);
    expect(f.replacement).toMatchObject({ id: -1, page: -1 });
    expect([...f.missing]).toEqual(['ż']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatch(/"mono" has no glyph for "ż" \(U\+017C\)/);
    layoutText(f, 'ż');
    expect(warn).toHaveBeenCalledTimes(1);
    // A font with a "?" uses it instead.
    const withQuestion = font([
      { id: 63, x: 20, y: 0, width: 3, height: 5, xoffset: 0, yoffset: 1, xadvance: 4, page: 0 },
    ]);
    expect(withQuestion.replacement.id).toBe(63);
  });

  it('a font is checked when made: glyphs inside their pages', () => {
    const bad = { id: 65, x: 30, y: 0, width: 3, height: 5, xoffset: 0, yoffset: 0, xadvance: 4, page: 0 };
    expect(() => font([bad])).toThrow(
      /Bitmap font "mono": glyph 65 \(30, 0, 3×5\) is not inside page "mono.png" \(32×8\)/,
    );
    expect(() => font([{ ...bad, x: 0, page: 1 }])).toThrow(/glyph 65 is on page 1; the font has 1 pages/);
  });
});
