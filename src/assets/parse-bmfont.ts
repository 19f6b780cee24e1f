import type { BitmapFontData, BitmapGlyph } from '../ui/bitmap-font';

/** A BMFont text file read: the font's data and the page images it names (relative to the file), by page id. */
export interface BmFontFile extends BitmapFontData {
  pageFiles: string[];
  /** `common scaleW scaleH`: every page's size, checked once the pages are loaded. */
  pageWidth: number;
  pageHeight: number;
}

/**
 * Reads the BMFont / AngelCode text format (`.fnt`): `info`, `common`, `page`, `char` and `kerning` lines of
 * key=value pairs (quoted values may hold spaces). A missing tag or value, a page id out of order, a glyph on a page
 * that is not there: each throws naming `file` and the line.
 */
export function parseBmFont(text: string, file: string): BmFontFile {
  const fail = (why: string, line?: number): never => {
    throw new Error(`Bitmap font "${file}"${line === undefined ? '' : `, line ${line}`}: ${why}`);
  };
  // The binary BMFont format starts "BMF" and a version byte: say so rather than quote its bytes as a bad line.
  if (text.startsWith('BMF') && text.charCodeAt(3) < 32)
    fail(
      'it is a binary BMFont file (BMF, version ' +
        text.charCodeAt(3) +
        '); export it as text (.fnt, format text).',
    );
  // Any other file with control characters is not a text font either: name the first, never dump the bytes.
  const at = firstControl(text);
  if (at >= 0)
    fail(
      `it is not text (byte 0x${text.charCodeAt(at).toString(16).padStart(2, '0')} at ${at}); ` +
        'give a BMFont text file (.fnt).',
    );
  let name = '';
  let common: Record<string, string> | null = null;
  const pageFiles: string[] = [];
  const glyphs: BitmapGlyph[] = [];
  const kernings: { first: number; second: number; amount: number }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const tag = /^\s*(\w+)/.exec(raw)?.[1];
    if (!tag) return;
    const fields = parseFields(raw.slice(raw.indexOf(tag) + tag.length), (why) => fail(why, line));
    const int = (key: string): number => {
      const value = fields[key];
      if (value === undefined || !/^-?\d+$/.test(value)) fail(`${tag} has no whole number ${key}.`, line);
      return Number(value);
    };
    if (tag === 'info') name = fields['face'] ?? '';
    else if (tag === 'common') common = fields;
    else if (tag === 'page') {
      if (int('id') !== pageFiles.length)
        fail(`page id ${fields['id']}; expected ${pageFiles.length}.`, line);
      pageFiles.push(fields['file'] ?? fail('page has no file.', line));
    } else if (tag === 'char') {
      glyphs.push({
        id: int('id'),
        x: int('x'),
        y: int('y'),
        width: int('width'),
        height: int('height'),
        xoffset: int('xoffset'),
        yoffset: int('yoffset'),
        xadvance: int('xadvance'),
        page: fields['page'] === undefined ? 0 : int('page'),
      });
    } else if (tag === 'kerning')
      kernings.push({ first: int('first'), second: int('second'), amount: int('amount') });
  });
  if (!common) return fail('it has no "common" line (is it a BMFont text file?).');
  const c: Record<string, string> = common;
  const number = (key: string) => {
    const value = Number(c[key]);
    return Number.isInteger(value) && value > 0
      ? value
      : fail(`common ${key} is "${c[key] ?? ''}", not a size.`);
  };
  if (pageFiles.length === 0) fail('it names no page image.');
  if (glyphs.length === 0) fail('it has no char lines.');
  for (const g of glyphs)
    if (g.page >= pageFiles.length)
      fail(`char ${g.id} is on page ${g.page}; the font names ${pageFiles.length}.`);
  return {
    name: name || file,
    lineHeight: number('lineHeight'),
    base: number('base'),
    pageWidth: number('scaleW'),
    pageHeight: number('scaleH'),
    pageFiles,
    glyphs,
    kernings,
  };
}

/** `key=value key="a value"…` into an object. */
function parseFields(rest: string, fail: (why: string) => never): Record<string, string> {
  const fields: Record<string, string> = {};
  const pattern = /\s*(\w+)=("([^"]*)"|[^\s"]*)(?=\s|$)/y;
  let at = 0;
  while (at < rest.length) {
    if (/^\s*$/.test(rest.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(rest);
    if (!match) fail(`cannot read "${rest.slice(at).trim()}" (key=value pairs expected).`);
    fields[match![1]!] = match![3] ?? match![2]!;
    at = pattern.lastIndex;
  }
  return fields;
}

/** Where the first control character other than tab, line feed and carriage return is, or −1. */
function firstControl(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) return i;
  }
  return -1;
}
