// Makes every image, sheet and font the repository ships (demo art, test fixtures) from code, so all of it is the
// project's own and can be made again: `npm run assets`. The files are committed; make-assets.test.ts checks that
// they are exactly what this script makes.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { PNG } from 'pngjs';
import { checkerTexels, gltfFixtures } from './gltf-fixtures';
import { FONT_BASE, FONT_LINE_HEIGHT, fontGlyphs, fontKernings } from './pixel-font-art';
import { texelTest } from './texel-test-art';
import { NodeIO } from '@gltf-transform/core';
import { playthroughReplay } from './game-replay';
import { rigDocument } from './rig-art';
import { WALKER_FRAMES, WALKER_PALETTE, walkerPose } from './walker-art';

/** RGBA8 texels, top row first, as a PNG (8-bit RGBA, straight alpha). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const png = new PNG({ width, height, colorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
}

/** Each walker frame's pose rows and trimmed box (the rows and columns holding any texel), with its duration. */
function trimmedWalkerFrames() {
  return WALKER_FRAMES.map(([legs, lift, duration]) => {
    const rows = walkerPose(legs, lift);
    const ys = rows.flatMap((row, y) => (/[^.]/.test(row) ? [y] : []));
    const xs = rows.flatMap((row) => [...row].flatMap((c, x) => (c === '.' ? [] : [x])));
    const [x0, y0] = [Math.min(...xs), ys[0]!];
    return { rows, x0, y0, w: Math.max(...xs) - x0 + 1, h: ys[ys.length - 1]! - y0 + 1, duration };
  });
}

/**
 * The walker sprite sheet as Aseprite exports it with "Trim cels", 1 texel of border and shape padding (so no frame
 * touches another): the PNG, and the JSON in hash form with tags idle (pingpong), walk (forward) and a "feet" slice.
 */
export function walkerSheet(): { png: Buffer; json: string } {
  const frames = trimmedWalkerFrames();
  const width = frames.reduce((sum, f) => sum + f.w + 1, 1);
  const height = Math.max(...frames.map((f) => f.h)) + 2;
  const texels = new Uint8Array(width * height * 4);
  const json: Record<string, unknown> = {};
  let x = 1;
  frames.forEach((f, i) => {
    for (let y = 0; y < f.h; y++)
      for (let c = 0; c < f.w; c++) {
        const colour = WALKER_PALETTE[f.rows[f.y0 + y]![f.x0 + c]!];
        if (colour) texels.set(colour, ((1 + y) * width + x + c) * 4);
      }
    json[`walker ${i}.aseprite`] = {
      frame: { x, y: 1, w: f.w, h: f.h },
      rotated: false,
      trimmed: true,
      spriteSourceSize: { x: f.x0, y: f.y0, w: f.w, h: f.h },
      sourceSize: { w: 16, h: 16 },
      duration: f.duration,
    };
    x += f.w + 1;
  });
  const sheet = {
    frames: json,
    meta: {
      app: 'https://www.aseprite.org/',
      version: '1.3.7',
      image: 'walker.png',
      format: 'RGBA8888',
      size: { w: width, h: height },
      scale: '1',
      frameTags: [
        { name: 'idle', from: 0, to: 1, direction: 'pingpong', color: '#000000ff' },
        { name: 'walk', from: 2, to: 5, direction: 'forward', color: '#000000ff' },
      ],
      layers: [{ name: 'Layer 1', opacity: 255, blendMode: 'normal' }],
      slices: [
        {
          name: 'feet',
          color: '#0000ffff',
          keys: [{ frame: 0, bounds: { x: 3, y: 15, w: 9, h: 1 }, pivot: { x: 4, y: 0 } }],
        },
      ],
    },
  };
  return { png: encodePng(width, height, texels), json: `${JSON.stringify(sheet, null, 1)}\n` };
}

/**
 * Armature Pixel as BMFont writes a text font: one 128-wide page of white glyphs on transparent, each trimmed to its
 * ink with a texel between, and the .fnt naming it (offsets put each glyph back in its cell; advance = cell + 1).
 */
