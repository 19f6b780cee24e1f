import { describe, expect, it } from 'vitest';
import { parseAseprite } from './parse-aseprite';

/** An export as Aseprite writes it (hash form), two frames, trimmed second frame, one tag, one slice. */
const HASH = {
  frames: {
    'hero 0.aseprite': {
      frame: { x: 0, y: 0, w: 16, h: 16 },
      rotated: false,
      trimmed: false,
      spriteSourceSize: { x: 0, y: 0, w: 16, h: 16 },
      sourceSize: { w: 16, h: 16 },
      duration: 100,
    },
    'hero 1.aseprite': {
      frame: { x: 16, y: 0, w: 10, h: 12 },
      rotated: false,
      trimmed: true,
      spriteSourceSize: { x: 3, y: 4, w: 10, h: 12 },
      sourceSize: { w: 16, h: 16 },
      duration: 250,
    },
  },
  meta: {
    app: 'https://www.aseprite.org/',
    version: '1.3.7',
    image: 'hero.png',
    format: 'RGBA8888',
    size: { w: 32, h: 16 },
    scale: '1',
    frameTags: [{ name: 'walk', from: 0, to: 1, direction: 'pingpong', color: '#000000ff', repeat: '3' }],
    layers: [{ name: 'Layer', opacity: 255, blendMode: 'normal' }],
    slices: [
      {
        name: 'hand',
        color: '#0000ffff',
        keys: [{ frame: 0, bounds: { x: 11, y: 8, w: 2, h: 2 }, pivot: { x: 1, y: 1 } }],
      },
    ],
  },
};

describe('parseAseprite', () => {
  it('reads the hash form: frames with trim and duration (seconds), tags with direction and repeat, slices', () => {
    const sheet = parseAseprite(HASH, 'hero.json');
    expect([sheet.image, sheet.width, sheet.height]).toEqual(['hero.png', 32, 16]);
    expect(sheet.frames).toEqual([
      {
        x: 0,
        y: 0,
        width: 16,
        height: 16,
        offsetX: 0,
        offsetY: 0,
        sourceWidth: 16,
        sourceHeight: 16,
        duration: 0.1,
      },
      {
        x: 16,
        y: 0,
        width: 10,
        height: 12,
        offsetX: 3,
        offsetY: 4,
        sourceWidth: 16,
        sourceHeight: 16,
        duration: 0.25,
      },
    ]);
    expect(sheet.tags).toEqual([{ name: 'walk', from: 0, to: 1, direction: 'pingpong', repeat: 3 }]);
    expect(sheet.slices).toEqual([{ name: 'hand', x: 11, y: 8, width: 2, height: 2, pivot: [1, 1] }]);
  });

  it('reads the array form the same', () => {
    const array = {
      ...HASH,
      frames: Object.entries(HASH.frames).map(([filename, frame]) => ({ filename, ...frame })),
    };
    const hash = parseAseprite(HASH, 'hero.json');
    expect(parseAseprite(array, 'hero.json')).toEqual(hash);
  });

  it('says what is wrong, naming the file', () => {
    const bad = (json: unknown, message: RegExp) =>
      expect(() => parseAseprite(json, 'x.json')).toThrow(message);
    bad([], /Aseprite sheet "x.json": it is not a JSON object/);
    bad({ frames: {} }, /"x.json": it has no "meta"/);
    bad({ ...HASH, frames: {} }, /"x.json": it has no frames/);
    bad({ ...HASH, frames: [] }, /"x.json": it has no frames/);
    bad(
      { ...HASH, frames: { a: { frame: { x: 0, y: 0, w: 1 } } } },
      /frame "a".frame.h is undefined; give a whole number of pixels ≥ 1/,
    );
    bad(
      { ...HASH, frames: { a: { frame: { x: -1, y: 0, w: 1, h: 1 } } } },
      /frame "a".frame.x is -1; give a whole number of pixels ≥ 0/,
    );
    expect(
      parseAseprite(
        { ...HASH, frames: { a: { ...HASH.frames['hero 0.aseprite'], rotated: true } } },
        'x.json',
      ).rotated,
    ).toEqual(new Set([0]));
    bad(
      { ...HASH, meta: { ...HASH.meta, frameTags: [{ name: 'w', from: 0, to: 1, direction: 'sideways' }] } },
      /tag "w" has direction "sideways"/,
    );
    expect(parseAseprite({ ...HASH, meta: { ...HASH.meta, image: undefined } }, 'x.json').image).toBe(null);
  });

  /** A sheet of two sprites as `aseprite -b player.aseprite enemy.aseprite --list-tags --tagname-format '{title}_{tag}'` writes it. */
  function twoSprites(tags: { name: string; from: number; to: number }[], layers = false) {
    const frame = (name: string, i: number) => [
      name,
      { ...HASH.frames['hero 0.aseprite'], frame: { x: 16 * i, y: 0, w: 16, h: 16 } },
    ];
    const names = ['Player 0', 'Player 1', 'Enemy 0', 'Enemy 1', 'Enemy 2'].map((n, i) =>
      layers ? n.replace(' ', i % 2 ? ' (arm) ' : ' (body) ') : n,
    );
    return {
      frames: Object.fromEntries(names.map((n, i) => frame(`${n}.aseprite`, i))),
      meta: {
        ...HASH.meta,
        size: { w: 80, h: 16 },
        frameTags: tags.map((t) => ({ ...t, direction: 'forward' })),
        slices: [],
      },
    };
  }

  it("a sheet of several sprites: each tag plays its own sprite's frames, or is refused saying why", () => {
    const sheet = parseAseprite(
      twoSprites([
        { name: 'Player_Run', from: 0, to: 1 },
        { name: 'Enemy_Walk', from: 1, to: 2 },
      ]),
      'both.json',
    );
    expect(sheet.tags!.map((t) => [t.name, t.from, t.to])).toEqual([
      ['Player_Run', 0, 1],
      ['Enemy_Walk', 3, 4], // Enemy's frames 1…2 are the sheet's 3…4
    ]);
    expect(() => parseAseprite(twoSprites([{ name: 'Run', from: 0, to: 1 }]), 'both.json')).toThrow(
      'Aseprite sheet "both.json": it holds 2 sprites ("Player", "Enemy"), and tag "Run" names none of them; ' +
        "Aseprite counts each tag's frames within its sprite, so export with --tagname-format '{title}_{tag}' (or one " +
        'sprite per sheet).',
    );
    expect(() => parseAseprite(twoSprites([{ name: 'Player_Run', from: 0, to: 2 }]), 'both.json')).toThrow(
      'tag "Player_Run" runs to frame 2 of sprite "Player", which has 2.',
    );
    expect(() =>
      parseAseprite(twoSprites([{ name: 'Player_Run', from: 0, to: 1 }], true), 'both.json'),
    ).toThrow(/it splits layers \(body, arm\) and has tags/);
  });
});
