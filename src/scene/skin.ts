import { mat4, type ReadonlyMat4 } from 'gl-matrix';
import { VERTEX_FLOATS, type Geometry } from './geometry';
import type { Node } from './node';
import { SceneError } from './scene-error';
import { transformBox, type Box } from './world-box';

/**
 * A skeleton a skinned mesh is drawn with: its joints (ordinary nodes, moved by code or an `AnimationMixer`) and each
 * joint's inverse bind matrix (mesh space → the joint's space in the bind pose). A vertex is drawn where its joints
 * carry it: Σ weightᵢ · jointWorldᵢ · inverseBindᵢ · position (glTF's rule), so the mesh's own node only decides where
 * the mesh is drawn from when no joint moves it. Several meshes may share one skin.
 */
export class Skin {
  readonly joints: readonly Node[];
  /** Sixteen floats (column-major) per joint. */
  readonly inverseBindMatrices: Float32Array;
  private readonly scratch = mat4.create();
  private readonly inverse = mat4.create();
  private readonly part = new Float32Array(6);
  /** Each geometry's joint boxes (see `jointBoxes`). */
  private readonly boxes = new WeakMap<Geometry, Float32Array>();

  /**
   * Checks the joints and matrices now: at least one joint, no joint twice, and 16 finite floats per joint (identity
   * for each when omitted, as glTF has it). A bad skin is an error naming what is wrong.
   */
  constructor(
    readonly name: string,
    joints: readonly Node[],
    inverseBindMatrices?: Float32Array,
  ) {
    const fail = (why: string): never => {
      throw new SceneError(`Skin "${name}": ${why}`);
    };
    if (joints.length === 0) fail('it has no joints; give it the nodes that move its vertices.');
    if (new Set(joints).size !== joints.length) fail('a joint is listed twice.');
    const matrices = inverseBindMatrices ?? identities(joints.length);
    if (matrices.length !== joints.length * 16)
      fail(
        `${joints.length} joints need ${joints.length * 16} floats of inverse bind matrices; it has ${matrices.length}.`,
      );
    for (let i = 0; i < matrices.length; i++)
      if (!Number.isFinite(matrices[i]))
        fail(`inverse bind matrix ${Math.floor(i / 16)} holds ${matrices[i]}, not a finite number.`);
    this.joints = [...joints];
    this.inverseBindMatrices = matrices;
  }

  /**
   * A number that changes whenever a joint's world matrix is recomputed (the sum of their world versions, each of
   * which only grows): what the renderer compares to know the joint matrices must be computed again.
   */
  get version(): number {
    let sum = 0;
    const joints = this.joints;
    for (let i = 0; i < joints.length; i++) sum += joints[i]!.worldVersion;
    return sum;
  }

  /**
   * @internal `version` as the last sweep left the joints, for a renderer that has just swept a tree holding them all
   * (reading each joint's version does not walk its path to the root).
   */
  sweptVersion(): number {
    let sum = 0;
    const joints = this.joints;
    for (let i = 0; i < joints.length; i++) sum += joints[i]!.cachedWorldVersion;
    return sum;
  }

  /**
   * Writes each joint's matrix for a mesh whose world matrix is `meshWorld` into `out` from float `offset`, 16 floats
   * each: meshWorld⁻¹ · jointWorld · inverseBind, which carries a vertex from the mesh's space to where the joint puts
   * it, in the mesh's space (its world matrix is applied after, as for every mesh). `swept`: the joints' world matrices
   * as the last sweep left them (a renderer that has just swept a tree holding them all).
   */
  writeJointMatrices(meshWorld: ReadonlyMat4, out: Float32Array, offset: number, swept = false): void {
    if (!mat4.invert(this.inverse, meshWorld)) mat4.identity(this.inverse); // a mesh scaled to nothing draws nothing
    const m = this.scratch;
    const joints = this.joints;
    const ibm = this.inverseBindMatrices;
    for (let j = 0; j < joints.length; j++) {
      const joint = joints[j]!;
      mat4.multiply(m, this.inverse, swept ? joint.cachedWorldMatrix : joint.worldMatrix);
      // m × inverse bind j, read in place (a subarray per joint would be garbage every frame).
      const b = j * 16;
      for (let c = 0; c < 4; c++)
        for (let r = 0; r < 4; r++)
          out[offset + b + c * 4 + r] =
            m[r]! * ibm[b + c * 4]! +
            m[4 + r]! * ibm[b + c * 4 + 1]! +
            m[8 + r]! * ibm[b + c * 4 + 2]! +
            m[12 + r]! * ibm[b + c * 4 + 3]!;
    }
  }

