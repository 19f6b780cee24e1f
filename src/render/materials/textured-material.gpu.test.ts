import { describe, expect, it } from 'vitest';
import { texelTest } from '../../../scripts/texel-test-art';
import { loadTexture } from '../../assets/load-texture';
import type { BackendName } from '../../device/device';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { quadGeometry, VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { mipLevels } from '../../scene/mip-levels';
import { Texture } from '../../scene/texture';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

/** The scene is 160×160: the unit quad below fills it, so a 16×16 texture's texel is a 10×10 block. */
const SIZE = 160;

/** A unit quad filling an orthographic view, with `material`, and optionally a blue wall behind it. */
async function quadScene(
  backend: BackendName,
  material: Material,
  options: { wall?: boolean; geometry?: Geometry } = {},
) {
  const root = new Node('root');
  const quad = new Mesh('quad', options.geometry ?? quadGeometry(1, 1), material).setPosition(0, 0, -1);
  root.add(quad);
  if (options.wall)
    root.add(new Mesh('wall', quadGeometry(1, 1), new Material('unlit', [0, 0, 1, 1])).setPosition(0, 0, -2));
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -0.5,
    right: 0.5,
    bottom: -0.5,
    top: 0.5,
    near: 0.1,
    far: 10,
  });
  root.add(camera);
  return { quad, ...(await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] })) };
}

/** The colour at the centre of texel (x, y) of an n×n texture spread over the scene. */
const texel = (pixels: Uint8Array, x: number, y: number, n = 16) =>
  pixelAt(pixels, SIZE, Math.floor(((x + 0.5) * SIZE) / n), Math.floor(((y + 0.5) * SIZE) / n));

/** Each texel of texel-test.png spread over the scene, exactly as stored. */
function expectTexelTest(pixels: Uint8Array, backend: string): void {
  const expected = texelTest();
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++)
      expect(texel(pixels, x, y), `${backend} texel ${x},${y}`).toEqual([
        ...expected.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4),
      ]);
}

/** The quad with its texture coordinates times `times` (0…times: the image `times` times across, with repeat). */
function tiledQuad(times: number): Geometry {
  const quad = quadGeometry(1, 1);
  const vertices = quad.vertices.slice();
  for (let i = 0; i < vertices.length; i += VERTEX_FLOATS) {
    vertices[i + 6]! *= times;
    vertices[i + 7]! *= times;
  }
  return { name: 'tiled quad', vertices, indices: quad.indices };
}

