import { PIXEL_FONT } from './pixel-font';

/** Where one glyph of the shipped font lies in its image, in texels from the top-left. */
export interface GlyphCell {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The shipped pixel font drawn as an image: RGBA8 texels, top row first, and each glyph's cell by character. */
export interface PixelFontImage {
  width: number;
  height: number;
  pixels: Uint8Array;
  cells: ReadonlyMap<string, GlyphCell>;
}

/**
 * Draws PIXEL_FONT's glyphs white on transparent (tinted when drawn), row by row on a grid of its cells (`advance` ×
 * `lineHeight`, so the blank column and row of each cell keep neighbours apart), in an image `width` texels wide. The
 * UI atlas puts this at its top; world text samples it as a sprite sheet.
 */
export function pixelFontImage(width: number): PixelFontImage {
  const font = PIXEL_FONT;
  const perRow = Math.floor(width / font.advance);
  if (perRow < 1)
    throw new RangeError(`pixelFontImage: width ${width} is narrower than one glyph cell (${font.advance}).`);
  const glyphs = Object.entries(font.glyphs);
  const height = Math.ceil(glyphs.length / perRow) * font.lineHeight;
  const pixels = new Uint8Array(width * height * 4);
  const cells = new Map<string, GlyphCell>();
  glyphs.forEach(([char, rows], i) => {
    const gx = (i % perRow) * font.advance;
    const gy = Math.floor(i / perRow) * font.lineHeight;
    rows.forEach((bits, row) => {
      for (let col = 0; col < font.glyphWidth; col++) {
        const at = ((gy + row) * width + gx + col) * 4;
        if (bits & (1 << (font.glyphWidth - 1 - col))) pixels.fill(255, at, at + 4);
      }
    });
    cells.set(char, { x: gx, y: gy, width: font.glyphWidth, height: font.glyphHeight });
  });
  return { width, height, pixels, cells };
}
