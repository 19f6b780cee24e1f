import type {
  Device,
  DeviceBuffer,
  Pipeline,
  PipelineDesc,
  TextureFormat,
  VertexBufferLayout,
} from '../../device/device';
import { deviceStorageArena } from '../../device/uniform-storage';
import { UniformArena } from '../../layout/uniform-arena';
import { VERTEX_FLOATS } from '../../scene/geometry';
import {
  coloredShader,
  cutShadowShader,
  twoSidedShader,
  type MaterialKindInfo,
} from '../materials/material-kind';
import { instancedShader } from '../materials/instanced-shader';
import { Deformed, type WorldDraw } from './world-packer';

/** The formats of the outline pass's targets the world pass writes while `lines` is on: normal + depth, line colour. */
export const LINE_FORMATS = ['rgba16float', 'rgba8unorm'] as const;
/** The shadow map's format: a depth in 24 bits over red, green and blue (world.wgsl's armaturePackDepth). */
export const SHADOW_MAP_FORMAT = 'rgba8unorm';

/** Interleaved position, normal and texture coordinates, 32 bytes a vertex (`VERTEX_FLOATS`, every geometry). */
const VERTICES = {
  stride: VERTEX_FLOATS * 4,
  attributes: [
    { location: 0, offset: 0, format: 'float32x3' },
    { location: 1, offset: 12, format: 'float32x3' },
    { location: 2, offset: 24, format: 'float32x2' },
  ],
} as const;
const COLOR = [{ location: 3, offset: 0, format: 'float32x4' }] as const;
/**
 * A geometry's vertices and its vertex colours (`Geometry.colors`); one without colours binds a single white one,
 * read per instance (every vertex of the draw reads it), through a pipeline of its own.
 */
const COLORED_LAYOUT = [VERTICES, { stride: 16, attributes: COLOR }] as const;
// One white for every instance (stride 0): an instanced draw of any count reads the one value.
const WHITE_LAYOUT = [VERTICES, { stride: 0, step: 'instance', attributes: COLOR }] as const;
/**
 * A deformed draw's third vertex buffer: its geometry's joints and weights, or (morph targets alone) one set of zero
 * weights read per instance.
 */
const SKINNING = [
  { location: 4, offset: 0, format: 'float32x4' },
  { location: 5, offset: 16, format: 'float32x4' },
] as const;
const SKINNED_LAYOUT = { stride: 32, attributes: SKINNING } as const;
const UNSKINNED_LAYOUT = { stride: 0, step: 'instance', attributes: SKINNING } as const;
/** A pipeline variant's flags (see `WorldPipelines.get`). */
const [MIRRORED, DOUBLE_SIDED, BLENDED, COLORED, DEFORMED, SKINNED, SHADOW, CUT] = [
  1, 4, 8, 16, 32, 64, 128, 256,
] as const;
/** The variant flag of a pipeline writing the outline targets: the pass's, not the draw's (see `pipelineVariant`). */
export const LINED = 2;
/** The groups of a deformed pipeline (its joints and morph targets at 3) and of every other. */
const [DEFORMED_GROUPS, PLAIN_GROUPS] = [4, 3] as const;

/**
 * The pipeline variant `draw` is drawn with in a pass writing the outline targets (`lines`) or the shadow map
 * (`shadow`), or neither.
 */
export function pipelineVariant(draw: WorldDraw<DeviceBuffer>, lines: boolean, shadow: boolean): number {
  return (
    (draw.mirrored ? MIRRORED : 0) |
    (lines ? LINED : 0) |
    (draw.doubleSided ? DOUBLE_SIDED : 0) |
    (draw.blended ? BLENDED : 0) |
    (draw.geometry.colors ? COLORED : 0) |
    (draw.deformed !== Deformed.None ? DEFORMED : 0) |
    (draw.deformed === Deformed.Skinned ? SKINNED : 0) |
    (shadow ? SHADOW : 0) |
    (shadow && draw.mesh.material.alphaTest > 0 ? CUT : 0)
  );
}

/**
 * Every material kind's pipelines by variant, built the first time a draw needs one: the kind's shader wrapped for
 * outlines, two sides, vertex colours, deformation or the shadow map, and (instanced) reading its object from the
 * storage array.
 */
export class WorldPipelines {
  private readonly built = new Map<string, Pipeline[]>();

  constructor(
    private readonly device: Device,
    /** The format of the world's colour target. */
    private readonly format: TextureFormat,
    private readonly instancing: boolean,
    /** Counts each pipeline built (`pipelinesBuilt`). */
    private readonly counters: { pipelinesBuilt: number },
  ) {}

  /** Builds the plain variant of each kind in parallel: the kinds a scene has when its pass is made. */
  async prebuild(kinds: Iterable<MaterialKindInfo>): Promise<void> {
    await Promise.all(
      [...kinds].map(async (kind) => {
        const pipeline = await this.device.createPipeline(this.desc(kind, 0));
        this.built.set(kind.name, [pipeline]);
        this.counters.pipelinesBuilt++;
      }),
    );
  }

