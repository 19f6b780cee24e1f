import { vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Renderer } from './renderer';
import { TEST_BACKENDS, testCanvas } from './test-backends';

const W = 64;
const H = 48;
const SCALE = 2;
const TEXEL = 0.1; // world units per native texel: the lens is 6.4 × 4.8
const LENS = {
  kind: 'orthographic',
  left: -3.2,
  right: 3.2,
  bottom: -2.4,
  top: 2.4,
  near: 0.1,
  far: 50,
} as const;

/**
 * A small diorama: a ground plane and boxes of several heights, lit, seen from above at an angle by an orthographic
 * camera placed exactly on its texel grid (so its moves are measured from a known start).
 */
async function diorama(backend: BackendName) {
  const root = new Node('root');
  root.add(new Mesh('ground', planeGeometry(8, 8), new Material('lambert', [0.4, 0.7, 0.3, 1])));
  const boxes: [number, number, number, number][] = [
    [-1.2, 0.4, -0.7, 0.8],
    [0.9, 0.7, 0.4, 1.4],
    [-0.3, 0.25, 1.1, 0.5],
    [1.6, 0.3, -1.3, 0.6],
  ];
  boxes.forEach(([x, h, z, size], i) =>
    root.add(
      new Mesh(
        `box${i}`,
        boxGeometry(size, 2 * h, size),
        new Material('lambert', [0.8, 0.5 - i * 0.1, 0.3 + i * 0.15, 1]),
      )
        .setPosition(x, h, z)
        .setRotationFromEuler(0, 0.3 * i, 0),
    ),
  );
  const camera = new Camera('eye', LENS).setPosition(6, 7, 8);
  camera.lookAt([0, 0, 0]);
  root.add(camera);
  const w = camera.worldMatrix;
  const right = vec3.normalize(vec3.create(), [w[0], w[1], w[2]]);
  const up = vec3.normalize(vec3.create(), [w[4], w[5], w[6]]);
  const back = vec3.normalize(vec3.create(), [w[8], w[9], w[10]]);
  // On the grid: 3 texels right, 2 up, 12 units back from the origin.
  const start = vec3.scaleAndAdd(vec3.create(), vec3.scale(vec3.create(), right, 3 * TEXEL), up, 2 * TEXEL);
  vec3.scaleAndAdd(start, start, back, 12);
  const moveTo = (texelsRight: number) => {
    const p = vec3.scaleAndAdd(vec3.create(), start, right, texelsRight * TEXEL);
    camera.setPosition(p[0], p[1], p[2]);
  };
  moveTo(0);
  const renderer = await Renderer.create(testCanvas(W * SCALE, H * SCALE), {
    backend,
    root,
    camera,
    native: [W, H],
    clearColor: [0.1, 0.1, 0.2, 1],
    pixelStable: true,
    chain: { upscale: 'integer', barFill: 'off' },
  });
  renderer.graph.setEnabled('motionBlur', false); // each frame on its own
  const frame = async () => {
    renderer.render(0, 0);
    return {
      native: await renderer.readPixels('scene'),
      canvas: await renderer.readPixels(),
      grid: renderer.chainFrame.ditherOrigin[0],
      shift: renderer.chainFrame.shift[0],
    };
  };
  return { renderer, moveTo, frame };
}

/** Whether image b is image a moved left by dx columns (b(x) = a(x + dx)), over the part both show away from the edges. */
function isShifted(
  a: Uint8Array,
  b: Uint8Array,
  width: number,
  height: number,
  dx: number,
  edge: number,
): boolean {
  for (let y = edge; y < height - edge; y++)
    for (let x = edge; x < width - edge; x++) {
      const i = (y * width + x) * 4;
      const j = (y * width + x + dx) * 4;
      if (a[j] !== b[i] || a[j + 1] !== b[i + 1] || a[j + 2] !== b[i + 2]) return false;
    }
  return true;
}

const finals = new Map<string, Uint8Array>();

