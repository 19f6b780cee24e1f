import { describe, expect, it } from 'vitest';
import { loadGltf } from '../../assets/load-gltf';
import { Camera } from '../../scene/camera';
import { boxGeometry, disposeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Texture } from '../../scene/texture';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';
import { Renderer } from '../renderers/renderer';

/** A fixture's neighbour (resolved at run time: Vite rewrites a URL it can see whole). */
const FIXTURES = new URL('../../assets/fixtures/texel-test.png', import.meta.url);

/**
 * A renderer over a small scene, and `frames(n)`: n frames drawn, returning the GPU objects held after them. The scene
 * has both material kinds the tests add (a kind, once drawn, keeps its pipeline and its arena: a fixed cost per kind).
 */
async function scene(backend: 'webgpu' | 'webgl2') {
  const root = new Node('root');
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  root.add(
    new Mesh('floor', boxGeometry(80, 4, 1), new Material('lambert', [0.4, 0.6, 0.3, 1])).setPosition(
      42,
      4,
      -5,
    ),
  );
  root.add(
    new Mesh('sky', boxGeometry(80, 4, 1), new Material('unlit', [0.3, 0.5, 0.9, 1])).setPosition(42, 50, -6),
  );
  const renderer = await Renderer.create(testCanvas(168, 120), { root, camera, native: [84, 60], backend });
  let time = 0;
  const frames = (n: number) => {
    for (let i = 0; i < n; i++) renderer.render((time += 1 / 60), 1 / 60);
    return { ...renderer.gpuObjects };
  };
  return { renderer, root, frames };
}

/** 40 meshes, each with a geometry and a texture of its own. */
function texturedMeshes(round: number): Node {
  const group = new Node(`group ${round}`);
  for (let i = 0; i < 40; i++) {
    const map = Texture.fromPixels(2, 2, new Uint8Array(16).fill(40 + i), { label: `map ${round}.${i}` });
    const mesh = new Mesh(
      `crate ${i}`,
      boxGeometry(2 + (i % 5), 2, 1),
      new Material('unlit', [1, 1, 1, 1], { map }),
    );
    group.add(mesh.setPosition(4 + (i % 10) * 8, 12 + Math.floor(i / 10) * 10, -5));
  }
  return group;
}

for (const backend of TEST_BACKENDS)
  describe(`GPU object lifetime on real ${backend}`, () => {
    it('40 textured meshes added and removed 20 times: buffers, textures and bind groups back to where they were', async () => {
      const { renderer, root, frames } = await scene(backend);
      const before = frames(4);
      let peak = before;
      let settled = before;
      for (let round = 0; round < 20; round++) {
        const group = texturedMeshes(round);
        root.add(group);
        peak = frames(2);
        root.remove(group);
        const after = frames(4); // freed by the third frame after the last draw that used them
        expect(after.textures, `round ${round}`).toBe(before.textures);
        if (round === 0) settled = after;
        else expect(after, `round ${round}`).toEqual(settled);
      }
      expect(peak.textures - before.textures).toBe(40); // each texture uploaded while drawn…
      // …and every texture, geometry buffer and image binding freed after, whatever the number of rounds.
      expect(settled).toEqual(before);
      renderer.destroy();
      expect(renderer.gpuObjects).toEqual({
        buffers: 0,
        textures: 0,
        bindGroups: 0,
        pipelines: 0,
        samplers: 0,
      });
    });

    it('a mesh taken out and put back within a few frames keeps its GPU copies: nothing is uploaded again', async () => {
      const { renderer, root, frames } = await scene(backend);
      const group = texturedMeshes(0);
      root.add(group);
      const drawn = frames(2);
      root.remove(group);
      frames(1);
      root.add(group); // a reparent, a level put back in place
      expect(frames(1)).toEqual(drawn);
      expect(renderer.world.counters.textureBytesUploaded).toBe(0);
      renderer.destroy();
    });

    it('meshes leaving while bundles are off (useBundles false), then bundles on again: frames draw, objects freed', async () => {
      const { renderer, root, frames } = await scene(backend);
      const before = frames(4);
      const group = texturedMeshes(0);
      root.add(group);
      frames(2); // recorded into the chunks' bundles, their image sets with them
      renderer.world.useBundles = false;
      root.remove(group);
      frames(5); // the image sets no draw binds are freed meanwhile
      renderer.world.useBundles = true;
      expect(() => frames(4)).not.toThrow(); // threw: "image set of kind "unlit" refreshed after it was freed"
      expect(frames(1)).toEqual(before);
      renderer.destroy();
    });

    it('a glTF scene loaded, drawn and removed 20 times leaves the GPU objects where they were', async () => {
      const { renderer, root, frames } = await scene(backend);
      const before = frames(4);
      for (let round = 0; round < 20; round++) {
        const gltf = await loadGltf(new URL('prop.glb', FIXTURES).href);
        root.add(gltf.root);
        frames(2);
        root.remove(gltf.root);
        frames(4);
      }
      expect(frames(1)).toEqual(before);
      renderer.destroy();
    });
  });

for (const backend of TEST_BACKENDS)
  describe(`dispose on real ${backend}`, () => {
    it('a disposed texture or geometry is freed at once; drawing it after is an error naming it; taken out, all is well', async () => {
      const { renderer, root, frames } = await scene(backend);
      const map = Texture.fromPixels(2, 2, new Uint8Array(16).fill(200), { label: 'crate map' });
      const geometry = boxGeometry(6, 6, 1);
      const crate = new Mesh('crate', geometry, new Material('unlit', [1, 1, 1, 1], { map }));
      root.add(crate.setPosition(30, 30, -5));
      const drawn = frames(2);
      map.dispose();
      expect(map.disposed).toBe(true);
      expect(renderer.gpuObjects.textures).toBe(drawn.textures - 1); // at once, before any frame
      expect(() => frames(1)).toThrow(
        'WorldPass: mesh "crate" has a material giving texture "crate map", which was disposed; take the texture out ' +
          'of the material (or the mesh out of the scene) first.',
      );
      crate.material.map = null;
      frames(1);
      disposeGeometry(geometry);
      expect(renderer.gpuObjects.buffers).toBe(drawn.buffers - 2);
      expect(() => frames(1)).toThrow(/mesh "root\/crate" draws geometry "box", which was disposed/);
      root.remove(crate);
      expect(() => frames(4)).not.toThrow();
      map.dispose(); // twice: nothing more to do
      renderer.destroy();
    });
  });
