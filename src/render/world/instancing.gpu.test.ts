import { describe, expect, it } from 'vitest';
import { UniformArena } from '../../layout/uniform-arena';
import { seededRandom } from '../../math/seeded-random';
import { FRAME, materialKind } from '../materials/material-kind';
import { Camera } from '../../scene/camera';
import { Texture } from '../../scene/texture';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { differingPixels, nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

/**
 * Rows of boxes and plates of two kinds, some mirrored, one hidden, several outside the view, and two rows of plates
 * with a checker map after plain plates of the same kind (so one geometry runs across two image sets in the draw
 * order): what instancing must draw exactly as one draw per mesh does.
 */
function scene() {
  const root = new Node('root');
  const unlit = new Material('unlit', [1, 0.5, 0, 1]);
  const checkered = new Material('unlit', [1, 1, 1, 1], { map: checker() });
  const lambert = new Material('lambert', [0.2, 0.6, 1, 1]);
  const box = boxGeometry(0.6, 0.6, 0.6);
  const plate = planeGeometry(0.5, 0.5);
  const meshes: Mesh[] = [];
  for (let row = 0; row < 8; row++)
    for (let x = -8; x < 8; x++) {
      const plates = row === 2 || row === 3;
      const geometry = plates || (x + row) % 3 === 0 ? plate : box;
      const material = plates ? checkered : row < 4 ? unlit : lambert;
      const mesh = new Mesh(`m${row}:${x}`, geometry, material);
      mesh.setPosition(x * 0.7, row * 0.7 - 2.8, -5).setRotationFromEuler(0.3 * row + 0.8, 0.2 * x, 0);
      if (row === 5 && x === 0) mesh.setScale(-1, 1, 1); // mirrored: its own pipeline
      meshes.push(mesh);
      root.add(mesh);
    }
  meshes[20]!.visible = false;
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 50 });
  root.add(camera);
  return { root, camera, meshes };
}

describe('automatic instancing on real WebGPU and WebGL2', () => {
  it('draws the same pixels as one draw per mesh, in far fewer draw calls, with the same meshes drawn and culled', async () => {
    const images: Uint8Array[] = [];
    const counted: { drawn: number; culled: number }[] = [];
    for (const backend of TEST_BACKENDS)
      for (const instancing of [false, true]) {
        const { root, camera } = scene();
        const { renderer, draw, watch } = await nativeRenderer(backend, {
          root,
          camera,
          native: [336, 240],
          chain: false,
          instancing,
        });
        const image = await draw();
        const c = renderer.world.counters;
        // 128 meshes, one hidden: each of the others drawn or culled.
        expect(c.drawn + c.culled).toBe(127);
        expect(c.culled).toBeGreaterThan(0);
        counted.push({ drawn: c.drawn, culled: c.culled });
        if (instancing) expect(c.drawCalls).toBeLessThan(12);
        else expect(c.drawCalls).toBe(c.drawn);
        images.push(image);
        expect(watch.errors()).toEqual([]);
        renderer.destroy();
      }
    expect(new Set(images[0]).size).toBeGreaterThan(4);
    // Compared as counts of differing pixels: a diff of two whole images is too large to print.
    images.forEach((image, i) => expect([i, differingPixels(image, images[0]!)]).toEqual([i, []]));
    for (const c of counted.slice(1)) expect(c).toEqual(counted[0]);
  });
});

/**
 * A scene edited at random every frame, the same edits from the same seed: meshes join and leave, hide and show, move
 * (in and out of the view), change material (another kind, a textured one) and geometry.
 */
