import type {
  Bindings,
  Device,
  DeviceBuffer,
  DeviceTexture,
  DrawEncoder,
  Pipeline,
} from '../../device/device';
import { VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import { isDisposed, whenDisposed } from '../../scene/disposal';
import type { DeformSlots } from './deform-slots';
import { RefCache } from './ref-cache';

/** A geometry's GPU copy: its buffers and morph image. */
export interface DeviceGeometry {
  vertices: DeviceBuffer;
  /** Its vertex colours, or null (drawn with the shared white one). */
  colors: DeviceBuffer | null;
  /** Its joints and weights interleaved (eight floats a vertex), or null (a deformed draw binds the shared zeros). */
  skinning: DeviceBuffer | null;
  /** Its morph targets' displacements (see world.wgsl's morphTargets), or null. */
  morphs: DeviceTexture | null;
  indices: DeviceBuffer;
  indexFormat: 'uint16' | 'uint32';
  indexCount: number;
  /** Stops listening for the geometry's disposal. */
  unlisten: () => void;
}

const WHITE = new Float32Array([1, 1, 1, 1]);

/**
 * The world pass's geometries on the GPU, counted by the draws that draw them and freed a few frames after the last
 * one left, with what a draw binds beside them: the shared white vertex colour and zero joint weights, and a deformed
 * draw's group 3 (the deform buffer and its geometry's morph image).
 */
export class WorldGeometries {
  private readonly cache = new RefCache<Geometry, DeviceGeometry>((made) => {
    made.unlisten();
    made.vertices.destroy();
    made.colors?.destroy();
    made.skinning?.destroy();
    if (made.morphs) {
      this.deformBindings.get(made.morphs)?.destroy();
      this.deformBindings.delete(made.morphs);
      made.morphs.destroy();
    }
    made.indices.destroy();
  });
  /** The one vertex colour of every geometry without colours: white. */
  private white: DeviceBuffer | null = null;
  /** The joint weights of every morphed geometry without a skin: zeros, read per instance. */
  private unskinned: DeviceBuffer | null = null;
  /** Group 2 of deformed draws whose kind reads no images: empty. */
  private noImages: Bindings | null = null;
  /** The morph image of every skinned geometry without morph targets: one texel, never read. */
  private noMorphs: DeviceTexture | null = null;
  /** Group 3 of deformed draws by their morph image, for the deform buffer's generation (remade when it grows). */
  private readonly deformBindings = new Map<DeviceTexture, Bindings>();
  private deformGeneration = 0;

  constructor(
    private readonly device: Device,
    private readonly deforms: DeformSlots<DeviceBuffer>,
    /** Recorded draws bind what is gone now (a disposed geometry, the deform buffer grown): record them again. */
    private readonly rebound: () => void,
  ) {}

  /** A draw of `geometry` was listed. */
  retain(geometry: Geometry): void {
    this.cache.retain(geometry);
  }

  /** A draw of `geometry` left. */
  release(geometry: Geometry): void {
    this.cache.release(geometry);
  }

  /** Ends a frame: frees the geometries no draw has drawn for a few frames. */
  sweep(): void {
    this.cache.sweep();
  }

  /** The GPU copy of the geometry `mesh` draws, uploaded the first time; a disposed geometry is refused. */
  of(geometry: Geometry, mesh: { path: string }): DeviceGeometry {
    if (isDisposed(geometry))
      throw new Error(
        `WorldPass: mesh "${mesh.path}" draws geometry "${geometry.name}", which was disposed; give the mesh another ` +
          'geometry or take it out of the scene first.',
      );
    return this.cache.get(geometry, () => this.make(geometry));
  }

  /** Binds a draw's vertex and index buffers (a deformed one's joints and weights too). */
  bind(target: DrawEncoder, buffers: DeviceGeometry, deformed: boolean): void {
    target.setVertexBuffer(0, buffers.vertices);
    target.setVertexBuffer(1, buffers.colors ?? this.whiteColor());
    target.setIndexBuffer(buffers.indices, buffers.indexFormat);
    if (deformed) target.setVertexBuffer(2, buffers.skinning ?? this.unskinnedWeights());
  }

  /**
   * Binds a deformed draw's group 3 at its slot's `offset` in the deform buffer (and an empty group 2 before it when
   * its kind reads no images).
   */
  bindDeform(
    target: DrawEncoder,
    buffers: DeviceGeometry,
    pipeline: Pipeline,
    images: boolean,
    offset: number,
  ): void {
    if (!images) target.setBindings(2, (this.noImages ??= this.device.createBindings(pipeline, 2, {})));
    target.setBindings(3, this.deformOf(buffers, pipeline), offset);
  }

  /** Makes group 3's bindings again when the deform buffer has grown into a new one. */
  checkDeformBuffer(): void {
    const generation = this.deforms.generation;
    if (generation === this.deformGeneration) return;
    for (const bindings of this.deformBindings.values()) bindings.destroy();
    this.deformBindings.clear();
    this.deformGeneration = generation;
    this.rebound();
  }

  destroy(): void {
    this.cache.destroy();
    this.white?.destroy();
    this.unskinned?.destroy();
    this.noMorphs?.destroy();
    this.noImages?.destroy();
    for (const bindings of this.deformBindings.values()) bindings.destroy();
  }

  /** Group 3 of a deformed draw of `geometry`: the deform buffer and its morph image (made once per image). */
  private deformOf(geometry: DeviceGeometry, pipeline: Pipeline): Bindings {
    this.checkDeformBuffer();
    const morphs = geometry.morphs ?? this.emptyMorphs();
    let bindings = this.deformBindings.get(morphs);
    if (!bindings) {
      bindings = this.device.createBindings(pipeline, 3, {
        deform: this.deforms.buffer,
        morphTargets: morphs,
      });
      this.deformBindings.set(morphs, bindings);
    }
    return bindings;
  }

  /** The zero joint weights of morphed geometries without a skin (one set, read per instance). */
  private unskinnedWeights(): DeviceBuffer {
    return (this.unskinned ??= this.constant('no joints', new Float32Array(8)));
  }

  /** The white vertex colour of geometries without colours (one value, read per instance). */
  private whiteColor(): DeviceBuffer {
    return (this.white ??= this.constant('white vertex colour', WHITE));
  }

  /** A vertex buffer of one value that every vertex reads (stride 0). */
  private constant(label: string, data: Float32Array): DeviceBuffer {
    const buffer = this.device.createBuffer({
      label,
      size: data.byteLength,
      usage: 'vertex',
      restore: () => data,
    });
    buffer.write(0, data);
    return buffer;
  }

  /** The morph image of skinned geometries without morph targets (never read: they have none). */
  private emptyMorphs(): DeviceTexture {
    return (this.noMorphs ??= this.device.createTexture({
      label: 'no morph targets',
      format: 'rgba32float',
      width: 1,
      height: 1,
      pixels: new Uint8Array(16),
    }));
  }

  /**
   * A geometry's morph targets as one rgba32float image: target t's displacement of vertex v at texel 2 (t · vertices +
   * v) (position), the normal's in the next (zero when the target moves no normal), row after row.
   */
  private morphImage(geometry: Geometry, vertices: number): DeviceTexture {
    const targets = geometry.morphTargets!;
    const texels = targets.length * vertices * 2;
    const max = this.device.limits.maxTextureSize;
    const width = Math.min(texels, max);
    const height = Math.ceil(texels / width);
    if (height > max)
      throw new Error(
        `WorldPass: geometry "${geometry.name}" has ${targets.length} morph targets of ${vertices} vertices: ` +
          `${texels} texels, more than a ${max}×${max} image holds; use fewer targets or split the geometry.`,
      );
    const data = new Float32Array(width * height * 4);
    targets.forEach((target, t) => {
      for (let v = 0; v < vertices; v++) {
        const at = (t * vertices + v) * 8;
        for (let a = 0; a < 3; a++) {
          data[at + a] = target.positions[v * 3 + a]!;
          data[at + 4 + a] = target.normals?.[v * 3 + a] ?? 0;
        }
      }
    });
    return this.device.createTexture({
      label: `${geometry.name} morph targets`,
      format: 'rgba32float',
      width,
      height,
      pixels: new Uint8Array(data.buffer),
    });
  }

  private make(geometry: Geometry): DeviceGeometry {
    const buffer = (
      data: Float32Array | Uint16Array | Uint32Array,
      usage: 'vertex' | 'index',
      what: string,
    ) => {
      const b = this.device.createBuffer({
        label: `${geometry.name} ${what}`,
        size: data.byteLength,
        usage,
        restore: () => data,
      });
      b.write(0, data);
      return b;
    };
    const colors = geometry.colors;
    const count = geometry.vertices.length / VERTEX_FLOATS;
    if (colors && !(colors instanceof Float32Array && colors.length === count * 4))
      throw new Error(
        `WorldPass: geometry "${geometry.name}" has ${count} vertices, so its colors must be a Float32Array of ` +
          `${count * 4} floats (RGBA per vertex); it has ${String(colors?.length)}.`,
      );
    return {
      vertices: buffer(geometry.vertices, 'vertex', 'vertices'),
      colors: colors ? buffer(colors, 'vertex', 'colours') : null,
      skinning:
        geometry.joints && geometry.weights
          ? buffer(interleaveSkinning(geometry.joints, geometry.weights, count), 'vertex', 'joints')
          : null,
      morphs: geometry.morphTargets?.length ? this.morphImage(geometry, count) : null,
      indices: buffer(geometry.indices, 'index', 'indices'),
      indexFormat: geometry.indices instanceof Uint32Array ? 'uint32' : 'uint16',
      indexCount: geometry.indices.length,
      unlisten: whenDisposed(geometry, () => {
        this.cache.forget(geometry);
        this.rebound(); // no bundle may replay its buffers: the draws are recorded again (and refused)
      }),
    };
  }
}

/** Joints and weights (four floats a vertex each) as one buffer of eight floats a vertex. */
function interleaveSkinning(joints: Float32Array, weights: Float32Array, vertices: number): Float32Array {
  const out = new Float32Array(vertices * 8);
  for (let v = 0; v < vertices; v++) {
    out.set(joints.subarray(v * 4, v * 4 + 4), v * 8);
    out.set(weights.subarray(v * 4, v * 4 + 4), v * 8 + 4);
  }
  return out;
}
