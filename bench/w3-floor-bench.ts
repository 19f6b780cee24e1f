// npm run bench:w3-floor — how close an object-per-node scene can come to the flat structure-of-arrays loop when every
// node gets a new rotation each frame (bench:scene's W3), measured on models of the ideal layout beside the real code.
//
// The models keep one object per node (the receiver of `setRotation`, as in Armature) and put everything the frame
// touches in pool slots laid out as Armature's (the engine's own offsets and composeWorld): T/R/S, the world matrix, and
// the dirty flags and versions in the slot's spare words, so their sweep reads and writes slots only, never a node
// object. They differ only in what the setter does:
//   slots, raw      stores the four numbers; the update recomputes every slot in memory order, as the flat loop does
//                   (no change tracking at all: the layout's own floor)
//   slots, flagged  stores, sets the node's dirty flag and marks its branch; the update is Armature's versioned sweep
//   slots, checked  the same plus Armature's checks (finite, unit length, exact normalisation, no-op writes)
// Each phase (the setter loop, the update) is timed on its own, round by round, interleaved with the real Armature and
// the flat loop. The models are not the engine: they show what the layout alone allows, so the gap from Armature to
// them is what a redesign could win, and the gap from them to the flat loop is what the API costs.
import { quat } from 'gl-matrix';
import { composeWorld, POSITION_AT, ROTATION_AT, SCALE_AT, WORLD_AT } from '../src/scene/transform-pool';
import { formatMs, median, printTable } from './bench-table';
import { armature, flat, makeShape, type Shape, type Subject } from './bench-tree';

const STRIDE = 32; // floats per slot, as transform-pool.ts
const FLAGS_AT = 26; // the slot's spare words, read as Int32
const VERSION_AT = 27;
const SEEN_AT = 28;
const LOCAL = 1;
const BRANCH = 4;

type Setter = 'raw' | 'flagged' | 'checked';

/** A model node: an object per node, as Armature's, with its numbers, flags and versions in a slot of one pool. */
class SlotNode {
  next: SlotNode | null = null; // the links an object-per-node tree carries (the bench does not walk them)
  first: SlotNode | null = null;
  constructor(
    readonly name: string,
    readonly parent: SlotNode | null,
    readonly mem: Float32Array,
    readonly ints: Int32Array,
    readonly at: number,
  ) {}

  setRaw(x: number, y: number, z: number, w: number): void {
    const m = this.mem;
    const at = this.at + ROTATION_AT;
    m[at] = x;
    m[at + 1] = y;
    m[at + 2] = z;
    m[at + 3] = w;
  }

  setFlagged(x: number, y: number, z: number, w: number): void {
    this.setRaw(x, y, z, w);
    this.mark();
  }

  setChecked(x: number, y: number, z: number, w: number): void {
    if (x - x + (y - y) + (z - z) + (w - w) !== 0) throw new Error(`${this.name}: non-finite rotation`);
    const length = Math.sqrt(x * x + y * y + z * z + w * w);
    if (Math.abs(length - 1) > 1e-3) throw new Error(`${this.name}: not a unit quaternion`);
    const m = this.mem;
    const at = this.at + ROTATION_AT;
    const qx = x / length,
      qy = y / length,
      qz = z / length,
      qw = w / length;
    if (
      m[at] === Math.fround(qx) &&
      m[at + 1] === Math.fround(qy) &&
      m[at + 2] === Math.fround(qz) &&
      m[at + 3] === Math.fround(qw)
    )
      return;
    m[at] = qx;
    m[at + 1] = qy;
    m[at + 2] = qz;
    m[at + 3] = qw;
    this.mark();
  }

  /** Dirty flag and branch mark in one read-modify-write; climbs only while ancestors lack the mark. */
  private mark(): void {
    const ints = this.ints;
    const flags = ints[this.at + FLAGS_AT]!;
    ints[this.at + FLAGS_AT] = flags | LOCAL | BRANCH;
    if ((flags & BRANCH) !== 0) return;
    for (let p = this.parent; p && (ints[p.at + FLAGS_AT]! & BRANCH) === 0; p = p.parent)
      ints[p.at + FLAGS_AT]! |= BRANCH;
  }
}

