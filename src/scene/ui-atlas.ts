import { PIXEL_FONT } from './pixel-font';

/** A rectangle of the atlas, in atlas pixels. */
export interface AtlasFrame {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Pixel art as text rows: one character per pixel, looked up in a palette ('.' or ' ' is transparent). */
export interface SpriteArt {
  rows: readonly string[];
  palette: Readonly<Record<string, readonly [number, number, number, number]>>;
}

/**
 * One RGBA image holding the shipped font's glyphs (white on transparent, tinted when drawn) and the sprites given to
 * it, with the frame of each: everything the UI pass samples comes from this one texture.
 */
export class UiAtlas {
  readonly width = 256;
  readonly height: number;
  readonly pixels: Uint8Array;
  private readonly glyphFrames = new Map<string, AtlasFrame>();
  private readonly spriteFrames = new Map<string, AtlasFrame>();

  constructor(sprites: Readonly<Record<string, SpriteArt>> = {}) {
    const font = PIXEL_FONT;
    const perRow = Math.floor(this.width / font.advance);
    const glyphs = Object.entries(font.glyphs);
    const fontRows = Math.ceil(glyphs.length / perRow);
    // Sprites go on shelves below the font, left to right.
    const placements: [string, SpriteArt, number, number][] = [];
    let x = 0;
    let y = fontRows * font.lineHeight;
    let shelf = 0;
    for (const [name, art] of Object.entries(sprites)) {
      const w = Math.max(...art.rows.map((r) => r.length));
      const h = art.rows.length;
      if (w > this.width)
        throw new RangeError(`Sprite "${name}" is ${w} pixels wide; the atlas is ${this.width}.`);
      if (x + w > this.width) {
        x = 0;
        y += shelf + 1;
        shelf = 0;
      }
      placements.push([name, art, x, y]);
      x += w + 1;
      shelf = Math.max(shelf, h);
    }
    this.height = Math.max(1, y + shelf);
    this.pixels = new Uint8Array(this.width * this.height * 4);
    glyphs.forEach(([char, rows], i) => {
      const gx = (i % perRow) * font.advance;
      const gy = Math.floor(i / perRow) * font.lineHeight;
      rows.forEach((bits, row) => {
        for (let col = 0; col < font.glyphWidth; col++) {
          if (bits & (1 << (font.glyphWidth - 1 - col)))
            this.pixels.fill(
              255,
              ((gy + row) * this.width + gx + col) * 4,
              ((gy + row) * this.width + gx + col) * 4 + 4,
            );
        }
      });
      this.glyphFrames.set(char, { x: gx, y: gy, width: font.glyphWidth, height: font.glyphHeight });
    });
    for (const [name, art, sx, sy] of placements) {
      art.rows.forEach((row, ry) => {
        [...row].forEach((char, rx) => {
          if (char === '.' || char === ' ') return;
          const color = art.palette[char];
          if (!color)
            throw new Error(
              `Sprite "${name}" uses "${char}" (row ${ry}), which its palette does not define.`,
            );
          this.pixels.set(
            color.map((c) => Math.round(c * 255)),
            ((sy + ry) * this.width + sx + rx) * 4,
          );
        });
      });
      this.spriteFrames.set(name, {
        x: sx,
        y: sy,
        width: Math.max(...art.rows.map((r) => r.length)),
        height: art.rows.length,
      });
    }
  }

  /** The glyph of a character (lower case as upper case); unknown characters throw, naming them. */
  glyph(char: string): AtlasFrame {
    const frame = this.glyphFrames.get(char.toUpperCase());
    if (!frame)
      throw new Error(
        `The pixel font has no glyph for "${char}"; it has ${[...this.glyphFrames.keys()].join('')}`,
      );
    return frame;
  }

  sprite(name: string): AtlasFrame {
    const frame = this.spriteFrames.get(name);
    if (!frame)
      throw new Error(
        `No sprite "${name}" in the UI atlas; it has: ${[...this.spriteFrames.keys()].join(', ') || 'none'}.`,
      );
    return frame;
  }
}
