// Armature Pixel, the project's bitmap font: upper case and digits from the shipped 3×5 font, lower case drawn here,
// Polish diacritics made by adding marks (acute, dot, ogonek, stroke). Plain data with no Node imports, so the GPU
// tests know every glyph; make-assets.ts writes it as a BMFont (.fnt + page PNG).
import { PIXEL_FONT } from '../src/ui/pixel-font';

/**
 * Each glyph is 8 rows of one cell: row 0 holds accents, rows 1…5 the capitals (2…5 the lower case's x-height, 1 its
 * ascenders), rows 6…7 descenders and ogoneks. The baseline is under row 5.
 */
export const FONT_ROWS = 8;
export const FONT_BASE = 6;
export const FONT_LINE_HEIGHT = 9;

/** Lower case, rows 1…7 (ascender, four of x-height, two of descender); trailing empty rows left out. */
const LOWER: Record<string, string[]> = {
  a: ['...', '.##', '#.#', '#.#', '.##'],
  b: ['#..', '##.', '#.#', '#.#', '##.'],
  c: ['...', '.##', '#..', '#..', '.##'],
  d: ['..#', '.##', '#.#', '#.#', '.##'],
  e: ['...', '.#.', '###', '#..', '.##'],
  f: ['.##', '.#.', '###', '.#.', '.#.'],
  g: ['...', '.##', '#.#', '#.#', '.##', '..#', '##.'],
  h: ['#..', '#..', '##.', '#.#', '#.#'],
  i: ['.#.', '...', '##.', '.#.', '###'],
  j: ['..#', '...', '..#', '..#', '..#', '#.#', '.#.'],
  k: ['#..', '#.#', '##.', '#.#', '#.#'],
  l: ['##.', '.#.', '.#.', '.#.', '###'],
  m: ['.....', '####.', '#.#.#', '#.#.#', '#.#.#'],
  n: ['...', '##.', '#.#', '#.#', '#.#'],
  o: ['...', '.#.', '#.#', '#.#', '.#.'],
  p: ['...', '##.', '#.#', '#.#', '##.', '#..', '#..'],
  q: ['...', '.##', '#.#', '#.#', '.##', '..#', '..#'],
  r: ['...', '#.#', '##.', '#..', '#..'],
  s: ['...', '.##', '#..', '..#', '##.'],
  t: ['.#.', '###', '.#.', '.#.', '..#'],
  u: ['...', '#.#', '#.#', '#.#', '.##'],
  v: ['...', '#.#', '#.#', '#.#', '.#.'],
  w: ['.....', '#...#', '#.#.#', '#.#.#', '.#.#.'],
  x: ['...', '#.#', '.#.', '.#.', '#.#'],
  y: ['...', '#.#', '#.#', '#.#', '.##', '..#', '##.'],
  z: ['...', '###', '.##', '##.', '###'],
};

/** Marks added to a base letter, as [row, column] texels; each mark knows where it goes for either case. */
const MARKS = {
  acute: {
    lower: [
      [0, 2],
      [1, 1],
    ],
    upper: [[0, 2]],
  },
  dot: { lower: [[0, 1]], upper: [[0, 1]] },
  ogonek: {
    lower: [
      [6, 1],
      [7, 2],
    ],
    upper: [
      [6, 1],
      [7, 2],
    ],
  },
} as const;

/** Polish letters: a base and a mark (ł and Ł are drawn whole). */
const COMPOSED: Record<string, [string, keyof typeof MARKS]> = {
  ą: ['a', 'ogonek'],
  ć: ['c', 'acute'],
  ę: ['e', 'ogonek'],
  ń: ['n', 'acute'],
  ó: ['o', 'acute'],
  ś: ['s', 'acute'],
  ź: ['z', 'acute'],
  ż: ['z', 'dot'],
  Ą: ['A', 'ogonek'],
  Ć: ['C', 'acute'],
  Ę: ['E', 'ogonek'],
  Ń: ['N', 'acute'],
  Ó: ['O', 'acute'],
  Ś: ['S', 'acute'],
  Ź: ['Z', 'acute'],
  Ż: ['Z', 'dot'],
};

const STROKED: Record<string, string[]> = {
  ł: ['', '##.', '.#.', '.##', '##.', '###'],
  Ł: ['', '.#..', '.#..', '.##.', '##..', '.###'],
};

/** Every glyph's cell: 8 rows of '#' (ink) and '.', all rows the same width. */
export function fontGlyphs(): Map<string, string[]> {
  const cells = new Map<string, string[]>();
  const cell = (rows: string[], width: number) =>
    Array.from({ length: FONT_ROWS }, (_, r) => (rows[r] ?? '').padEnd(width, '.'));
  for (const [char, bits] of Object.entries(PIXEL_FONT.glyphs)) {
    const rows = bits.map((b) => [4, 2, 1].map((m) => (b & m ? '#' : '.')).join(''));
    cells.set(char, cell(['', ...rows], 3));
  }
  for (const [char, rows] of Object.entries(LOWER)) cells.set(char, cell(['', ...rows], rows[0]!.length));
  for (const [char, rows] of Object.entries(STROKED)) cells.set(char, cell(rows, rows[1]!.length));
  for (const [char, [base, mark]] of Object.entries(COMPOSED)) {
    const rows = cells.get(base)!.map((row) => [...row]);
    const upper = base === base.toUpperCase();
    for (const [r, c] of MARKS[mark][upper ? 'upper' : 'lower']) rows[r]![c] = '#';
    cells.set(
      char,
      rows.map((row) => row.join('')),
    );
  }
  return cells;
}

/** Pairs drawn a pixel closer: a capital T or capital V over the lower case that fits under its arms. */
export function fontKernings(): { first: string; second: string; amount: number }[] {
  const pairs: { first: string; second: string; amount: number }[] = [];
  for (const first of ['T', 'V'])
    for (const second of 'aceosuząęóś') pairs.push({ first, second, amount: -1 });
  return pairs;
}
