import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { canvasIsNativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 160;
const H = 120;
const CLEAR = [0, 0, 0];

/** Whether pixel i of `image` (RGBA8) is the clear colour: nothing drawn there. */
const empty = (image: Uint8Array, i: number) => CLEAR.every((v, c) => image[i * 4 + c] === v);

/**
 * The pixels that differ between `plain` and `lined` inside what `plain` shows of the scene (its silhouette less its
 * one-pixel rim, where a line against the background belongs): lines drawn across the inside of surfaces.
 */
function linesInside(
  plain: Uint8Array,
  lined: Uint8Array,
  inside: (x: number, y: number) => boolean,
): string[] {
  const found: string[] = [];
  for (let y = 1; y < H - 1; y++)
    for (let x = 1; x < W - 1; x++) {
      const i = y * W + x;
      const rim = [i, i - 1, i + 1, i - W, i + W].some((j) => empty(plain, j));
      if (rim || !inside(x, y)) continue;
      if ([0, 1, 2].some((c) => plain[i * 4 + c] !== lined[i * 4 + c])) found.push(`${x},${y}`);
    }
  return found;
}

/** A perspective camera at height h over the origin's plane, looking down by `degrees`, aimed at a point 20 ahead. */
function grazingCamera(degrees: number, far = 100): Camera {
  const camera = new Camera('eye', { kind: 'perspective', fovY: Math.PI / 3, near: 0.1, far });
  const pitch = (degrees * Math.PI) / 180;
  const distance = 20;
  camera.setPosition(0, distance * Math.sin(pitch), distance * Math.cos(pitch));
  camera.lookAt([0, 0, 0]);
  return camera;
}

async function groundScene(backend: BackendName, camera: Camera, extra: (root: Node) => void = () => {}) {
  const root = new Node('root');
  const ground = new Material('lambert', [0.3, 0.7, 0.3, 1]).setParam('outline', [1, 0, 1, 1]);
  root.add(new Mesh('ground', planeGeometry(400, 400), ground));
  extra(root);
  root.add(camera);
  const { renderer, frame } = await canvasIsNativeRenderer(backend, {
    root,
    camera,
    native: [W, H],
    clearColor: [0, 0, 0, 1],
  });
  const pair = async () => {
    renderer.graph.setEnabled('outline', false);
    const plain = await frame();
    renderer.graph.setEnabled('outline', true);
    const lined = await frame();
    return { plain, lined };
  };
  return { renderer, pair };
}

for (const backend of TEST_BACKENDS)
  describe(`outlines under a perspective camera on real ${backend}`, () => {
    it('a ground plane seen at 3° to 60°, out to the far plane: no line inside it', async () => {
      const failures: string[] = [];
      for (const degrees of [3, 5, 10, 20, 30, 45, 60]) {
        const { renderer, pair } = await groundScene(backend, grazingCamera(degrees));
        const { plain, lined } = await pair();
        const found = linesInside(plain, lined, () => true);
        if (found.length)
          failures.push(`${degrees}°: ${found.length} line pixels, first ${found.slice(0, 3)}`);
        renderer.destroy();
      }
      expect(failures).toEqual([]);
    });

    it('crates on the ground under an orbiting camera: no line inside the ground or a crate face, lines around them', async () => {
      const camera = grazingCamera(20, 60);
      const { renderer, pair } = await groundScene(backend, camera, (root) => {
        const colours = [
          [0.8, 0.3, 0.3, 1],
          [0.3, 0.4, 0.9, 1],
          [0.9, 0.8, 0.2, 1],
        ] as const;
        for (const [i, [x, z]] of (
          [
            [-3, 0],
            [0, -4],
            [3, 2],
          ] as const
        ).entries()) {
          const wood = new Material('lambert', [...colours[i]!]).setParam('outline', [1, 0, 1, 1]);
          root.add(new Mesh(`crate ${i}`, boxGeometry(2, 2, 2), wood).setPosition(x, 1, z));
        }
      });
      const failures: string[] = [];
      for (let step = 0; step < 8; step++) {
        const angle = (step * Math.PI) / 4 + 0.3;
        camera.setPosition(18 * Math.sin(angle), 7, 18 * Math.cos(angle));
        camera.lookAt([0, 0, 0]);
        // The light from one side, then the other: two faces of a crate that meet share a shade under at most one.
        renderer.environment.lightDirection.set([-0.4, -1, -0.6]);
        const { plain, lined } = await pair();
        renderer.environment.lightDirection.set([0.4, -1, 0.6]);
        const { plain: other } = await pair();
        // Inside one flat surface: the 5×5 pixels around all one colour under both lights (the ground, or one face of
        // one crate: each crate has its colour, each face its shade).
        const uniform = (image: Uint8Array, x: number, y: number) => {
          const at = (y * W + x) * 4;
          for (let dy = -2; dy <= 2; dy++)
            for (let dx = -2; dx <= 2; dx++) {
              const i = ((y + dy) * W + x + dx) * 4;
              if ([0, 1, 2].some((c) => image[i + c] !== image[at + c])) return false;
            }
          return true;
        };
        const flat = (x: number, y: number) =>
          x >= 2 && y >= 2 && x < W - 2 && y < H - 2 && uniform(plain, x, y) && uniform(other, x, y);
        const inside = linesInside(plain, lined, flat);
        if (inside.length)
          failures.push(`${step}: ${inside.length} line pixels inside, first ${inside.slice(0, 3)}`);
        let magenta = 0;
        for (let i = 0; i < W * H; i++)
          if (lined[i * 4] === 255 && lined[i * 4 + 1] === 0 && lined[i * 4 + 2] === 255) magenta++;
        if (magenta < 60) failures.push(`${step}: only ${magenta} line pixels`);
      }
      expect(failures).toEqual([]);
      renderer.destroy();
    });
  });
