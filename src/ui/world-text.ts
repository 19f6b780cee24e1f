import { Node } from '../scene/node';
import { PIXEL_FONT } from './pixel-font';
import { pixelFontImage } from './pixel-font-image';
import { Sprite } from '../scene/sprite';
import { SpriteSheet } from '../scene/sprite-sheet';
import { Texture } from '../scene/texture';

/** How world text is made. */
export interface WorldTextOptions {
  /**
   * The most characters (other than spaces and line breaks) it can show: its glyph nodes are made once, here, so
   * rewriting the text every frame adds and removes nothing in the scene. Default: the first text's count.
   */
  capacity?: number;
  /** Font texels per world unit (default 16), as for a sprite. */
  pixelsPerUnit?: number;
  /** The glyphs' colour (default white). */
  color?: readonly [number, number, number, number];
}

/** The font's glyphs as one sheet, shared by every WorldText (one texture, uploaded once per device). */
let fontSheet: { sheet: SpriteSheet; frames: ReadonlyMap<string, number> } | null = null;

function pixelFontSheet(): NonNullable<typeof fontSheet> {
  if (fontSheet) return fontSheet;
  const image = pixelFontImage(64);
  const texture = Texture.fromPixels(image.width, image.height, image.pixels, { label: PIXEL_FONT.name });
  const chars = [...image.cells.keys()];
  const frames = chars.map((char) => {
    const cell = image.cells.get(char)!;
    return {
      ...cell,
      offsetX: 0,
      offsetY: 0,
      sourceWidth: cell.width,
      sourceHeight: cell.height,
      duration: 1,
    }; // never played;
  });
  fontSheet = {
    sheet: new SpriteSheet(texture, { frames }, PIXEL_FONT.name),
    frames: new Map(chars.map((char, i) => [char, i])),
  };
  return fontSheet;
}

/**
 * Text in the shipped pixel font as an object of the scene (a readout on a bench, a label on a door): a node whose
 * children are one sprite per glyph, lying in its XY plane facing +Z, read left to right from its origin at the top-left
 * of the first line, "\n" starting a new line below. Lower case draws as upper case. Setting `text` to what it shows
 * changes nothing; another text re-frames only the glyphs that differ. Cut out like sprites, so depth stays right.
 */
export class WorldText extends Node {
  readonly capacity: number;
  private readonly glyphs: Sprite[] = [];
  private _text = '';
  private readonly ppu: number;

  constructor(name: string, text: string, options: WorldTextOptions = {}) {
    super(name);
    this.capacity = options.capacity ?? inkCount(text);
    if (!(Number.isInteger(this.capacity) && this.capacity >= 0))
      throw new RangeError(
        `WorldText "${name}": capacity ${this.capacity}; give a whole number of characters.`,
      );
    this.ppu = options.pixelsPerUnit ?? 16;
    if (!(this.ppu > 0 && Number.isFinite(this.ppu)))
      throw new RangeError(
        `WorldText "${name}": pixelsPerUnit ${this.ppu}; give texels per world unit, above 0.`,
      );
    const { sheet } = pixelFontSheet();
    for (let i = 0; i < this.capacity; i++) {
      const glyph = new Sprite(`${name} glyph ${i}`, sheet, {
        billboard: false,
        pivot: [0, 0],
        pixelsPerUnit: this.ppu,
        color: options.color ?? [1, 1, 1, 1],
      });
      glyph.visible = false;
      this.glyphs.push(glyph);
      this.add(glyph);
    }
    this.text = text;
  }

  /** Font texels per world unit. */
  get pixelsPerUnit(): number {
    return this.ppu;
  }

  /** What it shows. Throws, showing nothing new, on a character the font lacks or more characters than `capacity`. */
  get text(): string {
    return this._text;
  }
  set text(text: string) {
    if (text === this._text) return;
    const { frames } = pixelFontSheet();
    const count = inkCount(text);
    if (count > this.capacity)
      throw new RangeError(
        `WorldText "${this.name}": "${text}" has ${count} characters; it was made for ${this.capacity} ` +
          '(give a larger capacity when making it).',
      );
    for (const char of text)
      if (char !== '\n' && !frames.has(char.toUpperCase()))
        throw new Error(
          `WorldText "${this.name}": the pixel font has no glyph for "${char}"; it has ${[...frames.keys()].join('')}`,
        );
    const ppu = this.ppu;
    let used = 0;
    let column = 0;
    let line = 0;
    for (const char of text) {
      if (char === '\n') {
        line++;
        column = 0;
        continue;
      }
      if (char !== ' ') {
        const glyph = this.glyphs[used++]!;
        glyph.frame = frames.get(char.toUpperCase())!;
        const y = line === 0 ? 0 : (-line * PIXEL_FONT.lineHeight) / ppu; // the first line at +0, not -0
        glyph.setPosition((column * PIXEL_FONT.advance) / ppu, y, 0);
        glyph.visible = true;
      }
      column++;
    }
    for (let i = used; i < this.capacity; i++) this.glyphs[i]!.visible = false;
    this._text = text;
  }

  /** Sets every glyph's colour (a readout turning red past its ceiling). */
  setColor(r: number, g: number, b: number, a = 1): this {
    for (const glyph of this.glyphs) glyph.material.setColor(r, g, b, a);
    return this;
  }
}

/** The characters that take a glyph node: all but spaces and line breaks. */
function inkCount(text: string): number {
  let count = 0;
  for (const char of text) if (char !== ' ' && char !== '\n') count++;
  return count;
}
