import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { canvasIsNativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 96;
const H = 72;
const MAGENTA = [255, 0, 255];
const BACKGROUND = [0, 0, 0];

/**
 * A box floating over a floor made of two coplanar halves (so every box-floor boundary is an occlusion: the box is the
 * nearer surface all round it), seen from above at an angle by an orthographic camera; unlit
 * colours (box orange, floor halves green and blue), every material's line magenta at full strength. The canvas is
 * the native size (integer upscale ×1), so it shows the outline pass's image.
 */
async function boxOverFloor(backend: BackendName) {
  const root = new Node('root');
  const line = (m: Material) => m.setParam('outline', [1, 0, 1, 1]);
  root.add(
    new Mesh('left', planeGeometry(3, 6), line(new Material('unlit', [0.2, 0.6, 0.2, 1]))).setPosition(
      -1.5,
      0,
      0,
    ),
  );
  root.add(
    new Mesh('right', planeGeometry(3, 6), line(new Material('unlit', [0.2, 0.3, 0.8, 1]))).setPosition(
      1.5,
      0,
      0,
    ),
  );
  root.add(
    new Mesh('box', boxGeometry(1.6, 1.6, 1.6), line(new Material('unlit', [0.9, 0.5, 0.1, 1]))).setPosition(
      0.4,
      1.6,
      0.3,
    ),
  );
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -4.8,
    right: 4.8,
    bottom: -3.6,
    top: 3.6,
    near: 0.1,
    far: 40,
  }).setPosition(7, 9, 11);
  camera.lookAt([0, 0, 0]);
  root.add(camera);
  return {
    ...(await canvasIsNativeRenderer(backend, { root, camera, native: [W, H], clearColor: [0, 0, 0, 1] })),
    box: root.find('box') as Mesh<unknown, Material>,
  };
}

const pixel = (image: Uint8Array, x: number, y: number) => [
  ...image.subarray((y * W + x) * 4, (y * W + x) * 4 + 3),
];
const same = (a: number[], b: number[]) => a.every((v, i) => v === b[i]);

const images = new Map<string, Uint8Array>();

for (const backend of TEST_BACKENDS)
  describe(`outline pass on real ${backend}`, () => {
    it('lines one pixel wide, on the nearer surface only, none on the seam of coplanar faces', async () => {
      const { renderer, frame } = await boxOverFloor(backend);
      const plain = await frame();
      renderer.graph.setEnabled('outline', true);
      const lined = await frame();
      expect(renderer.world.lines).toBe(true);
      const box = pixel(plain, W / 2, H / 2 - 6); // the box is in the middle of the view
      expect(same(box, [230, 128, 26])).toBe(true);
      const isLine = (x: number, y: number) => same(pixel(lined, x, y), MAGENTA);
      let lines = 0;
      let onBox = 0;
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          const here = pixel(plain, x, y);
          if (!isLine(x, y)) {
            // Not a line: exactly the picture without the pass.
            if (!same(pixel(lined, x, y), here)) throw new Error(`pixel ${x},${y} changed without a line`);
            continue;
          }
          lines++;
          if (same(here, BACKGROUND)) throw new Error(`line on the background at ${x},${y}`);
          if (same(here, box)) {
            onBox++;
            continue;
          }
          // A line on the floor only where the floor is the nearer side: at its edge against the background.
          const besideBackground = [
            [1, 0],
            [-1, 0],
            [0, 1],
            [0, -1],
          ].some(([dx, dy]) => {
            const [qx, qy] = [x + dx!, y + dy!];
            return qx < 0 || qy < 0 || qx >= W || qy >= H || same(pixel(plain, qx, qy), BACKGROUND);
          });
          if (!besideBackground) throw new Error(`line on the floor at ${x},${y}, away from its edge`);
        }
      // One pixel wide: a 2×2 block of line only where two lines meet at a corner (here the floor's two side corners
      // and the box's right-hand corner); a line two pixels wide would give one per pixel of its length.
      const blocks: string[] = [];
      for (let y = 0; y + 1 < H; y++)
        for (let x = 0; x + 1 < W; x++)
          if (isLine(x, y) && isLine(x + 1, y) && isLine(x, y + 1) && isLine(x + 1, y + 1))
            blocks.push(`${x},${y}`);
      expect(blocks.length, `2×2 blocks at ${blocks.join(' ')}`).toBeLessThanOrEqual(3);
      expect(onBox).toBeGreaterThan(40); // the box's silhouette and its creases
      expect(lines).toBeGreaterThan(onBox); // and the floor's rim
      images.set(backend, lined);
      renderer.graph.setEnabled('outline', false);
      expect(await frame()).toEqual(plain); // bypassed: the picture as it was
      expect(renderer.world.lines).toBe(false);
      renderer.destroy();
      if (backend === 'webgl2') expect(images.get('webgl2')).toEqual(images.get('webgpu'));
    });

    it('strength is per material (0: no lines on that mesh), and a highlight lightens convex creases instead', async () => {
      const { renderer, frame, box } = await boxOverFloor(backend);
      const plain = await frame();
      renderer.graph.setEnabled('outline', true);
      const boxColour = pixel(plain, W / 2, H / 2 - 6);
      const count = (image: Uint8Array, test: (here: number[], x: number, y: number) => boolean) => {
        let n = 0;
        for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) if (test(pixel(image, x, y), x, y)) n++;
        return n;
      };
      const onBox = (image: Uint8Array) =>
        count(image, (here, x, y) => same(here, MAGENTA) && same(pixel(plain, x, y), boxColour));
      const lined = await frame();
      expect(onBox(lined)).toBeGreaterThan(40);
      box.material.setParam('outline', [1, 0, 1, 0]); // the box's lines at strength 0
      const unlined = await frame();
      expect(onBox(unlined)).toBe(0);
      expect(count(unlined, (here) => same(here, MAGENTA))).toBeGreaterThan(0); // the floor keeps its rim
      box.material.setParam('outline', [1, 0, 1, 1]);
      renderer.settings.outline.highlight = 0.5;
      const lit = await frame();
      // The box's convex edges (its visible creases) are lighter than the box, no longer lined; its silhouette is.
      const lighter = count(
        lit,
        (here, x, y) => same(pixel(plain, x, y), boxColour) && here[1]! > boxColour[1]!,
      );
      expect(lighter).toBeGreaterThan(5);
      expect(onBox(lit)).toBeLessThan(onBox(lined));
      expect(onBox(lit)).toBeGreaterThan(0);
      renderer.destroy();
    });

    it('double-sided materials are lined alike (their back faces hidden here): the same picture', async () => {
      const { renderer, frame, box } = await boxOverFloor(backend);
      renderer.graph.setEnabled('outline', true);
      const oneSided = await frame();
      box.material.doubleSided = true;
      expect(await frame()).toEqual(oneSided);
      renderer.destroy();
    });
  });
