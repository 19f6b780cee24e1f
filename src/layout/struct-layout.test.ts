import { describe, expect, it } from 'vitest';
import { WgslReflect } from 'wgsl_reflect';
import { LayoutError, structLayout, structLayouts } from './struct-layout';
import { WgslParseError } from './parse-wgsl-structs';

const SCALARS = ['f32', 'i32', 'u32', 'f16'];
const VECTORS = [2, 3, 4].flatMap((n) => [
  `vec${n}<f32>`,
  `vec${n}f`,
  `vec${n}<i32>`,
  `vec${n}u`,
  `vec${n}h`,
]);
const MATRICES = [2, 3, 4].flatMap((c) => [2, 3, 4].flatMap((r) => [`mat${c}x${r}<f32>`, `mat${c}x${r}h`]));

/** Every type after a lone f32 and before another, so each alignment and each tail padding shows. */
const perType = [...SCALARS, ...VECTORS, ...MATRICES].map(
  (type, i) => `struct T${i} { before: f32, value: ${type}, after: f32, }`,
);

const handmade = [
  'struct Object { model: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32> }',
  'struct Vec3Pack { a: vec3<f32>, b: f32, c: vec3<f32>, d: vec2<f32> }',
  'struct WorstPad { a: f32, b: vec4<f32>, c: f32, d: mat4x4<f32>, e: f32 }',
  'struct Halfs { a: f16, b: vec3<f16>, c: f16, d: mat3x3<f16>, e: vec2h }',
  'struct Inner { a: f32, b: vec2<f32> }\nstruct Outer { x: f32, inner: Inner, y: f32, z: vec3f }',
  'struct Deep0 { a: vec3f }\nstruct Deep1 { d: Deep0, b: f32 }\nstruct Deep2 { x: u32, d: Deep1, y: u32 }',
  'struct Arrays { a: array<f32, 4>, b: array<vec3<f32>, 3>, c: array<mat3x3<f32>, 2>, d: f32 }',
  'struct Nested { grid: array<array<vec2<f32>, 3>, 2>, tail: u32 }',
  'struct Light { dir: vec3f, power: f32 }\nstruct Lights { count: u32, lights: array<Light, 4> }',
  'struct Aligned { a: f32, @align(32) b: f32, @align(64) c: vec2f }',
  'struct Sized { @size(20) a: f32, @size(32) b: vec3f, c: f32 }',
  'struct Both { @align(16) @size(24) a: vec2f, b: f32 }',
  'struct Runtime { count: u32, values: array<vec4f> }',
  'struct RuntimeScalars { scale: vec3f, values: array<f32> }',
  'struct Pal { @align(16) colors: array<vec4<f32>, 16> }',
  'struct Mixed { i: i32, u: u32, f: f32, h: f16, v: vec3<i32>, w: vec2<u32> }',
  'alias Color = vec4f;\nconst N = 3u;\nstruct WithAlias { c: Color, items: array<Color, N> }',
  'struct Comments { /* one /* nested */ comment */ a: f32, // trailing\n b: vec3f }',
  'struct Mat2s { a: mat2x2f, b: f32, c: mat4x2f, d: mat3x2<f32> }',
  'struct Atoms { counter: atomic<u32>, signed: atomic<i32> }',
];

const corpus = [...perType, ...handmade];

/** Our layouts against wgsl_reflect's (a full, independent WGSL parser and layout implementation). */
function compareWithOracle(code: string): void {
  const source = code.includes('f16') ? `enable f16;\n${code}` : code;
  const oracle = new WgslReflect(source).structs;
  const ours = structLayouts(code, 'storage');
  expect(ours.size).toBe(oracle.length);
  for (const theirs of oracle) {
    const mine = ours.get(theirs.name)!;
    expect({ struct: mine.name, size: mine.size, align: mine.align }).toEqual({
      struct: theirs.name,
      size: theirs.size,
      align: theirs.align,
    });
    expect(mine.fields.map((f) => [f.name, f.offset, f.size, f.stride ?? null])).toEqual(
      theirs.members.map((m) => [m.name, m.offset, m.size, (m.type as { stride?: number }).stride ?? null]),
    );
  }
}