function editedScene(seed: number) {
  const random = seededRandom(seed);
  const root = new Node('root');
  const map = checker();
  const materials = [
    new Material('unlit', [1, 0.5, 0, 1]),
    new Material('lambert', [0.2, 0.6, 1, 1]),
    new Material('lambert', [0.9, 0.9, 0.3, 1]),
    new Material('unlit', [1, 1, 1, 1], { map }),
  ];
  const geometries = [boxGeometry(0.5, 0.5, 0.5), planeGeometry(0.6, 0.6), boxGeometry(0.3, 0.8, 0.3)];
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const place = (mesh: Mesh) =>
    mesh
      .setPosition(random() * 12 - 6, random() * 8 - 4, -5 - random() * 3)
      .setRotationFromEuler(random() * 3, random() * 3, 0);
  const meshes: Mesh[] = [];
  let made = 0;
  /** A new mesh sorts last in its run (by its number); one of a new geometry starts a run between two others. */
  const join = (geometry = pick(geometries)) => {
    const mesh = place(new Mesh(`m${made++}`, geometry, pick(materials)));
    root.add(mesh);
    meshes.push(mesh);
  };
  for (let i = 0; i < 150; i++) join();
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 50 });
  root.add(camera);
  const edit = () => {
    for (let e = 0; e < 12; e++) {
      const what = random();
      const mesh = pick(meshes);
      if (what < 0.03) join(boxGeometry(0.2 + random() * 0.4, 0.3, 0.3));
      else if (what < 0.2) join();
      else if (what < 0.35 && meshes.length > 20) {
        meshes.splice(meshes.indexOf(mesh), 1);
        root.remove(mesh);
      } else if (what < 0.5) mesh.visible = !mesh.visible;
      else if (what < 0.75) place(mesh);
      // Among the plain materials: a mesh given other images re-gathers every chunk, which would hide how joins and
      // leaves are kept (the textured meshes join and leave as the others do).
      else if (what < 0.9)
        mesh.material = (mesh.material as Material).map ? mesh.material : pick(materials.slice(0, 3));
      else mesh.geometry = pick(geometries);
    }
  };
  return { root, camera, edit };
}

describe('what instanced frames upload', () => {
  it('only the moved objects’ slots, and one table entry when a mesh leaves the view, is hidden, leaves or joins', async () => {
    const root = new Node('root');
    const material = new Material('unlit', [0.9, 0.9, 0.2, 1]);
    const geometry = boxGeometry(0.3, 0.3, 0.3);
    const meshes: Mesh[] = [];
    for (let i = 0; i < 100; i++) {
      const mesh = new Mesh(`m${i}`, geometry, material).setPosition(
        (i % 10) * 0.5 - 2.25,
        Math.floor(i / 10) * 0.4 - 2,
        -6,
      );
      root.add(mesh);
      meshes.push(mesh);
    }
    const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 50 });
    root.add(camera);
    const { renderer, draw } = await nativeRenderer('webgpu', {
      root,
      camera,
      native: [168, 120],
      chain: false,
    });
    await draw();
    const counters = renderer.world.counters;
    expect([counters.drawn, counters.drawCalls]).toEqual([100, 1]);
    await draw();
    expect(counters.bytesUploaded).toBe(FRAME.size); // nothing changed: the frame uniform alone
    const slot = UniformArena.slotSizeOf(materialKind('unlit').object, 16);
    for (const i of [3, 50, 97])
      meshes[i]!.setPosition(meshes[i]!.position[0]! + 0.01, meshes[i]!.position[1]!, -6);
    await draw();
    expect(counters.bytesUploaded).toBe(FRAME.size + 3 * slot);
    // Out of the view: the batch's last entry takes its place (one entry written), not the chunk gathered again.
    meshes[40]!.setPosition(50, 0, -6);
    await draw();
    expect([counters.drawn, counters.culled, counters.drawCalls]).toEqual([99, 1, 1]);
    expect(counters.bytesUploaded).toBe(FRAME.size + slot + 4);
    meshes[7]!.visible = false; // hidden: the same, and its slot is not packed
    await draw();
    expect([counters.drawn, counters.culled, counters.drawCalls]).toEqual([98, 1, 1]);
    expect(counters.bytesUploaded).toBe(FRAME.size + 4);
    meshes[7]!.visible = true; // shown and back in the view: appended after the drawn ones
    meshes[40]!.setPosition(0, 0, -6);
    await draw();
    expect([counters.drawn, counters.culled, counters.drawCalls]).toEqual([100, 0, 1]);
    expect(counters.bytesUploaded).toBe(FRAME.size + slot + 2 * 4);
    // Leaving the scene: the same as a hide (the batch's last entry takes its place), not the chunk gathered again.
    root.remove(meshes[30]!);
    await draw();
    expect([counters.drawn, counters.culled, counters.drawCalls]).toEqual([99, 0, 1]);
    expect(counters.bytesUploaded).toBe(FRAME.size + 4);
    // Joining it: its slot and one entry appended to the batch (it has room kept for joins).
    const joiner = new Mesh('joiner', geometry, material).setPosition(0.1, 0.1, -6);
    root.add(joiner);
    await draw();
    expect([counters.drawn, counters.culled, counters.drawCalls]).toEqual([100, 0, 1]);
    expect(counters.bytesUploaded).toBe(FRAME.size + slot + 4);
    renderer.destroy();
  });
});

