import type { BitmapFontData, BitmapGlyph } from '../ui/bitmap-font';

/** A BMFont file read: the font's data and the page images it names (relative to the file), by page id. */
export interface BmFontFile extends BitmapFontData {
  pageFiles: string[];
  /** `common scaleW scaleH`: every page's size, checked once the pages are loaded. */
  pageWidth: number;
  pageHeight: number;
}

/** One tag's values as a format gives them (text and XML: strings; JSON: numbers too), and where it was. */
interface Tag {
  fields: Record<string, unknown>;
  /** For messages: "line 7" (text, XML) or "chars[3]" (JSON). */
  where: string;
}

/** The tags of a font in any of the formats, before their values are checked. */
interface RawFont {
  info: Tag | null;
  common: Tag | null;
  pages: Tag[];
  chars: Tag[];
  kernings: Tag[];
}

type Fail = (why: string, where?: string) => never;

/**
 * Reads a BMFont / AngelCode font in any of its formats: text (`.fnt`: `info`, `common`, `page`, `char`, `kerning`
 * lines of key=value pairs; quoted values may hold spaces and quotes, as `letter="""`), XML (the same tags as
 * elements: what Phaser and most of Pixi's fonts use) and JSON (`{ info, common, pages, chars, kernings }`, as
 * msdf-bmfont and bmfont2json write). Offsets, advances and kerning may be fractional (the layout rounds each glyph
 * to a whole pixel); a glyph's place in its page is whole pixels. A missing tag or value, a page id out of order, a
 * glyph on a page that is not there: each throws naming `file` and where. The binary format is named as such.
 */
export function parseBmFont(text: string, file: string): BmFontFile {
  const fail: Fail = (why, where) => {
    throw new Error(`Bitmap font "${file}"${where === undefined ? '' : `, ${where}`}: ${why}`);
  };
  // The binary BMFont format starts "BMF" and a version byte: say so rather than quote its bytes as a bad line.
  if (text.startsWith('BMF') && text.charCodeAt(3) < 32)
    fail(
      'it is a binary BMFont file (BMF, version ' + text.charCodeAt(3) + '); export it as text, XML or JSON.',
    );
  // Any other file with control characters is not a text font either: name the first, never dump the bytes.
  const at = firstControl(text);
  if (at >= 0)
    fail(
      `it is not text (byte 0x${text.charCodeAt(at).toString(16).padStart(2, '0')} at ${at}); ` +
        'give a BMFont file (text, XML or JSON).',
    );
  const start = text.replace(/^\uFEFF/, '').trimStart()[0];
  const raw =
    start === '<' ? readXml(text, fail) : start === '{' ? readJson(text, fail) : readText(text, fail);
  return build(raw, file, fail);
}

/** The text format: a tag and its key=value pairs per line. */
function readText(text: string, fail: Fail): RawFont {
  const raw: RawFont = { info: null, common: null, pages: [], chars: [], kernings: [] };
  text.split(/\r?\n/).forEach((line, i) => {
    const name = /^\s*(\w+)/.exec(line)?.[1];
    if (!name) return;
    const where = `line ${i + 1}`;
    add(raw, name, { fields: parseFields(line.slice(line.indexOf(name) + name.length), where, fail), where });
  });
  return raw;
}

/** The XML format: the same tags as elements with attributes (`<char id="65" … />`); entities decoded. */
function readXml(text: string, fail: Fail): RawFont {
  const raw: RawFont = { info: null, common: null, pages: [], chars: [], kernings: [] };
  // Comments and the declaration go first, kept as their line breaks so lines still count right.
  const body = text.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, (skipped) => skipped.replace(/[^\n]/g, ' '));
  if (!/<font[\s>]/.test(body)) fail('it is XML without a <font> element (is it a BMFont XML file?).');
  const element = /<([A-Za-z][\w-]*)([^<>]*?)\/?>/g;
  for (const match of body.matchAll(element)) {
    const where = `line ${body.slice(0, match.index).split('\n').length}`;
    const fields: Record<string, string> = {};
    const attributes = match[2]!;
    const attribute = /\s*([\w:.-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/y;
    let end = 0;
    for (let a = attribute.exec(attributes); a; a = attribute.exec(attributes)) {
      fields[a[1]!] = decodeEntities(a[2] ?? a[3]!, where, fail);
      end = attribute.lastIndex;
    }
    if (attributes.slice(end).trim() !== '')
      fail(`<${match[1]}> has "${attributes.slice(end).trim()}" (name="value" pairs expected).`, where);
    add(raw, match[1]!, { fields, where });
  }
  return raw;
}

/** The JSON format: `info` and `common` objects, `pages` (file names), `chars` and `kernings` lists. */
function readJson(text: string, fail: Fail): RawFont {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return fail(`it is not JSON (${(error as Error).message}).`);
  }
  const object = (value: unknown, where: string): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : fail(`${where} is not an object.`);
  const top = object(json, 'the file');
  const list = (key: string): unknown[] => {
    const value = top[key] ?? [];
    return Array.isArray(value) ? value : fail(`"${key}" is not a list.`);
  };
  return {
    info: top['info'] === undefined ? null : { fields: object(top['info'], '"info"'), where: 'info' },
    common:
      top['common'] === undefined ? null : { fields: object(top['common'], '"common"'), where: 'common' },
    // Pages are file names in order (bmfont2json, msdf-bmfont); some tools write { id, file } as the other formats.
    pages: list('pages').map((page, i) => ({
      fields: typeof page === 'string' ? { id: i, file: page } : object(page, `pages[${i}]`),
      where: `pages[${i}]`,
    })),
    chars: list('chars').map((c, i) => ({ fields: object(c, `chars[${i}]`), where: `chars[${i}]` })),
    kernings: list('kernings').map((k, i) => ({
      fields: object(k, `kernings[${i}]`),
      where: `kernings[${i}]`,
    })),
  };
}