  /**
   * The kind's pipeline of a variant (`pipelineVariant`); one not built yet is built now (a one-off stall,
   * counted). Cached by number: the draw loop switches pipelines with no garbage.
   */
  get(kind: MaterialKindInfo, variant: number): Pipeline {
    const variants = (this.built.get(kind.name) ?? this.built.set(kind.name, []).get(kind.name))!;
    let pipeline = variants[variant];
    if (!pipeline) {
      pipeline = variants[variant] = this.device.createPipelineNow(this.desc(kind, variant));
      this.counters.pipelinesBuilt++;
    }
    return pipeline;
  }

  private desc(kind: MaterialKindInfo, variant: number): PipelineDesc {
    const desc = this.plainDesc(kind, variant);
    if (!this.instancing) return desc;
    // The same pipeline reading its object from the storage array: group 1 has no dynamic offset any more.
    const slotSize = UniformArena.slotSizeOf(kind.object, deviceStorageArena(this.device).alignment);
    return {
      ...desc,
      shader: instancedShader(desc.shader, kind.object, kind.structs, slotSize),
      dynamic: (desc.dynamic ?? []).filter((name) => name !== 'object'),
    };
  }

  private plainDesc(kind: MaterialKindInfo, variant: number): PipelineDesc {
    const has = (flag: number) => (variant & flag) !== 0;
    const [lined, doubleSided, deformed] = [has(LINED), has(DOUBLE_SIDED), has(DEFORMED)];
    const wrapped = (what: string) =>
      new Error(
        `Material kind "${kind.name}" cannot draw ${what}: its WGSL must declare ` +
          '`@fragment fn fs(in: VertexOut) -> @location(0) vec4<f32>` for the world pass to wrap it.',
      );
    if (lined && !kind.lined) throw wrapped('outlines');
    const oneSided = lined ? kind.lined! : kind.shader;
    const sided = doubleSided ? twoSidedShader(oneSided) : oneSided;
    if (!sided) throw wrapped('double-sided materials');
    if (has(SHADOW)) return this.shadowDesc(kind, variant);
    return {
      shader: has(COLORED) ? coloredShader(sided) : sided,
      format: this.format,
      ...(lined ? { extraFormats: LINE_FORMATS } : {}),
      vertexBuffers: vertexBuffers(variant),
      // A skinned or morphed mesh: the deformed vertex stage, reading its joints and morph targets at group 3.
      ...(deformed ? deformedStage(['ARMATURE_DEFORMED']) : { groups: PLAIN_GROUPS }),
      // Both faces of a double-sided material (a back face lit with its normal turned to the eye), else the front.
      ...(doubleSided ? {} : { cull: 'back' as const }),
      // A mirrored mesh's faces wind clockwise on screen: its own pipeline keeps the outside drawn.
      frontFace: has(MIRRORED) ? 'cw' : 'ccw',
      // Blended: alpha over what is drawn, behind what is nearer, leaving the depth to the opaque draws.
      ...(has(BLENDED) ? { blend: 'alpha' as const } : {}),
      depth: { write: !has(BLENDED), compare: 'less' },
      dynamic: deformed ? ['object', 'deform'] : ['object'],
    };
  }

  /**
   * A shadow caster's pipeline: the kind's vertex stage (plain or deformed) and world.wgsl's fsShadow writing the
   * depth into the shadow map; both faces of a double-sided material, else the front.
   */
  private shadowDesc(kind: MaterialKindInfo, variant: number): PipelineDesc {
    const deformed = (variant & DEFORMED) !== 0;
    const cut = (variant & CUT) !== 0;
    const shader = cut ? cutShadowShader(kind.shader) : kind.shader;
    if (!shader)
      throw new Error(
        `Material kind "${kind.name}" cannot cut out its shadow (alphaTest): its WGSL must declare ` +
          '`@fragment fn fs(in: VertexOut) -> @location(0) vec4<f32>` for the shadow pass to wrap it.',
      );
    return {
      shader: { ...shader, label: `${kind.shader.label} shadow` },
      fragmentEntry: cut ? 'fsShadowCut' : 'fsShadow',
      format: SHADOW_MAP_FORMAT,
      vertexBuffers: vertexBuffers(variant),
      ...(deformed
        ? deformedStage(['ARMATURE_DEFORMED', 'ARMATURE_SHADOW_CASTER'])
        : { defines: ['ARMATURE_SHADOW_CASTER'], groups: PLAIN_GROUPS }),
      ...((variant & DOUBLE_SIDED) !== 0 ? {} : { cull: 'back' as const }),
      frontFace: (variant & MIRRORED) !== 0 ? 'cw' : 'ccw',
      depth: { write: true, compare: 'less' },
      dynamic: deformed ? ['object', 'deform'] : ['object'],
    };
  }
}

/** The vertex buffers a variant reads: vertices, their colours (or the one white), then joints and weights. */
function vertexBuffers(variant: number): readonly VertexBufferLayout[] {
  return [
    ...((variant & COLORED) !== 0 ? COLORED_LAYOUT : WHITE_LAYOUT),
    ...((variant & DEFORMED) !== 0 ? [(variant & SKINNED) !== 0 ? SKINNED_LAYOUT : UNSKINNED_LAYOUT] : []),
  ];
}

/** The deformed vertex stage of a variant, with its defines. */
function deformedStage(defines: string[]): Partial<PipelineDesc> {
  return {
    vertexEntry: 'vsDeformed',
    defines,
    dataTextures: ['morphTargets'],
    groups: DEFORMED_GROUPS,
  };
}
