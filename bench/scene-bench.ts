// npm run bench:scene — world-matrix update cost of Armature vs three.js (Object3D.updateMatrixWorld) and PlayCanvas
// (GraphNode.syncHierarchy) on the same trees, interleaved in one process. Prints median ms/frame and ratios.
import * as THREE from 'three';
import * as pc from 'playcanvas';
import { quat } from 'gl-matrix';
import { Node } from '../src/scene/node';
import { updateWorldMatrices } from '../src/scene/update-world-matrices';
import { seededRandom } from '../src/math/seeded-random';
import { formatMs, median, printTable, spread } from './bench-table';

interface Shape {
  parents: Int32Array; // parent index of each node, -1 for the root; parents come before children
  trs: Float32Array; // 10 per node: position, rotation, scale
}

/** A root with 100 groups, each a fan of depth 4-5, every node with non-trivial T, R and non-uniform S. */
function makeShape(total: number): Shape {
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
interface Subject {
  name: string;
  rotate(picked: Int32Array, q: quat): void;
  update(): void;
  worldX(i: number): number;
}

function armature(shape: Shape): Subject {
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

function three(shape: Shape): Subject {
  const nodes = Array.from(shape.parents, (_, i) => {
    const t = shape.trs.subarray(i * 10, i * 10 + 10);
    const o = new THREE.Object3D();
    o.position.set(t[0]!, t[1]!, t[2]!);
    o.quaternion.set(t[3]!, t[4]!, t[5]!, t[6]!);
    o.scale.set(t[7]!, t[8]!, t[9]!);
    return o;
  });
  shape.parents.forEach((p, i) => p >= 0 && nodes[p]!.add(nodes[i]!));
  const root = nodes[0]!;
  return {
    name: 'three',
    rotate: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.quaternion.set(q[0], q[1], q[2], q[3]);
    },
    update: () => root.updateMatrixWorld(),
    worldX: (i) => nodes[i]!.matrixWorld.elements[12]!,
  };
}

function playcanvas(shape: Shape): Subject {
  const nodes = Array.from(shape.parents, (_, i) => {
    const t = shape.trs.subarray(i * 10, i * 10 + 10);
    const n = new pc.GraphNode(`n${i}`);
    n.setLocalPosition(t[0]!, t[1]!, t[2]!);
    n.setLocalRotation(t[3]!, t[4]!, t[5]!, t[6]!);
    n.setLocalScale(t[7]!, t[8]!, t[9]!);
    return n;
  });
  shape.parents.forEach((p, i) => p >= 0 && nodes[p]!.addChild(nodes[i]!));
  const root = nodes[0]!;
  return {
    name: 'playcanvas',
    rotate: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.setLocalRotation(q[0], q[1], q[2], q[3]);
    },
    update: () => root.syncHierarchy(),
    worldX: (i) => nodes[i]!.getWorldTransform().data[12]!,
  };
}

/**
 * The reference line: the same tree as flat arrays (structure of arrays: T, R, S and world per node, parents first),
 * updated by one loop with the maths inlined and no change tracking, so it recomputes every node every frame.
 */
