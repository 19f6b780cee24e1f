import { mat3, mat4, vec3 } from 'gl-matrix';
import { VERTEX_FLOATS, type Geometry } from './geometry';
import { Material } from './material';
import { Mesh } from './mesh';
import type { Node } from './node';

/**
 * Bakes the meshes under `root` into one geometry in `root`'s frame: static scenery many meshes make (grass tufts,
 * flowers, a fence) becomes one mesh, one node and one draw for the frame's sweep, culling and batching instead of one
 * each. Each vertex is moved and its normal turned by its mesh's transform relative to `root`, and its colour is the
 * geometry's vertex colour (white without) times the mesh's material colour, so a white material of the same kind
 * draws the merged geometry as the meshes looked. Only the colour is kept of each material: meshes whose look needs
 * more (maps, other params) should not be merged. Hidden meshes are left out; a mirroring transform keeps faces in front
 * (winding reversed); a skinned or morphed mesh is an error, as its shape is not fixed.
 */
export function mergeMeshes(root: Node, name = `${root.name} merged`): Geometry {
  const parts: { geometry: Geometry; matrix: mat4; color: Readonly<Float32Array> }[] = [];
  const rootFromWorld = mat4.invert(mat4.create(), root.worldMatrix as mat4);
  if (!rootFromWorld)
    throw new Error(`mergeMeshes("${root.name}"): its world matrix cannot be inverted (a zero scale).`);
  root.traverse((node) => {
    if (!(node instanceof Mesh) || !node.visible) return;
    const geometry = node.geometry as Geometry;
    if (node.skin || geometry.joints || geometry.morphTargets?.length)
      throw new Error(
        `mergeMeshes("${root.name}"): mesh "${node.name}" is skinned or morphed; its shape changes, so it cannot be baked.`,
      );
    const material = node.material;
    if (!(material instanceof Material))
      throw new Error(
        `mergeMeshes("${root.name}"): mesh "${node.name}" has no Material to take its colour from.`,
      );
    parts.push({
      geometry,
      matrix: mat4.multiply(mat4.create(), rootFromWorld, node.worldMatrix as mat4),
      color: material.color,
    });
  });
  const count = parts.reduce((n, p) => n + p.geometry.vertices.length / VERTEX_FLOATS, 0);
  const vertices = new Float32Array(count * VERTEX_FLOATS);
  const colors = new Float32Array(count * 4);
  const indices = count > 0xffff ? new Uint32Array(indexCount(parts)) : new Uint16Array(indexCount(parts));
  const [p, n, normalMatrix] = [vec3.create(), vec3.create(), mat3.create()];
  let [vertex, index] = [0, 0];
  for (const { geometry, matrix, color } of parts) {
    mat3.normalFromMat4(normalMatrix, matrix);
    const src = geometry.vertices;
    const own = src.length / VERTEX_FLOATS;
    for (let i = 0; i < own; i++) {
      const at = i * VERTEX_FLOATS;
      const out = (vertex + i) * VERTEX_FLOATS;
      vec3.transformMat4(p, vec3.set(p, src[at]!, src[at + 1]!, src[at + 2]!), matrix);
      vec3.normalize(
        n,
        vec3.transformMat3(n, vec3.set(n, src[at + 3]!, src[at + 4]!, src[at + 5]!), normalMatrix),
      );
      vertices.set([p[0], p[1], p[2], n[0], n[1], n[2], src[at + 6]!, src[at + 7]!], out);
      for (let c = 0; c < 4; c++)
        colors[(vertex + i) * 4 + c] = (geometry.colors?.[i * 4 + c] ?? 1) * color[c]!;
    }
    // A mirroring transform turns front faces back: each triangle's winding is reversed to keep them in front.
    const mirrored = mat4.determinant(matrix) < 0;
    const ids = geometry.indices;
    for (let t = 0; t < ids.length; t += 3) {
      indices[index++] = vertex + ids[t]!;
      indices[index++] = vertex + ids[t + (mirrored ? 2 : 1)]!;
      indices[index++] = vertex + ids[t + (mirrored ? 1 : 2)]!;
    }
    vertex += own;
  }
  return { name, vertices, indices, colors };
}

function indexCount(parts: readonly { geometry: Geometry }[]): number {
  return parts.reduce((n, p) => n + p.geometry.indices.length, 0);
}