describe('textured materials on real WebGPU and WebGL2', () => {
  it('show each texel exactly as stored: 128 stays 128, alpha straight, colour × map; both backends alike', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const map = Texture.fromPixels(16, 16, texelTest(), { label: 'texel test' });
      const { renderer, quad, draw, watch } = await quadScene(
        backend,
        new Material('unlit', [1, 1, 1, 1], { map }),
      );
      const pixels = await draw();
      expectTexelTest(pixels, backend);
      expect(renderer.world.counters.textureBytesUploaded).toBe(16 * 16 * 4);
      // The colour multiplies the texel: red off.
      quad.material.setColor(0, 1, 1, 1);
      expect(texel(await draw(), 3, 4)).toEqual([0, 68, 128, 255]);
      expect(renderer.world.counters.textureBytesUploaded).toBe(0); // uploaded once
      expect(watch.errors()).toEqual([]);
      images.push(pixels);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it('load a PNG with loadTexture: its texels as stored (no premultiplied alpha, no colour conversion)', async () => {
    for (const backend of TEST_BACKENDS) {
      const map = await loadTexture(new URL('../../assets/fixtures/texel-test.png', import.meta.url).href);
      expect([map.width, map.height]).toEqual([16, 16]);
      expect(map.label).toMatch(/texel-test\.png$/);
      const { renderer, draw } = await quadScene(backend, new Material('unlit', [1, 1, 1, 1], { map }));
      const pixels = await draw();
      expectTexelTest(pixels, backend);
      renderer.destroy();
    }
  });

  it('filter: nearest keeps each texel a block; linear blends neighbours; switching it takes effect next frame', async () => {
    const linear: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const map = Texture.fromPixels(2, 1, new Uint8Array([0, 0, 0, 255, 255, 255, 255, 255]));
      const { renderer, draw } = await quadScene(backend, new Material('unlit', [1, 1, 1, 1], { map }));
      const row = (pixels: Uint8Array) =>
        Array.from({ length: SIZE }, (_, x) => pixelAt(pixels, SIZE, x, 80)[0]!);
      const nearest = row(await draw());
      expect(nearest.slice(0, 80).every((v) => v === 0)).toBe(true);
      expect(nearest.slice(80).every((v) => v === 255)).toBe(true);
      map.filter = 'linear';
      const blended = await draw();
      const values = row(blended);
      expect(values[10]).toBe(0); // clamped to the edge texel's colour within half a texel of the edge
      expect(values[150]).toBe(255);
      expect(Math.abs(values[80]! - 128)).toBeLessThanOrEqual(3); // halfway between the texel centres
      for (let x = 1; x < SIZE; x++) expect(values[x]!).toBeGreaterThanOrEqual(values[x - 1]!);
      linear.push(blended);
      renderer.destroy();
    }
    // Filtering hardware may round a last bit differently; the blend itself is the same.
    for (let i = 0; i < linear[0]!.length; i++)
      expect(Math.abs(linear[0]![i]! - linear[1]![i]!)).toBeLessThanOrEqual(2);
  });

  it('wrap: repeat tiles the image; clamp stretches its edge texels', async () => {
    for (const backend of TEST_BACKENDS) {
      const map = Texture.fromPixels(2, 1, new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255]), {
        wrap: 'repeat',
      });
      const { renderer, draw } = await quadScene(backend, new Material('unlit', [1, 1, 1, 1], { map }), {
        geometry: tiledQuad(2),
      });
      const red = [255, 0, 0, 255];
      const green = [0, 255, 0, 255];
      let pixels = await draw();
      expect([20, 60, 100, 140].map((x) => pixelAt(pixels, SIZE, x, 80))).toEqual([red, green, red, green]);
      map.wrap = 'clamp';
      pixels = await draw();
      expect([20, 60, 100, 140].map((x) => pixelAt(pixels, SIZE, x, 80))).toEqual([red, green, green, green]);
      map.wrap = 'mirror';
      pixels = await draw();
      expect([20, 60, 100, 140].map((x) => pixelAt(pixels, SIZE, x, 80))).toEqual([red, green, green, red]);
      map.wrap = 'clamp repeat'; // u clamps: the same as clamp across
      pixels = await draw();
      expect([20, 60, 100, 140].map((x) => pixelAt(pixels, SIZE, x, 80))).toEqual([red, green, green, green]);
      map.wrap = 'repeat clamp';
      pixels = await draw();
      expect([20, 60, 100, 140].map((x) => pixelAt(pixels, SIZE, x, 80))).toEqual([red, green, red, green]);
      expect(() => (map.wrap = 'mirror sideways' as never)).toThrow('is not clamp, repeat or mirror');
      expect(map.wrap).toBe('repeat clamp'); // unchanged
      expect(() => Texture.fromPixels(1, 1, new Uint8Array(4), { wrap: 'mirror sideways' as never })).toThrow(
        'is not clamp, repeat or mirror',
      );
      renderer.destroy();
    }
  });

  it('alphaTest cuts out texels whose alpha is below it, showing what is behind', async () => {
    for (const backend of TEST_BACKENDS) {
      // Left texel: red at alpha 0.25; right: green, opaque.
      const map = Texture.fromPixels(2, 1, new Uint8Array([255, 0, 0, 64, 0, 255, 0, 255]));
      const material = new Material('unlit', [1, 1, 1, 1], { map });
      const { renderer, draw } = await quadScene(backend, material, { wall: true });
      let pixels = await draw();
      expect(pixelAt(pixels, SIZE, 40, 80)).toEqual([255, 0, 0, 64]); // no cut: written as it is (no blending)
      material.alphaTest = 0.5;
      pixels = await draw();
      expect(renderer.world.counters.objectsPacked).toBe(1);
      expect(pixelAt(pixels, SIZE, 40, 80)).toEqual([0, 0, 255, 255]); // cut: the wall behind
      expect(pixelAt(pixels, SIZE, 120, 80)).toEqual([0, 255, 0, 255]);
      material.alphaTest = 0.2;
      expect(pixelAt(await draw(), SIZE, 40, 80)).toEqual([255, 0, 0, 64]);
      expect(() => (material.alphaTest = 2)).toThrow(/alphaTest = 2: give a number in 0\.\.1/);
      renderer.destroy();
    }
  });

  it('new texels, another map, no map: each shows on the next frame, replayed bundles included', async () => {
    for (const backend of TEST_BACKENDS) {
      const red = new Uint8Array([255, 0, 0, 255]);
      const map = Texture.fromPixels(1, 1, red.slice());
      const material = new Material('unlit', [1, 1, 1, 1], { map });
      const { renderer, draw, watch } = await quadScene(backend, material);
      expect(pixelAt(await draw(), SIZE, 80, 80)).toEqual([255, 0, 0, 255]);
      await draw(); // replayed
      map.write(new Uint8Array([0, 0, 255, 255]));
      expect(pixelAt(await draw(), SIZE, 80, 80)).toEqual([0, 0, 255, 255]);
      expect(renderer.world.counters.textureBytesUploaded).toBe(4);
      material.map = Texture.fromPixels(1, 1, new Uint8Array([0, 255, 0, 255]));
      expect(pixelAt(await draw(), SIZE, 80, 80)).toEqual([0, 255, 0, 255]);
      material.map = null;
      material.setColor(1, 1, 0, 1);
      expect(pixelAt(await draw(), SIZE, 80, 80)).toEqual([255, 255, 0, 255]); // colour × white
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
  });

  it('mipmaps: seen at 1, 1.2, 2 and 4 texels a pixel, a mipmapped texture shows level 0, then its level 1 and 2 means; back after a loss', async () => {
    const levels = mipLevels(16, 16, texelTest());
    const expectLevel = (pixels: Uint8Array, level: number, what: string) => {
      const [size, texels] = [16 >> level, level === 0 ? texelTest() : levels[level - 1]!];
      for (let y = 0; y < SIZE; y += 3)
        for (let x = 0; x < SIZE; x += 3) {
          const o = ((y % size) * size + (x % size)) * 4;
          expect(pixelAt(pixels, SIZE, x, y), `${what} at ${x},${y}`).toEqual([...texels.subarray(o, o + 4)]);
        }
    };
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const map = Texture.fromPixels(16, 16, texelTest(), { wrap: 'repeat', mipmaps: true });
      // 20 tiles across 160 pixels: 320 texels, two a pixel, so each pixel's footprint is one level-1 texel.
      const { renderer, quad, draw } = await quadScene(
        backend,
        new Material('unlit', [1, 1, 1, 1], { map }),
        {
          geometry: tiledQuad(20),
        },
      );
      const pixels = await draw();
      expectLevel(pixels, 1, `${backend} level 1`);
      images.push(pixels);
      // Level 0 goes up; the smaller levels are drawn on the GPU, byte for byte the CPU rule (mipLevels).
      expect(renderer.world.counters.textureBytesUploaded).toBe(4 * 256);
      // Drawn 1:1 the art stays at level 0; at 1.2 texels a pixel it is level 1 already (the finest level not
      // minified), where the nearest level, 0, would skip every sixth texel: moiré.
      quad.geometry = tiledQuad(10);
      expectLevel(await draw(), 0, `${backend} level 0 at 1:1`);
      quad.geometry = tiledQuad(12);
      const level1 = new Set(
        Array.from({ length: 64 }, (_, t) => levels[0]!.subarray(t * 4, t * 4 + 4).join()),
      );
      const shown = await draw();
      for (let y = 0; y < SIZE; y += 7)
        for (let x = 0; x < SIZE; x += 7)
          expect(
            level1.has(pixelAt(shown, SIZE, x, y).join()),
            `${backend} level 1 at 1.2 at ${x},${y}`,
          ).toBe(true);
      quad.geometry = tiledQuad(40);
      expectLevel(await draw(), 2, `${backend} level 2`);
      renderer.simulateLoss();
      while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
      await renderer.recovered;
      expectLevel(await draw(), 2, `${backend} level 2 after a loss`);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
    // Without mip levels the same view reads single texels of level 0 (one of the four a pixel covers), not means.
    const { renderer, draw } = await quadScene(
      TEST_BACKENDS[0]!,
      new Material('unlit', [1, 1, 1, 1], {
        map: Texture.fromPixels(16, 16, texelTest(), { wrap: 'repeat' }),
      }),
      { geometry: tiledQuad(20) },
    );
    const plain = await draw();
    const level0 = texelTest();
    const covered = [0, 1, 16, 17].map((t) => [...level0.subarray(t * 4, t * 4 + 4)]);
    expect(covered).toContainEqual(pixelAt(plain, SIZE, 0, 0));
    expect(pixelAt(plain, SIZE, 0, 0)).not.toEqual([...levels[0]!.subarray(0, 4)]);
    renderer.destroy();
  });

  it('emissive × emissiveMap is added to the colour (unlit) or after the light (lambert, in the dark too); none adds nothing', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const emissiveMap = Texture.fromPixels(16, 16, texelTest());
      const material = new Material('unlit', [0.2, 0.2, 0.2, 1], { emissive: [1, 0.5, 0], emissiveMap });
      const { renderer, quad, draw } = await quadScene(backend, material);
      const pixels = await draw();
      const expected = texelTest();
      for (const [x, y] of [
        [0, 0],
        [5, 3],
        [9, 12],
        [15, 15],
      ] as const) {
        const t = (y * 16 + x) * 4;
        const glow = [1, 0.5, 0].map((e, c) =>
          Math.min(255, Math.round((0.2 + (e * expected[t + c]!) / 255) * 255)),
        );
        const shown = texel(pixels, x, y);
        shown
          .slice(0, 3)
          .forEach((v, c) =>
            expect(Math.abs(v - glow[c]!), `${backend} texel ${x},${y}`).toBeLessThanOrEqual(1),
          );
      }
      images.push(pixels);
      // In the dark a lambert surface shows its glow alone; with no emissive, nothing.
      renderer.world.ambient.set([0, 0, 0]);
      renderer.world.lightColor.set([0, 0, 0]);
      quad.material = new Material('lambert', [1, 1, 1, 1], { emissive: [0, 0, 1], emissiveMap });
      const dark = await draw();
      expect(texel(dark, 9, 12)).toEqual([0, 0, expected[(12 * 16 + 9) * 4 + 2]!, 255]);
      quad.material = new Material('lambert', [1, 1, 1, 1], { emissiveMap });
      expect(texel(await draw(), 9, 12)).toEqual([0, 0, 0, 255]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it('a texture is back after a device or context loss', async () => {
    for (const backend of TEST_BACKENDS) {
      const map = Texture.fromPixels(16, 16, texelTest());
      const { renderer, draw } = await quadScene(backend, new Material('lambert', [1, 1, 1, 1], { map }));
      const before = await draw();
      renderer.simulateLoss();
      while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
      await renderer.recovered;
      expect(renderer.device.recoveries.length).toBe(1);
      expect(await draw()).toEqual(before);
      renderer.destroy();
    }
  });
});

describe('loadTexture errors', () => {
  it('name the URL and status of a failed fetch, and the file that does not decode', async () => {
    await expect(loadTexture('/no-such-image.png')).rejects.toThrow(
      /Fetching "\/no-such-image\.png" answered 404/,
    );
    const text = new File(['not a png'], 'notes.png', { type: 'image/png' });
    await expect(loadTexture(text)).rejects.toThrow(
      /"notes\.png" \(image\/png, 9 bytes\) is not an image the browser can decode/,
    );
  });

  it('decode what an <img> shows when createImageBitmap refuses it: an SVG; a PNG where blobs are refused', async () => {
    // A real refusal: Chromium's createImageBitmap takes no SVG blob; its <img> draws one.
    const svg = new File(
      [
        '<svg xmlns="http://www.w3.org/2000/svg" width="2" height="1" shape-rendering="crispEdges">' +
          '<rect width="1" height="1" fill="#ff8000"/><rect x="1" width="1" height="1" fill="#0040c0"/></svg>',
      ],
      'two.svg',
      { type: 'image/svg+xml' },
    );
    await expect(createImageBitmap(svg)).rejects.toThrow(); // what the fallback is for
    const fromSvg = await loadTexture(svg);
    expect([fromSvg.width, fromSvg.height]).toEqual([2, 1]);
    expect([...fromSvg.texels()]).toEqual([255, 128, 0, 255, 0, 64, 192, 255]);
    // A browser whose bitmap decoder refuses a blob (older Safari and Firefox did for some files): the same texels.
    const png = new URL('../../assets/fixtures/texel-test.png', import.meta.url).href;
    const direct = (await loadTexture(png)).texels();
    const real = globalThis.createImageBitmap;
    globalThis.createImageBitmap = ((image: ImageBitmapSource, options?: ImageBitmapOptions) =>
      image instanceof Blob
        ? Promise.reject(new DOMException('The source image could not be decoded.', 'InvalidStateError'))
        : real(image, options)) as typeof createImageBitmap;
    try {
      expect((await loadTexture(png)).texels()).toEqual(direct);
    } finally {
      globalThis.createImageBitmap = real;
    }
  });

  it('Texture rejects texels of the wrong size, naming the sizes', () => {
    expect(() => Texture.fromPixels(2, 2, new Uint8Array(12), { label: 'tiles' })).toThrow(
      /Texture "tiles": 12 bytes for 2×2 RGBA8 \(16 expected\)/,
    );
  });
});
