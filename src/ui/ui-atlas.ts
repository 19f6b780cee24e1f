import type { BitmapFont, BitmapGlyph } from './bitmap-font';
import { pixelFontImage } from './pixel-font-image';
import type { SpriteSheet } from '../scene/sprite-sheet';

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

/** What else a UI atlas holds besides its text-row sprites. */
export interface UiAtlasOptions {
  /** Bitmap fonts whose glyphs `UiText` may use (`new UiText(…, { font })`): each glyph copied in from its page. */
  fonts?: readonly BitmapFont[];
  /**
   * Sprite sheets (`loadSpriteSheet`, `SpriteSheet.grid`) whose frames `UiSprite` may show (`new UiSprite(name, sheet)`):
   * each frame copied in from the sheet's texels, a texel apart from its neighbours.
   */
  sheets?: readonly SpriteSheet[];
}

/** One rectangle to put in the atlas and how to fill it once placed. */
interface Piece {
  /** Named in errors. */
  label: string;
  width: number;
  height: number;
  fill(pixels: Uint8Array, atlasWidth: number, x: number, y: number): void;
  placed(frame: AtlasFrame): void;
}

/**
 * One RGBA image holding the shipped font's glyphs (white on transparent, tinted when drawn), the sprites given to it
 * and the glyphs of the bitmap fonts given to it, with the frame of each: everything the UI pass samples comes from
 * this one texture (one draw for the whole UI). Pieces sit on shelves a texel apart, so none bleeds into another.
 */
export class UiAtlas {
  readonly width = 256;
  readonly height: number;
  readonly pixels: Uint8Array;
  private readonly glyphFrames = new Map<string, AtlasFrame>();
  private readonly spriteFrames = new Map<string, AtlasFrame>();
  private readonly fontFrames = new Map<BitmapFont, Map<BitmapGlyph, AtlasFrame>>();
  private readonly sheetFrames = new Map<SpriteSheet, AtlasFrame[]>();

  constructor(sprites: Readonly<Record<string, SpriteArt>> = {}, options: UiAtlasOptions = {}) {
    const font = pixelFontImage(this.width);
    const pieces: Piece[] = [];
    for (const [name, art] of Object.entries(sprites)) pieces.push(spritePiece(name, art, this.spriteFrames));
    for (const bitmapFont of options.fonts ?? []) {
      const frames = new Map<BitmapGlyph, AtlasFrame>();
      this.fontFrames.set(bitmapFont, frames);
      for (const glyph of [...bitmapFont.allGlyphs, bitmapFont.replacement])
        if (glyph.width > 0 && glyph.height > 0 && !frames.has(glyph))
          pieces.push(glyphPiece(bitmapFont, glyph, frames));
    }
    for (const sheet of options.sheets ?? []) {
      if (this.sheetFrames.has(sheet)) continue;
      const frames: AtlasFrame[] = [];
      this.sheetFrames.set(sheet, frames);
      const texels = sheet.texture.texels();
      sheet.frames.forEach((_, i) => pieces.push(framePiece(sheet, texels, i, frames)));
    }
    // Shelves below the shipped font, left to right.
    const at: [number, number][] = [];
    let x = 0;
    let y = font.height;
    let shelf = 0;
    for (const piece of pieces) {
      if (piece.width > this.width)
        throw new RangeError(`${piece.label} is ${piece.width} pixels wide; the UI atlas is ${this.width}.`);
      if (x + piece.width > this.width) {
        x = 0;
        y += shelf + 1;
        shelf = 0;
      }
      at.push([x, y]);
      x += piece.width + 1;
      shelf = Math.max(shelf, piece.height);
    }
    this.height = Math.max(1, y + shelf);
    this.pixels = new Uint8Array(this.width * this.height * 4);
    this.pixels.set(font.pixels); // the font's rows first: the same width, so texel for texel
    for (const [char, cell] of font.cells) this.glyphFrames.set(char, cell);
    pieces.forEach((piece, i) => {
      const [px, py] = at[i]!;
      piece.fill(this.pixels, this.width, px, py);
      piece.placed({ x: px, y: py, width: piece.width, height: piece.height });
    });
  }