describe('automatic instancing under random edits', () => {
  it('24 frames of joins, leaves, hides, moves and material swaps: the same pixels as one draw per mesh, validated', async () => {
    for (const backend of TEST_BACKENDS) {
      const runs = await Promise.all(
        [false, true].map(async (instancing) => {
          const { root, camera, edit } = editedScene(7);
          const made = await nativeRenderer(backend, {
            root,
            camera,
            native: [168, 120],
            chain: false,
            instancing,
            validate: true, // each frame's repaired draw list and slots checked against a rebuild
          });
          return { ...made, edit };
        }),
      );
      for (let frame = 0; frame < 24; frame++) {
        const [plain, instanced] = [await runs[0]!.draw(), await runs[1]!.draw()];
        expect([backend, frame, differingPixels(instanced, plain)]).toEqual([backend, frame, []]);
        const [a, b] = runs.map((r) => r.renderer.world.counters);
        expect([a!.drawn, a!.culled]).toEqual([b!.drawn, b!.culled]);
        expect(b!.drawCalls).toBeLessThan(a!.drawCalls);
        for (const run of runs) run.edit();
      }
      for (const run of runs) {
        expect(run.watch.errors()).toEqual([]);
        run.renderer.destroy();
      }
    }
  });
});

describe('instanced meshes going in and out of the view', () => {
  it('hides, shows, joins, leaves, moves across the view’s edge and camera turns over 24 frames: one draw per mesh’s pixels, entries in proportion', async () => {
    for (const backend of TEST_BACKENDS) {
      const runs = await Promise.all(
        [false, true].map(async (instancing) => {
          const random = seededRandom(11);
          const root = new Node('root');
          const materials = [
            new Material('unlit', [1, 0.5, 0, 1]),
            new Material('unlit', [1, 1, 1, 1], { map: checker() }),
          ];
          const geometries = [boxGeometry(0.4, 0.4, 0.4), planeGeometry(0.5, 0.5)];
          const meshes: Mesh[] = [];
          for (let i = 0; i < 240; i++) {
            const mesh = new Mesh(`m${i}`, geometries[i % 2]!, materials[(i >> 1) % 2]!);
            mesh.setPosition(random() * 16 - 8, random() * 10 - 5, -5 - random() * 3);
            root.add(mesh);
            meshes.push(mesh);
          }
          const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 50 });
          root.add(camera);
          const made = await nativeRenderer(backend, {
            root,
            camera,
            native: [168, 120],
            chain: false,
            instancing,
          });
          /** Edits the scene at random (the same from the same seed); true when the camera turned. */
          const edit = (frame: number) => {
            for (let e = 0; e < 6; e++) {
              const mesh = meshes[Math.floor(random() * meshes.length)]!;
              const r = random();
              if (r < 0.3) mesh.visible = !mesh.visible;
              else if (r < 0.6) {
                if (mesh.parent) root.remove(mesh);
                else root.add(mesh);
              } else mesh.setPosition(random() * 16 - 8, mesh.position[1]!, mesh.position[2]!);
            }
            const turn = frame % 5 === 4;
            if (turn) camera.setRotationFromEuler(0, 0.05 * frame - 0.3, 0);
            return turn;
          };
          return { ...made, edit };
        }),
      );
      const slot = UniformArena.slotSizeOf(materialKind('unlit').object, 16);
      let turned = true;
      for (let frame = 0; frame < 24; frame++) {
        const [plain, instanced] = [await runs[0]!.draw(), await runs[1]!.draw()];
        expect([backend, frame, differingPixels(instanced, plain)]).toEqual([backend, frame, []]);
        const [a, b] = runs.map((r) => r.renderer.world.counters);
        expect([a!.drawn, a!.culled]).toEqual([b!.drawn, b!.culled]);
        // Four batches at most (two geometries × two image sets); one draw per mesh without instancing.
        expect(b!.drawCalls).toBeLessThanOrEqual(4);
        const tableBytes = b!.bytesUploaded - FRAME.size - b!.objectsPacked * slot;
        // Six edits move at most six meshes' entries (a join or leave too): a few short runs, not the chunk's 240.
        if (frame > 0 && !turned) expect([frame, tableBytes <= 6 * 16 * 4]).toEqual([frame, true]);
        for (const run of runs) turned = run.edit(frame);
      }
      for (const run of runs) {
        expect(run.watch.errors()).toEqual([]);
        run.renderer.destroy();
      }
    }
  });
});

/** A 2×2 checker of white and dark grey. */
function checker(): Texture {
  const [w, d] = [255, 40];
  return Texture.fromPixels(2, 2, new Uint8Array([w, w, w, 255, d, d, d, 255, d, d, d, 255, w, w, w, 255]));
}
