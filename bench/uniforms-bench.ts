// npm run bench:uniforms — packing the world pass's per-object struct (model mat4x4 + normal mat3x3 + colour vec4,
// 128 bytes in a 256-byte slot) for every object and for 1 % of them, against plain copies of 128 bytes per object.
import { mat3 } from 'gl-matrix';
import { StructWriter } from '../src/layout/struct-writer';
import { UniformArena, type UniformStorage } from '../src/layout/uniform-arena';
import { materialKind } from '../src/render/materials/material-kind';
import { transformPacker } from '../src/render/world/transform-packer';
import { Node } from '../src/scene/node';
import { updateWorldMatrices } from '../src/scene/update-world-matrices';
import { formatMs, median, printTable, spread } from './bench-table';

const STRUCT_BYTES = 128; // model 64 + normal 48 (three padded columns) + colour 16
const SLOT_FLOATS = 64; // 256 bytes

/** Storage that drops the bytes: this measures packing and range bookkeeping, not the GPU driver. */
const device: UniformStorage = {
  alignment: 256,
  maxBindingSize: 65536,
  create: () => ({ write() {}, destroy() {} }),
};

/** n nodes with distinct world matrices (rotated, scaled, moved), as the scene keeps them: views into its pool. */
function worlds(n: number): Float32Array[] {
  const root = new Node('root');
  const nodes = Array.from({ length: n }, (_, i) =>
    new Node(`n${i}`)
      .setPosition(i % 100, (i / 100) % 100, i / 1e4)
      .setRotationFromEuler(i * 0.01, i * 0.02, 0)
      .setScale(1 + (i % 3), 1, 2),
  );
  for (const node of nodes) root.add(node);
  updateWorldMatrices(root);
  return nodes.map((node) => node.worldMatrix as Float32Array);
}

/** The world pass's lambert kind: its reflected `Object` layout in an arena, and its field writers. */
function lambertArena(n: number) {
  const kind = materialKind('lambert');
  const arena = new UniformArena(device, kind.object, { capacity: n });
  const writer = new StructWriter(kind.object, kind.structs);
  const fields = {
    model: writer.field('model'),
    normal: writer.field('normal'),
    color: writer.field('color'),
  };
  const slots = Int32Array.from({ length: n }, () => arena.allocate());
  return { arena, fields, slots, transform: transformPacker(fields.model, fields.normal)! };
}

/**
 * What the world packer does for each moved mesh: model and normal (computed while writing) through the packer
 * specialised for the layout, straight into the slot; the colour stays (it changes with the material only).
 */
function worldPassCase(n: number, share: number) {
  const { arena, slots, transform } = lambertArena(n);
  const m = worlds(n);
  const step = Math.round(1 / share);
  return () => {
    for (let i = 0; i < n; i += step) transform(arena.floats(), arena.openSlot(slots[i]!), m[i]!);
    arena.upload();
  };
}

/** The generic path (before the specialised packer): gl-matrix's normalFromMat4, then a field writer per field. */
function genericCase(n: number) {
  const { arena, fields, slots } = lambertArena(n);
  const m = worlds(n);
  const normal = mat3.create();
  const color = new Float32Array([1, 0.5, 0.25, 1]);
  return () => {
    for (let i = 0; i < n; i++) {
      const slot = slots[i]!;
      arena.write(slot, fields.model, m[i]!);
      mat3.normalFromMat4(normal, m[i]!);
      arena.write(slot, fields.normal, normal);
      arena.write(slot, fields.color, color);
    }
    arena.upload();
  };
}

/**
 * The baseline: each object's 128 bytes, ready made (views into one contiguous array, the kindest layout for it),
 * copied with one Float32Array.set into its 256-byte slot.
 */
function perObjectCopyCase(n: number) {
  const target = new Float32Array(n * SLOT_FLOATS);
  const all = new Float32Array((n * STRUCT_BYTES) / 4).map((_, i) => i % 7);
  const floats = STRUCT_BYTES / 4;
  const sources = Array.from({ length: n }, (_, i) => all.subarray(i * floats, (i + 1) * floats));
  return () => {
    for (let i = 0; i < n; i++) target.set(sources[i]!, i * SLOT_FLOATS);
  };
}

/** All objects' bytes as one contiguous Float32Array.set: a memcpy, the ceiling of any copy. */
function memcpyCase(n: number) {
  const source = new Float32Array((n * STRUCT_BYTES) / 4).map((_, i) => i % 11);
  const target = new Float32Array(source.length);
  return () => target.set(source);
}

/** The same bytes into slots by a loop with every offset a constant, from one contiguous source: no call, no check. */
function unrolledCase(n: number) {
  const target = new Float32Array(n * SLOT_FLOATS);
  const source = new Float32Array((n * STRUCT_BYTES) / 4).map((_, i) => i % 13);
  return () => {
    for (let i = 0; i < n; i++) {
      const o = i * SLOT_FLOATS;
      const s = i * 32;
      for (let k = 0; k < 32; k++) target[o + k] = source[s + k]!;
    }
  };
}

function time(fn: () => void, reps: number): number {
  const start = performance.now();
  for (let r = 0; r < reps; r++) fn();
  return (performance.now() - start) / reps;
}

const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 9);
const rows: string[][] = [];
for (const n of [10_000, 100_000]) {
  const cases = {
    ours: worldPassCase(n, 1),
    onePercent: worldPassCase(n, 0.01),
    generic: genericCase(n),
    perObject: perObjectCopyCase(n),
    memcpy: memcpyCase(n),
    unrolled: unrolledCase(n),
  };
  type Key = keyof typeof cases;
  const keys = Object.keys(cases) as Key[];
  const reps = Math.max(3, Math.round(2e6 / n));
  const results = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<Key, number[]>;
  for (const fn of Object.values(cases)) time(fn, reps); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    // Who goes first rotates, so no case always runs on a cache the previous one warmed.
    for (let j = 0; j < keys.length; j++) {
      const key = keys[(j + round) % keys.length]!;
      results[key].push(time(cases[key], reps));
    }
  }
  const ms = (key: Key) => median(results[key]);
  const cell = (key: Key) => `${formatMs(ms(key))} ±${Math.round(spread(results[key]) * 100)}%`;
  const gbps = (key: Key) => ((n * STRUCT_BYTES) / (ms(key) / 1000) / 1e9).toFixed(2);
  rows.push([
    String(n),
    cell('ours'),
    gbps('ours'),
    cell('perObject'),
    gbps('perObject'),
    `${(ms('perObject') / ms('ours')).toFixed(2)}×`,
    cell('generic'),
    gbps('generic'),
    `${gbps('memcpy')} / ${gbps('unrolled')}`,
    cell('onePercent'),
    `${((ms('onePercent') / ms('ours')) * 100).toFixed(1)}%`,
  ]);
}
console.log(
  `world-pass object packing, median ms per frame over ${ROUNDS} rounds (± half the IQR); GB/s of ${STRUCT_BYTES}-byte structs`,
);
printTable(
  [
    'objects',
    'ours (all moved)',
    'GB/s',
    'per-object copy',
    'GB/s',
    'ours vs copy (rate)',
    'generic writers',
    'GB/s',
    'memcpy / unrolled GB/s',
    'ours, 1% moved',
    '1% cost / all',
  ],
  rows,
);
