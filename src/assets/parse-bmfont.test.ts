import { describe, expect, it } from 'vitest';
import { parseBmFont } from './parse-bmfont';

/** A BMFont text file as BMFont writes it: two pages, three chars, one kerning pair. */
const FNT = `info face="Tiny Test" size=8 bold=0 italic=0 charset="" unicode=1 stretchH=100 smooth=0 aa=1 padding=0,0,0,0 spacing=1,1 outline=0
common lineHeight=9 base=7 scaleW=64 scaleH=32 pages=2 packed=0 alphaChnl=0 redChnl=4 greenChnl=4 blueChnl=4
page id=0 file="tiny_0.png"
page id=1 file="tiny 1.png"
chars count=3
char id=32   x=0     y=0     width=0     height=0     xoffset=0     yoffset=0     xadvance=3     page=0  chnl=15
char id=65   x=1     y=1     width=4     height=6     xoffset=0     yoffset=1     xadvance=5     page=0  chnl=15
char id=261  x=2     y=3     width=4     height=6     xoffset=0     yoffset=3     xadvance=5     page=1  chnl=15
kernings count=1
kerning first=65 second=261 amount=-1
`;

describe('parseBmFont', () => {
  it('reads info, common, pages (quoted names with spaces), chars and kernings', () => {
    const font = parseBmFont(FNT, 'tiny.fnt');
    expect(font).toMatchObject({ name: 'Tiny Test', lineHeight: 9, base: 7, pageWidth: 64, pageHeight: 32 });
    expect(font.pageFiles).toEqual(['tiny_0.png', 'tiny 1.png']);
    expect(font.glyphs.map((g) => g.id)).toEqual([32, 65, 261]);
    expect(font.glyphs[2]).toEqual({
      id: 261,
      x: 2,
      y: 3,
      width: 4,
      height: 6,
      xoffset: 0,
      yoffset: 3,
      xadvance: 5,
      page: 1,
    });
    expect(font.kernings).toEqual([{ first: 65, second: 261, amount: -1 }]);
  });

  it('names the file, the line and the problem', () => {
    const fail = (text: string, message: RegExp) =>
      expect(() => parseBmFont(text, 'bad.fnt')).toThrow(message);
    fail('', /"bad\.fnt": it has no "common" tag/);
    fail(FNT.replace('page id=1', 'page id=2'), /"bad\.fnt", line 4: page id 2; expected 1/);
    fail(FNT.replace('x=1     y=1', 'x=one   y=1'), /line 7: char has no whole number x/);
    fail(FNT.replace('page=1', 'page=3'), /char 261 is on page 3; the font names 2/);
    fail(FNT.replace('lineHeight=9', 'lineHeight=0'), /common lineHeight is "0", not a size/);
    fail(FNT.replace(/^char .*$/gm, ''), /it has no chars/);
    fail(FNT.replace('file="tiny_0.png"', 'file="tiny_0.png'), /line 3: cannot read/);
  });

  it('says a binary font is binary, and never quotes the bytes of a file that is not text', () => {
    const binary = 'BMF\u0003\u0001\u0014\u0000\u0000\u0000\u0010\u0000\u00ff garbage';
    expect(() => parseBmFont(binary, 'pixel.fnt')).toThrow(
      'Bitmap font "pixel.fnt": it is a binary BMFont file (BMF, version 3); export it as text, XML or JSON.',
    );
    let message = '';
    try {
      parseBmFont('info face="x"\n\u0001\u0002\u0003\u0004 lots of bytes', 'odd.fnt');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Bitmap font "odd.fnt": it is not text (byte 0x01 at 14); give a BMFont file (text, XML or JSON).',
    );
  });

  /** The same font as BMFont's XML export writes it: a declaration, a comment, entities, single and double quotes. */
  const XML = `<?xml version="1.0"?>
<font>
  <info face="Tiny Test" size="8" bold="0" italic="0" charset="" unicode="1" stretchH="100" smooth="0" aa="1" padding="0,0,0,0" spacing="1,1" outline="0"/>
  <common lineHeight="9" base="7" scaleW="64" scaleH="32" pages="2" packed="0" alphaChnl="0" redChnl="4" greenChnl="4" blueChnl="4"/>
  <pages>
    <page id="0" file="tiny_0.png" />
    <page id='1' file='tiny 1.png' />
  </pages>
  <!-- <char id="999" x="0" y="0" width="1" height="1" xoffset="0" yoffset="0" xadvance="1" page="0" chnl="15" /> -->
  <chars count="3">
    <char id="32" x="0" y="0" width="0" height="0" xoffset="0" yoffset="0" xadvance="3" page="0" chnl="15" />
    <char id="65" x="1" y="1" width="4" height="6" xoffset="0" yoffset="1" xadvance="5" page="0" chnl="15" />
    <char id="261" x="2" y="3" width="4" height="6" xoffset="0" yoffset="3" xadvance="5" page="1" chnl="15" />
  </chars>
  <kernings count="1">
    <kerning first="65" second="261" amount="-1" />
  </kernings>
</font>
`;

  /** The same font as msdf-bmfont / bmfont2json write JSON: pages as names, numbers as numbers, extra keys. */
  const JSON_FONT = JSON.stringify({
    pages: ['tiny_0.png', 'tiny 1.png'],
    chars: [
      {
        id: 32,
        index: 3,
        char: ' ',
        x: 0,
        y: 0,
        width: 0,
        height: 0,
        xoffset: 0,
        yoffset: 0,
        xadvance: 3,
        page: 0,
        chnl: 15,
      },
      {
        id: 65,
        index: 36,
        char: 'A',
        x: 1,
        y: 1,
        width: 4,
        height: 6,
        xoffset: 0,
        yoffset: 1,
        xadvance: 5,
        page: 0,
        chnl: 15,
      },
      { id: 261, x: 2, y: 3, width: 4, height: 6, xoffset: 0, yoffset: 3, xadvance: 5, page: 1, chnl: 15 },
    ],
    info: { face: 'Tiny Test', size: 8, bold: 0, italic: 0, charset: [], unicode: 1, padding: [0, 0, 0, 0] },
    common: { lineHeight: 9, base: 7, scaleW: 64, scaleH: 32, pages: 2, packed: 0 },
    kernings: [{ first: 65, second: 261, amount: -1 }],
  });

  it('reads the XML and JSON formats into exactly what the text format gives', () => {
    const text = parseBmFont(FNT, 'tiny.fnt');
    expect(parseBmFont(XML, 'tiny.fnt')).toEqual(text);
    expect(parseBmFont(JSON_FONT, 'tiny.fnt')).toEqual(text);
    expect(parseBmFont(`\uFEFF  ${XML}`, 'tiny.fnt')).toEqual(text); // a byte-order mark and white space first
  });

  it('takes fractional offsets, advances and kerning, and any quoting of letter', () => {
    const font = parseBmFont(
      FNT.replace('xoffset=0     yoffset=1     xadvance=5', 'xoffset=-0.5  yoffset=1.25  xadvance=5.75')
        .replace('amount=-1', 'amount=-0.5')
        .replace('chnl=15\nchar id=261', 'chnl=15 letter="A"\nchar id=261')
        .replace('id=32   x=0', 'id=32 letter=" "   x=0')
        .replace('page=1  chnl=15', 'page=1  chnl=15 letter="""'),
      'frac.fnt',
    );
    expect(font.glyphs[1]).toMatchObject({ xoffset: -0.5, yoffset: 1.25, xadvance: 5.75 });
    expect(font.glyphs[0]).toMatchObject({ id: 32, x: 0 });
    expect(font.kernings![0]!.amount).toBe(-0.5);
    expect(
      parseBmFont(XML.replace('xadvance="5" page="0"', 'xadvance="5.5" page="0"'), 'f.xml').glyphs[1]!
        .xadvance,
    ).toBe(5.5);
    const letters = XML.replace('chnl="15" />', 'chnl="15" letter="&quot;" />').replace('&quot;', '&#34;');
    expect(parseBmFont(letters, 'q.xml').glyphs).toHaveLength(3);
  });

  it('names the file and where for bad XML and JSON', () => {
    const fail = (text: string, message: RegExp) => expect(() => parseBmFont(text, 'bad')).toThrow(message);
    fail('<html><body>hi</body></html>', /"bad": it is XML without a <font> element/);
    fail(XML.replace('x="1" y="1"', 'x="one" y="1"'), /"bad", line 12: char has no whole number x/);
    fail(XML.replace('x="1" y="1"', 'x=1 y="1"'), /"bad", line 12: <char> has "x=1 y="1"/);
    fail(XML.replace('face="Tiny Test"', 'face="&nbsp;"'), /line 3: &nbsp; is not an XML entity/);
    fail('{"pages": "a.png"}', /"bad": "pages" is not a list/);
    fail(JSON_FONT.replace('"x":1', '"x":1.5'), /"bad", chars\[1\]: char has no whole number x/);
    fail('{"pages": [], ', /"bad": it is not JSON/);
    fail(JSON_FONT.replace('"common":{', '"cmn":{'), /it has no "common" tag/);
  });
});