/** The models over `shape`: nodes in creation order (slots likewise), swept in depth-first order as Armature's. */
function slots(shape: Shape, setter: Setter): Subject {
  const n = shape.parents.length;
  const mem = new Float32Array(n * STRIDE);
  const ints = new Int32Array(mem.buffer);
  const nodes: SlotNode[] = [];
  const children: number[][] = Array.from({ length: n }, () => []);
  for (let i = 0; i < n; i++) {
    const at = i * STRIDE;
    const t = shape.trs.subarray(i * 10, i * 10 + 10);
    mem.set(t.subarray(0, 3), at + POSITION_AT);
    mem.set(t.subarray(3, 7), at + ROTATION_AT);
    mem.set(t.subarray(7, 10), at + SCALE_AT);
    ints[at + FLAGS_AT] = LOCAL | BRANCH;
    const p = shape.parents[i]!;
    nodes.push(new SlotNode(`n${i}`, p < 0 ? null : nodes[p]!, mem, ints, at));
    if (p >= 0) children[p]!.push(i);
  }
  // Depth-first order with each entry's parent position and subtree end, as Armature's flat order.
  const order: number[] = [];
  const stack = [0];
  while (stack.length > 0) {
    const i = stack.pop()!;
    order.push(i);
    for (let k = children[i]!.length - 1; k >= 0; k--) stack.push(children[i]![k]!);
  }
  const position = new Int32Array(n);
  order.forEach((i, k) => (position[i] = k));
  const slotAt = Int32Array.from(order, (i) => i * STRIDE);
  const parentAt = Int32Array.from(order, (i) => {
    const p = shape.parents[i]!;
    return p < 0 ? -1 : p * STRIDE;
  });
  const ends = new Int32Array(n);
  for (let k = n - 1; k >= 0; k--) {
    ends[k] = Math.max(ends[k]!, k + 1);
    const p = shape.parents[order[k]!]!;
    if (p >= 0) ends[position[p]!] = Math.max(ends[position[p]!]!, ends[k]!);
  }
  let stamp = 0;
  const IDENTITY = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  const recompute = (k: number): void => {
    const at = slotAt[k]!;
    const pat = parentAt[k]!;
    if (pat < 0) composeWorld(mem, at, IDENTITY, 0, mem, at + WORLD_AT);
    else {
      composeWorld(mem, at, mem, pat + WORLD_AT, mem, at + WORLD_AT);
      ints[at + SEEN_AT] = ints[pat + VERSION_AT]!;
    }
    ints[at + VERSION_AT] = stamp = (stamp + 1) & 0x3fffffff;
    ints[at + FLAGS_AT] = 0;
  };
  const stale = (k: number): boolean => {
    const at = slotAt[k]!;
    const pat = parentAt[k]!;
    return (
      (ints[at + FLAGS_AT]! & LOCAL) !== 0 || (pat >= 0 && ints[at + SEEN_AT] !== ints[pat + VERSION_AT])
    );
  };
  const sweep = (): void => {
    for (let k = 0; k < n;) {
      if (stale(k)) {
        const end = ends[k]!;
        for (let j = k; j < end; j++) recompute(j);
        k = end;
      } else if ((ints[slotAt[k]! + FLAGS_AT]! & BRANCH) === 0) k = ends[k]!;
      else {
        ints[slotAt[k]! + FLAGS_AT]! &= ~BRANCH;
        k++;
      }
    }
  };
  const memParent = Int32Array.from(shape.parents, (p) => (p < 0 ? -1 : p * STRIDE));
  // Slots are in creation order, where every parent comes first: the raw update streams through them like the flat loop.
  const everything = (): void => {
    for (let k = 0; k < n; k++) {
      const at = k * STRIDE;
      const pat = memParent[k]!;
      composeWorld(mem, at, pat < 0 ? IDENTITY : mem, pat < 0 ? 0 : pat + WORLD_AT, mem, at + WORLD_AT);
    }
  };
  sweep();
  // One loop per setter, so each call site stays monomorphic.
  const rotate: Record<Setter, Subject['rotate']> = {
    raw: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.setRaw(q[0], q[1], q[2], q[3]);
    },
    flagged: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.setFlagged(q[0], q[1], q[2], q[3]);
    },
    checked: (picked, q) => {
      for (let k = 0; k < picked.length; k++) nodes[picked[k]!]!.setChecked(q[0], q[1], q[2], q[3]);
    },
  };
  return {
    name: `slots, ${setter}`,
    rotate: rotate[setter],
    update: setter === 'raw' ? everything : sweep,
    worldX: (i) => mem[i * STRIDE + WORLD_AT + 12]!,
  };
}

const SPIN = [quat.fromEuler(quat.create(), 10, 20, 30), quat.fromEuler(quat.create(), 30, 20, 10)];
const sizes = (process.env['BENCH_SIZES'] ?? '10000,100000').split(',').map(Number);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 9);
const rows: string[][] = [];
for (const total of sizes) {
  const shape = makeShape(total);
  const subjects = [
    flat(shape),
    slots(shape, 'raw'),
    slots(shape, 'flagged'),
    slots(shape, 'checked'),
    armature(shape),
  ];
  for (const s of subjects) s.update();
  const xs = subjects.map((s) => s.worldX(total - 1));
  if (xs.some((x) => Math.abs(x - xs[0]!) > 1e-3))
    throw new Error(`subjects disagree on node ${total - 1}: ${xs.join(', ')}`);
  const picked = Int32Array.from({ length: total - 1 }, (_, i) => i + 1); // all but the root, as W3
  const frames = Math.max(5, Math.round(2e6 / total));
  const times = subjects.map(() => ({ set: [] as number[], update: [] as number[] }));
  for (let round = -1; round < ROUNDS; round++) {
    for (let k = 0; k < subjects.length; k++) {
      const index = (Math.max(round, 0) + k) % subjects.length; // who goes first rotates
      const s = subjects[index]!;
      let set = 0;
      let update = 0;
      for (let f = 0; f < frames; f++) {
        const start = performance.now();
        s.rotate(picked, SPIN[f & 1]!);
        const mid = performance.now();
        s.update();
        set += mid - start;
        update += performance.now() - mid;
      }
      if (round < 0) continue; // the first round warms the JIT up
      times[index]!.set.push(set / frames);
      times[index]!.update.push(update / frames);
    }
  }
  const frameOf = (k: number) => median(times[k]!.set) + median(times[k]!.update);
  subjects.forEach((s, k) =>
    rows.push([
      String(total),
      s.name,
      formatMs(median(times[k]!.set)),
      formatMs(median(times[k]!.update)),
      formatMs(frameOf(k)),
      `${(frameOf(k) / frameOf(0)).toPrecision(2)}×`,
    ]),
  );
}
console.log(`W3 (every node but the root rotated each frame), median ms over ${ROUNDS} interleaved rounds`);
printTable(['nodes', 'subject', 'setters', 'update', 'frame', 'vs flat'], rows);
