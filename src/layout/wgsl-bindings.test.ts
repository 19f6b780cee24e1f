import { describe, expect, it } from 'vitest';
import { WgslParseError } from './parse-wgsl-structs';
import { wgslBindings } from './wgsl-bindings';

describe('wgslBindings', () => {
  it('lists uniform structs, textures and samplers by group then binding, whatever the order written', () => {
    const code = `
      struct Params { k: f32 }
      @group(1) @binding(0) var<uniform> object: Object; // comments are not declarations: @group(9) @binding(9) var x: y;
      @binding(2) @group(0) var source: texture_2d<f32>;
      @group(0) @binding(0) var<uniform> params : Params;
      /* @group(7) @binding(7) var<uniform> gone: Params; */
      @group(0) @binding(1) var linearSampler: sampler;
      @group(0) @binding(3) var depth: texture_depth_2d;
      @group(1) @binding(1) var<storage, read> objects: array<ObjectSlot>;
      @group(1) @binding(2) var<storage> table: array<u32>;
      @group(2) @binding(0) var<storage, read_write> counts: array<atomic<u32>>;
      @group(2) @binding(1) var<storage, read_write> kept: array<u32>;
      var<private> scratch: f32;
    `;
    expect(wgslBindings(code)).toEqual([
      { group: 0, binding: 0, name: 'params', kind: 'uniform', type: 'Params' },
      { group: 0, binding: 1, name: 'linearSampler', kind: 'sampler', type: '' },
      { group: 0, binding: 2, name: 'source', kind: 'texture', type: '' },
      { group: 0, binding: 3, name: 'depth', kind: 'depth-texture', type: '' },
      { group: 1, binding: 0, name: 'object', kind: 'uniform', type: 'Object' },
      { group: 1, binding: 1, name: 'objects', kind: 'storage', type: 'ObjectSlot' },
      { group: 1, binding: 2, name: 'table', kind: 'storage', type: 'u32' },
      { group: 2, binding: 0, name: 'counts', kind: 'storage-rw', type: 'atomic<u32>' },
      { group: 2, binding: 1, name: 'kept', kind: 'storage-rw', type: 'u32' },
    ]);
  });

  it('names a resource the device layer does not bind, and two variables at one binding', () => {
    // Storage is bound as a runtime-sized array (WebGL2 mirrors a read-only one into an integer image).
    expect(() => wgslBindings('@group(0) @binding(0) var<storage, read_write> data: Params;')).toThrow(
      WgslParseError,
    );
    expect(() => wgslBindings('@group(0) @binding(0) var<storage, read> data: Params;')).toThrow(
      /var data: var<storage,read> Params is not a resource/,
    );
    expect(() => wgslBindings('@group(0) @binding(0) var cube: texture_cube<f32>;')).toThrow(
      /var cube: texture_cube<f32> is not a resource the device layer binds/,
    );
    expect(() =>
      wgslBindings('@group(0) @binding(0) var a: sampler;\n@group(0) @binding(0) var b: sampler;'),
    ).toThrow(/var a and var b are both @group\(0\) @binding\(0\)/);
  });
});
