import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Node } from '../../scene/node';
import { PIXEL_FONT } from '../../ui/pixel-font';
import { WorldText } from '../../ui/world-text';
import { nativeRenderer, TEST_BACKENDS, texelCamera } from '../renderers/test-backends';

/** The native image, 64×48: the camera shows 4×3 world units, so at 16 texels a unit a font texel is one pixel. */
const [W, H] = [64, 48];
const CLEAR = [10, 20, 30, 255];
const INK = [255, 204, 51, 255];
/** The text's top-left, in native pixels. */
const [X0, Y0] = [2, 3];

async function textScene(backend: BackendName, text: string) {
  const root = new Node('root');
  const label = new WorldText('label', text, { pixelsPerUnit: 16, capacity: 16 }).setColor(
    ...(INK.map((c) => c / 255) as [number, number, number, number]),
  );
  label.setPosition(-W / 32 + X0 / 16, H / 32 - Y0 / 16, 0);
  root.add(label);
  const camera = texelCamera(W, H);
  root.add(camera);
  const drawn = await nativeRenderer(backend, { root, camera, native: [W, H] });
  drawn.renderer.world.environment.setClearColor(
    CLEAR.map((c) => c / 255) as [number, number, number, number],
  );
  return { label, ...drawn };
}

/** The image the font's bits say `text` makes: ink where a glyph's bit is set, the clear colour everywhere else. */
function expected(text: string): (x: number, y: number) => number[] {
  const ink = new Set<string>();
  text.split('\n').forEach((line, row) =>
    [...line].forEach((char, column) => {
      const bits = PIXEL_FONT.glyphs[char.toUpperCase()]!;
      bits.forEach((rowBits, gy) => {
        for (let gx = 0; gx < PIXEL_FONT.glyphWidth; gx++)
          if (rowBits & (1 << (PIXEL_FONT.glyphWidth - 1 - gx)))
            ink.add(`${X0 + column * PIXEL_FONT.advance + gx},${Y0 + row * PIXEL_FONT.lineHeight + gy}`);
      });
    }),
  );
  return (x, y) => (ink.has(`${x},${y}`) ? INK : CLEAR);
}

function expectText(pixels: Uint8Array, text: string, what: string): void {
  const want = expected(text);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++)
      expect(pixelAt(pixels, W, x, y), `${what}: pixel ${x},${y}`).toEqual(want(x, y));
}

describe('world text on real WebGPU and WebGL2', () => {
  it('draws the pixel font texel for texel; a rewrite re-packs only the glyphs that changed; both backends alike', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, label, draw, watch } = await textScene(backend, '4.21/11.11\nms p95');
      const first = await draw();
      expectText(first, '4.21/11.11\nms p95', `${backend} first`);
      // Every glyph is a sprite of one quad and one font image: all of them one instanced draw.
      expect(renderer.world.counters.drawCalls).toBe(1);
      expect(renderer.world.counters.drawn).toBeGreaterThan(10);
      images.push(first);
      label.text = '4.37/11.11\nms p95';
      expectText(await draw(), '4.37/11.11\nms p95', `${backend} rewritten`);
      expect(renderer.world.counters.objectsPacked, 'the two glyphs that changed').toBe(2);
      label.text = 'ok';
      expectText(await draw(), 'ok', `${backend} shorter`);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});
