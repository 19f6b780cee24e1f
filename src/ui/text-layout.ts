import type { BitmapFont, BitmapGlyph } from './bitmap-font';

/** A glyph placed: its texels' top-left, in whole pixels from the text's top-left. */
export interface PlacedGlyph {
  glyph: BitmapGlyph;
  x: number;
  y: number;
}

/** Text laid out in a font: where each glyph goes, and the lines and size it takes. */
export interface TextLayout {
  glyphs: PlacedGlyph[];
  /** The longest line's advance, in pixels. */
  width: number;
  /** Lines × the font's line height. */
  height: number;
  lines: number;
}

const SPACE = 0x20;

/**
 * Lays `text` out in `font`: left to right with kerning, a new line at each "\n" and, given `wrapWidth`, before a word
 * that would end past it (a word longer than the width alone is broken between characters). Spaces a wrap falls on
 * are dropped. A character the font lacks takes the font's replacement glyph (`BitmapFont.glyph`).
 */
export function layoutText(font: BitmapFont, text: string, wrapWidth = Infinity): TextLayout {
  if (!(wrapWidth > 0)) throw new RangeError(`layoutText: wrap width ${wrapWidth}; give pixels above 0.`);
  const glyphs: PlacedGlyph[] = [];
  let width = 0;
  let line = 0;
  for (const paragraph of text.split('\n')) {
    let pen = 0;
    let previous = -1;
    const place = (codePoint: number) => {
      const glyph = font.glyph(codePoint);
      if (previous >= 0) pen += font.kerning(previous, codePoint);
      if (codePoint !== SPACE && glyph.width > 0 && glyph.height > 0)
        // Fractional metrics (some tools write them) accumulate exactly; each glyph lands on a whole pixel.
        glyphs.push({
          glyph,
          x: Math.round(pen + glyph.xoffset),
          y: line * font.lineHeight + Math.round(glyph.yoffset),
        });
      pen += glyph.xadvance;
      previous = codePoint;
    };
    const newLine = () => {
      width = Math.max(width, pen);
      line++;
      pen = 0;
      previous = -1;
    };
    paragraph.split(' ').forEach((word, i) => {
      const points = [...word].map((c) => c.codePointAt(0)!);
      if (i > 0) {
        const spaced = pen + advance(font, SPACE, previous) + advance(font, points, SPACE);
        if (pen > 0 && spaced > wrapWidth) newLine();
        else place(SPACE);
      }
      for (const codePoint of points) {
        if (pen > 0 && pen + advance(font, codePoint, previous) > wrapWidth) newLine();
        place(codePoint);
      }
    });
    newLine();
  }
  return { glyphs, width: Math.ceil(width), height: line * font.lineHeight, lines: line };
}

/** How far the pen moves for `what` (a character or a word) after the character `previous` (-1: none). */
function advance(font: BitmapFont, what: number | number[], previous: number): number {
  let total = 0;
  for (const codePoint of typeof what === 'number' ? [what] : what) {
    if (previous >= 0) total += font.kerning(previous, codePoint);
    total += (font.has(codePoint) ? font.glyph(codePoint) : font.replacement).xadvance;
    previous = codePoint;
  }
  return total;
}
