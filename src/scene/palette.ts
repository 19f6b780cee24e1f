import { SceneError } from './scene-error';

/** An sRGB colour, 0…255 per channel. */
export type Rgb8 = readonly [number, number, number];

/**
 * Classic palettes, shipped by name: each list is a well-known set of colours (PICO-8's 16; the Game Boy's four
 * greens; CGA's mode-4 high-intensity set; one bit).
 */
const NAMED = {
  'pico-8': [
    '000000',
    '1d2b53',
    '7e2553',
    '008751',
    'ab5236',
    '5f574f',
    'c2c3c7',
    'fff1e8',
    'ff004d',
    'ffa300',
    'ffec27',
    '00e436',
    '29adff',
    '83769c',
    'ff77a8',
    'ffccaa',
  ],
  'game-boy': ['0f380f', '306230', '8bac0f', '9bbc0f'],
  cga: ['000000', '55ffff', 'ff55ff', 'ffffff'],
  '1-bit': ['000000', 'ffffff'],
} as const satisfies Record<string, readonly string[]>;

export type PaletteName = keyof typeof NAMED;
export const PALETTE_NAMES = Object.keys(NAMED) as PaletteName[];

/** Levels per channel of the lookup grid: 32³ entries, a 1024×32 image (under WebGL2's 2048 minimum). */
export const PALETTE_LUT_LEVELS = 32;

/**
 * A fixed set of colours to quantize an image to, and its lookup table: for every point of a 32³ grid over RGB, the
 * palette colour nearest to it in Oklab (distances there follow what the eye sees, so a dark blue does not snap to
 * black the way plain RGB distance makes it).
 */
export class Palette {
  private constructor(
    readonly name: string,
    readonly colors: readonly Rgb8[],
  ) {}

  /** One of the shipped palettes (`PALETTE_NAMES`). */
  static named(name: PaletteName): Palette {
    const list = NAMED[name];
    if (!list)
      throw new SceneError(`Palette "${name}": no such palette. Shipped: ${PALETTE_NAMES.join(', ')}.`);
    return Palette.fromList(list, name);
  }

  /** From colours as `#rrggbb`/`rrggbb` strings or [r, g, b] in 0…255; 1 to 256 of them, duplicates dropped. */
  static fromList(list: readonly (string | Rgb8)[], name = 'custom'): Palette {
    const colors: Rgb8[] = [];
    const seen = new Set<number>();
    list.forEach((entry, i) => {
      const rgb = typeof entry === 'string' ? parseHex(entry) : entry;
      if (!rgb || rgb.length !== 3 || !rgb.every((v) => Number.isInteger(v) && v >= 0 && v <= 255))
        throw new SceneError(
          `Palette "${name}": colour ${i} (${JSON.stringify(entry)}) is not #rrggbb or [r, g, b] with whole values 0…255.`,
        );
      const key = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2];
      if (seen.has(key)) return;
      seen.add(key);
      colors.push([rgb[0], rgb[1], rgb[2]]);
    });
    if (colors.length === 0) throw new SceneError(`Palette "${name}": give at least one colour.`);
    if (colors.length > 256)
      throw new SceneError(`Palette "${name}": ${colors.length} colours; at most 256 are supported.`);
    return new Palette(name, colors);
  }

  /**
   * From a swatch image (RGBA8, top row first): its opaque pixels' distinct colours in reading order. Transparent
   * pixels are gaps between swatches, not colours.
   */
  static fromImage(
    image: { width: number; height: number; data: ArrayLike<number> },
    name = 'image',
  ): Palette {
    if (image.data.length !== image.width * image.height * 4)
      throw new SceneError(
        `Palette "${name}": ${image.data.length} bytes for a ${image.width}×${image.height} RGBA8 image (need ${image.width * image.height * 4}).`,
      );
    const list: Rgb8[] = [];
    const seen = new Set<number>();
    for (let i = 0; i < image.data.length; i += 4) {
      if (image.data[i + 3]! === 0) continue;
      const rgb: Rgb8 = [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
      const key = (rgb[0] << 16) | (rgb[1] << 8) | rgb[2];
      if (seen.has(key)) continue;
      seen.add(key);
      list.push(rgb);
      if (list.length > 256)
        throw new SceneError(
          `Palette "${name}": the image has more than 256 distinct opaque colours; a swatch holds at most 256.`,
        );
    }
    return Palette.fromList(list, name);
  }

  /** The index of the colour nearest to (r, g, b) (0…255 each) in Oklab; ties go to the earlier colour. */
  nearest(r: number, g: number, b: number): number {
    const lab = this.labs;
    const [l, a, bb] = oklab(r, g, b);
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < lab.length; i += 3) {
      const dl = lab[i]! - l;
      const da = lab[i + 1]! - a;
      const db = lab[i + 2]! - bb;
      const d = dl * dl + da * da + db * db;
      if (d < bestDistance) {
        bestDistance = d;
        best = i / 3;
      }
    }
    return best;
  }

  /**
   * The lookup image, RGBA8 and top row first: `levels`² wide, `levels` high; the texel at (r + b·levels, g) holds the
   * colour nearest to the grid point (r, g, b)·255/(levels − 1). A shader rounds a colour to the grid and reads it.
   */
  lut(levels = PALETTE_LUT_LEVELS): { width: number; height: number; data: Uint8Array } {
    const width = levels * levels;
    const data = new Uint8Array(width * levels * 4);
    const step = 255 / (levels - 1);
    for (let g = 0; g < levels; g++)
      for (let b = 0; b < levels; b++)
        for (let r = 0; r < levels; r++) {
          const color = this.colors[this.nearest(r * step, g * step, b * step)]!;
          const at = (g * width + b * levels + r) * 4;
          data[at] = color[0];
          data[at + 1] = color[1];
          data[at + 2] = color[2];
          data[at + 3] = 255;
        }
    return { width, height: levels, data };
  }

  /** The palette's colours in Oklab, three numbers each, computed once. */
  private get labs(): Float64Array {
    if (!this._labs) {
      this._labs = new Float64Array(this.colors.length * 3);
      this.colors.forEach((c, i) => this._labs!.set(oklab(c[0], c[1], c[2]), i * 3));
    }
    return this._labs;
  }
  private _labs: Float64Array | undefined;
}

function parseHex(text: string): Rgb8 | null {
  const match = /^#?([0-9a-f]{6})$/i.exec(text.trim());
  if (!match) return null;
  const v = parseInt(match[1]!, 16);
  return [v >> 16, (v >> 8) & 255, v & 255];
}

function linear(c: number): number {
  const v = c / 255;
  return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** sRGB (0…255) to Oklab (Björn Ottosson's matrices). */
function oklab(r8: number, g8: number, b8: number): [number, number, number] {
  const r = linear(r8);
  const g = linear(g8);
  const b = linear(b8);
  const l = Math.cbrt(0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * b);
  const m = Math.cbrt(0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * b);
  const s = Math.cbrt(0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * b);
  return [
    0.2104542553 * l + 0.793617785 * m - 0.0040720468 * s,
    1.9779984951 * l - 2.428592205 * m + 0.4505937099 * s,
    0.0259040371 * l + 0.7827717662 * m - 0.808675766 * s,
  ];
}
