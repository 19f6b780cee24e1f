import { mat4 } from 'gl-matrix';
import type { Node } from './node';
import { SceneError } from './scene-error';

/**
 * The slow path that checks the fast one: recomputes every world matrix under `root` from its local T/R/S alone and
 * throws, naming the node's path, on the first cached matrix that differs in any element. Far too slow for real frames.
 */
export function validateWorldMatrices(root: Node): void {
  // Each node's expected world matrix is kept until its children are checked against it; a map, not the call stack,
  // so a chain of any depth validates.
  const expected = new Map<Node, mat4>();
  root.traverse((node) => {
    const parent = node === root ? null : node.parent!;
    const parentWorld = parent
      ? expected.get(parent)!
      : root.parent
        ? root.parent.worldMatrix
        : mat4.create();
    const world = mat4.fromRotationTranslationScale(mat4.create(), node.rotation, node.position, node.scale);
    mat4.multiply(world, parentWorld, world);
    const cached = node.cachedWorldMatrix; // not worldMatrix: reading that would bring a stale cache up to date
    for (let i = 0; i < 16; i++) {
      // Equal values pass, a zero's sign aside: the sweep leaves out gl-matrix's `+ 0 · translation` terms, which turn a
      // −0 into +0 (see composeWorld); no stale cache shows as a zero's sign alone.
      if (cached[i] !== world[i] && !(Number.isNaN(cached[i]) && Number.isNaN(world[i]))) {
        throw new SceneError(
          `World matrix of "${node.path}" is stale: element ${i} is ${cached[i]}, recomputed from scratch it is ` +
            `${world[i]}. A change reached this node without invalidating its cache.`,
        );
      }
    }
    expected.set(node, world);
  });
}