for (const backend of TEST_BACKENDS)
  describe(`pixel-stable camera on real ${backend}`, () => {
    it('moved by k/8 of a texel: each native image is the first moved by whole texels, the canvas by round(k/8 · scale)', async () => {
      const { renderer, moveTo, frame } = await diorama(backend);
      const pw = W + 2; // the world image has a texel of margin on each side
      const ph = H + 2;
      const first = await frame();
      expect([first.grid, first.shift]).toEqual([3, 0]);
      const shifts: number[] = [];
      for (let k = 1; k <= 8; k++) {
        moveTo(k / 8);
        const now = await frame();
        const texels = now.grid - first.grid;
        // The world's texels stay on the world: no pixel changes but by a move of whole texels.
        expect(isShifted(first.native, now.native, pw, ph, texels, 2), `k = ${k}: native image`).toBe(true);
        // On the canvas the view glides: moved by the whole texels and the shift, in device pixels.
        const pixels = texels * SCALE + now.shift;
        expect(Math.abs(pixels - (k / 8) * SCALE)).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(isShifted(first.canvas, now.canvas, W * SCALE, H * SCALE, pixels, 4), `k = ${k}: canvas`).toBe(
          true,
        );
        shifts.push(pixels);
      }
      expect(shifts).toContain(1); // the canvas moved between whole texels, not only at them
      expect(shifts.at(-1)).toBe(2);
      finals.set(backend, (await frame()).canvas);
      renderer.destroy();
      if (backend === 'webgl2') expect(finals.get('webgpu')).toEqual(finals.get('webgl2'));
    });

    it('with the shadow pass on (its map fitted to the view): the shadows move with the image by whole texels, no crawl', async () => {
      const { renderer, moveTo, frame } = await diorama(backend);
      const pw = W + 2;
      const ph = H + 2;
      const unshadowed = await frame();
      renderer.graph.setEnabled('shadow', true);
      renderer.settings.shadow.distance = 30;
      const first = await frame();
      expect(first.native).not.toEqual(unshadowed.native); // the boxes cast shadows here
      for (let k = 1; k <= 8; k++) {
        moveTo(k / 8);
        const now = await frame();
        const texels = now.grid - first.grid;
        expect(isShifted(first.native, now.native, pw, ph, texels, 2), `k = ${k}: native image`).toBe(true);
        const pixels = texels * SCALE + now.shift;
        expect(isShifted(first.canvas, now.canvas, W * SCALE, H * SCALE, pixels, 4), `k = ${k}: canvas`).toBe(
          true,
        );
      }
      renderer.destroy();
    });

    it('a mesh drawn snapped (drawSnap) stays on whole texels as it moves by fractions; one not snapped crawls', async () => {
      const root = new Node('root');
      const lens = { ...LENS, near: 0.1, far: 20 };
      const camera = new Camera('eye', lens).setPosition(0.3, 0.2, 10); // looking down −z: the grid is x and y
      const mover = new Mesh('mover', boxGeometry(1.3, 0.9, 1), new Material('unlit', [1, 0.6, 0.2, 1]));
      mover.setRotationFromEuler(0, 0, 0.4).setPosition(0.5, 0.3, 0);
      root.add(camera).add(mover);
      const renderer = await Renderer.create(testCanvas(W * SCALE, H * SCALE), {
        backend,
        root,
        camera,
        native: [W, H],
        pixelStable: true,
        chain: { upscale: 'integer', barFill: 'off' },
      });
      renderer.graph.setEnabled('motionBlur', false);
      const native = async () => {
        renderer.render(0, 0);
        return renderer.readPixels('scene');
      };
      mover.drawSnap = { position: true };
      const still = await native();
      for (const dx of [0.01, 0.03, 0.049]) {
        mover.setPosition(0.5 + dx, 0.3 - dx / 2, 0); // under half a texel (0.1) each way
        expect(await native(), `snapped, moved ${dx}`).toEqual(still);
      }
      mover.setPosition(0.5 + 0.1, 0.3, 0); // a whole texel: drawn one texel over
      expect(isShifted(still, await native(), W + 2, H + 2, -1, 2)).toBe(true);
      mover.drawSnap = null;
      mover.setPosition(0.53, 0.3, 0);
      const crawled = await native();
      expect(crawled).not.toEqual(still);
      expect([-1, 0, 1].some((dx) => isShifted(still, crawled, W + 2, H + 2, dx, 2))).toBe(false);
      expect(mover.worldMatrix[12]).toBeCloseTo(0.53, 6); // the mesh's own place was never changed
      renderer.destroy();
    });

    it('without snapping the same moves change pixels other than by whole texels (the crawl the snap removes)', async () => {
      const { renderer, moveTo, frame } = await diorama(backend);
      renderer.settings.snap = false;
      const first = await frame();
      let crawled = 0;
      for (let k = 1; k < 8; k++) {
        moveTo(k / 8);
        const now = await frame();
        expect([now.grid, now.shift]).toEqual([0, 0]);
        if (![-1, 0, 1].some((dx) => isShifted(first.native, now.native, W + 2, H + 2, dx, 2))) crawled++;
      }
      expect(crawled).toBeGreaterThan(0);
      renderer.destroy();
    });
  });
