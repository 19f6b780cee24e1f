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
  const subjects = [armature(shape), three(shape), playcanvas(shape)];
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
    ]);
  }
}
console.log(
  `scene update, median ms/frame over ${ROUNDS} interleaved rounds (± half the IQR); ratio = armature / peer`,
);
printTable(['nodes', 'workload', 'armature', 'three', 'playcanvas', 'vs three', 'vs playcanvas'], rows);
