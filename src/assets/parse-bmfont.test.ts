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
    fail('', /"bad\.fnt": it has no "common" line/);
    fail(FNT.replace('page id=1', 'page id=2'), /"bad\.fnt", line 4: page id 2; expected 1/);
    fail(FNT.replace('x=1     y=1', 'x=one   y=1'), /line 7: char has no whole number x/);
    fail(FNT.replace('page=1', 'page=3'), /char 261 is on page 3; the font names 2/);
    fail(FNT.replace('lineHeight=9', 'lineHeight=0'), /common lineHeight is "0", not a size/);
    fail(FNT.replace(/^char .*$/gm, ''), /it has no char lines/);
    fail(FNT.replace('file="tiny_0.png"', 'file="tiny_0.png'), /line 3: cannot read/);
  });

  it('says a binary font is binary, and never quotes the bytes of a file that is not text', () => {
    const binary = 'BMF\u0003\u0001\u0014\u0000\u0000\u0000\u0010\u0000\u00ff garbage';
    expect(() => parseBmFont(binary, 'pixel.fnt')).toThrow(
      'Bitmap font "pixel.fnt": it is a binary BMFont file (BMF, version 3); export it as text (.fnt, format text).',
    );
    let message = '';
    try {
      parseBmFont('info face="x"\n\u0001\u0002\u0003\u0004 lots of bytes', 'odd.fnt');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Bitmap font "odd.fnt": it is not text (byte 0x01 at 14); give a BMFont text file (.fnt).',
    );
  });
});