function add(raw: RawFont, name: string, tag: Tag): void {
  if (name === 'info') raw.info = tag;
  else if (name === 'common') raw.common = tag;
  else if (name === 'page') raw.pages.push(tag);
  else if (name === 'char') raw.chars.push(tag);
  else if (name === 'kerning') raw.kernings.push(tag);
}

/** The font from its tags, every value checked. */
function build(raw: RawFont, file: string, fail: Fail): BmFontFile {
  const { common } = raw;
  if (!common) return fail('it has no "common" tag (is it a BMFont file?).');
  const whole = (tag: Tag, name: string, key: string, min = -Infinity): number => {
    const value = numberOf(tag.fields[key]);
    return Number.isSafeInteger(value) && value >= min
      ? value
      : fail(`${name} has no whole number ${key}.`, tag.where);
  };
  const real = (tag: Tag, name: string, key: string): number => {
    const value = numberOf(tag.fields[key]);
    return Number.isFinite(value) ? value : fail(`${name} has no number ${key}.`, tag.where);
  };
  const pageFiles = raw.pages.map((page, i) => {
    const id = whole(page, 'page', 'id');
    if (id !== i) fail(`page id ${id}; expected ${i}.`, page.where);
    const name = page.fields['file'];
    return typeof name === 'string' && name !== '' ? name : fail('page has no file.', page.where);
  });
  const glyphs = raw.chars.map((c): BitmapGlyph => ({
    id: whole(c, 'char', 'id', 0),
    x: whole(c, 'char', 'x'),
    y: whole(c, 'char', 'y'),
    width: whole(c, 'char', 'width'),
    height: whole(c, 'char', 'height'),
    xoffset: real(c, 'char', 'xoffset'),
    yoffset: real(c, 'char', 'yoffset'),
    xadvance: real(c, 'char', 'xadvance'),
    page: c.fields['page'] === undefined ? 0 : whole(c, 'char', 'page', 0),
  }));
  const kernings = raw.kernings.map((k) => ({
    first: whole(k, 'kerning', 'first', 0),
    second: whole(k, 'kerning', 'second', 0),
    amount: real(k, 'kerning', 'amount'),
  }));
  const size = (key: string) => {
    const value = numberOf(common.fields[key]);
    return Number.isInteger(value) && value > 0
      ? value
      : fail(`common ${key} is "${String(common.fields[key] ?? '')}", not a size.`);
  };
  if (pageFiles.length === 0) fail('it names no page image.');
  if (glyphs.length === 0) fail('it has no chars.');
  for (const g of glyphs)
    if (g.page >= pageFiles.length)
      fail(`char ${g.id} is on page ${g.page}; the font names ${pageFiles.length}.`);
  const face = raw.info?.fields['face'];
  return {
    name: typeof face === 'string' && face !== '' ? face : file,
    lineHeight: size('lineHeight'),
    base: size('base'),
    pageWidth: size('scaleW'),
    pageHeight: size('scaleH'),
    pageFiles,
    glyphs,
    kernings,
  };
}

/** A value as a number: JSON's numbers as they are, the text forms' strings when they are all a number. */
function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  return typeof value === 'string' && /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(value)
    ? Number(value)
    : NaN;
}

/**
 * `key=value key="a value"…` into an object. A quoted value ends at the quote followed by a space or the line's end,
 * so `letter="""` (the quote character, as BMFont writes it) reads as `"`.
 */
function parseFields(rest: string, where: string, fail: Fail): Record<string, string> {
  const fields: Record<string, string> = {};
  const pattern = /\s*(\w+)=("(.*?)"(?=\s|$)|[^\s"]*(?=\s|$))/y;
  let at = 0;
  while (at < rest.length) {
    if (/^\s*$/.test(rest.slice(at))) break;
    pattern.lastIndex = at;
    const match = pattern.exec(rest);
    if (!match) fail(`cannot read "${rest.slice(at).trim()}" (key=value pairs expected).`, where);
    fields[match![1]!] = match![3] ?? match![2]!;
    at = pattern.lastIndex;
  }
  return fields;
}

const ENTITIES: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', apos: "'" };

/** XML's five named entities and numeric character references (`&#34;`, `&#x22;`). */
function decodeEntities(value: string, where: string, fail: Fail): string {
  return value.replace(/&(#x[0-9a-fA-F]+|#\d+|\w+);/g, (entity, name: string) => {
    if (name.startsWith('#')) {
      const code = name[1] === 'x' ? parseInt(name.slice(2), 16) : Number(name.slice(1));
      return code <= 0x10ffff ? String.fromCodePoint(code) : fail(`${entity} is not a character.`, where);
    }
    return ENTITIES[name] ?? fail(`${entity} is not an XML entity.`, where);
  });
}

/** Where the first control character other than tab, line feed and carriage return is, or −1. */
function firstControl(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) return i;
  }
  return -1;
}