  /** The frame of a bitmap font's glyph; a font not given to this atlas throws, saying how to give it. */
  fontGlyph(font: BitmapFont, glyph: BitmapGlyph): AtlasFrame {
    const frames =
      this.fontFrames.get(font) ??
      fail(
        `The bitmap font "${font.name}" is not in the UI atlas; make it with new UiAtlas(sprites, { fonts: [font] }).`,
      );
    return frames.get(glyph) ?? fail(`Glyph ${glyph.id} is not one of bitmap font "${font.name}"'s.`);
  }

  /** The frame holding a sheet's frame `index`; a sheet not given to this atlas throws, saying how to give it. */
  sheetFrame(sheet: SpriteSheet, index: number): AtlasFrame {
    const frames =
      this.sheetFrames.get(sheet) ??
      fail(
        `The sprite sheet "${sheet.label}" is not in the UI atlas; make it with new UiAtlas(sprites, { sheets: [sheet] }).`,
      );
    return frames[index] ?? fail(`Sprite sheet "${sheet.label}" has no frame ${index}.`);
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

function fail(message: string): never {
  throw new Error(message);
}

/** A text-row sprite, its colours from its palette. */
function spritePiece(name: string, art: SpriteArt, frames: Map<string, AtlasFrame>): Piece {
  return {
    label: `Sprite "${name}"`,
    width: Math.max(...art.rows.map((r) => r.length)),
    height: art.rows.length,
    fill(pixels, atlasWidth, sx, sy) {
      art.rows.forEach((row, ry) => {
        [...row].forEach((char, rx) => {
          if (char === '.' || char === ' ') return;
          const color = art.palette[char];
          if (!color)
            throw new Error(
              `Sprite "${name}" uses "${char}" (row ${ry}), which its palette does not define.`,
            );
          pixels.set(
            color.map((c) => Math.round(c * 255)),
            ((sy + ry) * atlasWidth + sx + rx) * 4,
          );
        });
      });
    },
    placed: (frame) => frames.set(name, frame),
  };
}

/** A bitmap font's glyph copied from its page; the font's own replacement box drawn as an outline. */
function glyphPiece(font: BitmapFont, glyph: BitmapGlyph, frames: Map<BitmapGlyph, AtlasFrame>): Piece {
  const { width, height } = glyph;
  return {
    label: `Glyph ${glyph.id} of bitmap font "${font.name}"`,
    width,
    height,
    fill(pixels, atlasWidth, x, y) {
      const page = font.pages[glyph.page];
      for (let row = 0; row < height; row++)
        for (let col = 0; col < width; col++) {
          const to = ((y + row) * atlasWidth + x + col) * 4;
          if (page) {
            const from = ((glyph.y + row) * page.width + glyph.x + col) * 4;
            pixels.set(page.pixels.subarray(from, from + 4), to);
          } else if (row === 0 || col === 0 || row === height - 1 || col === width - 1)
            pixels.fill(255, to, to + 4);
        }
    },
    placed: (frame) => frames.set(glyph, frame),
  };
}

/** A sheet's frame copied from its texels (as trimmed: the UI sprite places it at the frame's offset). */
function framePiece(sheet: SpriteSheet, texels: Uint8Array, index: number, frames: AtlasFrame[]): Piece {
  const f = sheet.frames[index]!;
  const sheetWidth = sheet.texture.width;
  return {
    label: `Frame ${index} of sprite sheet "${sheet.label}"`,
    width: f.width,
    height: f.height,
    fill(pixels, atlasWidth, x, y) {
      for (let row = 0; row < f.height; row++) {
        const from = ((f.y + row) * sheetWidth + f.x) * 4;
        pixels.set(texels.subarray(from, from + f.width * 4), ((y + row) * atlasWidth + x) * 4);
      }
    },
    placed: (frame) => (frames[index] = frame),
  };
}
