import { describe, expect, it } from 'vitest';
import { loadGltf } from '../../assets/load-gltf';
import { AnimationMixer } from '../../scene/animation-mixer';
import { Camera } from '../../scene/camera';
import { boxGeometry, disposeGeometry, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { TEST_BACKENDS, errorWatch, testCanvas } from '../renderers/test-backends';
import { Renderer } from '../renderers/renderer';

const RIG = new URL('../../assets/fixtures/rig.glb', import.meta.url).href;
const MORPHED = new URL('../../assets/fixtures/prop-morphed.glb', import.meta.url).href;

/** A plain scene with a perspective eye looking at where the rig stands, and `frames(n)` returning the GPU objects. */
async function scene(backend: 'webgpu' | 'webgl2') {
  const root = new Node('root');
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.8, near: 0.1, far: 40 });
  camera.setPosition(0, 1, 4).lookAt([0, 0.6, 0]);
  root.add(camera);
  root.add(new Mesh('floor', boxGeometry(6, 0.1, 6), new Material('lambert', [0.4, 0.6, 0.3, 1])));
  const watch = errorWatch();
  const renderer = await Renderer.create(testCanvas(84, 60), {
    root,
    camera,
    native: [84, 60],
    backend,
    onDevice: watch.onDevice,
  });
  let time = 0;
  const frames = (n: number) => {
    for (let i = 0; i < n; i++) renderer.render((time += 1 / 60), 1 / 60);
    return { ...renderer.gpuObjects };
  };
  return { renderer, root, frames, errors: watch.errors, tick: () => time };
}

/** Every geometry a loaded file's meshes draw. */
const geometriesOf = (meshes: readonly Mesh<Geometry, Material>[]) => [
  ...new Set(meshes.map((m) => m.geometry)),
];

for (const backend of TEST_BACKENDS)
  describe(`skinned and morphed meshes' lifetime on real ${backend}`, () => {
    it('a skinned rig drawn, removed, its geometries disposed: later frames draw', async () => {
      const { renderer, root, frames } = await scene(backend);
      frames(3);
      const rig = await loadGltf(RIG);
      root.add(rig.root);
      frames(2);
      root.remove(rig.root);
      for (const geometry of geometriesOf(rig.meshes)) disposeGeometry(geometry);
      expect(() => frames(4)).not.toThrow();
      renderer.destroy();
    });

    it('a morphed prop drawn, removed, its geometries disposed: later frames draw', async () => {
      const { renderer, root, frames } = await scene(backend);
      frames(3);
      const prop = await loadGltf(MORPHED);
      root.add(prop.root);
      frames(2);
      root.remove(prop.root);
      for (const geometry of geometriesOf(prop.meshes)) disposeGeometry(geometry);
      expect(() => frames(4)).not.toThrow();
      renderer.destroy();
    });

    it('a playing rig removed and left to the sweep, 30 times: no GPU error, the objects it made freed', async () => {
      const { renderer, root, frames, errors, tick } = await scene(backend);
      frames(3);
      let settled: Record<string, number> | null = null;
      for (let round = 0; round < 30; round++) {
        const rig = await loadGltf(RIG);
        const mixer = new AnimationMixer(rig.root);
        for (const clip of rig.animations) mixer.clipAction(clip).play();
        root.add(rig.root);
        mixer.setTime(tick());
        frames(2);
        root.remove(rig.root);
        mixer.setTime(tick() + 0.1);
        // The first round leaves the deformed pipelines (a fixed cost per variant); nothing else stays.
        const after = frames(4);
        settled ??= after;
        expect(after, `round ${round}`).toEqual(settled);
      }
      expect(errors()).toEqual([]);
      renderer.destroy();
    });

    it('a disposed geometry of a skinned mesh still in the scene is the documented refusal, naming both', async () => {
      const { renderer, root, frames } = await scene(backend);
      const rig = await loadGltf(RIG);
      root.add(rig.root);
      frames(2);
      const body = rig.meshes.find((m) => m.geometry.joints)!;
      disposeGeometry(body.geometry);
      expect(() => frames(1)).toThrow(
        new RegExp(`mesh "${body.path}" draws geometry "${body.geometry.name}", which was disposed`),
      );
      root.remove(rig.root);
      expect(() => frames(4)).not.toThrow();
      renderer.destroy();
    });

    it('200 rounds of load, play, draw, remove (half disposed, half left to the sweep): GPU objects flat, no error', async () => {
      const { renderer, root, frames, errors, tick } = await scene(backend);
      let settled: Record<string, number> | null = null;
      for (let round = 0; round < 200; round++) {
        const rig = await loadGltf(round % 3 === 2 ? MORPHED : RIG);
        root.add(rig.root);
        const mixer = new AnimationMixer(rig.root);
        for (const clip of rig.animations) mixer.clipAction(clip).play();
        for (let f = 0; f < 2; f++) {
          mixer.setTime(tick());
          frames(1);
        }
        root.remove(rig.root);
        mixer.setTime(tick() + 0.1); // the clips go on moving the joints of a rig out of the scene
        if (round % 2 === 0) for (const geometry of geometriesOf(rig.meshes)) disposeGeometry(geometry);
        if (round % 50 === 25) {
          renderer.simulateLoss();
          while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
          await renderer.recovered;
        }
        const after = frames(4);
        if (round === 5) settled = after;
        if (round > 5) expect(after, `round ${round}`).toEqual(settled);
      }
      expect(errors()).toEqual([]);
      renderer.destroy();
    }, 240_000);
  });
