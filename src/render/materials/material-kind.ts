import worldWgsl from '../../../wgsl/materials/world.wgsl?raw';
import worldGlsl from '../../../wgsl/materials/world.glsl?raw';
import unlitWgsl from '../../../wgsl/materials/unlit.wgsl?raw';
import unlitGlsl from '../../../wgsl/materials/unlit.glsl?raw';
import lambertWgsl from '../../../wgsl/materials/lambert.wgsl?raw';
import lambertGlsl from '../../../wgsl/materials/lambert.glsl?raw';
import panelWgsl from '../../../wgsl/materials/panel.wgsl?raw';
import panelGlsl from '../../../wgsl/materials/panel.glsl?raw';
import spriteWgsl from '../../../wgsl/materials/sprite.wgsl?raw';
import spriteGlsl from '../../../wgsl/materials/sprite.glsl?raw';
import type { ShaderPair } from '../../device/device';
import { assertStd140Compatible } from '../../layout/std140';
import { structLayouts, type StructLayout } from '../../layout/struct-layout';
import { wgslBindings } from '../../layout/wgsl-bindings';

/**
 * A material kind as registered: its part of the world shader in both languages, and the images it reads. Its WGSL
 * declares `struct Object` (its per-object fields: `model: mat4x4<f32>` and `normal: mat3x3<f32>` first, which the
 * shared vertex stage reads; `color: vec4<f32>` filled from the material's colour; `lights: vec4<u32>` in a kind lit
 * by the scene's lights, filled with those that reach the object, for its `fs` to pass to
 * `armatureLighting(object.lights, in.world, normal, bands, 1.0)`; any other field from `Material.setParam`),
 * `@group(1) @binding(0) var<uniform> object: Object`, any images at group 2, and
 * `fn fs(in: VertexOut) -> @location(0) vec4<f32>`; world.wgsl is put before it. Its GLSL ES 3.00 twin declares the
 * `Object` block and, in the fragment stage, `vec4 shade()` (reading `vNormal`, `vLocal`, `vUv`, `vWorld`, `frame`),
 * spliced into
 * world.glsl. A kind may write its own vertex stage (`@vertex fn vs(in: VertexIn) -> VertexOut`, and in GLSL
 * `#define ARMATURE_OWN_VERTEX` with the vertex `main()`): the sprite's quad is placed from its frame.
 */
export interface MaterialKindSpec {
  name: string;
  wgsl: string;
  glsl: string;
  /**
   * The images it reads (its group-2 `texture_2d<f32>` variables, each optionally with a `sampler` named after it plus
   * `Sampler`, e.g. `map` and `mapSampler`), found by name in the mesh's material (`material.texture(name)`), else in
   * `WorldPass.textures`.
   */
  textures?: readonly string[];
  /** Of `textures`, those it can draw without: a white texel stands in (so `colour × map` is the colour). */
  optional?: readonly string[];
  /**
   * Values of its own per-object fields for a material that never set them (`setParam`): an option that is off unless
   * asked for. A field without one must be set on every material of the kind.
   */
  defaults?: Readonly<Record<string, number | readonly number[]>>;
}

/** A registered kind, ready for the world pass: its whole shader pair and its per-object struct. */
export interface MaterialKindInfo {
  readonly name: string;
  readonly shader: ShaderPair;
  /**
   * The same kind writing two more targets for the `outline` pass: its surface normal in the eye's axes with the
   * fragment's depth (location 1), and its outline colour and strength (location 2: its `outline` field, else opaque
   * black). Null when its `fs` is not written in the documented form, so it cannot be wrapped.
   */
  readonly lined: ShaderPair | null;
  readonly object: StructLayout;
  readonly structs: ReadonlyMap<string, StructLayout>;
  readonly textures: readonly string[];
  readonly optional: readonly string[];
  readonly defaults: ReadonlyMap<string, Float32Array>;
  /** Registration order: draws are grouped by it (so by pipeline). */
  readonly order: number;
  /** Whether it draws skinned and morphed meshes: it uses the shared vertex stage (a kind with its own does not). */
  readonly deformable: boolean;
}

