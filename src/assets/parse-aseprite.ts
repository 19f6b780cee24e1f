import type {
  SpriteFrame,
  SpriteSheetData,
  SpriteSlice,
  SpriteTag,
  TagDirection,
} from '../scene/sprite-sheet';

/** An Aseprite JSON export read: the sheet's frames, tags and slices, and the image file it names. */
export interface AsepriteSheet extends SpriteSheetData {
  /** `meta.image`: the sheet's PNG, relative to the JSON file. */
  image: string;
  /** `meta.size`: the image's size, checked against the image once loaded. */
  width: number;
  height: number;
}

const DIRECTIONS: readonly TagDirection[] = ['forward', 'reverse', 'pingpong', 'pingpong_reverse'];

/**
 * Reads Aseprite's JSON sprite-sheet export (File › Export Sprite Sheet, "JSON Data"), hash or array form: frames with
 * their durations and trim, frame tags with direction and repeat, slices with their first key's bounds and pivot.
 * Anything malformed throws naming `file` and what is wrong (rotated frames, which Aseprite never writes, included).
 */
export function parseAseprite(json: unknown, file: string): AsepriteSheet {
  const fail = (why: string): never => {
    throw new Error(`Aseprite sheet "${file}": ${why}`);
  };
  if (!isObject(json)) return fail('it is not a JSON object.');
  const meta = isObject(json['meta']) ? json['meta'] : fail('it has no "meta" (is it an Aseprite export?).');
  const image = typeof meta['image'] === 'string' ? meta['image'] : fail('meta.image names no image file.');
  const size = isObject(meta['size']) ? meta['size'] : fail('meta.size is missing.');
  const raw = json['frames'];
  const entries: [string, unknown][] = Array.isArray(raw)
    ? raw.map((f, i) => [isObject(f) && typeof f['filename'] === 'string' ? f['filename'] : `frame ${i}`, f])
    : isObject(raw)
      ? Object.entries(raw)
      : fail('it has no "frames" (an array or an object of frames).');
  if (entries.length === 0) fail('it has no frames.');
  const frames = entries.map(([name, f]): SpriteFrame => {
    const where = `frame "${name}"`;
    if (!isObject(f)) return fail(`${where} is not an object.`);
    if (f['rotated'] === true) fail(`${where} is rotated; export without rotation.`);
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
      sourceWidth: pixels(source['w'], `${where}.sourceSize.w`, fail, 1),
      sourceHeight: pixels(source['h'], `${where}.sourceSize.h`, fail, 1),
      duration: (duration as number) / 1000,
    };
  });
  const tags = list(meta['frameTags'], 'meta.frameTags', fail).map((t, i): SpriteTag => {
    if (!isObject(t)) return fail(`meta.frameTags[${i}] is not an object.`);
    const name = typeof t['name'] === 'string' ? t['name'] : fail(`meta.frameTags[${i}] has no name.`);
    const direction = (t['direction'] ?? 'forward') as TagDirection;
    if (!DIRECTIONS.includes(direction))
      fail(`tag "${name}" has direction ${show(direction)}; expected ${DIRECTIONS.join(', ')}.`);
    // Aseprite writes repeat as a string ("3"), and leaves it out for "for ever".
    const repeat = t['repeat'] === undefined ? 0 : Number(t['repeat']);
    if (!(Number.isInteger(repeat) && repeat >= 0)) fail(`tag "${name}" repeats ${show(t['repeat'])} times.`);
    return {
      name,
      from: number(t['from'], `tag "${name}".from`, fail),
      to: number(t['to'], `tag "${name}".to`, fail),
      direction,
      repeat,
    };
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
    width: number(size['w'], 'meta.size.w', fail),
    height: number(size['h'], 'meta.size.h', fail),
    frames,
    tags,
    slices,
  };
}

type Fail = (why: string) => never;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function number(value: unknown, what: string, fail: Fail): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fail(`${what} is not a number.`);
}

/** A count of pixels: a whole number ≥ `min` (sheets place frames on whole texels). */
function pixels(value: unknown, what: string, fail: Fail, min = 0): number {
  return Number.isSafeInteger(value) && (value as number) >= min
    ? (value as number)
    : fail(`${what} is ${show(value)}; give a whole number of pixels ≥ ${min}.`);
}

/** A rectangle of whole pixels: its corner ≥ 0, its size ≥ 1. */
function box(value: unknown, what: string, fail: Fail): { x: number; y: number; w: number; h: number } {
  if (!isObject(value)) return fail(`${what} is missing.`);
  return {
    x: pixels(value['x'], `${what}.x`, fail),
    y: pixels(value['y'], `${what}.y`, fail),
    w: pixels(value['w'], `${what}.w`, fail, 1),
    h: pixels(value['h'], `${what}.h`, fail, 1),
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
