/** One glyph of a bitmap font: its texels in a page, where they sit from the pen, and how far the pen then moves. */
export interface BitmapGlyph {
  /** The character's code point. */
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
  /** From the pen position (left of the glyph, top of the line) to the texels' top-left. */
  xoffset: number;
  yoffset: number;
  xadvance: number;
  page: number;
}

/** A font page: RGBA8 texels, top row first (white glyphs on transparent, as BMFont writes them for a tint). */
export interface FontPage {
  file: string;
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** What a bitmap font holds (BMFont's `common`, `char` and `kerning` lines). */
export interface BitmapFontData {
  name: string;
  /** Pixels from one line's top to the next's. */
  lineHeight: number;
  /** Pixels from the line's top to the baseline. */
  base: number;
  glyphs: readonly BitmapGlyph[];
  kernings?: readonly { first: number; second: number; amount: number }[];
}

/**
 * A bitmap font (BMFont / AngelCode, `loadBitmapFont`): glyphs by code point with their page texels, kerning pairs,
 * line height and baseline. A character the font lacks is drawn as `replacement` (its own U+FFFD or "?" glyph, else a
 * hollow box made to the font's size), and listed once in `missing` with a warning naming the font.
 */
export class BitmapFont {
  readonly name: string;
  readonly lineHeight: number;
  readonly base: number;
  readonly pages: readonly FontPage[];
  /** Every character asked for that the font lacks, in the order first asked; each warned about once. */
  readonly missing = new Set<string>();
  /** Drawn in place of a character the font lacks. */
  readonly replacement: BitmapGlyph;
  private readonly glyphs = new Map<number, BitmapGlyph>();
  private readonly kernings = new Map<number, number>();

  constructor(data: BitmapFontData, pages: readonly FontPage[]) {
    const fail = (why: string): never => {
      throw new Error(`Bitmap font "${data.name}": ${why}`);
    };
    if (!(data.lineHeight > 0 && data.base > 0))
      fail(`lineHeight ${data.lineHeight}, base ${data.base}; both above 0.`);
    if (data.glyphs.length === 0) fail('it has no glyphs.');
    for (const g of data.glyphs) {
      const page =
        pages[g.page] ?? fail(`glyph ${g.id} is on page ${g.page}; the font has ${pages.length} pages.`);
      if (
        g.x < 0 ||
        g.y < 0 ||
        g.width < 0 ||
        g.height < 0 ||
        g.x + g.width > page.width ||
        g.y + g.height > page.height
      )
        fail(
          `glyph ${g.id} (${g.x}, ${g.y}, ${g.width}×${g.height}) is not inside page "${page.file}" ` +
            `(${page.width}×${page.height}).`,
        );
      this.glyphs.set(g.id, g);
    }
    for (const k of data.kernings ?? []) this.kernings.set(pairKey(k.first, k.second), k.amount);
    this.name = data.name;
    this.lineHeight = data.lineHeight;
    this.base = data.base;
    this.pages = pages;
    this.replacement = this.glyphs.get(0xfffd) ?? this.glyphs.get(0x3f) ?? this.box();
  }

  /** Whether the font has a glyph for the code point. */
  has(codePoint: number): boolean {
    return this.glyphs.has(codePoint);
  }

  /** The glyph of a code point; one the font lacks is the replacement (and reported, once). */
  glyph(codePoint: number): BitmapGlyph {
    const glyph = this.glyphs.get(codePoint);
    if (glyph) return glyph;
    const char = String.fromCodePoint(codePoint);
    if (!this.missing.has(char)) {
      this.missing.add(char);
      console.warn(
        `Bitmap font "${this.name}" has no glyph for "${char}" (U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}); ` +
          'it is drawn as a replacement box.',
      );
    }
    return this.replacement;
  }

  /** Pixels added between `first` and `second` (usually negative). */
  kerning(first: number, second: number): number {
    return this.kernings.get(pairKey(first, second)) ?? 0;
  }

  /** Every glyph the font has (the replacement box, when made, not among them). */
  get allGlyphs(): IterableIterator<BitmapGlyph> {
    return this.glyphs.values();
  }

  /** A hollow box from the baseline up to half the line above it: a lacking character shows, at the font's size. */
  private box(): BitmapGlyph {
    const height = Math.max(3, Math.round(this.base * 0.7));
    const width = Math.max(3, Math.round(height * 0.6));
    return {
      id: -1,
      x: 0,
      y: 0,
      width,
      height,
      xoffset: 0,
      yoffset: this.base - height,
      xadvance: width + 1,
      page: -1,
    };
  }
}

function pairKey(first: number, second: number): number {
  return first * 0x110000 + second;
}
