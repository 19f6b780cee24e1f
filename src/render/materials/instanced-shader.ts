import type { ShaderPair } from '../../device/device';
import { glslStructReader } from '../../layout/glsl-struct-reader';
import type { StructLayout } from '../../layout/struct-layout';

const WGSL_OBJECT = /@group\(1\)\s*@binding\(0\)\s*var<uniform>\s*object\s*:\s*Object\s*;/;
const WGSL_VERTEX = /@vertex\s+fn\s+(\w+)\s*\(\s*(\w+)\s*:\s*(\w+)\s*\)\s*->\s*VertexOut\s*\{/g;
const WGSL_FRAGMENT = /(@fragment\s+fn\s+\w+\s*\(\s*(\w+)\s*:\s*VertexOut[^{]*\{)/g;
const GLSL_OBJECT = /layout\(std140\)\s*uniform\s+Object\s*\{([\s\S]*?)\}\s*object\s*;/;

/**
 * A kind's shader (any variant of it) drawn instanced: `object` is no longer a uniform but a private copy of one
 * element of `objects`, the kind's slots as a storage array (`@size(slotSize)`, so the arena's bytes are read where the
 * uniform path reads them), picked through `instances` (the draw's instance-to-slot table) by `instance_index`. Each
 * vertex entry point loads it before the kind's code runs and hands the slot to the fragment stage in a flat varying,
 * where each fragment entry point loads it again. The GLSL twin reads both arrays as integer images (rgba32uint, the
 * WebGL2 device's storage buffers), the Object struct rebuilt by `glslStructReader` from the WGSL layout.
 */
export function instancedShader(
  shader: ShaderPair,
  object: StructLayout,
  structs: ReadonlyMap<string, StructLayout>,
  slotSize: number,
): ShaderPair {
  const fail = (what: string): never => {
    throw new Error(`${shader.label}: cannot be drawn instanced: ${what}`);
  };
  if (!WGSL_OBJECT.test(shader.wgsl))
    fail('its WGSL does not declare @group(1) @binding(0) var<uniform> object: Object.');
  if (!GLSL_OBJECT.test(shader.glsl))
    fail('its GLSL does not declare layout(std140) uniform Object { … } object.');
  const wrappers: string[] = [];
  const wgsl = shader.wgsl
    .replace(
      WGSL_OBJECT,
      `struct ArmatureObjectSlot { @size(${slotSize}) object: Object }
@group(1) @binding(0) var<storage, read> objects: array<ArmatureObjectSlot>;
@group(1) @binding(1) var<storage, read> instances: array<u32>;
var<private> object: Object;`,
    )
    .replace(
      /struct VertexOut\s*\{/,
      (open) => `${open}\n  @location(15) @interpolate(flat) armatureSlot: u32,`,
    )
    .replace(WGSL_VERTEX, (_, name: string, input: string, type: string) => {
      wrappers.push(`
@vertex
fn ${name}(${input}: ${type}, @builtin(instance_index) armatureInstance: u32) -> VertexOut {
  let slot = instances[armatureInstance];
  object = objects[slot].object;
  var out = armatureOne${name}(${input});
  out.armatureSlot = slot;
  return out;
}`);
      return `fn armatureOne${name}(${input}: ${type}) -> VertexOut {`;
    })
    .replace(
      WGSL_FRAGMENT,
      (header: string, _: string, input: string) =>
        `${header}\n  object = objects[${input}.armatureSlot].object;`,
    );
  if (wrappers.length === 0)
    fail('its WGSL has no vertex entry point of the form fn vs(in: VertexIn) -> VertexOut.');
  // Every entry point must load the object: one not of the forms above would read a zeroed one.
  const code = shader.wgsl.replace(/\/\/.*$/gm, '');
  const entries = (code.match(/@(vertex|fragment)\s+fn\s/g) ?? []).length;
  if (entries !== wrappers.length + (code.match(WGSL_FRAGMENT) ?? []).length)
    fail(
      'each entry point must take its stage input first (in: VertexIn or a vertex struct, in: VertexOut).',
    );
  const texels = slotSize / 16;
  const glsl = shader.glsl
    .replace(
      GLSL_OBJECT,
      (_, fields: string) => `struct Object {${fields}};
Object object;
uniform highp usampler2D objects;
uniform highp usampler2D instances;
uvec4 armatureStorageTexel(highp usampler2D image, int i) {
  int width = textureSize(image, 0).x;
  return texelFetch(image, ivec2(i % width, i / width), 0);
}
uvec4 armatureObjectTexel(int i) {
  return armatureStorageTexel(objects, i);
}
${glslStructReader(object, structs, 'armatureReadObject', 'armatureObjectTexel')}`,
    )
    .replace(/void\s+main\s*\(\s*\)/g, 'void armatureMain()');
  return {
    label: `${shader.label} instanced`,
    wgsl: `${wgsl}\n${wrappers.join('\n')}\n`,
    glsl: `${glsl}
#ifdef VERTEX
uniform int armatureBaseInstance;
flat out uint vArmatureSlot;
void main() {
  int instance = gl_InstanceID + armatureBaseInstance;
  uint slot = armatureStorageTexel(instances, instance / 4)[instance % 4];
  object = armatureReadObject(int(slot) * ${texels});
  vArmatureSlot = slot;
  armatureMain();
}
#else
flat in uint vArmatureSlot;
void main() {
  object = armatureReadObject(int(vArmatureSlot) * ${texels});
  armatureMain();
}
#endif
`,
  };
}