describe('struct layouts by the WGSL rules', () => {
  it(`match wgsl_reflect on a corpus of ${corpus.length} structs`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(40);
    for (const code of corpus) compareWithOracle(code);
  });

  it('gives the classic sizes: mat3x3 is 48 bytes, vec3 aligns to 16, a uniform array strides 16', () => {
    const object = structLayout(handmade[0]!, 'Object', 'uniform');
    expect(object.fields.map((f) => [f.name, f.offset, f.size, f.align])).toEqual([
      ['model', 0, 64, 16],
      ['normal', 64, 48, 16],
      ['color', 112, 16, 16],
    ]);
    expect(object.size).toBe(128);
    const pack = structLayout(handmade[1]!, 'Vec3Pack', 'uniform');
    expect(pack.fields.map((f) => f.offset)).toEqual([0, 12, 16, 32]); // b packs into vec3 a's tail
    expect(structLayout(handmade[14]!, 'Pal', 'uniform').fields[0]).toMatchObject({ stride: 16, size: 256 });
  });

  it('rejects uniform arrays whose stride is not a multiple of 16, naming struct, field and rule', () => {
    const code = 'struct Weights {\n  count: u32,\n  w: array<f32, 4>,\n}';
    expect(() => structLayout(code, 'Weights', 'uniform')).toThrow(LayoutError);
    expect(() => structLayout(code, 'Weights', 'uniform')).toThrow(
      /struct Weights, field w \(line 3\): uniform arrays need an element stride that is a multiple of 16, but array<f32, 4> has stride 4/,
    );
    expect(structLayout(code, 'Weights', 'storage').fields[1]).toMatchObject({ offset: 4, stride: 4 });
    expect(structLayout(code, 'Weights', 'uniform', { relaxedUniforms: true }).fields[1]).toMatchObject({
      offset: 4,
    });
  });

  it('rejects runtime-sized arrays in uniforms, and anywhere but last in storage', () => {
    expect(() => structLayout(handmade[12]!, 'Runtime', 'uniform')).toThrow(
      /field values.*runtime-sized arrays are not allowed in uniform/,
    );
    expect(() => structLayout('struct Bad { v: array<f32>, n: u32 }', 'Bad', 'storage')).toThrow(
      /must be the last member/,
    );
    expect(structLayout(handmade[12]!, 'Runtime', 'storage')).toMatchObject({
      size: 16,
      fields: [{}, { offset: 16, stride: 16 }],
    });
  });

  it('checks the uniform struct-member constraints instead of padding silently', () => {
    // Inner (size 16, align 8) at offset 4 breaks "a struct member aligns to 16" in the uniform space.
    const code = 'struct Inner { a: f32, b: vec2<f32> }\nstruct Outer { x: f32, inner: Inner, y: f32 }';
    expect(() => structLayout(code, 'Outer', 'uniform')).toThrow(
      /struct Outer, field inner \(line 2\): in the uniform address space a struct member \(Inner\) must start at a multiple of 16 bytes, but it is at 8; add @align\(16\)/,
    );
    const fixed =
      'struct Inner { a: f32, b: vec2<f32> }\nstruct Outer { x: f32, @align(16) inner: Inner, @align(16) y: f32 }';
    expect(structLayout(fixed, 'Outer', 'uniform').fields.map((f) => f.offset)).toEqual([0, 16, 32]);
    // The member after a struct must start ≥ roundUp(16, SizeOf(S)) after it.
    const tight = 'struct S { a: vec2f }\nstruct T { s: S, after: f32 }';
    expect(() => structLayout(tight, 'T', 'uniform')).toThrow(
      /member after the struct member s must start ≥ 16 bytes after it/,
    );
  });

  it('rejects bad attributes, unknown types, bool and atomics in uniforms', () => {
    expect(() => structLayout('struct A { @align(3) a: f32 }', 'A', 'storage')).toThrow(
      /@align\(3\) must be a power of two/,
    );
    expect(() => structLayout('struct A { @size(2) a: f32 }', 'A', 'storage')).toThrow(
      /@size\(2\) is smaller than the type's size 4/,
    );
    expect(() => structLayout('struct A { a: vec5f }', 'A', 'storage')).toThrow(WgslParseError);
    expect(() => structLayout('struct A { a: vec5f }', 'A', 'storage')).toThrow(
      /struct A, field a \(line 1\): unknown type "vec5f"/,
    );
    expect(() => structLayout('struct A { a: bool }', 'A', 'storage')).toThrow(/bool is not host-shareable/);
    expect(() => structLayout(handmade[19]!, 'Atoms', 'uniform')).toThrow(
      /atomics are not allowed in uniform/,
    );
    expect(() => structLayout('struct A { a: f32 }', 'B', 'uniform')).toThrow(
      /no struct "B" in this WGSL; it declares: A/,
    );
  });
});