  /**
   * Writes into `out` the world box of `geometry` drawn with this skin as its joints stand now: the union of each
   * joint's box of the vertices it moves (in the joint's bind space, computed once per geometry) carried by the joint's
   * world matrix, grown by `margin` in the mesh's space (a morph target's reach) as each joint stretches it. Never
   * smaller than the drawn mesh.
   */
  worldBox(geometry: Geometry, margin: number, out: Box, swept = false): Box {
    const boxes = this.jointBoxes(geometry);
    const part = this.part;
    let [minX, minY, minZ, maxX, maxY, maxZ] = [
      Infinity,
      Infinity,
      Infinity,
      -Infinity,
      -Infinity,
      -Infinity,
    ];
    for (let j = 0; j < this.joints.length; j++) {
      const box = boxes.subarray(j * 6, j * 6 + 6);
      if (box[3]! < 0) continue; // moves no vertex
      const joint = this.joints[j]!;
      const world = swept ? joint.cachedWorldMatrix : joint.worldMatrix;
      transformBox(box, world, part);
      if (margin > 0) {
        const grow = margin * maxScale(world, 0) * maxScale(this.inverseBindMatrices, j * 16);
        part[3]! += grow;
        part[4]! += grow;
        part[5]! += grow;
      }
      minX = Math.min(minX, part[0]! - part[3]!);
      minY = Math.min(minY, part[1]! - part[4]!);
      minZ = Math.min(minZ, part[2]! - part[5]!);
      maxX = Math.max(maxX, part[0]! + part[3]!);
      maxY = Math.max(maxY, part[1]! + part[4]!);
      maxZ = Math.max(maxZ, part[2]! + part[5]!);
    }
    if (minX > maxX) return out.fill(0);
    out[0] = (minX + maxX) / 2;
    out[1] = (minY + maxY) / 2;
    out[2] = (minZ + maxZ) / 2;
    out[3] = (maxX - minX) / 2;
    out[4] = (maxY - minY) / 2;
    out[5] = (maxZ - minZ) / 2;
    return out;
  }

  /** Each joint's box (centre, half extents; −1 extents: no vertex) of the vertices it moves, in its bind space. */
  private jointBoxes(geometry: Geometry): Float32Array {
    let byGeometry = this.boxes.get(geometry);
    if (byGeometry) return byGeometry;
    const { vertices, joints, weights } = geometry;
    const n = this.joints.length;
    if (!joints || !weights)
      throw new SceneError(
        `Skin "${this.name}": geometry "${geometry.name}" has no joints and weights, so nothing moves with the skin.`,
      );
    const lo = new Float64Array(n * 3).fill(Infinity);
    const hi = new Float64Array(n * 3).fill(-Infinity);
    const ibm = this.inverseBindMatrices;
    for (let v = 0; v * VERTEX_FLOATS < vertices.length; v++) {
      const [x, y, z] = [
        vertices[v * VERTEX_FLOATS]!,
        vertices[v * VERTEX_FLOATS + 1]!,
        vertices[v * VERTEX_FLOATS + 2]!,
      ];
      for (let k = 0; k < 4; k++) {
        if (!(weights[v * 4 + k]! > 0)) continue;
        const j = joints[v * 4 + k]!;
        if (!(Number.isInteger(j) && j >= 0 && j < n))
          throw new SceneError(
            `Skin "${this.name}": vertex ${v} of geometry "${geometry.name}" names joint ${j}; the skin has ${n} (0…${n - 1}).`,
          );
        const m = j * 16;
        for (let a = 0; a < 3; a++) {
          const p = ibm[m + a]! * x + ibm[m + 4 + a]! * y + ibm[m + 8 + a]! * z + ibm[m + 12 + a]!;
          lo[j * 3 + a] = Math.min(lo[j * 3 + a]!, p);
          hi[j * 3 + a] = Math.max(hi[j * 3 + a]!, p);
        }
      }
    }
    byGeometry = new Float32Array(n * 6);
    for (let j = 0; j < n; j++)
      for (let a = 0; a < 3; a++) {
        const moved = lo[j * 3]! <= hi[j * 3]!;
        // Rounded outwards, so the box in floats still holds every vertex.
        byGeometry[j * 6 + a] = moved ? (lo[j * 3 + a]! + hi[j * 3 + a]!) / 2 : 0;
        byGeometry[j * 6 + 3 + a] = moved ? ((hi[j * 3 + a]! - lo[j * 3 + a]!) / 2) * (1 + 1e-6) + 1e-6 : -1;
      }
    this.boxes.set(geometry, byGeometry);
    return byGeometry;
  }
}

/** The largest length of the three axes of the matrix at `at` in `m`: how much it can stretch a distance. */
export function maxScale(m: ArrayLike<number>, at: number): number {
  const axis = (c: number) => m[at + c]! ** 2 + m[at + c + 1]! ** 2 + m[at + c + 2]! ** 2;
  return Math.sqrt(Math.max(axis(0), axis(4), axis(8)));
}

function identities(count: number): Float32Array {
  const out = new Float32Array(count * 16);
  for (let j = 0; j < count; j++) out.set(mat4.create(), j * 16);
  return out;
}
