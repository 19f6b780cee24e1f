import { describe, expect, it } from 'vitest';
import { glslStructReader } from './glsl-struct-reader';
import { structLayouts } from './struct-layout';

describe('glslStructReader', () => {
  it('reads each field from the words the WGSL layout puts it in: matrices by column, nested structs and arrays', () => {
    const structs = structLayouts(
      `struct Inner { a: f32, b: vec2<f32> }
       struct Thing { model: mat4x4<f32>, normal: mat3x3<f32>, k: f32, lights: vec4<u32>, n: i32, inner: Inner,
                      tints: array<vec4<f32>, 2> }`,
      'storage',
    );
    const code = glslStructReader(structs.get('Thing')!, structs, 'readThing', 'fetch');
    const lines = code.split('\n').map((l) => l.trim());
    expect(lines[0]).toBe('Thing readThing(int texel) {');
    // model: texels 0-3; normal: 4-6 (columns 16 bytes apart); k at byte 112; lights at 128; n at 144; inner (aligned
    // to 8 in storage) at 152; tints at 176.
    expect(lines).toContain(
      'o.normal = mat3x3(vec3(uintBitsToFloat(t4.x), uintBitsToFloat(t4.y), uintBitsToFloat(t4.z)), ' +
        'vec3(uintBitsToFloat(t5.x), uintBitsToFloat(t5.y), uintBitsToFloat(t5.z)), ' +
        'vec3(uintBitsToFloat(t6.x), uintBitsToFloat(t6.y), uintBitsToFloat(t6.z)));',
    );
    expect(lines).toContain('o.k = uintBitsToFloat(t7.x);');
    expect(lines).toContain('o.lights = uvec4(t8.x, t8.y, t8.z, t8.w);');
    expect(lines).toContain('o.n = int(t9.x);');
    expect(lines).toContain('o.inner.a = uintBitsToFloat(t9.z);');
    expect(lines).toContain('o.inner.b = vec2(uintBitsToFloat(t10.x), uintBitsToFloat(t10.y));');
    expect(lines).toContain(
      'o.tints[1] = vec4(uintBitsToFloat(t12.x), uintBitsToFloat(t12.y), uintBitsToFloat(t12.z), uintBitsToFloat(t12.w));',
    );
    // Every texel read once, in order.
    expect(lines.filter((l) => l.startsWith('uvec4 t')).map((l) => l.split(' ')[1])).toEqual(
      [...Array(13).keys()].map((t) => `t${t}`),
    );
  });

  it('refuses what GLSL ES 3.00 cannot hold: f16 fields, runtime-sized arrays', () => {
    const halves = structLayouts('enable f16;\nstruct H { h: f16 }', 'storage');
    expect(() => glslStructReader(halves.get('H')!, halves, 'r', 'f')).toThrow(/struct H has a f16 field/);
  });
});
