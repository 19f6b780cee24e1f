import { describe, expect, it } from 'vitest';
import { structLayouts } from '../../layout/struct-layout';
import { wgslBindings } from '../../layout/wgsl-bindings';
import { instancedShader } from './instanced-shader';
import { materialKind, twoSidedShader } from './material-kind';

describe('instancedShader', () => {
  const lambert = materialKind('lambert');
  const slot = Math.ceil(lambert.object.size / 16) * 16;

  it('reads the object from the storage array through the instance table, a slot apart as the arena lays them', () => {
    const { wgsl, glsl } = instancedShader(lambert.shader, lambert.object, lambert.structs, slot);
    expect(wgslBindings(wgsl).filter((b) => b.group === 1)).toEqual([
      { group: 1, binding: 0, name: 'objects', kind: 'storage', type: 'ArmatureObjectSlot' },
      { group: 1, binding: 1, name: 'instances', kind: 'storage', type: 'u32' },
    ]);
    // The storage array's stride is the arena's slot size, by the WGSL layout rules.
    const slotLayout = structLayouts(wgsl, 'storage').get('ArmatureObjectSlot')!;
    expect([slotLayout.size, slotLayout.fields[0]!.offset]).toEqual([slot, 0]);
    expect(wgsl).toMatch(
      /fn vs\(in: VertexIn, @builtin\(instance_index\) armatureInstance: u32\) -> VertexOut/,
    );
    expect(wgsl).toMatch(/fn vsDeformed\(in: DeformedVertexIn, @builtin\(instance_index\)/);
    // Each fragment entry point (the kind's fs, the shadow caster's) loads it first.
    expect(wgsl.match(/object = objects\[in\.armatureSlot\]\.object;/g)).toHaveLength(2);
    expect(glsl).toContain(`object = armatureReadObject(int(vArmatureSlot) * ${slot / 16});`);
    expect(glsl).not.toMatch(/uniform\s+Object/);
  });

  it('wraps every variant: a double-sided fs with its front_facing input loads it too', () => {
    const twoSided = twoSidedShader(lambert.shader)!;
    const { wgsl } = instancedShader(twoSided, lambert.object, lambert.structs, slot);
    expect(wgsl).toMatch(
      /fn fs\(in: VertexOut, @builtin\(front_facing\) front: bool\)[^{]*\{\n {2}object = objects\[in\.armatureSlot\]\.object;/,
    );
  });

  it('refuses a shader whose entry points it cannot wrap, saying what to change', () => {
    const odd = {
      ...lambert.shader,
      wgsl: lambert.shader.wgsl.replace(
        '@fragment\nfn fs(in: VertexOut)',
        '@fragment\nfn other() -> @location(0) vec4<f32> { return vec4<f32>(1.0); }\n@fragment\nfn fs(in: VertexOut)',
      ),
    };
    expect(() => instancedShader(odd, lambert.object, lambert.structs, slot)).toThrow(
      /cannot be drawn instanced: each entry point must take its stage input first/,
    );
    const noObject = {
      ...lambert.shader,
      wgsl: lambert.shader.wgsl.replace('var<uniform> object', 'var<uniform> thing'),
    };
    expect(() => instancedShader(noObject, lambert.object, lambert.structs, slot)).toThrow(
      /does not declare @group\(1\) @binding\(0\) var<uniform> object: Object/,
    );
  });
});
