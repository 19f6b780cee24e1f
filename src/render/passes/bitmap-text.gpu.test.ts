import { afterEach, describe, expect, it, vi } from 'vitest';
import { fontGlyphs, FONT_LINE_HEIGHT } from '../../../scripts/pixel-font-art';
import { loadBitmapFont } from '../../assets/load-bitmap-font';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { Node } from '../../scene/node';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiText } from '../../ui/ui-element';
import { Renderer } from '../renderers/renderer';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';

const FONT_URL = new URL('../../assets/fixtures/armature-pixel.fnt', import.meta.url).href;
const [W, H] = [96, 40];
const INK = [255, 230, 102, 255];
const BLACK = [0, 0, 0, 255];

/**
 * The picture of `lines` in Armature Pixel drawn from its art, not through the font file: each character's cell at the
 * pen, the pen moving by the cell's width + 1 (less a pixel for each kerned pair given), a line height per line.
 */
function expectedInk(lines: string[], kerned: Set<string>, left: number, top: number): Set<string> {
  const cells = fontGlyphs();
  const ink = new Set<string>();
  lines.forEach((line, row) => {
    let pen = left;
    let previous = '';
    for (const char of line) {
      if (kerned.has(previous + char)) pen -= 1;
      const cell = cells.get(char)!;
      cell.forEach((bits, y) =>
        [...bits].forEach((b, x) => {
          if (b === '#') ink.add(`${pen + x},${top + row * FONT_LINE_HEIGHT + y}`);
        }),
      );
      pen += cell[0]!.length + 1;
      previous = char;
    }
  });
  return ink;
}

async function drawText(backend: (typeof TEST_BACKENDS)[number], text: UiText, atlas: UiAtlas) {
  const world = new Node('world');
  const camera = Camera.pixels('eye', W, H, 10);
  world.add(camera);
  const ui = new Node('ui').add(text);
  const renderer = await Renderer.create(testCanvas(2 * W, 2 * H), {
    backend,
    root: world,
    camera,
    native: [W, H],
    clearColor: { r: 0, g: 0, b: 0, a: 1 },
    chain: { blurStrength: 0 },
    ui: { root: ui, atlas },
  });
  renderer.render(0, 0);
  const pixels = await renderer.readPixels('composed');
  renderer.destroy();
  return pixels;
}

function expectPicture(pixels: Uint8Array, ink: Set<string>, what: string): void {
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      expect(pixelAt(pixels, W, x, y), `${what} at ${x},${y}`).toEqual(ink.has(`${x},${y}`) ? INK : BLACK);
}

describe('bitmap fonts (BMFont text format) in the UI, on real WebGPU and WebGL2', () => {
  afterEach(() => vi.restoreAllMocks());

  it('draws every glyph at its pixel: diacritics, kerning, line height, "\\n"; both backends alike', async () => {
    const font = await loadBitmapFont(FONT_URL);
    expect([font.name, font.lineHeight, font.base]).toEqual(['Armature Pixel', 9, 6]);
    const atlas = new UiAtlas({}, { fonts: [font] });
    const lines = ['Zażółć gęślą', 'jaźń ŁÓDŹ', 'Ta Vo'];
    const ink = expectedInk(lines, new Set(['Ta', 'Vo']), 2, 3);
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const text = new UiText('pangram', lines.join('\n'), [1, 0.9, 0.4, 1], { font }).setPosition(2, 3, 0);
      const pixels = await drawText(backend, text, atlas);
      expectPicture(pixels, ink, backend);
      images.push(pixels);
    }
    expect(images[1]).toEqual(images[0]);
    expect([...font.missing]).toEqual([]);
  });

  it('wraps words to a width', async () => {
    const font = await loadBitmapFont(FONT_URL);
    const atlas = new UiAtlas({}, { fonts: [font] });
    // "gęślą" advances 20 pixels, the space 4, "jaźń" 16: at a width of 30 the second word goes to the next line.
    const ink = expectedInk(['gęślą', 'jaźń'], new Set(), 2, 3);
    for (const backend of TEST_BACKENDS) {
      const text = new UiText('wrapped', 'gęślą jaźń', [1, 0.9, 0.4, 1], { font, wrap: 30 }).setPosition(
        2,
        3,
        0,
      );
      expectPicture(await drawText(backend, text, atlas), ink, `${backend} wrapped`);
      expect(text.layout!.lines).toBe(2);
    }
  });

  it('draws a character the font lacks as a visible box and reports it once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const font = await loadBitmapFont(FONT_URL);
    const atlas = new UiAtlas({}, { fonts: [font] });
    for (const backend of TEST_BACKENDS) {
      const text = new UiText('euro', 'a€a', [1, 0.9, 0.4, 1], { font }).setPosition(2, 3, 0);
      const pixels = await drawText(backend, text, atlas);
      // The font has "?": the € is drawn as it, one advance after the "a".
      const ink = expectedInk(['a?a'], new Set(), 2, 3);
      expectPicture(pixels, ink, `${backend} replacement`);
    }
    expect([...font.missing]).toEqual(['€']);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"Armature Pixel" has no glyph for "€" \(U\+20AC\)/);
  });

  it('names the file and the problem: a missing .fnt, a missing page, a font not in the atlas', async () => {
    await expect(loadBitmapFont('/nowhere/font.fnt')).rejects.toThrow(
      /Fetching "\/nowhere\/font\.fnt" answered 404/,
    );
    const missingPage = new URL('../../assets/fixtures/bad/missing-page.fnt', import.meta.url).href;
    await expect(loadBitmapFont(missingPage)).rejects.toThrow(
      /Bitmap font ".*missing-page\.fnt": its page "missing\.png": Fetching ".*missing\.png" answered 404/,
    );
    const font = await loadBitmapFont(FONT_URL);
    const text2 = new UiText('orphan', 'a', [1, 1, 1, 1], { font });
    await expect(drawText(TEST_BACKENDS[0]!, text2, new UiAtlas({}))).rejects.toThrow(
      /bitmap font "Armature Pixel" is not in the UI atlas; make it with new UiAtlas\(sprites, \{ fonts: \[font\] \}\)/,
    );
  });
});
