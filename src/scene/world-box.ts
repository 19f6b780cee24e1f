import type { ReadonlyMat4 } from 'gl-matrix';
import { VERTEX_FLOATS, type Geometry } from './geometry';

/**
 * An axis-aligned box as six numbers: centre x, y, z, then half extents x, y, z. What culling tests against the view;
 * a mesh's world box is its local box carried by its world matrix (never smaller than the mesh).
 */
export type Box = Float32Array;

const geometryBoxes = new WeakMap<Geometry, Box>();

/** The box around a geometry's vertices in its own space, computed once per geometry. */
export function geometryBox(geometry: Geometry): Readonly<Box> {
  let box = geometryBoxes.get(geometry);
  if (box) return box;
  const v = geometry.vertices;
  let [minX, minY, minZ] = [Infinity, Infinity, Infinity];
  let [maxX, maxY, maxZ] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < v.length; i += VERTEX_FLOATS) {
    minX = Math.min(minX, v[i]!);
    minY = Math.min(minY, v[i + 1]!);
    minZ = Math.min(minZ, v[i + 2]!);
    maxX = Math.max(maxX, v[i]!);
    maxY = Math.max(maxY, v[i + 1]!);
    maxZ = Math.max(maxZ, v[i + 2]!);
  }
  box =
    v.length === 0
      ? new Float32Array(6)
      : Float32Array.of(
          (minX + maxX) / 2,
          (minY + maxY) / 2,
          (minZ + maxZ) / 2,
          (maxX - minX) / 2,
          (maxY - minY) / 2,
          (maxZ - minZ) / 2,
        );
  geometryBoxes.set(geometry, box);
  return box;
}

/**
 * Writes into `out` the world box of a local box under the matrix `m` (column-major, affine): the centre carried,
 * each extent the sum of the matrix's absolute entries times the local extents (Arvo's method), so it encloses the
 * turned box exactly, and mirrored matrices alike.
 */
export function transformBox(local: Readonly<Box>, m: ReadonlyMat4, out: Box): Box {
  const cx = local[0]!,
    cy = local[1]!,
    cz = local[2]!,
    ex = local[3]!,
    ey = local[4]!,
    ez = local[5]!;
  out[0] = m[0]! * cx + m[4]! * cy + m[8]! * cz + m[12]!;
  out[1] = m[1]! * cx + m[5]! * cy + m[9]! * cz + m[13]!;
  out[2] = m[2]! * cx + m[6]! * cy + m[10]! * cz + m[14]!;
  out[3] = Math.abs(m[0]!) * ex + Math.abs(m[4]!) * ey + Math.abs(m[8]!) * ez;
  out[4] = Math.abs(m[1]!) * ex + Math.abs(m[5]!) * ey + Math.abs(m[9]!) * ez;
  out[5] = Math.abs(m[2]!) * ex + Math.abs(m[6]!) * ey + Math.abs(m[10]!) * ez;
  return out;
}
