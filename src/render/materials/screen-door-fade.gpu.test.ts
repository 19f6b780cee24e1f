import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 32;
const H = 24;

/** The 4×4 Bayer threshold of pixel (x, y), y down from the top row: (k + ½) / 16, k the classic matrix's entry. */
const BAYER4 = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5];
const threshold = (x: number, y: number) => (BAYER4[(y % 4) * 4 + (x % 4)]! + 0.5) / 16;

for (const backend of TEST_BACKENDS)
  describe(`lambert's screen-door fade on real ${backend}`, () => {
    it('fade f leaves out exactly the pixels whose 4×4 Bayer threshold is under f, the same pattern on both backends', async () => {
      // Two quads of one geometry and kind (one instanced draw), each covering half the view: the left one fades.
      const root = new Node('root');
      const fading = new Material('lambert', [1, 1, 1, 1]);
      const solid = new Material('lambert', [1, 1, 1, 1]);
      const quad = quadGeometry(W / 2, H);
      root.add(new Mesh('left', quad, fading).setPosition(-W / 4, 0, 0));
      root.add(new Mesh('right', quad, solid).setPosition(W / 4, 0, 0));
      const camera = Camera.orthographic('eye', W, [W, H], { near: 1 }).setPosition(0, 0, 50); // a texel a unit
      root.add(camera);
      const { renderer, draw, watch } = await nativeRenderer(backend, {
        root,
        camera,
        native: [W, H],
        clearColor: [1, 0, 1, 1],
        chain: { barFill: 'off' },
      });
      const drawn = (pixels: Uint8Array) =>
        Array.from({ length: W * H }, (_, i) => !(pixels[i * 4] === 255 && pixels[i * 4 + 1] === 0));
      for (const fade of [0, 0.25, 0.5, 0.8, 1]) {
        fading.setParam('fade', fade);
        const mask = drawn(await draw());
        const expected = Array.from({ length: W * H }, (_, i) => {
          const [x, y] = [i % W, Math.floor(i / W)];
          return x >= W / 2 || threshold(x, y) >= fade;
        });
        expect(
          mask.map((d, i) => (d === expected[i] ? '' : `${i % W},${Math.floor(i / W)}`)).filter(Boolean),
        ).toEqual([]);
        expect(renderer.world.counters.drawCalls).toBe(1); // both quads in one instanced draw
        const left = mask.filter((d, i) => d && i % W < W / 2).length;
        expect(left).toBe(Math.round((W / 2) * H * (1 - Math.ceil(fade * 16 - 0.5) / 16)));
      }
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    });
  });
