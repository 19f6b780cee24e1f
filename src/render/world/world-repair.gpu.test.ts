import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/seeded-random';
import { Camera } from '../../scene/camera';
import { boxGeometry, quadGeometry, sphereGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { SceneError } from '../../scene/scene-error';
import { Renderer } from '../renderers/renderer';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';

/** Forty meshes of three kinds and three geometries in a loose tree, and a second tree that nodes move to and from. */
function randomScene(seed: number) {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const materials = [
    new Material('unlit', [1, 0, 0, 1]),
    new Material('unlit', [0, 1, 0, 1]),
    new Material('lambert', [0.2, 0.4, 1, 1]),
  ];
  const geometries = [boxGeometry(0.8, 0.8, 0.8), quadGeometry(1, 1), sphereGeometry(0.5, 8, 4)];
  const root = new Node('root');
  const elsewhere = new Node('elsewhere');
  const nodes: Node[] = [];
  const place = (node: Node) =>
    node
      .setPosition(random() * 6 - 3, random() * 4 - 2, -2 - random() * 6)
      .setRotationFromEuler(random(), random(), 0);
  for (let i = 0; i < 48; i++) {
    const node = i % 6 === 0 ? new Node(`g${i}`) : new Mesh(`m${i}`, pick(geometries), pick(materials));
    pick([root, ...nodes]).add(place(node));
    nodes.push(node);
  }
  const camera = new Camera('eye', { kind: 'perspective', fovY: 1, near: 0.1, far: 50 });
  root.add(camera);
  /** One random edit: a move, a mirror, a reparent in or out of the tree, a material, a colour, a hide, a geometry. */
  const edit = () => {
    const node = pick(nodes);
    const r = random();
    try {
      if (r < 0.2) place(node);
      else if (r < 0.3) node.setScale(random() < 0.5 ? -1 : 1, 1, 1);
      else if (r < 0.45) pick([root, root, elsewhere, ...nodes]).add(node);
      else if (r < 0.55) node.parent?.remove(node);
      else if (r < 0.65) pick([root, ...nodes]).attach(node);
      else if (node instanceof Mesh && r < 0.75) node.material = pick(materials);
      else if (r < 0.82) pick(materials).setColor(random(), random(), random(), 1);
      else if (node instanceof Mesh && r < 0.9) node.visible = !node.visible;
      else if (node instanceof Mesh) node.geometry = pick(geometries);
    } catch (error) {
      if (!(error instanceof SceneError)) throw error; // cycles and shear are refused, as they should be
    }
  };
  return { root, camera, edit };
}

for (const backend of TEST_BACKENDS) {
  describe(`repaired draw list on real ${backend}`, () => {
    it('draws what a renderer built from scratch draws, frame after frame of random edits (validation mode on)', async () => {
      const { root, camera, edit } = randomScene(7);
      const options = { backend, root, camera, native: [160, 120] as const, chain: false };
      const repaired = await Renderer.create(testCanvas(320, 240), { ...options, validate: true });
      let compared = 0;
      for (let frame = 1; frame <= 24; frame++) {
        for (let i = 0; i < 1 + (frame % 4); i++) edit();
        repaired.render(); // throws when the repaired list differs from a rebuilt one
        if (frame % 8 !== 0) continue;
        // A second renderer of the same tree starts from a walk of it: the rebuild, drawn.
        const rebuilt = await Renderer.create(testCanvas(320, 240), options);
        rebuilt.render();
        const expected = await rebuilt.readPixels('scene');
        expect(await repaired.readPixels('scene')).toEqual(expected);
        expect(new Set(expected).size).toBeGreaterThan(2); // something drawn, not an empty frame
        rebuilt.destroy();
        compared++;
      }
      expect(compared).toBe(3);
      repaired.destroy();
    });
  });
}