export function pixelFont(): { fnt: string; png: Buffer } {
  const glyphs = [...fontGlyphs()].sort(([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!);
  const width = 128;
  const chars: string[] = [];
  const placed: { rows: string[]; x0: number; y0: number; w: number; h: number; x: number; y: number }[] = [];
  let [x, y, shelf] = [1, 1, 0];
  for (const [char, rows] of glyphs) {
    const inkRows = rows.flatMap((row, r) => (row.includes('#') ? [r] : []));
    const inkCols = rows.flatMap((row) => [...row].flatMap((c, i) => (c === '#' ? [i] : [])));
    const id = char.codePointAt(0)!;
    const advance = rows[0]!.length + 1;
    if (inkRows.length === 0) {
      chars.push(charLine(id, 0, 0, 0, 0, 0, 0, advance));
      continue;
    }
    const [x0, y0] = [Math.min(...inkCols), inkRows[0]!];
    const [w, h] = [Math.max(...inkCols) - x0 + 1, inkRows[inkRows.length - 1]! - y0 + 1];
    if (x + w + 1 > width) [x, y, shelf] = [1, y + shelf + 1, 0];
    placed.push({ rows, x0, y0, w, h, x, y });
    chars.push(charLine(id, x, y, w, h, x0, y0, advance));
    x += w + 1;
    shelf = Math.max(shelf, h);
  }
  const height = y + shelf + 1;
  const texels = new Uint8Array(width * height * 4);
  for (const g of placed)
    for (let r = 0; r < g.h; r++)
      for (let c = 0; c < g.w; c++)
        if (g.rows[g.y0 + r]![g.x0 + c] === '#')
          texels.fill(255, ((g.y + r) * width + g.x + c) * 4, ((g.y + r) * width + g.x + c + 1) * 4);
  const kernings = fontKernings().map(
    (k) => `kerning first=${k.first.codePointAt(0)} second=${k.second.codePointAt(0)} amount=${k.amount}`,
  );
  const fnt = [
    'info face="Armature Pixel" size=8 bold=0 italic=0 charset="" unicode=1 stretchH=100 smooth=0 aa=1 padding=0,0,0,0 spacing=1,1 outline=0',
    `common lineHeight=${FONT_LINE_HEIGHT} base=${FONT_BASE} scaleW=${width} scaleH=${height} pages=1 packed=0 alphaChnl=0 redChnl=4 greenChnl=4 blueChnl=4`,
    'page id=0 file="armature-pixel_0.png"',
    `chars count=${chars.length}`,
    ...chars,
    `kernings count=${kernings.length}`,
    ...kernings,
    '',
  ].join('\n');
  return { fnt, png: encodePng(width, height, texels) };
}

function charLine(
  id: number,
  x: number,
  y: number,
  w: number,
  h: number,
  xo: number,
  yo: number,
  advance: number,
): string {
  return `char id=${id} x=${x} y=${y} width=${w} height=${h} xoffset=${xo} yoffset=${yo} xadvance=${advance} page=0 chnl=15`;
}

/**
 * The walker's frames as TexturePacker packs them with "Allow rotation" (JSON array form, no durations or tags): every
 * other frame stored turned 90° clockwise, a texel apart. What `loadSpriteSheet` must turn upright.
 */
export function packedWalkerSheet(): { png: Buffer; json: string } {
  const frames = trimmedWalkerFrames();
  const rotated = (i: number) => i % 2 === 1;
  const width = frames.reduce((sum, f, i) => sum + (rotated(i) ? f.h : f.w) + 1, 1);
  const height = Math.max(...frames.map((f, i) => (rotated(i) ? f.w : f.h))) + 2;
  const texels = new Uint8Array(width * height * 4);
  let x = 1;
  const list = frames.map((f, i) => {
    for (let v = 0; v < f.h; v++)
      for (let u = 0; u < f.w; u++) {
        const colour = WALKER_PALETTE[f.rows[f.y0 + v]![f.x0 + u]!];
        // Turned clockwise, the upright texel (u, v) lands at column h−1−v, row u of its place.
        const [cx, cy] = rotated(i) ? [f.h - 1 - v, u] : [u, v];
        if (colour) texels.set(colour, ((1 + cy) * width + x + cx) * 4);
      }
    const entry = {
      filename: `walker_${i}.png`,
      frame: { x, y: 1, w: f.w, h: f.h },
      rotated: rotated(i),
      trimmed: true,
      spriteSourceSize: { x: f.x0, y: f.y0, w: f.w, h: f.h },
      sourceSize: { w: 16, h: 16 },
    };
    x += (rotated(i) ? f.h : f.w) + 1;
    return entry;
  });
  const meta = {
    app: 'https://www.codeandweb.com/texturepacker',
    version: '1.0',
    image: 'walker-packed.png',
    format: 'RGBA8888',
    size: { w: width, h: height },
    scale: '1',
  };
  return { png: encodePng(width, height, texels), json: JSON.stringify({ frames: list, meta }, null, 1) };
}

/** Every file the script makes, by its path from the repository root. */
export async function assets(): Promise<Record<string, Buffer>> {
  const walker = walkerSheet();
  const font = pixelFont();
  const checker = encodePng(4, 4, checkerTexels());
  return {
    ...(await gltfFixtures(checker)),
    // The animated character and banner (skin, walk, idle and carry clips, morph targets).
    'src/assets/fixtures/rig.glb': Buffer.from(await new NodeIO().writeBinary(rigDocument())),
    // The game's player: the same character without the banner.
    'demos/game/art/kit.glb': Buffer.from(await new NodeIO().writeBinary(rigDocument({ banner: false }))),
    // The game played to the win by a bot on seed 1's island: the keys, one event a line.
    'demos/game/replays/playthrough.json': Buffer.from(replayJson(playthroughReplay(1))),
    'src/assets/fixtures/checker.png': checker,
    'src/assets/fixtures/armature-pixel.fnt': Buffer.from(font.fnt),
    'src/assets/fixtures/armature-pixel_0.png': font.png,
    // A font whose page is not there: loadBitmapFont must say so.
    'src/assets/fixtures/bad/missing-page.fnt': Buffer.from(
      font.fnt.replace('armature-pixel_0.png', 'missing.png'),
    ),
    'src/assets/fixtures/texel-test.png': encodePng(16, 16, texelTest()),
    'src/assets/fixtures/walker.png': walker.png,
    'src/assets/fixtures/walker.json': Buffer.from(walker.json),
    // As exported on the artist's machine (its image named by an absolute Windows path), and with no image named.
    'src/assets/fixtures/walker-abs-path.json': Buffer.from(
      walker.json.replace(
        '"image": "walker.png"',
        '"image": "C:\\\\Users\\\\artist\\\\sprites\\\\walker.png"',
      ),
    ),
    'src/assets/fixtures/walker-packed.png': packedWalkerSheet().png,
    'src/assets/fixtures/walker-packed.json': Buffer.from(packedWalkerSheet().json),
    'src/assets/fixtures/walker-no-image.json': Buffer.from(
      walker.json.replace('"image": "walker.png",', ''),
    ),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '..');
  for (const [path, bytes] of Object.entries(await assets())) {
    mkdirSync(dirname(resolve(root, path)), { recursive: true });
    writeFileSync(resolve(root, path), bytes);
    console.log(`${path} (${bytes.length} bytes)`);
  }
}

/** A replay as JSON with one event a line (a change to the route reads as a few changed lines). */
function replayJson(replay: ReturnType<typeof playthroughReplay>): string {
  const events = replay.events.map((e) => `    ${JSON.stringify(e)}`).join(',\n');
  return `{\n  "step": ${JSON.stringify(replay.step)},\n  "events": [\n${events}\n  ]\n}\n`;
}
