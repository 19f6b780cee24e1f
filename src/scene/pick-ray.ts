import { mat4, vec3, vec4, type ReadonlyMat4 } from 'gl-matrix';
import type { Camera } from './camera';
import { VERTEX_FLOATS, type Geometry } from './geometry';
import { Mesh } from './mesh';
import type { Node } from './node';

/** A ray in world space: where it starts and the way it goes (not necessarily of unit length). */
export interface Ray {
  origin: vec3;
  direction: vec3;
}

/** What a pick found: the nearest drawn mesh along the ray, where, and which of its triangles. */
export interface PickHit {
  mesh: Mesh;
  /** The world-space point hit. */
  point: [number, number, number];
  /** From the ray's origin to the point, in world units. */
  distance: number;
  /** The triangle's index in the mesh's geometry (its first index at 3 × this). */
  triangle: number;
}

const inverse = mat4.create();
const NOTHING: ReadonlySet<Node> = new Set();
const corner = vec4.create();

/**
 * The ray through a point of the camera's image, in normalized device coordinates (x right and y up, −1…1), from the
 * near plane toward the far one (depth 0…1, as the camera's projection makes it).
 */
export function rayFromCamera(camera: Camera, ndcX: number, ndcY: number): Ray {
  mat4.multiply(inverse, camera.projectionMatrix as mat4, camera.viewMatrix as mat4);
  if (!mat4.invert(inverse, inverse))
    throw new Error(`Camera "${camera.name}" has a singular view-projection.`);
  const at = (depth: number) => {
    vec4.transformMat4(corner, vec4.set(corner, ndcX, ndcY, depth, 1), inverse);
    return vec3.fromValues(corner[0] / corner[3], corner[1] / corner[3], corner[2] / corner[3]);
  };
  const origin = at(0);
  return { origin, direction: vec3.subtract(vec3.create(), at(1), origin) };
}

/**
 * The nearest visible mesh under `root` that the ray hits on a face the world pass draws (its outside: counter-clockwise
 * in the mesh's own space, seen from the ray, mirrored meshes included, as the world pass turns their winding over), tested against every triangle in each mesh's own space, so any
 * scale or rotation picks what is drawn; hits past `maxT` (in units of `ray.direction`: 1 is the far plane of a
 * `rayFromCamera` ray) are not. Meshes that draw other than their geometry (sprites, which face the eye in their
 * shader) are not picked, nor anything in `skip` or under it (a pointer's own beam, the panel it is cast at).
 */
export function pickRay(
  root: Node,
  ray: Ray,
  maxT = Infinity,
  skip: ReadonlySet<Node> = NOTHING,
): PickHit | null {
  let best: PickHit | null = null;
  const localOrigin = vec3.create();
  const localDirection = vec3.create();
  const toLocal = mat4.create();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (skip.has(node)) continue;
    for (const child of node.children) stack.push(child);
    if (!(node instanceof Mesh) || !node.visible || !isPlainGeometry(node)) continue;
    const world = node.worldMatrix;
    if (!mat4.invert(toLocal, world as mat4)) continue; // a zero scale draws nothing
    vec3.transformMat4(localOrigin, ray.origin, toLocal);
    transformDirection(localDirection, ray.direction, toLocal);
    const hit = nearestTriangle(node.geometry as Geometry, localOrigin, localDirection);
    if (hit === null || hit.t > maxT) continue;
    // t is along the ray in both spaces (an affine map keeps the parameter), so hits of different meshes compare.
    if (best && hit.t >= best.distance / vec3.length(ray.direction)) continue;
    const point = vec3.scaleAndAdd(vec3.create(), ray.origin, ray.direction, hit.t);
    best = {
      mesh: node,
      point: [point[0], point[1], point[2]],
      distance: hit.t * vec3.length(ray.direction),
      triangle: hit.triangle,
    };
  }
  return best;
}

/** Meshes drawn by their geometry as it is (the sprite kind places its own quad in the shader). */
function isPlainGeometry(mesh: Mesh): boolean {
  const geometry = mesh.geometry as Geometry | undefined;
  const kind = (mesh.material as { kind?: string } | undefined)?.kind;
  return geometry?.vertices instanceof Float32Array && kind !== 'sprite';
}

function transformDirection(out: vec3, d: vec3, m: ReadonlyMat4): vec3 {
  const [x, y, z] = [d[0], d[1], d[2]];
  out[0] = m[0]! * x + m[4]! * y + m[8]! * z;
  out[1] = m[1]! * x + m[5]! * y + m[9]! * z;
  out[2] = m[2]! * x + m[6]! * y + m[10]! * z;
  return out;
}

/** Möller–Trumbore over every triangle: the smallest t ≥ 0 on a drawn face, or null. */
function nearestTriangle(geometry: Geometry, o: vec3, d: vec3): { t: number; triangle: number } | null {
  const v = geometry.vertices;
  const idx = geometry.indices;
  let bestT = Infinity;
  let bestTriangle = -1;
  for (let k = 0; k + 2 < idx.length; k += 3) {
    const a = idx[k]! * VERTEX_FLOATS;
    const b = idx[k + 1]! * VERTEX_FLOATS;
    const c = idx[k + 2]! * VERTEX_FLOATS;
    const e1x = v[b]! - v[a]!;
    const e1y = v[b + 1]! - v[a + 1]!;
    const e1z = v[b + 2]! - v[a + 2]!;
    const e2x = v[c]! - v[a]!;
    const e2y = v[c + 1]! - v[a + 1]!;
    const e2z = v[c + 2]! - v[a + 2]!;
    // A face is drawn when its counter-clockwise normal (e1 × e2) points against the ray (the world pass turns the
    // winding over for mirrored meshes, so this holds in the mesh's own space for every mesh).
    const nx = e1y * e2z - e1z * e2y;
    const ny = e1z * e2x - e1x * e2z;
    const nz = e1x * e2y - e1y * e2x;
    const facing = nx * d[0] + ny * d[1] + nz * d[2];
    if (facing >= 0) continue;
    const px = d[1] * e2z - d[2] * e2y;
    const py = d[2] * e2x - d[0] * e2z;
    const pz = d[0] * e2y - d[1] * e2x;
    const det = e1x * px + e1y * py + e1z * pz;
    const inv = 1 / det;
    const tx = o[0] - v[a]!;
    const ty = o[1] - v[a + 1]!;
    const tz = o[2] - v[a + 2]!;
    const u = (tx * px + ty * py + tz * pz) * inv;
    if (u < 0 || u > 1) continue;
    const qx = ty * e1z - tz * e1y;
    const qy = tz * e1x - tx * e1z;
    const qz = tx * e1y - ty * e1x;
    const w = (d[0] * qx + d[1] * qy + d[2] * qz) * inv;
    if (w < 0 || u + w > 1) continue;
    const t = (e2x * qx + e2y * qy + e2z * qz) * inv;
    if (t >= 0 && t < bestT) {
      bestT = t;
      bestTriangle = k / 3;
    }
  }
  return bestTriangle < 0 ? null : { t: bestT, triangle: bestTriangle };
}
