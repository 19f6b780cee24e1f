import { describe, expect, it } from 'vitest';
import { structLayouts } from './struct-layout';
import { StructBuffer, StructWriter } from './struct-writer';

const WGSL = `
struct Light { direction: vec3<f32>, power: f32 }
struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  tint: vec3<f32>,
  id: u32,
  offset: vec2<i32>,
  lights: array<Light, 2>,
  weights: array<vec4<f32>, 2>,
}`;

function setup() {
  const layouts = structLayouts(WGSL, 'uniform');
  const writer = new StructWriter(layouts.get('Object')!, layouts);
  const target = new StructBuffer(new ArrayBuffer(1024));
  return { writer, target, layout: layouts.get('Object')! };
}

describe('StructWriter', () => {
  it('writes a mat3x3 as three columns padded to 16 bytes', () => {
    const { writer, target } = setup();
    writer.field('normal').write(target, 0, [1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect([...target.f32.subarray(16, 28)]).toEqual([1, 2, 3, 0, 4, 5, 6, 0, 7, 8, 9, 0]);
  });

  it('packs a u32 into a vec3’s tail, and writes integers as integers', () => {
    const { writer, target, layout } = setup();
    const tint = layout.fields.find((f) => f.name === 'tint')!;
    writer.field('tint').write(target, 0, [0.5, 0.25, 1]);
    writer.field('id').write(target, 0, 0xfffffffe);
    writer.field('offset').write(target, 0, [-3, 7]);
    expect([...target.f32.subarray(tint.offset / 4, tint.offset / 4 + 3)]).toEqual([0.5, 0.25, 1]);
    expect(target.u32[tint.offset / 4 + 3]).toBe(0xfffffffe);
    expect(() => writer.field('id').write(target, 0, 1.5)).toThrow(/takes integers; got 1.5/);
  });

  it('reaches nested struct members and array elements by path, at the struct’s offset', () => {
    const { writer, target, layout } = setup();
    const lights = layout.fields.find((f) => f.name === 'lights')!;
    writer.field('lights[1].power').write(target, 256, 42);
    expect(target.f32[(256 + lights.offset + lights.stride! + 12) / 4]).toBe(42);
    writer.field('weights').write(target, 0, [1, 2, 3, 4, 5, 6, 7, 8]);
    const weights = layout.fields.find((f) => f.name === 'weights')!;
    expect([...target.f32.subarray(weights.offset / 4, weights.offset / 4 + 8)]).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('fails at creation on a misspelt field, listing the real ones, and on a wrong count of numbers', () => {
    const { writer, target } = setup();
    expect(() => writer.field('modle')).toThrow(
      /Struct Object has no field "modle". Its fields: model, normal, color/,
    );
    expect(() => writer.field('lights[2].power')).toThrow(/no field "lights\[2\]\.power"/);
    expect(() => writer.field('lights[0]')).toThrow(/is a struct; write its members/);
    expect(() => writer.field('normal').write(target, 0, new Float32Array(16))).toThrow(
      'Field "normal" (mat3x3<f32>) takes 9 number(s), column-major; got 16.',
    );
    expect(() => writer.field('color').write(target, 0, 1)).toThrow(/takes 4 number\(s\); got 1/);
  });

  it('allocates nothing on the hot path', () => {
    const { writer, target } = setup();
    const model = writer.field('model');
    const normal = writer.field('normal');
    const matrix = new Float32Array(16).fill(1);
    const normalMatrix = new Float32Array(9).fill(2);
    const run = (n: number) => {
      for (let i = 0; i < n; i++) {
        model.write(target, (i & 3) * 256, matrix);
        normal.write(target, (i & 3) * 256, normalMatrix);
      }
    };
    run(10_000); // warm up: let the JIT compile before measuring
    const gc = (globalThis as { gc?: () => void }).gc!;
    const growth = () => {
      gc();
      const before = process.memoryUsage().heapUsed;
      run(200_000);
      return process.memoryUsage().heapUsed - before;
    };
    // 200 000 writes allocating even 16 bytes each would add 3.2 MB to every run; the runner's own work (another
    // test file's worker, a reporter flush) can land in one run, so the least of three is what the writes cost.
    const grown = Math.min(growth(), growth(), growth());
    expect(grown).toBeLessThan(256 * 1024);
  });
});
