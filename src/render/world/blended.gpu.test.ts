import { describe, expect, it } from 'vitest';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const SIZE = 32;

/** Unlit half-transparent panes (double-sided, so they show from both sides) at the given z, in the given order. */
function panes(root: Node, specs: readonly { name: string; z: number; rgb: [number, number, number] }[]) {
  for (const { name, z, rgb } of specs)
    root.add(
      new Mesh(
        name,
        quadGeometry(1, 1),
        new Material('unlit', [...rgb, 0.5], { blend: true, doubleSided: true }),
      ).setPosition(0, 0, z),
    );
}

/** The centre pixel seen from `eyeZ` on the z axis, looking at the origin. */
async function centre(backend: (typeof TEST_BACKENDS)[number], root: Node, eyeZ: number) {
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.3, near: 0.1, far: 20 });
  camera.setPosition(0, 0, eyeZ).lookAt([0, 0, 0]);
  root.add(camera);
  const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
  renderer.world.clearColor = [0, 0, 0, 1];
  const pixel = pixelAt(await draw(), SIZE, SIZE / 2, SIZE / 2);
  const counters = { ...renderer.world.counters };
  expect(watch.errors()).toEqual([]);
  renderer.destroy();
  root.remove(camera);
  return { pixel, counters };
}

/** Each channel within 1 of `expected` (8-bit rounding between the two blends). */
const near = (pixel: number[], expected: number[]) =>
  pixel.slice(0, 3).every((v, c) => Math.abs(v - expected[c]!) <= 1);

describe('blended materials on real WebGPU and WebGL2', () => {
  it('are drawn after opaque ones, farthest first for the eye, over what is behind and under what is nearer', async () => {
    const seen: number[][] = [];
    for (const backend of TEST_BACKENDS) {
      // Listed near first: the sort, not the scene's order, decides.
      const root = new Node('root');
      panes(root, [
        { name: 'green', z: 1, rgb: [0, 1, 0] },
        { name: 'blue', z: 0, rgb: [0, 0, 1] },
      ]);
      const front = await centre(backend, root, 5);
      // Green (nearer) over blue over black: ½ green + ¼ blue.
      expect(near(front.pixel, [0, 127.5, 63.75]), `${backend} from the front: ${front.pixel}`).toBe(true);
      expect(front.counters.drawCalls).toBe(2);
      const behind = await centre(backend, root, -5);
      expect(near(behind.pixel, [0, 63.75, 127.5]), `${backend} from behind: ${behind.pixel}`).toBe(true);
      // An opaque wall behind both shows through them; one in front of them hides them (they write no depth, it does).
      const wall = new Mesh('wall', quadGeometry(3, 3), new Material('unlit', [1, 0, 0, 1])).setPosition(
        0,
        0,
        -1,
      );
      root.add(wall);
      const walled = await centre(backend, root, 5);
      expect(near(walled.pixel, [63.75, 127.5, 63.75]), `${backend} over the wall: ${walled.pixel}`).toBe(
        true,
      );
      wall.setPosition(0, 0, 2);
      expect((await centre(backend, root, 5)).pixel, `${backend}: hidden by the wall`).toEqual([
        255, 0, 0, 255,
      ]);
      seen.push(front.pixel, behind.pixel, walled.pixel);
    }
    expect(seen.slice(3)).toEqual(seen.slice(0, 3));
  });

  it('a material turned blended (and back) is drawn so from the next frame', async () => {
    for (const backend of TEST_BACKENDS) {
      const root = new Node('root');
      const camera = new Camera('eye', { kind: 'perspective', fovY: 0.3, near: 0.1, far: 20 }).setPosition(
        0,
        0,
        5,
      );
      root.add(camera);
      const pane = new Material('unlit', [0, 1, 0, 0.5]);
      root.add(new Mesh('pane', quadGeometry(1, 1), pane));
      const { renderer, draw } = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
      renderer.world.clearColor = [0, 0, 0, 1];
      const at = async () => pixelAt(await draw(), SIZE, SIZE / 2, SIZE / 2);
      expect(near(await at(), [0, 255, 0]), `${backend}: opaque`).toBe(true);
      pane.blend = true;
      expect(near(await at(), [0, 127.5, 0]), `${backend}: blended`).toBe(true);
      pane.blend = false;
      expect(near(await at(), [0, 255, 0]), `${backend}: opaque again`).toBe(true);
      renderer.destroy();
    }
  });
});
