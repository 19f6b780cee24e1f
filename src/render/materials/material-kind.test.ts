import { describe, expect, it } from 'vitest';
import { materialKind, registerMaterialKind } from './material-kind';

const OBJECT = `
struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  stripe: vec4<f32>,
}
@group(1) @binding(0) var<uniform> object: Object;`;
const FS = `
@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> { return object.stripe; }`;
const GLSL = `layout(std140) uniform Object { mat4 model; mat3 normal; vec4 color; vec4 stripe; } object;
#ifdef FRAGMENT
vec4 shade() { return object.stripe; }
#endif`;

describe('material kinds', () => {
  it('ships unlit, lambert and panel, each its own shader pair after the shared world part', () => {
    for (const name of ['unlit', 'lambert', 'panel']) {
      const kind = materialKind(name);
      expect(kind.shader.wgsl).toContain('fn vs(');
      expect(kind.shader.wgsl).toContain('fn fs(');
      expect(kind.shader.glsl).toContain('vec4 shade()');
      expect(kind.shader.glsl).not.toContain('// @material');
    }
    expect(materialKind('unlit').object.fields.map((f) => f.name)).toEqual([
      'model',
      'normal',
      'color',
      'alphaTest',
      'emissive',
      'outline',
    ]);
    // lambert's pixel-art options are its own fields, off unless a material sets them.
    expect(materialKind('lambert').object.fields.map((f) => f.name)).toEqual([
      'model',
      'normal',
      'color',
      'alphaTest',
      'bands',
      'texelLight',
      'fade',
      'emissive',
      'outline',
      'lights',
    ]);
    expect(Object.fromEntries([...materialKind('lambert').defaults].map(([k, v]) => [k, [...v]]))).toEqual({
      bands: [0],
      texelLight: [0],
      fade: [0],
      emissive: [0, 0, 0],
      outline: [0, 0, 0, 1],
    });
    for (const name of ['unlit', 'lambert']) {
      const kind = materialKind(name);
      const both = ['map', 'emissiveMap'];
      expect([kind.textures, kind.optional]).toEqual([both, both]); // a white texel without one
    }
    expect(materialKind('panel').object.fields.map((f) => f.name)).toEqual(['model', 'normal', 'color']);
    expect([materialKind('panel').textures, materialKind('panel').optional]).toEqual([['panel'], []]);
    expect(() => materialKind('glass')).toThrow(/No material kind "glass".*unlit, lambert, panel, sprite/);
  });

  it('ships sprite with its own vertex stage in both languages (the default one left out)', () => {
    const kind = materialKind('sprite');
    expect(kind.shader.wgsl.match(/^@vertex/gm)).toHaveLength(1);
    expect(kind.shader.wgsl).toContain('frame.cameraRight');
    expect(kind.shader.glsl).toContain('#define ARMATURE_OWN_VERTEX');
    expect(kind.shader.glsl).toContain('#if defined(VERTEX) && !defined(ARMATURE_OWN_VERTEX)');
    expect(kind.object.fields.map((f) => f.name)).toEqual([
      'model',
      'normal',
      'color',
      'alphaTest',
      'billboard',
      'rect',
      'uvRect',
    ]);
    expect([kind.textures, kind.optional]).toEqual([['map'], []]);
    // A kind of the shared vertex stage has two: plain (vs) and deformed (vsDeformed, skins and morph targets).
    expect(materialKind('unlit').shader.wgsl.match(/^@vertex\nfn \w+/gm)).toEqual([
      '@vertex\nfn vs',
      '@vertex\nfn vsDeformed',
    ]);
    expect([materialKind('unlit').deformable, kind.deformable]).toEqual([true, false]);
  });

  it('registers a kind with its own per-object fields; its GLSL goes where world.glsl marks it', () => {
    const kind = registerMaterialKind({ name: 'test-stripe', wgsl: OBJECT + FS, glsl: GLSL });
    expect(kind.object.fields.map((f) => [f.name, f.offset])).toEqual([
      ['model', 0],
      ['normal', 64],
      ['color', 112],
      ['stripe', 128],
    ]);
    const glsl = kind.shader.glsl;
    expect(glsl.indexOf('uniform Frame')).toBeLessThan(glsl.indexOf('uniform Object'));
    expect(glsl.indexOf('vec4 shade()')).toBeLessThan(glsl.indexOf('outColor = shade()'));
    expect(materialKind('test-stripe')).toBe(kind);
  });

  it('refuses a kind that breaks a rule, saying which, and registers nothing', () => {
    const fail = (spec: Partial<Parameters<typeof registerMaterialKind>[0]>, message: RegExp) => {
      expect(() =>
        registerMaterialKind({ name: 'test-bad', wgsl: OBJECT + FS, glsl: GLSL, ...spec }),
      ).toThrow(message);
      expect(() => materialKind('test-bad')).toThrow(/No material kind/);
    };
    fail({ name: 'unlit' }, /registered already/);
    fail({ name: 'two words' }, /letters, digits/);
    fail({ defaults: { glow: 1 } }, /defaults names "glow", which is not one of its own fields/);
    fail({ defaults: { color: [1, 1, 1, 1] } }, /defaults names "color"/);
    // The world pass fills `lights` with four light slots a word: only vec4<u32> holds them.
    fail(
      { wgsl: OBJECT.replace('stripe: vec4<f32>,', 'stripe: vec4<f32>,\n  lights: vec4<f32>,') + FS },
      /lights .* must be vec4<u32>/,
    );
    fail({ defaults: { stripe: [1, Number.NaN] } }, /default of "stripe" is not finite/);
    fail(
      { wgsl: OBJECT.replace('model: mat4x4<f32>,', '') + FS },
      /must begin with model: mat4x4<f32>, normal/,
    );
    // WebGL2 reads the same bytes as std140: a mat2x2's columns would be in the wrong place there.
    fail(
      { wgsl: OBJECT.replace('stripe: vec4<f32>,', 'stripe: vec4<f32>,\n  band: mat2x2<f32>,') + FS },
      /8 bytes apart in WGSL but 16 in std140/,
    );
    fail(
      { wgsl: `${OBJECT}\n@group(2) @binding(0) var image: texture_2d<f32>;${FS}` },
      /list its texture_2d/,
    );
    // A sampler belongs to one of the images, by name.
    fail(
      {
        wgsl: `${OBJECT}\n@group(2) @binding(0) var image: texture_2d<f32>;\n@group(2) @binding(1) var smooth: sampler;${FS}`,
        textures: ['image'],
      },
      /image \(texture\), smooth \(sampler\).*named after it \+ "Sampler"/,
    );
    fail({ textures: [], optional: ['map'] }, /optional names an image not in textures/);
    fail({ glsl: 'layout(std140) uniform Object { mat4 model; } object;' }, /vec4 shade\(\)/);
    fail({ wgsl: OBJECT.replace('var<uniform> object', 'var<uniform> thing') + FS }, /group 1 must hold/);
    // Its own vertex stage in one language only would draw differently on the two backends.
    const VS = '\n@vertex\nfn vs(in: VertexIn) -> VertexOut { var out: VertexOut; return out; }';
    fail({ wgsl: OBJECT + VS + FS }, /GLSL twin must #define ARMATURE_OWN_VERTEX/);
    fail({ glsl: `#define ARMATURE_OWN_VERTEX\n${GLSL}` }, /its WGSL must then have its own @vertex fn vs/);
  });
});
