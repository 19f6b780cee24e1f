import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { sphereGeometry, VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Texture } from '../../scene/texture';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 64;
const H = 48;
const CLEAR = [1, 0, 1, 1] as const; // magenta: no lit surface here has that colour

/** The distinct colours of the pixels that are not the clear colour. */
function surfaceColours(pixels: Uint8Array): Set<string> {
  const colours = new Set<string>();
  for (let i = 0; i < pixels.length; i += 4) {
    const key = `${pixels[i]},${pixels[i + 1]},${pixels[i + 2]}`;
    if (key !== '255,0,255') colours.add(key);
  }
  return colours;
}

/**
 * A 40×40 quad facing the camera whose vertex normals tilt across it as an affine function of position (so both
 * triangles interpolate one smooth field, as a patch of a larger curved surface would), showing an 8×8 image.
 */
function tiltedQuad(): Geometry {
  const corners = [
    [-20, -20, 0, 1],
    [20, -20, 1, 1],
    [20, 20, 1, 0],
    [-20, 20, 0, 0],
  ] as const;
  const vertices = new Float32Array(4 * VERTEX_FLOATS);
  corners.forEach(([x, y, u, v], i) => {
    const n = [x / 30, y / 45, 1];
    const length = Math.hypot(...n);
    vertices.set([x, y, 0, ...n.map((c) => c / length), u, v], i * VERTEX_FLOATS);
  });
  return { name: 'tilted quad', vertices, indices: Uint16Array.from([0, 1, 2, 0, 2, 3]) };
}

/** An 8×8 image whose every texel has its own colour, light enough to stay distinct under the light. */
function uniqueTexels(): Texture {
  const pixels = new Uint8Array(8 * 8 * 4);
  for (let i = 0; i < 64; i++)
    pixels.set([120 + (i % 8) * 16, 120 + Math.floor(i / 8) * 16, 230, 255], i * 4);
  return Texture.fromPixels(8, 8, pixels, { label: 'unique texels' });
}

async function view(backend: (typeof TEST_BACKENDS)[number], mesh: Mesh) {
  const root = new Node('root');
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -W / 2,
    right: W / 2,
    bottom: -H / 2,
    top: H / 2,
    near: 1,
    far: 100,
  }).setPosition(0, 0, 50);
  root.add(mesh.setPosition(0, 0, 0)).add(camera);
  return nativeRenderer(backend, {
    root,
    camera,
    native: [W, H],
    clearColor: CLEAR,
    chain: { barFill: 'off' },
  });
}

for (const backend of TEST_BACKENDS)
  describe(`banded and per-texel light on real ${backend}`, () => {
    it('a lit sphere shows at most N levels with bands = N, and many without', async () => {
      const material = new Material('lambert', [1, 1, 1, 1]);
      const { renderer, draw, watch } = await view(
        backend,
        new Mesh('ball', sphereGeometry(20, 32, 16), material),
      );
      const smooth = surfaceColours(await draw());
      expect(smooth.size).toBeGreaterThan(20);
      for (const bands of [2, 3, 5]) {
        material.setParam('bands', bands);
        const banded = surfaceColours(await draw());
        expect(banded.size).toBeLessThanOrEqual(bands);
        expect(banded.size).toBeGreaterThanOrEqual(2);
      }
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    });

    it('texelLight: every texel of a lit textured surface is one colour (its light taken at the texel centre)', async () => {
      const map = uniqueTexels();
      const unlit = new Material('unlit', [1, 1, 1, 1], { map });
      const lit = new Material('lambert', [1, 1, 1, 1], { map });
      const mesh = new Mesh('patch', tiltedQuad(), unlit);
      const { renderer, draw } = await view(backend, mesh);
      const ids = await draw(); // each pixel's texel, by its unlit colour
      mesh.material = lit;
      const smooth = await draw();
      lit.setParam('texelLight', 1);
      const perTexel = await draw();
      const spread = (image: Uint8Array) => {
        const colours = new Map<string, Set<string>>();
        for (let i = 0; i < ids.length; i += 4) {
          const id = `${ids[i]},${ids[i + 1]},${ids[i + 2]}`;
          if (id === '255,0,255') continue;
          if (!colours.has(id)) colours.set(id, new Set());
          colours.get(id)!.add(`${image[i]},${image[i + 1]},${image[i + 2]}`);
        }
        return colours;
      };
      const texels = spread(perTexel);
      expect(texels.size).toBe(64);
      for (const [id, colours] of texels) expect([id, colours.size]).toEqual([id, 1]);
      // Smooth light varies inside a texel (so the check above can fail).
      expect([...spread(smooth).values()].some((c) => c.size > 1)).toBe(true);
      renderer.destroy();
    });
  });
