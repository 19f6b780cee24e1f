// npm run bench:scene — world-matrix update cost of Armature vs three.js (Object3D.updateMatrixWorld) and PlayCanvas
// (GraphNode.syncHierarchy) on the same trees, interleaved in one process. Prints median ms/frame and ratios.
import * as THREE from 'three';
import * as pc from 'playcanvas';
import { quat } from 'gl-matrix';
import { Node } from '../src/scene/node';
import { updateWorldMatrices } from '../src/scene/update-world-matrices';
import { formatMs, median, printTable, spread } from './bench-table';
import { armature, flat, makeShape, type Shape, type Subject } from './bench-tree';

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
