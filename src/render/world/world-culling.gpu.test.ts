import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Renderer } from '../renderers/renderer';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';

/** An orthographic eye at the origin looking down −z that shows x −4.2…4.2 and y −3…3 (336×240 native pixels). */
function orthoEye(): Camera {
  return new Camera('eye', {
    kind: 'orthographic',
    left: -4.2,
    right: 4.2,
    bottom: -3,
    top: 3,
    near: 0.1,
    far: 20,
  });
}

/**
 * 400 boxes 0.8 wide in 10 rows (y −5…4) of 40 (x −20…19), seen by an orthographic eye that shows x −4.2…4.2 and
 * y −3…3 at 336×240: the boxes at x −4…4 of the rows at y −3…3 reach into the view (9 × 7 = 63); the others lie wholly
 * outside it (the nearest, at x = ±5 or y = 4, start 0.4 past its edge).
 */
function rows() {
  const root = new Node('root');
  const materials = [new Material('unlit', [1, 0.5, 0, 1]), new Material('lambert', [0.2, 0.6, 1, 1])];
  const geometry = boxGeometry(0.8, 0.8, 0.8);
  for (let row = 0; row < 10; row++) {
    for (let x = -20; x < 20; x++) {
      const mesh = new Mesh(`b${row}:${x}`, geometry, materials[(row + x) & 1]!);
      root.add(mesh.setPosition(x, row - 5, -5));
    }
  }
  const camera = orthoEye();
  root.add(camera);
  return { root, camera };
}

describe('frustum culling on real WebGPU and WebGL2', () => {
  it('counts the boxes outside the view exactly, and draws the same pixels with culling on and off on both backends', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { root, camera } = rows();
      const renderer = await Renderer.create(testCanvas(672, 480), {
        backend,
        root,
        camera,
        native: [336, 240],
        chain: false,
      });
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ drawn: 63, culled: 337 });
      const on = await renderer.readPixels('scene');
      expect(new Set(on).size).toBeGreaterThan(2); // boxes drawn, not an empty frame
      renderer.world.culling = false;
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ drawn: 400, culled: 0 });
      expect(await renderer.readPixels('scene')).toEqual(on);
      renderer.world.culling = true;
      // The eye turns away: everything is culled, and the frame is the clear colour alone.
      camera.setRotationFromEuler(0, Math.PI, 0);
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ drawn: 0, culled: 400 });
      images.push(on);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});

describe('bundles in chunks on real WebGPU', () => {
  for (const [instancing, chunk] of [
    [false, 512],
    [true, 8192],
  ] as const)
    it(`a mesh going out of the view, leaving or joining records its chunk of ${chunk} draws again, not the whole list${instancing ? ' (instanced)' : ''}`, async () => {
      const root = new Node('root');
      const material = new Material('unlit', [0.9, 0.9, 0.2, 1]);
      const geometry = boxGeometry(0.1, 0.1, 0.1);
      const meshes: Mesh[] = [];
      // Instanced, 9000 meshes make two chunks; one draw per mesh, 1500 make three.
      const count = instancing ? 9000 : 1500;
      for (let i = 0; i < count; i++) {
        const mesh = new Mesh(`m${i}`, geometry, material).setPosition(
          (i % 50) * 0.16 - 4,
          (Math.floor(i / 50) % 30) * 0.19 - 2.9,
          -5 - Math.floor(i / 1500),
        );
        root.add(mesh);
        meshes.push(mesh);
      }
      const camera = orthoEye();
      root.add(camera);
      const renderer = await Renderer.create(testCanvas(672, 480), {
        backend: 'webgpu',
        root,
        camera,
        native: [336, 240],
        chain: false,
        instancing,
      });
      const chunks = Math.ceil(count / chunk);
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ bundlesRecorded: chunks, drawn: count, culled: 0 });
      // One batch per chunk instanced (one geometry, one kind), else one draw per mesh.
      expect(renderer.world.counters.drawCalls).toBe(instancing ? chunks : count);
      meshes[chunk + 188]!.setPosition(50, 0, -5); // out of the view: chunk 1 is recorded again
      renderer.render();
      expect(renderer.world.counters).toMatchObject({
        bundlesRecorded: chunks + 1,
        drawn: count - 1,
        culled: 1,
      });
      meshes[3]!.setPosition(-3.9, -2.8, -5); // moved, still in the view: nothing recorded
      renderer.render();
      expect(renderer.world.counters).toMatchObject({
        bundlesRecorded: chunks + 1,
        drawn: count - 1,
        culled: 1,
      });
      // Leaving the scene: chunk 0 is recorded again (instanced, its batch one entry shorter; else gathered again);
      // chunk 1 keeps its draws, one place earlier.
      root.remove(meshes[5]!);
      renderer.render();
      expect(renderer.world.counters).toMatchObject({
        bundlesRecorded: chunks + 2,
        drawn: count - 2,
        culled: 1,
      });
      // Joining (sorted last: the mesh's number is the highest): the last chunk only.
      root.add(new Mesh('late', geometry, material).setPosition(-3.9, 2.8, -5));
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ bundlesRecorded: chunks + 3, drawn: count - 1 });
      // Back into the view, in chunk 1 after it moved: its entry found at its new place.
      meshes[chunk + 188]!.setPosition(-3.5, 0, -5);
      renderer.render();
      expect(renderer.world.counters).toMatchObject({
        bundlesRecorded: chunks + 4,
        drawn: count,
        culled: 0,
      });
      const chunked = await renderer.readPixels('scene');
      renderer.world.useBundles = false;
      renderer.render();
      expect(await renderer.readPixels('scene')).toEqual(chunked);
      renderer.destroy();
    });
});
