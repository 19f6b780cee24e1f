// The tree the scene benchmarks build (bench:scene, bench:w3-floor), and the two subjects both of them run: Armature's
// nodes and the flat structure-of-arrays reference loop.
import { quat } from 'gl-matrix';
import { Node } from '../src/scene/node';
import { updateWorldMatrices } from '../src/scene/update-world-matrices';
import { seededRandom } from '../src/math/seeded-random';

export interface Shape {
  parents: Int32Array; // parent index of each node, -1 for the root; parents come before children
  trs: Float32Array; // 10 per node: position, rotation, scale
}

/** A root with 100 groups, each a fan of depth 4-5, every node with non-trivial T, R and non-uniform S. */
export function makeShape(total: number): Shape {
  const random = seededRandom(total);
  const parents: number[] = [-1];
  const perGroup = Math.floor((total - 1) / 100);
  const branching = Math.max(2, Math.ceil(perGroup ** 0.25));
  for (let g = 0; g < 100; g++) {
    const first = parents.length;
    parents.push(0);
    for (let i = 1; i < perGroup; i++) parents.push(first + Math.floor((i - 1) / branching));
  }
  while (parents.length < total) parents.push(0);
  const trs = new Float32Array(parents.length * 10);
  const q = quat.create();
  for (let i = 0; i < parents.length; i++) {
    quat.fromEuler(q, random() * 60, random() * 60, random() * 60);
    trs.set(
      [random() - 0.5, random() - 0.5, random() - 0.5, ...q, 0.9 + random() * 0.2, 0.8 + random() * 0.4, 1.1],
      i * 10,
    );
  }
  return { parents: Int32Array.from(parents), trs };
}

/**
 * One library under test: build the tree, set a rotation on the picked nodes, run the per-frame update, read a world
 * position. Each library loops over its own nodes, as an app would: a loop shared by all three would make the setter
 * call megamorphic and tax whoever the JIT happens to favour less.
 */
export interface Subject {
  name: string;
  rotate(picked: Int32Array, q: quat): void;
  update(): void;
  worldX(i: number): number;
}

export function armature(shape: Shape): Subject {
  const nodes = Array.from(shape.parents, (_, i) => {
    const t = shape.trs.subarray(i * 10, i * 10 + 10);
    return new Node(`n${i}`)
      .setPosition(t[0]!, t[1]!, t[2]!)
      .setRotation(t[3]!, t[4]!, t[5]!, t[6]!)
      .setScale(t[7]!, t[8]!, t[9]!);
  });
  shape.parents.forEach((p, i) => p >= 0 && nodes[p]!.add(nodes[i]!));
  const root = nodes[0]!;
  return {
    name: 'armature',
    rotate: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.setRotation(q[0], q[1], q[2], q[3]);
    },
    update: () => updateWorldMatrices(root),
    worldX: (i) => nodes[i]!.worldMatrix[12]!,
  };
}

/**
 * The reference line: the same tree as flat arrays (structure of arrays: T, R, S and world per node, parents first),
 * updated by one loop with the maths inlined and no change tracking, so it recomputes every node every frame.
 */
export function flat(shape: Shape): Subject {
  const n = shape.parents.length;
  const parents = shape.parents;
  const t = new Float32Array(n * 3);
  const r = new Float32Array(n * 4);
  const sc = new Float32Array(n * 3);
  const world = new Float32Array(n * 16);
  for (let i = 0; i < n; i++) {
    const v = shape.trs.subarray(i * 10, i * 10 + 10);
    t.set(v.subarray(0, 3), i * 3);
    r.set(v.subarray(3, 7), i * 4);
    sc.set(v.subarray(7, 10), i * 3);
  }
  return {
    name: 'flat',
    rotate: (picked, q) => {
      for (let k = 0; k < picked.length; k++) r.set(q, picked[k]! * 4);
    },
    update: () => {
      for (let i = 0; i < n; i++) {
        const x = r[i * 4]!,
          y = r[i * 4 + 1]!,
          z = r[i * 4 + 2]!,
          w = r[i * 4 + 3]!;
        const sx = sc[i * 3]!,
          sy = sc[i * 3 + 1]!,
          sz = sc[i * 3 + 2]!;
        const x2 = x + x,
          y2 = y + y,
          z2 = z + z;
        const xx = x * x2,
          xy = x * y2,
          xz = x * z2,
          yy = y * y2,
          yz = y * z2,
          zz = z * z2,
          wx = w * x2,
          wy = w * y2,
          wz = w * z2;
        // Local T·R·S, column-major (upper 3×4).
        const l0 = (1 - (yy + zz)) * sx,
          l1 = (xy + wz) * sx,
          l2 = (xz - wy) * sx;
        const l4 = (xy - wz) * sy,
          l5 = (1 - (xx + zz)) * sy,
          l6 = (yz + wx) * sy;
        const l8 = (xz + wy) * sz,
          l9 = (yz - wx) * sz,
          l10 = (1 - (xx + yy)) * sz;
        const l12 = t[i * 3]!,
          l13 = t[i * 3 + 1]!,
          l14 = t[i * 3 + 2]!;
        const o = i * 16;
        const p = parents[i]!;
        if (p < 0) {
          world.set([l0, l1, l2, 0, l4, l5, l6, 0, l8, l9, l10, 0, l12, l13, l14, 1], o);
          continue;
        }
        const q = p * 16;
        const a0 = world[q]!,
          a1 = world[q + 1]!,
          a2 = world[q + 2]!,
          a4 = world[q + 4]!,
          a5 = world[q + 5]!,
          a6 = world[q + 6]!,
          a8 = world[q + 8]!,
          a9 = world[q + 9]!,
          a10 = world[q + 10]!;
        world[o] = a0 * l0 + a4 * l1 + a8 * l2;
        world[o + 1] = a1 * l0 + a5 * l1 + a9 * l2;
        world[o + 2] = a2 * l0 + a6 * l1 + a10 * l2;
        world[o + 4] = a0 * l4 + a4 * l5 + a8 * l6;
        world[o + 5] = a1 * l4 + a5 * l5 + a9 * l6;
        world[o + 6] = a2 * l4 + a6 * l5 + a10 * l6;
        world[o + 8] = a0 * l8 + a4 * l9 + a8 * l10;
        world[o + 9] = a1 * l8 + a5 * l9 + a9 * l10;
        world[o + 10] = a2 * l8 + a6 * l9 + a10 * l10;
        world[o + 12] = a0 * l12 + a4 * l13 + a8 * l14 + world[q + 12]!;
        world[o + 13] = a1 * l12 + a5 * l13 + a9 * l14 + world[q + 13]!;
        world[o + 14] = a2 * l12 + a6 * l13 + a10 * l14 + world[q + 14]!;
        world[o + 15] = 1;
      }
    },
    worldX: (i) => world[i * 16 + 12]!,
  };
}
