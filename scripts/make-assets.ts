// Makes every image, sheet and font the repository ships (demo art, test fixtures) from code, so all of it is the
// project's own and can be made again: `npm run assets`. The files are committed; make-assets.test.ts checks that
// they are exactly what this script makes.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { PNG } from 'pngjs';

/** RGBA8 texels, top row first, as a PNG (8-bit RGBA, straight alpha). */
export function encodePng(width: number, height: number, rgba: Uint8Array): Buffer {
  const png = new PNG({ width, height, colorType: 6, inputHasAlpha: true });
  png.data = Buffer.from(rgba.buffer, rgba.byteOffset, rgba.byteLength);
  return PNG.sync.write(png, { colorType: 6, deflateLevel: 9 });
}

/**
 * The loader's test image, 16×16: red = 17·x, green = 17·y, blue 128 (an sRGB decode would move it), alpha 255; the
 * bottom row's texels have alpha 0 over a colour kept as it is (a premultiplying decoder would turn it black), and
 * texel (15, 0) has alpha 128.
 */
export function texelTest(): Uint8Array {
  const texels = new Uint8Array(16 * 16 * 4);
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) texels.set([17 * x, 17 * y, 128, y === 15 ? 0 : 255], (y * 16 + x) * 4);
  texels[15 * 4 + 3] = 128;
  return texels;
}

/** Every file the script makes, by its path from the repository root. */
export function assets(): Record<string, Buffer> {
  return {
    'src/assets/fixtures/texel-test.png': encodePng(16, 16, texelTest()),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = resolve(import.meta.dirname, '..');
  for (const [path, bytes] of Object.entries(assets())) {
    writeFileSync(resolve(root, path), bytes);
    console.log(`${path} (${bytes.length} bytes)`);
  }
}
