// npm run bench:uniforms — packing per-object uniforms (model mat4x4 + normal mat3x3 + colour vec4) into the arena's
// staging memory, all objects changed and 1 % changed, against a plain Float32Array.set copy of the same payload.
import { structLayout } from '../src/layout/struct-layout';
import { StructWriter } from '../src/layout/struct-writer';
import { UniformArena, type UniformStorage } from '../src/layout/uniform-arena';
import { formatMs, median, printTable, spread } from './bench-table';

const WGSL = 'struct Object { model: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32> }';
const PAYLOAD_FLOATS = 16 + 9 + 4; // what the caller hands over per object; padding is not payload

/** Storage that drops the bytes: this measures packing and range bookkeeping, not the GPU driver. */
const device: UniformStorage = {
  alignment: 256,
  maxBindingSize: 65536,
  create: () => ({ write() {}, destroy() {} }),
};

/** Every object's payload, field by field, in contiguous arrays (the numbers are arbitrary but not all equal). */
function payload(n: number) {
  return {
    models: new Float32Array(n * 16).map((_, i) => i % 7),
    normals: new Float32Array(n * 9).map((_, i) => i % 5),
    colors: new Float32Array(n * 4).map((_, i) => (i % 3) / 3),
  };
}

function arenaCase(n: number, share: number) {
  const layout = structLayout(WGSL, 'Object', 'uniform');
  const arena = new UniformArena(device, layout, { capacity: n });
  const writer = new StructWriter(layout);
  const model = writer.field('model');
  const normal = writer.field('normal');
  const color = writer.field('color');
  const slots = Int32Array.from({ length: n }, () => arena.allocate());
  const { models, normals, colors } = payload(n);
  // Per-object views made once, as a scene would hold them (a node's world matrix, a material's colour).
  const m = Array.from({ length: n }, (_, i) => models.subarray(i * 16, i * 16 + 16));
  const nm = Array.from({ length: n }, (_, i) => normals.subarray(i * 9, i * 9 + 9));
  const c = Array.from({ length: n }, (_, i) => colors.subarray(i * 4, i * 4 + 4));
  const step = Math.round(1 / share);
  return () => {
    for (let i = 0; i < n; i += step) {
      const slot = slots[i]!;
      arena.write(slot, model, m[i]!);
      arena.write(slot, normal, nm[i]!);
      arena.write(slot, color, c[i]!);
    }
    arena.upload();
  };
}

/** The whole payload as one contiguous Float32Array.set: a memcpy, the upper bound of any packer. */
function copyCase(n: number) {
  const source = new Float32Array(n * PAYLOAD_FLOATS).map((_, i) => i % 11);
  const target = new Float32Array(n * PAYLOAD_FLOATS);
  return () => target.set(source);
}

/** The same bytes copied per object with one Float32Array.set per field into 256-byte slots: a hand-written packer. */
function perObjectCopyCase(n: number) {
  const target = new Float32Array(n * 64);
  const m = Array.from({ length: n }, () => new Float32Array(16).fill(1));
  const nm = Array.from({ length: n }, () => new Float32Array(12).fill(2)); // pre-padded, so it is one set too
  const c = Array.from({ length: n }, () => new Float32Array(4).fill(3));
  return () => {
    for (let i = 0; i < n; i++) {
      target.set(m[i]!, i * 64);
      target.set(nm[i]!, i * 64 + 16);
      target.set(c[i]!, i * 64 + 28);
    }
  };
}

/**
 * The same bytes into 256-byte slots by a loop written for this one struct, from contiguous per-field arrays: no call,
 * no check, every offset a constant. No packer that places objects in slots can do better in JavaScript.
 */
function unrolledCase(n: number) {
  const target = new Float32Array(n * 64);
  const { models, normals, colors } = payload(n);
  return () => {
    for (let i = 0; i < n; i++) {
      const o = i * 64;
      const m = i * 16;
      for (let k = 0; k < 16; k++) target[o + k] = models[m + k]!;
      const q = i * 9;
      target[o + 16] = normals[q]!;
      target[o + 17] = normals[q + 1]!;
      target[o + 18] = normals[q + 2]!;
      target[o + 20] = normals[q + 3]!;
      target[o + 21] = normals[q + 4]!;
      target[o + 22] = normals[q + 5]!;
      target[o + 24] = normals[q + 6]!;
      target[o + 25] = normals[q + 7]!;
      target[o + 26] = normals[q + 8]!;
      const c = i * 4;
      for (let k = 0; k < 4; k++) target[o + 28 + k] = colors[c + k]!;
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
    all: arenaCase(n, 1),
    onePercent: arenaCase(n, 0.01),
    copy: copyCase(n),
    perObject: perObjectCopyCase(n),
    unrolled: unrolledCase(n),
  };
  const reps = Math.max(3, Math.round(2e6 / n));
  const results = {
    all: [] as number[],
    onePercent: [] as number[],
    copy: [] as number[],
    perObject: [] as number[],
    unrolled: [] as number[],
  };
  for (const fn of Object.values(cases)) time(fn, reps); // warm up
  for (let round = 0; round < ROUNDS; round++) {
    for (const key of Object.keys(cases) as (keyof typeof cases)[]) results[key].push(time(cases[key], reps));
  }
  const gbps = (ms: number, objects: number) =>
    ((objects * PAYLOAD_FLOATS * 4) / (ms / 1000) / 1e9).toFixed(2);
  const copyMs = median(results.copy);
  const allMs = median(results.all);
  const oneMs = median(results.onePercent);
  const perObjectMs = median(results.perObject);
  const unrolledMs = median(results.unrolled);
  rows.push([
    String(n),
    `${formatMs(allMs)} ±${Math.round(spread(results.all) * 100)}%`,
    gbps(allMs, n),
    `${formatMs(copyMs)} ±${Math.round(spread(results.copy) * 100)}%`,
    gbps(copyMs, n),
    `${(copyMs / allMs).toFixed(2)}×`,
    `${formatMs(perObjectMs)} ±${Math.round(spread(results.perObject) * 100)}%`,
    `${(perObjectMs / allMs).toFixed(2)}×`,
    `${formatMs(unrolledMs)} ±${Math.round(spread(results.unrolled) * 100)}%`,
    `${(unrolledMs / allMs).toFixed(2)}×`,
    `${formatMs(oneMs)} ±${Math.round(spread(results.onePercent) * 100)}%`,
    `${((oneMs / allMs) * 100).toFixed(1)}%`,
  ]);
}
console.log(
  `uniform packing, median ms per frame over ${ROUNDS} rounds (± half the IQR); payload = ${PAYLOAD_FLOATS * 4} B/object`,
);
printTable(
  [
    'objects',
    'all changed',
    'GB/s',
    'one set (memcpy)',
    'GB/s',
    'rate vs memcpy',
    'set per field',
    'rate vs per-field set',
    'unrolled loop',
    'rate vs unrolled',
    '1% changed',
    '1% cost / all',
  ],
  rows,
);
