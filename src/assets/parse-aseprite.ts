import type {
  SpriteFrame,
  SpriteSheetData,
  SpriteSlice,
  SpriteTag,
  TagDirection,
} from '../scene/sprite-sheet';

/** An Aseprite JSON export read: the sheet's frames, tags and slices, and the image file it names. */
export interface AsepriteSheet extends SpriteSheetData {
  /** `meta.image`: the sheet's PNG, relative to the JSON file; null when the export names none. */
  image: string | null;
  /**
   * Frames the packer stored turned 90° clockwise (TexturePacker's `rotated`): their `width × height` texels fill a
   * `height × width` place at `x, y`. `loadSpriteSheet` turns them upright at load.
   */
  rotated: Set<number>;
  /** `meta.size`: the image's size, checked against the image once loaded. */
  width: number;
  height: number;
}

const DIRECTIONS: readonly TagDirection[] = ['forward', 'reverse', 'pingpong', 'pingpong_reverse'];

/**
 * Reads Aseprite's JSON sprite-sheet export (File › Export Sprite Sheet, "JSON Data"), hash or array form: frames with
 * their durations and trim, frame tags with direction and repeat, slices with their first key's bounds and pivot.
 * TexturePacker's JSON (hash or array) is the same format: its frames stored rotated are listed in `rotated`. Anything
 * malformed throws naming `file` and what is wrong.
 */
export function parseAseprite(json: unknown, file: string): AsepriteSheet {
  const fail = (why: string): never => {
    throw new Error(`Aseprite sheet "${file}": ${why}`);
  };
  if (!isObject(json)) return fail('it is not a JSON object.');
  const meta = isObject(json['meta']) ? json['meta'] : fail('it has no "meta" (is it an Aseprite export?).');
  const image = typeof meta['image'] === 'string' && meta['image'] !== '' ? meta['image'] : null;
  const size = isObject(meta['size']) ? meta['size'] : fail('meta.size is missing.');
  const raw = json['frames'];
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((f, i) => [isObject(f) && typeof f['filename'] === 'string' ? f['filename'] : `frame ${i}`, f])
    : isObject(raw)
      ? Object.entries(raw)
      : fail('it has no "frames" (an array or an object of frames).');
  if (entries.length === 0) fail('it has no frames.');
  const rotated = new Set<number>();
  const frames = entries.map(([name, f], index): SpriteFrame => {
    const where = `frame "${name}"`;
    if (!isObject(f)) return fail(`${where} is not an object.`);
    if (f['rotated'] === true) rotated.add(index);
    const rect = box(f['frame'], `${where}.frame`, fail);
    const trimmed =
      f['spriteSourceSize'] === undefined
        ? { x: 0, y: 0 }
        : box(f['spriteSourceSize'], `${where}.spriteSourceSize`, fail);
    const source = isObject(f['sourceSize']) ? f['sourceSize'] : { w: rect.w, h: rect.h };
    const duration = f['duration'] ?? 100;
    if (typeof duration !== 'number' || !(duration > 0))
      fail(`${where} has duration ${show(duration)} (ms above 0).`);
    return {
      x: rect.x,
      y: rect.y,
      width: rect.w,
      height: rect.h,
      offsetX: trimmed.x,
      offsetY: trimmed.y,
      sourceWidth: whole(source['w'], `${where}.sourceSize.w`, fail, 1),
      sourceHeight: whole(source['h'], `${where}.sourceSize.h`, fail, 1),
      duration: (duration as number) / 1000,
    };
  });
  const sources = spriteSources(
    entries.map(([name]) => name),
    list(meta['frameTags'], 'meta.frameTags', fail).length > 0,
    fail,
  );
  const tags = list(meta['frameTags'], 'meta.frameTags', fail).map((t, i): SpriteTag => {
    if (!isObject(t)) return fail(`meta.frameTags[${i}] is not an object.`);
    const name = typeof t['name'] === 'string' ? t['name'] : fail(`meta.frameTags[${i}] has no name.`);
    const direction = (t['direction'] ?? 'forward') as TagDirection;
    if (!DIRECTIONS.includes(direction))
      fail(`tag "${name}" has direction ${show(direction)}; expected ${DIRECTIONS.join(', ')}.`);
    // Aseprite writes repeat as a string ("3"), and leaves it out for "for ever".
    const repeat = t['repeat'] === undefined ? 0 : Number(t['repeat']);
    if (!(Number.isInteger(repeat) && repeat >= 0)) fail(`tag "${name}" repeats ${show(t['repeat'])} times.`);
    const from = whole(t['from'], `tag "${name}".from`, fail, 0, 'frames');
    const to = whole(t['to'], `tag "${name}".to`, fail, 0, 'frames');
    const sprite = sources && ownerOf(name, sources, fail);
    // A sheet of several sprites counts each tag's frames within its own sprite: they move to where that sprite's are.
    if (sprite && to >= sprite.count)
      fail(`tag "${name}" runs to frame ${to} of sprite "${sprite.title}", which has ${sprite.count}.`);
    return { name, from: from + (sprite?.first ?? 0), to: to + (sprite?.first ?? 0), direction, repeat };
  });
  const slices = list(meta['slices'], 'meta.slices', fail).map((s, i): SpriteSlice => {
    if (!isObject(s)) return fail(`meta.slices[${i}] is not an object.`);
    const name = typeof s['name'] === 'string' ? s['name'] : fail(`meta.slices[${i}] has no name.`);
    const [key] = list(s['keys'], `slice "${name}".keys`, fail);
    if (!isObject(key)) return fail(`slice "${name}" has no keys.`);
    const bounds = box(key['bounds'], `slice "${name}".bounds`, fail);
    const pivot = isObject(key['pivot'])
      ? ([
          number(key['pivot']['x'], `slice "${name}".pivot.x`, fail),
          number(key['pivot']['y'], `slice "${name}".pivot.y`, fail),
        ] as [number, number])
      : null;
    return { name, x: bounds.x, y: bounds.y, width: bounds.w, height: bounds.h, pivot };
  });
  return {
    image,
    rotated,
    width: number(size['w'], 'meta.size.w', fail),
    height: number(size['h'], 'meta.size.h', fail),
    frames,
    tags,
    slices,
  };
}

