import { describe, expect, it } from 'vitest';
import { assertStd140Compatible } from './std140';
import { structLayout, structLayouts } from './struct-layout';

describe('WGSL uniform layout vs GLSL std140', () => {
  it('agrees for mat4, mat3 as three vec4 columns, vec3 + scalar packing and arrays (offsets from the GLSL spec)', () => {
    const code = `
      struct Light { dir: vec3f, power: f32 }
      struct Object { model: mat4x4f, normal: mat3x3f, tint: vec3f, id: u32, uv: vec2f, weights: array<vec4f, 2>,
                      @align(16) light: Light, lights: array<Light, 2>, last: f32 }`;
    const layouts = structLayouts(code, 'uniform');
    const object = layouts.get('Object')!;
    // std140 by hand: mat4 0..64, mat3 = 3 × vec4 64..112, vec3 112 + uint in its tail 124, vec2 128,
    // vec4[2] at 144 (16-aligned), Light at 176 (16), Light[2] at 192 (stride 16), float at 224.
    expect(object.fields.map((f) => [f.name, f.offset])).toEqual([
      ['model', 0],
      ['normal', 64],
      ['tint', 112],
      ['id', 124],
      ['uv', 128],
      ['weights', 144],
      ['light', 176],
      ['lights', 192],
      ['last', 224],
    ]);
    expect(() => assertStd140Compatible(object, layouts)).not.toThrow();
  });

  it('rejects the types where they differ: matCx2 and f16', () => {
    const mat2 = structLayout('struct A { m: mat2x2f, n: mat3x2<f32> }', 'A', 'uniform');
    expect(() => assertStd140Compatible(mat2)).toThrow(
      /field m \(mat2x2<f32>\): mat2x2<f32> columns are 8 bytes apart in WGSL but 16 in std140/,
    );
    const half = structLayout('struct H { h: vec4h }', 'H', 'uniform');
    expect(() => assertStd140Compatible(half)).toThrow(/f16 has no GLSL std140 counterpart/);
  });

  it('rejects a layout made with relaxed uniform rules, naming the field that moved', () => {
    const relaxed = structLayout('struct W { n: u32, w: array<f32, 4> }', 'W', 'uniform', {
      relaxedUniforms: true,
    });
    expect(() => assertStd140Compatible(relaxed)).toThrow(
      /field w \(array<f32, 4>\): WGSL puts it at byte 4, std140 at 16/,
    );
    const first = structLayout('struct V { w: array<f32, 4> }', 'V', 'uniform', { relaxedUniforms: true });
    expect(() => assertStd140Compatible(first)).toThrow(/strides its elements 4 bytes apart, std140 16/);
  });
});
