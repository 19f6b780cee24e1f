import { describe, expect, it } from 'vitest';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { quadGeometry } from '../../scene/geometry';
import { Material, type MaterialKind } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const SIZE = 32;

/**
 * A quad facing +z seen by an eye on `side` (in front at +z, or behind at −z), lit by a light shining from the eye's
 * side, with ambient and light colours whose sum and ambient alone read exactly in 8 bits.
 */
async function seen(
  backend: (typeof TEST_BACKENDS)[number],
  kind: MaterialKind,
  side: 1 | -1,
  doubleSided: boolean,
) {
  const root = new Node('root');
  const material = new Material(kind, [1, 1, 1, 1], { doubleSided });
  root.add(new Mesh('card', quadGeometry(1, 1), material));
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.5, near: 0.1, far: 10 });
  camera.setPosition(0, 0, 3 * side).lookAt([0, 0, 0]);
  root.add(camera);
  const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
  renderer.world.lightDirection.set([0, 0, -side]);
  renderer.world.ambient.set([0.2, 0.4, 0.6]);
  renderer.world.lightColor.set([0.6, 0.2, 0]);
  renderer.world.clearColor = [0, 0, 0, 1];
  const centre = pixelAt(await draw(), SIZE, SIZE / 2, SIZE / 2);
  // A change of doubleSided takes effect next frame (another pipeline; recorded draws too).
  material.doubleSided = !doubleSided;
  const flipped = pixelAt(await draw(), SIZE, SIZE / 2, SIZE / 2);
  expect(watch.errors()).toEqual([]);
  renderer.destroy();
  return { centre, flipped };
}

describe('double-sided materials on real WebGPU and WebGL2', () => {
  it('a back face is culled unless double-sided; then it is lit as the front seen from the front, its normal turned to the eye', async () => {
    for (const backend of TEST_BACKENDS) {
      const front = await seen(backend, 'lambert', 1, false);
      expect(front.centre, `${backend}: front, lit`).toEqual([204, 153, 153, 255]);
      const back = await seen(backend, 'lambert', -1, false);
      expect(back.centre, `${backend}: back, culled`).toEqual([0, 0, 0, 255]);
      expect(back.flipped, `${backend}: back, made double-sided`).toEqual(front.centre);
      const both = await seen(backend, 'lambert', -1, true);
      expect(both.centre, `${backend}: back of a double-sided quad`).toEqual(front.centre);
      expect(both.flipped, `${backend}: made one-sided again`).toEqual([0, 0, 0, 255]);
      expect((await seen(backend, 'unlit', -1, true)).centre, `${backend}: unlit`).toEqual([
        255, 255, 255, 255,
      ]);
    }
  });
});
