import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseAseprite } from './parse-aseprite';
import { parseBmFont } from './parse-bmfont';

/** Messages that tell the user nothing about their file: a parser's own fault showing through. */
const LEAKS = /TypeError|Cannot read|of undefined|of null|is not a function|is not iterable|\[object/;
/** The wrong values every field of a file is replaced by, one at a time. */
const WRONG = [null, -1, 1.5, 1e12, 'x', '', {}, []] as const;

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

/** Runs `parse`; a failure must be an Error whose message starts `prefix` and says what, never a raw fault. */
function outcome(parse: () => unknown, prefix: string): 'loaded' | 'refused' {
  try {
    parse();
    return 'loaded';
  } catch (error) {
    expect(error).toBeInstanceOf(Error);
    const message = (error as Error).message;
    expect(message.startsWith(prefix), message).toBe(true);
    expect(message, message).not.toMatch(LEAKS);
    return 'refused';
  }
}

/** Every path to a leaf of a JSON value. */
function leaves(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value !== 'object' || value === null) return [path];
  return Object.entries(value).flatMap(([key, child]) =>
    leaves(child, [...path, Array.isArray(value) ? Number(key) : key]),
  );
}

describe('hostile text assets', () => {
  it('a BMFont text file cut anywhere, or with any value wrong, is read or refused naming the file and line', () => {
    const text = fixture('armature-pixel.fnt');
    const counts = { loaded: 0, refused: 0 };
    for (let cut = 0; cut < text.length; cut += 13)
      counts[outcome(() => parseBmFont(text.slice(0, cut), 'cut.fnt'), 'Bitmap font "cut.fnt"')]++;
    // Each key=value of the first lines (every tag's keys) given each wrong value in turn.
    const lines = text.split('\n');
    lines.slice(0, 6).forEach((line, l) => {
      for (const match of line.matchAll(/(\w+)=("[^"]*"|\S*)/g))
        for (const wrong of WRONG) {
          const edited = [...lines];
          edited[l] = line.replace(match[0], `${match[1]}=${typeof wrong === 'object' ? '' : String(wrong)}`);
          counts[outcome(() => parseBmFont(edited.join('\n'), 'edit.fnt'), 'Bitmap font "edit.fnt"')]++;
        }
    });
    expect(counts.refused).toBeGreaterThan(100); // the corpus reached the checks
  });

  it('an Aseprite export with any field replaced by a wrong value is read or refused naming the file', () => {
    const json = JSON.parse(fixture('walker.json')) as unknown;
    const counts = { loaded: 0, refused: 0 };
    for (const path of leaves(json))
      for (const wrong of WRONG) {
        const copy = structuredClone(json) as Record<string | number, unknown>;
        let at = copy;
        for (const key of path.slice(0, -1)) at = at[key] as Record<string | number, unknown>;
        at[path.at(-1)!] = wrong;
        counts[outcome(() => parseAseprite(copy, 'walker.json'), 'Aseprite sheet "walker.json"')]++;
      }
    for (const whole of [null, [], 'x', 5, {}, { frames: null }, { frames: {}, meta: null }])
      counts[outcome(() => parseAseprite(whole, 'walker.json'), 'Aseprite sheet "walker.json"')]++;
    expect(counts.refused).toBeGreaterThan(100);
  });
});
