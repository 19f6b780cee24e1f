import { mat4 } from 'gl-matrix';
import type { Node } from './node';
import { SceneError } from './scene-error';

/**
 * The slow path that checks the fast one: recomputes every world matrix under `root` from its local T/R/S alone and
 * throws, naming the node's path, on the first cached matrix that differs in any bit. Far too slow for real frames.
 */
export function validateWorldMatrices(root: Node): void {
  const parentWorld = root.parent ? mat4.clone(root.parent.worldMatrix) : mat4.create();
  check(root, parentWorld);
}

function check(node: Node, parentWorld: mat4): void {
  const expected = mat4.fromRotationTranslationScale(mat4.create(), node.rotation, node.position, node.scale);
  mat4.multiply(expected, parentWorld, expected);
  const cached = node.cachedWorldMatrix; // not worldMatrix: reading that would bring a stale cache up to date
  for (let i = 0; i < 16; i++) {
    if (!Object.is(cached[i], expected[i])) {
      throw new SceneError(
        `World matrix of "${node.path}" is stale: element ${i} is ${cached[i]}, recomputed from scratch it is ` +
          `${expected[i]}. A change reached this node without invalidating its cache.`,
      );
    }
  }
  for (const child of node.children) check(child, expected);
}