function flat(shape: Shape): Subject {
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

type Workload = 'W1 static' | 'W2 1% rotate' | 'W3 all rotate';
const WORKLOADS: Workload[] = ['W1 static', 'W2 1% rotate', 'W3 all rotate'];
const SPIN = [quat.fromEuler(quat.create(), 10, 20, 30), quat.fromEuler(quat.create(), 30, 20, 10)];

/** The nodes a workload rotates: none, every 100th (groups and fan interiors among them), or all but the root. */
function targets(workload: Workload, total: number): Int32Array {
  if (workload === 'W1 static') return new Int32Array(0);
  const step = workload === 'W2 1% rotate' ? 100 : 1;
  const picked: number[] = [];
  for (let i = 1; i < total; i += step) picked.push(i);
  return Int32Array.from(picked);
}

/** Runs `frames` frames of a workload and returns ms/frame. */
function run(subject: Subject, picked: Int32Array, frames: number, frameOffset: number): number {
  const start = performance.now();
  for (let f = 0; f < frames; f++) {
    subject.rotate(picked, SPIN[(f + frameOffset) & 1]!);
    subject.update();
  }
  return (performance.now() - start) / frames;
}

const sizes = (process.env['BENCH_SIZES'] ?? '1000,10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 7);
const rows: string[][] = [];
for (const total of sizes) {
  const shape = makeShape(total);
  const subjects = [armature(shape), three(shape), playcanvas(shape), flat(shape)];
  for (const s of subjects) s.update();
  // Same tree, same answer: check a deep node's world position agrees across libraries before timing anything.
  const probe = total - 1;
  const xs = subjects.map((s) => s.worldX(probe));
  if (xs.some((x) => Math.abs(x - xs[0]!) > 1e-3))
    throw new Error(`libraries disagree on node ${probe}: ${xs.join(', ')}`);

  for (const workload of WORKLOADS) {
    const picked = targets(workload, total);
    const frames = Math.max(5, Math.round(2e6 / total / (workload === 'W3 all rotate' ? 4 : 1)));
    const perRound = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
    for (const s of subjects) run(s, picked, Math.max(2, frames >> 2), 0); // warm up the JIT
    for (let round = 0; round < ROUNDS; round++) {
      // Interleave, rotating who goes first, so drift on a noisy machine hits everyone alike.
      for (let k = 0; k < subjects.length; k++) {
        const s = subjects[(round + k) % subjects.length]!;
        perRound.get(s.name)!.push(run(s, picked, frames, round));
      }
    }
    const ours = median(perRound.get('armature')!);
    const cell = (name: string) => {
      const values = perRound.get(name)!;
      return `${formatMs(median(values))} ±${Math.round(spread(values) * 100)}%`;
    };
    const ratio = (name: string) => {
      const theirs = median(perRound.get(name)!);
      return theirs === 0 ? 'n/a' : `${(ours / theirs).toPrecision(2)}×`;
    };
    rows.push([
      String(total),
      workload,
      cell('armature'),
      cell('three'),
      cell('playcanvas'),
      ratio('three'),
      ratio('playcanvas'),
      cell('flat'),
      ratio('flat'),
    ]);
  }
}
console.log(
  `scene update, median ms/frame over ${ROUNDS} interleaved rounds (± half the IQR); ratio = armature / peer`,
);
printTable(
  [
    'nodes',
    'workload',
    'armature',
    'three',
    'playcanvas',
    'vs three',
    'vs playcanvas',
    'flat SoA',
    'vs flat',
  ],
  rows,
);
structureTable();

/**
 * Structure at scale, one library at a time (these runs are long, so rounds are few): a 100 000-deep chain built one
 * node under the last (then updated and walked), 100 000 children of one node removed one by one in the order they
 * were added, and a frame of writes that change nothing (every node set to the position it has) plus the update.
 */
function structureTable(): void {
  const N = Number(process.env['BENCH_STRUCTURE'] ?? 100_000);
  const rounds = Math.max(1, Math.min(3, ROUNDS));
  const timed = (fn: () => void, runs = rounds): string => {
    const times: number[] = [];
    for (let r = 0; r < runs; r++) {
      try {
        const start = performance.now();
        fn();
        times.push(performance.now() - start);
      } catch (error) {
        if (error instanceof RangeError) return 'stack overflow';
        throw error;
      }
    }
    return formatMs(median(times));
  };
  type Peer = {
    make: () => unknown;
    add: (parent: unknown, child: unknown) => void;
    remove: (parent: unknown, child: unknown) => void;
    update: (root: unknown) => void;
    walk: (root: unknown) => number;
    same: (node: unknown) => void;
  };
  const peers: Record<string, Peer> = {
    armature: {
      make: () => new Node('n'),
      add: (p, c) => (p as Node).add(c as Node),
      remove: (p, c) => (p as Node).remove(c as Node),
      update: (root) => updateWorldMatrices(root as Node),
      walk: (root) => {
        let count = 0;
        (root as Node).traverse(() => count++);
        return count;
      },
      same: (n) => {
        const p = (n as Node).position;
        (n as Node).setPosition(p[0]!, p[1]!, p[2]!);
      },
    },
    three: {
      make: () => new THREE.Object3D(),
      add: (p, c) => (p as THREE.Object3D).add(c as THREE.Object3D),
      remove: (p, c) => (p as THREE.Object3D).remove(c as THREE.Object3D),
      update: (root) => (root as THREE.Object3D).updateMatrixWorld(),
      walk: (root) => {
        let count = 0;
        (root as THREE.Object3D).traverse(() => count++);
        return count;
      },
      same: (n) => {
        const p = (n as THREE.Object3D).position;
        p.set(p.x, p.y, p.z);
      },
    },
    playcanvas: {
      make: () => new pc.GraphNode('n'),
      add: (p, c) => (p as pc.GraphNode).addChild(c as pc.GraphNode),
      remove: (p, c) => (p as pc.GraphNode).removeChild(c as pc.GraphNode),
      update: (root) => (root as pc.GraphNode).syncHierarchy(),
      walk: (root) => {
        let count = 0;
        (root as pc.GraphNode).forEach(() => count++);
        return count;
      },
      same: (n) => {
        const p = (n as pc.GraphNode).getLocalPosition();
        (n as pc.GraphNode).setLocalPosition(p.x, p.y, p.z);
      },
    },
  };
  const table: string[][] = [];
  const LIMIT_MS = 20_000;
  for (const [name, peer] of Object.entries(peers)) {
    // Built once, with a time limit: a build that is worse than linear is stopped and reported as such.
    let chain: unknown = peer.make();
    let built = 1;
    const start = performance.now();
    for (let tail = chain; built < N; built++) {
      if (built % 1000 === 0 && performance.now() - start > LIMIT_MS) break;
      const node = peer.make();
      peer.add(tail, node);
      tail = node;
    }
    const complete = built === N;
    const build = complete
      ? formatMs(performance.now() - start)
      : `> ${LIMIT_MS / 1000} s (stopped at ${built})`;
    if (!complete) chain = null;
    // Once: the first update of the new chain computes every matrix; a second one has nothing to do.
    const update = complete ? timed(() => peer.update(chain), 1) : 'n/a';
    const walk = complete
      ? timed(() => {
          if (peer.walk(chain) !== N) throw new Error(`${name}: the walk missed nodes`);
        })
      : 'n/a';
    const wide = peer.make();
    const kids = Array.from({ length: N }, () => peer.make());
    const removal = timed(() => {
      for (const kid of kids) peer.add(wide, kid);
      for (const kid of kids) peer.remove(wide, kid);
    });
    for (const kid of kids) peer.add(wide, kid);
    peer.update(wide);
    const noOp = timed(() => {
      for (const kid of kids) peer.same(kid);
      peer.update(wide);
    });
    table.push([name, build, update, walk, removal, noOp]);
  }
  console.log(`\nstructure at ${N} nodes, median ms over ${rounds} runs`);
  printTable(
    [
      'library',
      `build a ${N}-deep chain`,
      'update it',
      'walk it',
      `add then remove ${N} children`,
      `no-op writes to ${N} + update`,
    ],
    table,
  );
}
