import { describe, expect, it } from 'vitest';
import { mat4 } from 'gl-matrix';
import type { UniformStorage } from '../../layout/uniform-arena';
import { seededRandom } from '../../math/seeded-random';
import { leastHeapDelta } from '../../math/least-heap-delta';
import { boxGeometry, quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { SceneError } from '../../scene/scene-error';
import { StepHistory } from '../../scene/step-history';
import { WorldPacker, type WorldMesh } from './world-packer';

/** A storage in memory: each buffer's bytes are what the arena would upload (its `restore()`). */
function memoryStorage() {
  const buffers: { restore: () => ArrayBuffer }[] = [];
  const storage: UniformStorage = {
    alignment: 256,
    maxBindingSize: 65536,
    create: (_label, _size, restore) => {
      const buffer = { restore, write: () => {}, destroy: () => {} };
      buffers.push(buffer);
      return buffer;
    },
  };
  return storage;
}

const box = boxGeometry();
const quad = quadGeometry();

function grid(name: string, count: number, material = new Material('unlit', [1, 0, 0, 1])) {
  const root = new Node(name);
  const meshes: WorldMesh[] = [];
  for (let i = 0; i < count; i++) {
    const mesh = new Mesh(`${name}${i}`, box, material).setPosition(
      i % 100,
      Math.floor(i / 100),
      0,
    ) as WorldMesh;
    root.add(mesh);
    meshes.push(mesh);
  }
  return { root, meshes, material };
}

/** A slot's bytes, as the arena keeps them. */
function slotBytes(packer: WorldPacker, mesh: WorldMesh): number[] {
  const draw = packer.draws.find((d) => d.mesh === mesh)!;
  const arena = draw.kind.arena;
  const bytes = (arena as unknown as { staging: { bytes: ArrayBuffer } }).staging.bytes;
  return Array.from(new Uint8Array(bytes, arena.offset(draw.slot), arena.layout.size));
}

describe('WorldPacker: a frame costs what changed', () => {
  it('k of 10 000 meshes moved → k log entries read, k packed, no walk', () => {
    const { root, meshes } = grid('scene', 10_000);
    const packer = new WorldPacker(root, memoryStorage());
    expect(packer.prepare().packed).toBe(10_000);
    const walked = packer.counters.walked;
    expect(walked).toBe(10_001); // the first frame walks the tree once
    const read = packer.counters.read;
    for (let i = 0; i < 100; i++) meshes[i * 97]!.setPosition(-1, -1, i);
    const frame = packer.prepare();
    expect(frame.packed).toBe(100);
    expect(packer.counters.read - read).toBe(100);
    expect(packer.counters.walked).toBe(walked);
    // Nothing changed: nothing read, packed or uploaded.
    expect(packer.prepare()).toEqual({ packed: 0, bytesUploaded: 0 });
    expect(packer.counters.read - read).toBe(100);
  });

  it('writes that change nothing pack and upload nothing', () => {
    const { root, meshes, material } = grid('scene', 100);
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    for (const mesh of meshes) {
      mesh.setPosition(mesh.position[0]!, mesh.position[1]!, mesh.position[2]!);
      mesh.setRotation(0, 0, 0, 1).setScale(1, 1, 1);
      mesh.material = material;
      mesh.geometry = box;
      mesh.visible = true;
    }
    material.setColor(1, 0, 0, 1);
    expect(packer.prepare()).toEqual({ packed: 0, bytesUploaded: 0 });
    material.setColor(0, 1, 0, 1); // one material edited: its 100 meshes re-pack
    expect(packer.prepare().packed).toBe(100);
  });

  it('a structural change in another tree costs this scene nothing: no walk, no entry read, nothing packed', () => {
    const { root } = grid('scene', 1000);
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    const before = { ...packer.counters, repairs: packer.repairVisits, draws: packer.drawsVersion };
    const other = grid('other', 1000);
    for (const mesh of other.meshes.slice(0, 500)) other.root.remove(mesh);
    const holder = new Node('holder');
    for (const mesh of other.meshes.slice(0, 500)) holder.add(mesh);
    other.root.add(holder);
    expect(packer.prepare()).toEqual({ packed: 0, bytesUploaded: 0 });
    expect({ ...packer.counters, repairs: packer.repairVisits, draws: packer.drawsVersion }).toEqual(before);
  });

  it('adding and removing a subtree visits that subtree only, and the draw list follows', () => {
    const { root } = grid('scene', 1000);
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    const repairs = packer.repairVisits;
    const extra = grid('extra', 10);
    root.add(extra.root);
    expect(packer.prepare().packed).toBe(10);
    expect(packer.draws).toHaveLength(1010);
    expect(packer.repairVisits - repairs).toBe(11);
    root.remove(extra.root);
    expect(packer.prepare().packed).toBe(0);
    expect(packer.draws).toHaveLength(1000);
    expect(packer.repairVisits - repairs).toBe(22);
    expect(packer.counters.walked).toBe(1001);
  });

  it('a reader that stops reading does not make the log grow without end: it walks the tree when it comes back', () => {
    const { root, meshes } = grid('scene', 100);
    const busy = new WorldPacker(root, memoryStorage());
    const idle = new WorldPacker(root, memoryStorage()); // same tree, same change record, a second reader
    busy.prepare();
    idle.prepare();
    expect(idle.counters.walked).toBe(101);
    // Every frame the busy reader reads the 100 moves; the idle one never does, so the log keeps them all until it
    // passes 2 × 101 + 4096 entries and is dropped.
    for (let frame = 0; frame < 50; frame++) {
      for (const mesh of meshes) mesh.setPosition(frame, 0, 0);
      busy.prepare();
    }
    expect(busy.counters.walked).toBe(101); // it kept up: no walk
    expect(idle.prepare().packed).toBe(100);
    expect(idle.counters.walked).toBe(202); // it fell behind the dropped log: one walk of the tree
    expect(idle.draws.map((d) => d.mesh)).toEqual(busy.draws.map((d) => d.mesh));
    for (const mesh of meshes) expect(slotBytes(idle, mesh)).toEqual(slotBytes(busy, mesh));
  });

  it('refuses to draw one renderer’s scene inside another’s, before changing anything', () => {
    const a = grid('a', 2);
    const b = grid('b', 2);
    new WorldPacker(a.root, memoryStorage()).prepare();
    new WorldPacker(b.root, memoryStorage()).prepare();
    expect(() => a.root.add(b.root)).toThrow(SceneError);
    expect(() => a.root.add(b.root)).toThrow(/"b" into "a": it is the root of a scene a renderer draws/);
    expect(b.root.parent).toBeNull();
    expect(() => new WorldPacker(a.meshes[0]!, memoryStorage())).toThrow(
      /already in a tree a renderer draws/,
    );
  });
});

describe('WorldPacker: repair equals rebuild (validation mode)', () => {
  it('over 1500 random edits across two trees, the repaired list and slots equal a fresh packer’s', () => {
    const random = seededRandom(2026);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const materials = [
      new Material('unlit', [1, 0, 0, 1]),
      new Material('unlit', [0, 1, 0, 1]),
      new Material('lambert', [0, 0, 1, 1]),
    ];
    const scene = new Node('scene');
    const elsewhere = new Node('elsewhere'); // another tree nodes move to and from
    const nodes: Node[] = [];
    for (let i = 0; i < 120; i++) {
      const node = i % 4 === 0 ? new Node(`g${i}`) : new Mesh(`m${i}`, i % 3 ? box : quad, pick(materials));
      node.setPosition(random() * 4 - 2, random() * 4 - 2, random() * 4 - 2);
      pick([scene, ...nodes]).add(node);
      nodes.push(node);
    }
    const packer = new WorldPacker(scene, memoryStorage(), { validate: true });
    packer.prepare();
    const kinds: Record<string, number> = {};
    const drawn: number[] = [];
    for (let step = 0; step < 1500; step++) {
      const node = pick(nodes);
      const r = random();
      const kind =
        r < 0.15
          ? 'move'
          : r < 0.25
            ? 'mirror'
            : r < 0.4
              ? 'add'
              : r < 0.5
                ? 'leave'
                : r < 0.6
                  ? 'attach'
                  : r < 0.7
                    ? 'material'
                    : r < 0.78
                      ? 'edit'
                      : r < 0.86
                        ? 'hide'
                        : r < 0.93
                          ? 'geometry'
                          : 'burst';
      try {
        if (kind === 'move') node.setPosition(random() * 4 - 2, random() * 4 - 2, random() * 4 - 2);
        else if (kind === 'mirror') node.setScale(random() < 0.5 ? -1 : 1, 1, 1);
        else if (kind === 'add') pick([scene, scene, scene, elsewhere, ...nodes]).add(node);
        else if (kind === 'leave') (random() < 0.5 ? elsewhere : node.parent)?.remove(node);
        else if (kind === 'attach') pick([scene, ...nodes]).attach(node);
        else if (kind === 'material' && node instanceof Mesh) node.material = pick(materials);
        else if (kind === 'edit') pick(materials).setColor(random(), random(), random(), 1);
        else if (kind === 'hide' && node instanceof Mesh) node.visible = !node.visible;
        else if (kind === 'geometry' && node instanceof Mesh)
          node.geometry = node.geometry === box ? quad : box;
        else if (kind === 'burst') {
          // Many at once (more than the splice limit): the list is sorted again instead.
          for (let i = 0; i < 80; i++) pick([scene, ...nodes]).add(pick(nodes));
        }
      } catch (error) {
        expect(error).toBeInstanceOf(SceneError); // cycles, shear
      }
      kinds[kind] = (kinds[kind] ?? 0) + 1;
      if (random() < 0.3) continue; // several edits in one frame
      packer.prepare(); // validation mode: throws when the repaired list differs from a rebuilt one
      drawn.push(packer.draws.length);
      if (step % 50 === 0) {
        const fresh = new WorldPacker(scene, memoryStorage());
        fresh.prepare();
        expect(packer.draws.map((d) => d.mesh)).toEqual(fresh.draws.map((d) => d.mesh));
        for (const draw of packer.draws)
          expect(slotBytes(packer, draw.mesh)).toEqual(slotBytes(fresh, draw.mesh));
        fresh.destroy();
      }
    }
    expect(Object.keys(kinds)).toHaveLength(10);
    expect(packer.counters.walked).toBe(121); // the first frame's walk only: every later change was repaired
    // The scene kept a fair share of the meshes throughout (the edits move them in and out).
    expect(drawn.reduce((a, b) => a + b) / drawn.length).toBeGreaterThan(25);
  });

  it('validation mode catches a draw that was not re-packed', () => {
    const { root, meshes } = grid('scene', 3);
    const packer = new WorldPacker(root, memoryStorage(), { validate: true });
    packer.prepare();
    meshes[1]!.watcher = null; // cut the mesh off its change record: its move goes unreported
    meshes[1]!.setPosition(5, 5, 5);
    expect(() => packer.prepare()).toThrow(/is in the tree but not recorded/);
  });
});

describe('WorldPacker: culling', () => {
  it('a view that did not change tests only the boxes that moved; a new view tests them all', () => {
    const { root, meshes } = grid('scene', 1000); // unit boxes at x 0…99, y 0…9, z 0
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    // An eye at z = 10 looking down −z that shows x −0.5…49.5 (minus a sliver) and y −0.5…9.5.
    const vp = mat4.multiply(
      mat4.create(),
      mat4.orthoZO(mat4.create(), -0.5, 49.4, -0.5, 9.5, 1, 20),
      mat4.fromTranslation(mat4.create(), [0, 0, -10]),
    );
    const inView = () => packer.draws.filter((d) => d.inView).length;
    const version = packer.cull(vp);
    expect(inView()).toBe(500); // x 0…49 of every row (the boxes at x = 49 reach 49.5 and straddle the edge)
    expect(packer.counters.boxesTested).toBe(1000);
    expect(packer.cull(vp)).toBe(version); // nothing moved: nothing tested, nothing changed
    expect(packer.counters.boxesTested).toBe(1000);
    meshes[0]!.setPosition(80, 0, 0); // out of the view
    meshes[99]!.setPosition(10, 0, 0); // into it
    meshes[150]!.setPosition(151, 1, 0); // outside before and after
    packer.prepare();
    expect(packer.cull(vp)).toBe(version + 2);
    expect(packer.counters.boxesTested).toBe(1003);
    expect(inView()).toBe(500);
    vp[12] = vp[12]! + 0.01; // the view moved a little: everything is tested again
    packer.cull(vp);
    expect(packer.counters.boxesTested).toBe(2003);
    // A frame that does not cull (culling off) drops the moved list: the next cull tests everything.
    meshes[1]!.setPosition(90, 0, 0);
    packer.prepare();
    packer.prepare();
    packer.cull(vp);
    expect(packer.counters.boxesTested).toBe(3003);
    expect(inView()).toBe(499);
  });
});

describe('WorldPacker: the draw list', () => {
  it('stays as it is when many meshes move (no re-sort, no new version), and is spliced for a few joining', () => {
    const { root, meshes } = grid('scene', 1000);
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    const version = packer.drawsVersion;
    for (const mesh of meshes) mesh.setPosition(1, 2, 3);
    expect(packer.prepare().packed).toBe(1000);
    expect(packer.drawsVersion).toBe(version);
    root.add(new Mesh('late', box, meshes[0]!.material));
    packer.prepare();
    expect(packer.drawsVersion).toBe(version + 1);
    expect(packer.draws.map((d) => d.index)).toEqual(packer.draws.map((_, i) => i));
  });
});

describe('WorldPacker: nothing allocated per frame', () => {
  it('frames of 10 000 meshes with 1 % and with all moving, packed and culled: heap delta ~0 and no collection', async () => {
    const { root, meshes } = grid('scene', 10_000);
    const packer = new WorldPacker(root, memoryStorage());
    const vp = mat4.orthoZO(mat4.create(), -0.5, 49.5, -0.5, 9.5, -20, 20);
    const frames = (step: number, count: number, t0: number) => {
      for (let f = 0; f < count; f++) {
        const z = (t0 + f) & 1;
        for (let i = 0; i < meshes.length; i += step) meshes[i]!.setPosition(i % 100, Math.floor(i / 100), z);
        packer.prepare();
        packer.cull(vp);
      }
    };
    for (const step of [100, 1]) {
      frames(step, 20, 0); // warm up: lists reach their size, V8 optimises
      const least = await leastHeapDelta(() => frames(step, 10, 0));
      expect(least, `every ${step}th mesh moving`).toBeLessThan(16 * 1024);
    }
  });
});

describe('WorldPacker: meshes drawn snapped to a pixel-stable camera grid', () => {
  /** The model matrix as packed (its first 16 floats). */
  const packedModel = (packer: WorldPacker, mesh: WorldMesh) =>
    Array.from(new Float32Array(Uint8Array.from(slotBytes(packer, mesh)).buffer, 0, 16));
  const GRID = { right: [1, 0, 0] as const, up: [0, 1, 0] as const, texelX: 0.25, texelY: 0.5 };

  it('puts the drawn position on whole texels and the turn on whole steps; the mesh itself is untouched', () => {
    const root = new Node('root');
    const mover = new Mesh('mover', box, new Material('unlit')).setPosition(1.1, 2.2, -3.3) as WorldMesh;
    mover.setRotationFromEuler(0, 0.3, 0); // 17° about up
    const plain = new Mesh('plain', box, new Material('unlit')).setPosition(1.1, 2.2, -3.3) as WorldMesh;
    root.add(mover).add(plain);
    const packer = new WorldPacker(root, memoryStorage(), { validate: true });
    packer.setGrid(GRID);
    mover.drawSnap = { position: true, angleStep: Math.PI / 4 };
    packer.prepare();
    const m = packedModel(packer, mover);
    expect([m[12], m[13], m[14]]).toEqual([1, 2, Math.fround(-3.3)]); // 1.1 → 4 texels of 0.25; 2.2 → 4 of 0.5
    // 0.3 rad rounds to 0 with steps of π/4: no turn left.
    expect(m[0]).toBeCloseTo(1, 6);
    expect(m[8]).toBeCloseTo(0, 6);
    // The node keeps its own transform; a mesh without snapping is drawn where it is.
    expect(mover.worldMatrix[12]).toBeCloseTo(1.1, 6);
    expect(packedModel(packer, plain)[12]).toBeCloseTo(1.1, 6);
  });

  it('re-packs the snapped meshes (only those) when the grid changes, nothing when it is the same', () => {
    const { root, meshes } = grid('scene', 50);
    meshes.forEach((mesh, i) => mesh.setPosition(i * 0.37, 0.1, 0));
    for (let i = 0; i < 10; i++) meshes[i]!.drawSnap = { position: true };
    const packer = new WorldPacker(root, memoryStorage(), { validate: true });
    packer.setGrid(GRID);
    expect(packer.prepare().packed).toBe(50);
    packer.setGrid({ ...GRID }); // the same grid again
    expect(packer.prepare().packed).toBe(0);
    packer.setGrid({ ...GRID, right: [0, 0, -1] }); // the camera turned
    expect(packer.prepare().packed).toBe(10);
    packer.setGrid(null); // snapping off: drawn where they are
    expect(packer.prepare().packed).toBe(10);
    expect(packedModel(packer, meshes[3]!)[12]).toBeCloseTo(3 * 0.37, 5);
    meshes[3]!.drawSnap = null; // a mesh that stops asking is re-packed once
    expect(packer.prepare().packed).toBe(1);
    expect(() => (meshes[4]!.drawSnap = { angleStep: 0 })).toThrow(/angle in radians in \(0, 2π\]/);
  });
});

describe('WorldPacker: meshes drawn between two fixed steps', () => {
  const packedModel = (packer: WorldPacker, mesh: WorldMesh) =>
    Array.from(new Float32Array(Uint8Array.from(slotBytes(packer, mesh)).buffer, 0, 16));

  it('draws a tracked mesh blended from before the step to now at the factor; the simulated node is untouched', () => {
    const { root, meshes } = grid('scene', 20);
    const ball = meshes[0]!.setPosition(0, 0, 0);
    const history = new StepHistory().track(ball);
    const packer = new WorldPacker(root, memoryStorage(), { validate: true });
    packer.prepare();
    // A fixed step: remember, then simulate (the ball moves 1 along x and turns a quarter about y).
    history.capture();
    ball.setPosition(1, 0, 0).setRotationFromEuler(0, Math.PI / 2, 0);
    packer.setBlend(history, 0.25);
    expect(packer.prepare().packed).toBe(1); // the ball alone
    const m = packedModel(packer, ball);
    expect(m[12]).toBeCloseTo(0.25, 6);
    // A quarter of the way round a quarter turn: 22.5° about y.
    expect(Math.atan2(m[8]!, m[10]!)).toBeCloseTo(Math.PI / 8, 5);
    expect(ball.worldMatrix[12]).toBe(1);
    // The next frame, further between the same two steps: the ball again, nothing else.
    packer.setBlend(history, 0.75);
    expect(packer.prepare().packed).toBe(1);
    expect(packedModel(packer, ball)[12]).toBeCloseTo(0.75, 6);
    // The same factor and no new step: nothing to pack.
    packer.setBlend(history, 0.75);
    expect(packer.prepare().packed).toBe(0);
    // Blending off: drawn where it is.
    packer.setBlend(null, 0);
    expect(packer.prepare().packed).toBe(1);
    expect(packedModel(packer, ball)[12]).toBe(1);
  });
});

describe('WorldPacker: blended draws', () => {
  it('come after the opaque ones; blendedOrder gives them farthest first for any view, without garbage', async () => {
    const { root } = grid('opaque', 50);
    const glass = new Material('unlit', [0, 0, 1, 0.5], { blend: true });
    const panes = [3, -4, 1, -2, 0].map((z) => {
      const mesh = new Mesh(`pane ${z}`, quad, glass).setPosition(0, 0, z) as WorldMesh;
      root.add(mesh);
      return mesh;
    });
    const packer = new WorldPacker(root, memoryStorage());
    packer.prepare();
    expect(packer.opaqueCount).toBe(50);
    expect(packer.draws.slice(50).every((d) => d.blended)).toBe(true);
    const order = (eyeZ: number) => {
      const view = mat4.lookAt(mat4.create(), [0, 0, eyeZ], [0, 0, 0], [0, 1, 0]);
      return packer.blendedOrder(view).map((d) => d.mesh.name);
    };
    expect(order(10)).toEqual(['pane -4', 'pane -2', 'pane 0', 'pane 1', 'pane 3']);
    expect(order(-10)).toEqual(['pane 3', 'pane 1', 'pane 0', 'pane -2', 'pane -4']);
    // A pane made opaque joins the opaque draws next frame.
    panes[0]!.material = new Material('unlit');
    packer.prepare();
    expect([packer.opaqueCount, order(10)]).toEqual([51, ['pane -4', 'pane -2', 'pane 0', 'pane 1']]);
    const views = [10, -10].map((z) => mat4.lookAt(mat4.create(), [0, 0, z], [0, 0, 0], [0, 1, 0]));
    const frames = () => {
      for (let i = 0; i < 1000; i++) packer.blendedOrder(views[i % 2]!);
    };
    frames();
    expect(await leastHeapDelta(frames)).toBeLessThan(4 * 1024);
  });
});
