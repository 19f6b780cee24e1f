// The walker, a 16×16 character drawn as text rows: its palette, its poses and the frames of its sheet. Plain data with
// no Node imports, so the GPU tests (in the browser) know what every frame must show; make-assets.ts draws the sheet.

type Rgba = readonly [number, number, number, number];

/** The walker's palette: one character per colour ('.' is transparent). */
export const WALKER_PALETTE: Record<string, Rgba> = {
  h: [92, 52, 28, 255], // hair
  s: [236, 180, 132, 255], // skin
  e: [24, 20, 37, 255], // eyes
  t: [46, 134, 193, 255], // shirt
  T: [27, 88, 140, 255], // shirt shade
  p: [58, 50, 74, 255], // trousers
  b: [120, 66, 30, 255], // boots
};

/** The walker's head and body (rows 0…10 of every 16×16 frame); `lift` moves them up a row (idle breathing). */
const WALKER_TOP = [
  '.....hhhhh......',
  '....hhhhhhh.....',
  '....hsssssh.....',
  '....sesssse.....',
  '....ssssss......',
  '.....ssss.......',
  '....tttttt......',
  '...tTttttTt.....',
  '...sTttttTs.....',
  '....tttttt......',
  '....pppppp......',
];

/** The legs (rows 11…15) of each pose: standing, then the four steps of a walk. */
const WALKER_LEGS: Record<string, string[]> = {
  stand: ['....pp..pp......', '....pp..pp......', '....pp..pp......', '....bb..bb......', '...bbb..bbb.....'],
  step1: ['...pp....pp.....', '...pp....pp.....', '..pp......pp....', '..bb......bb....', '.bbb......bbb...'],
  pass1: ['....pp.pp.......', '....pp.pp.......', '.....ppp........', '.....bbb........', '....bbbb........'],
  step2: ['...pp....pp.....', '..pp.....pp.....', '..pp......pp....', '.bb.......bb....', '.bbb......bbb...'],
  pass2: ['.....pp.pp......', '.....pp.pp......', '......ppp.......', '......bbb.......', '.....bbbb.......'],
};

/** One 16×16 walker pose as rows. */
export function walkerPose(legs: string, lift: boolean): string[] {
  const top = lift ? [...WALKER_TOP.slice(1), WALKER_TOP[WALKER_TOP.length - 1]!] : WALKER_TOP;
  return [...top, ...WALKER_LEGS[legs]!];
}

/** The walker's frames in sheet order (idle 0…1, walk 2…5) and their durations in ms. */
export const WALKER_FRAMES: [string, boolean, number][] = [
  ['stand', false, 400],
  ['stand', true, 400],
  ['step1', false, 120],
  ['pass1', false, 120],
  ['step2', false, 120],
  ['pass2', false, 120],
];

/** The walker's untrimmed frame `i` (16×16 RGBA, top row first): what a sprite of that frame must show. */
export function walkerFrame(i: number): Uint8Array {
  const [legs, lift] = WALKER_FRAMES[i]!;
  const texels = new Uint8Array(16 * 16 * 4);
  walkerPose(legs, lift).forEach((row, y) =>
    [...row].forEach((c, x) => {
      const colour = WALKER_PALETTE[c];
      if (colour) texels.set(colour, (y * 16 + x) * 4);
    }),
  );
  return texels;
}