type Fail = (why: string) => never;

/** One sprite of a sheet that holds several: its title and where its frames are. */
interface Source {
  title: string;
  first: number;
  count: number;
}

/**
 * The sprites a sheet's frames come from, read from Aseprite's default frame names (`{title} {frame}.aseprite`, or
 * `{title} ({layer}) {frame}.aseprite` with layers split): null when there is one (or the names say nothing). A sheet
 * of split layers with tags is refused: a tag's frames would belong to no one layer.
 */
function spriteSources(names: readonly string[], tagged: boolean, fail: Fail): Source[] | null {
  const sources: Source[] = [];
  const layers = new Set<string>();
  for (const [i, name] of names.entries()) {
    const match = /^(.*?)(?: \((.*)\))? \d+\.(?:aseprite|ase)$/.exec(name);
    if (!match) return null; // named some other way: nothing to tell the sprites apart by
    if (match[2] !== undefined) layers.add(match[2]);
    const last = sources.at(-1);
    if (last && last.title === match[1]) last.count++;
    else sources.push({ title: match[1]!, first: i, count: 1 });
  }
  if (tagged && layers.size > 1)
    fail(
      `it splits layers (${[...layers].join(', ')}) and has tags, whose frames then belong to no one layer; export ` +
        'with layers merged, or one layer per sheet.',
    );
  return sources.length > 1 && layers.size <= 1 ? sources : null;
}

/** The sprite a tag belongs to in a sheet of several: the one whose title starts its name (`{title}_{tag}`). */
function ownerOf(tag: string, sources: readonly Source[], fail: Fail): Source {
  const owners = sources.filter(
    (s) => tag.startsWith(s.title) && /^[ _\-:.]/.test(tag.slice(s.title.length)),
  );
  if (owners.length === 0)
    fail(
      `it holds ${sources.length} sprites (${sources.map((s) => `"${s.title}"`).join(', ')}), and tag "${tag}" ` +
        "names none of them; Aseprite counts each tag's frames within its sprite, so export with " +
        "--tagname-format '{title}_{tag}' (or one sprite per sheet).",
    );
  return owners.reduce((a, b) => (b.title.length > a.title.length ? b : a));
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function number(value: unknown, what: string, fail: Fail): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fail(`${what} is not a number.`);
}

/** A whole number ≥ `min` of pixels (sheets place frames on whole texels) or of frames. */
function whole(value: unknown, what: string, fail: Fail, min = 0, of = 'pixels'): number {
  return Number.isSafeInteger(value) && (value as number) >= min
    ? (value as number)
    : fail(`${what} is ${show(value)}; give a whole number of ${of} ≥ ${min}.`);
}

/** A rectangle of whole pixels: its corner ≥ 0, its size ≥ 1. */
function box(value: unknown, what: string, fail: Fail): { x: number; y: number; w: number; h: number } {
  if (!isObject(value)) return fail(`${what} is missing.`);
  return {
    x: whole(value['x'], `${what}.x`, fail),
    y: whole(value['y'], `${what}.y`, fail),
    w: whole(value['w'], `${what}.w`, fail, 1),
    h: whole(value['h'], `${what}.h`, fail, 1),
  };
}

/** A value from the file as a message shows it (JSON, so an object is not "[object Object]"). */
function show(value: unknown): string {
  return JSON.stringify(value) ?? String(value);
}

function list(value: unknown, what: string, fail: Fail): unknown[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : fail(`${what} is not an array.`);
}