const MARKER = '// @material';
const [glslHead, glslTail] = worldGlsl.split(MARKER) as [string, string];
/** world.wgsl without and with its default vertex stage (a kind with its own `vs` takes the first). */
const [wgslHead] = worldWgsl.split('// @vertex') as [string, string];
const OWN_VERTEX = /@vertex\s+fn\s+vs\s*\(/;
/** world.wgsl's per-frame struct, the same for every kind. */
export const FRAME: StructLayout = structLayouts(worldWgsl, 'uniform').get('Frame')!;
/** world.wgsl's per-mesh joints and morph weights, read by the deformed vertex stage (group 3). */
export const DEFORM: StructLayout = structLayouts(worldWgsl, 'uniform').get('Deform')!;

const kinds = new Map<string, MaterialKindInfo>();

/**
 * Adds a material kind (see `MaterialKindSpec`), checked now: its `Object` struct's first fields, its layout against
 * std140 (WebGL2 reads the same bytes), its bindings against the shared ones. A name already taken, or a shader that
 * breaks a rule, is an error that says what to change; nothing is registered then.
 */
export function registerMaterialKind(spec: MaterialKindSpec): MaterialKindInfo {
  const name = spec.name;
  const fail = (why: string): never => {
    throw new Error(`registerMaterialKind("${name}"): ${why}`);
  };
  if (!/^[\w-]+$/.test(name)) fail('give it a name of letters, digits, - and _.');
  if (kinds.has(name)) fail('a kind of that name is registered already; pick another name.');
  const ownVertex = OWN_VERTEX.test(spec.wgsl);
  if (ownVertex !== /#define\s+ARMATURE_OWN_VERTEX\b/.test(spec.glsl))
    fail(
      ownVertex
        ? 'its WGSL has its own @vertex fn vs; its GLSL twin must #define ARMATURE_OWN_VERTEX and write the vertex main().'
        : 'its GLSL twin defines ARMATURE_OWN_VERTEX; its WGSL must then have its own @vertex fn vs.',
    );
  const wgsl = `${ownVertex ? wgslHead : worldWgsl}\n${spec.wgsl}`;
  const structs = structLayouts(wgsl, 'uniform');
  const object = structs.get('Object') ?? fail('its WGSL declares no struct Object.');
  const [model, normal] = object.fields;
  if (model?.name !== 'model' || model.typeName !== 'mat4x4<f32>' || normal?.name !== 'normal')
    fail(
      'struct Object must begin with model: mat4x4<f32>, normal: mat3x3<f32> (the vertex stage reads them).',
    );
  if (normal!.typeName !== 'mat3x3<f32>') fail('struct Object: normal must be mat3x3<f32>.');
  const lights = object.fields.find((f) => f.name === 'lights');
  if (lights && lights.typeName !== 'vec4<u32>')
    fail(
      'struct Object: lights (the lights that reach the object, which the world pass fills) must be vec4<u32>.',
    );
  assertStd140Compatible(object, structs);
  const bindings = wgslBindings(wgsl);
  const at = (group: number) => bindings.filter((b) => b.group === group);
  const objectBinding = at(1);
  if (
    objectBinding.length !== 1 ||
    objectBinding[0]!.name !== 'object' ||
    objectBinding[0]!.type !== 'Object'
  )
    fail('group 1 must hold exactly @binding(0) var<uniform> object: Object.');
  const images = at(2);
  const textures = spec.textures ?? [];
  const declared = images.filter((b) => b.kind === 'texture').map((b) => b.name);
  const strays = images.filter(
    (b) =>
      b.kind !== 'texture' && !(b.kind === 'sampler' && textures.includes(b.name.replace(/Sampler$/, ''))),
  );
  if (strays.length > 0 || declared.join() !== textures.join())
    fail(
      `its group 2 declares ${images.map((b) => `${b.name} (${b.kind})`).join(', ') || 'nothing'}; list its ` +
        'texture_2d<f32> images, in binding order, as textures (a sampler of one is named after it + "Sampler").',
    );
  const optional = spec.optional ?? [];
  if (optional.some((name) => !textures.includes(name))) fail('optional names an image not in textures.');
  // Group 3 is world.wgsl's own (a deformed mesh's joints and morph targets).
  if (wgslBindings(spec.wgsl).some((b) => b.group > 2))
    fail('a kind binds groups 0 (frame), 1 (object) and 2 (images) only.');
  if (!spec.glsl.includes('shade(')) fail('its GLSL twin must define vec4 shade() for the fragment stage.');
  const defaults = new Map<string, Float32Array>();
  for (const [field, value] of Object.entries(spec.defaults ?? {})) {
    const values = typeof value === 'number' ? [value] : value;
    if (
      !object.fields.some((f) => f.name === field) ||
      ['model', 'normal', 'color', 'alphaTest', 'lights'].includes(field)
    )
      fail(`defaults names "${field}", which is not one of its own fields of struct Object.`);
    if (values.length === 0 || !values.every(Number.isFinite))
      fail(`the default of "${field}" is not finite numbers.`);
    defaults.set(field, Float32Array.from(values));
  }
  const hasOutline = object.fields.some((f) => f.name === 'outline' && f.typeName === 'vec4<f32>');
  const info: MaterialKindInfo = {
    name,
    shader: { label: `world ${name}`, wgsl, glsl: `${glslHead}${spec.glsl}\n${glslTail}` },
    lined: linedShader(name, wgsl, `${glslHead}${spec.glsl}\n${glslTail}`, hasOutline),
    object,
    structs,
    textures,
    optional,
    defaults,
    order: kinds.size,
    deformable: !ownVertex,
  };
  kinds.set(name, info);
  return info;
}

/** The kind's `fs`, as the documented form writes it: what the lined variant renames and wraps. */
const FRAGMENT = /@fragment\s+fn\s+fs\s*\(\s*(\w+)\s*:\s*VertexOut\s*\)\s*->\s*@location\(0\)\s*vec4<f32>/;

/**
 * The kind's shader writing the outline pass's two targets too: the WGSL's `fs` becomes a plain function called by a
 * new `fs` with three outputs; the GLSL's main is chosen by ARMATURE_LINES in world.glsl.
 */
function linedShader(name: string, wgsl: string, glsl: string, hasOutline: boolean): ShaderPair | null {
  if (!FRAGMENT.test(wgsl)) return null;
  const line = hasOutline ? 'object.outline' : 'vec4<f32>(0.0, 0.0, 0.0, 1.0)';
  return {
    label: `world ${name} lined`,
    wgsl: `${wgsl.replace(FRAGMENT, 'fn armatureShade($1: VertexOut) -> vec4<f32>')}
struct ArmatureTargets {
  @location(0) color: vec4<f32>,
  @location(1) normal: vec4<f32>,
  @location(2) line: vec4<f32>,
}

@fragment
fn fs(in: VertexOut) -> ArmatureTargets {
  var out: ArmatureTargets;
  out.color = armatureShade(in);
  out.normal = armatureEyeNormal(in.normal, in.clip.z);
  out.line = ${line};
  return out;
}
`,
    glsl: `#define ARMATURE_LINES\n#define ARMATURE_LINE_COLOR ${hasOutline ? 'object.outline' : 'vec4(0.0, 0.0, 0.0, 1.0)'}\n${glsl}`,
  };
}

/** A fragment entry point as a kind's shader (or its lined variant) declares it: its input name and return type. */
const ENTRY = /@fragment\s+fn\s+fs\s*\(\s*(\w+)\s*:\s*VertexOut\s*\)\s*->\s*([^{]+?)\s*\{/;

/**
 * A kind's shader for shadow casters cut out by their material's `alphaTest`: the WGSL's `fs` becomes a plain function
 * that `fsShadowCut` runs for its `discard` before writing the depth (world.wgsl's armatureCasterDepth); the GLSL runs
 * `shade()` first (ARMATURE_SHADOW_CUT). Null when `fs` is not written in the documented form.
 */
export function cutShadowShader(shader: ShaderPair): ShaderPair | null {
  if (!FRAGMENT.test(shader.wgsl)) return null;
  return {
    label: `${shader.label} cut`,
    wgsl: `${shader.wgsl.replace(FRAGMENT, 'fn armatureCutOut($1: VertexOut) -> vec4<f32>')}
@fragment
fn fsShadowCut(in: VertexOut) -> @location(0) vec4<f32> {
  armatureCasting = true;
  _ = armatureCutOut(in);
  return armatureCasterDepth(in.world);
}
`,
    glsl: `#define ARMATURE_SHADOW_CUT\n${shader.glsl}`,
  };
}

/**
 * A kind's shader (or its lined variant) for double-sided materials: a back face is shaded with its normal turned
 * towards the eye (glTF's rule for double-sided lighting). The WGSL's `fs` becomes a plain function called by a new
 * `fs` that reads `front_facing`; the GLSL turns `vNormal` in world.glsl (ARMATURE_TWO_SIDED). Null when `fs` is not
 * written in the documented form.
 */
export function twoSidedShader(shader: ShaderPair): ShaderPair | null {
  const entry = ENTRY.exec(shader.wgsl);
  if (!entry) return null;
  const [, input, returns] = entry as unknown as [string, string, string];
  // A plain function's return type carries no @location: that stays on the entry point's.
  const plain = returns.replace(/@location\(\d+\)\s*/, '');
  return {
    label: `${shader.label} double-sided`,
    wgsl: `${shader.wgsl.replace(ENTRY, `fn armatureOneSided(${input}: VertexOut) -> ${plain} {`)}
@fragment
fn fs(in: VertexOut, @builtin(front_facing) front: bool) -> ${returns} {
  var seen = in;
  if (!front) {
    seen.normal = -in.normal;
  }
  return armatureOneSided(seen);
}
`,
    glsl: `#define ARMATURE_TWO_SIDED\n${shader.glsl}`,
  };
}

/**
 * A kind's shader (or a variant of it) for geometries with vertex colours: the colour interpolated across each
 * triangle (without colours it is flat: a constant white, read exactly).
 */
export function coloredShader(shader: ShaderPair): ShaderPair {
  const flat = '@location(3) @interpolate(flat) color';
  if (!shader.wgsl.includes(flat))
    throw new Error(`${shader.label}: world.wgsl's vertex colour is not where expected.`);
  return {
    label: `${shader.label} colored`,
    wgsl: shader.wgsl.replaceAll(flat, '@location(3) color'),
    glsl: `#define ARMATURE_COLORED\n${shader.glsl}`,
  };
}

/** The registered kind `name`; an unknown one is an error listing the registered kinds. */
export function materialKind(name: string): MaterialKindInfo {
  const info = kinds.get(name);
  if (!info)
    throw new Error(
      `No material kind "${name}": register it with registerMaterialKind, or use one of ${[...kinds.keys()].join(', ')}.`,
    );
  return info;
}

registerMaterialKind({
  name: 'unlit',
  wgsl: unlitWgsl,
  glsl: unlitGlsl,
  textures: ['map', 'emissiveMap'],
  optional: ['map', 'emissiveMap'],
  // No glow; black lines at full strength where the outline pass draws them.
  defaults: { emissive: [0, 0, 0], outline: [0, 0, 0, 1] },
});
registerMaterialKind({
  name: 'lambert',
  wgsl: lambertWgsl,
  glsl: lambertGlsl,
  textures: ['map', 'emissiveMap'],
  optional: ['map', 'emissiveMap'],
  // Smooth light unless asked: `bands` ≥ 2 quantizes it, `texelLight` 1 lights each texel of the map as one; no glow;
  // every pixel drawn (`fade` 0).
  defaults: { bands: 0, texelLight: 0, fade: 0, emissive: [0, 0, 0], outline: [0, 0, 0, 1] },
});
registerMaterialKind({ name: 'panel', wgsl: panelWgsl, glsl: panelGlsl, textures: ['panel'] });
registerMaterialKind({ name: 'sprite', wgsl: spriteWgsl, glsl: spriteGlsl, textures: ['map'] });
