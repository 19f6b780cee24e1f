import { Node } from './node';
import { validateWorldMatrices } from './validate-world-matrices';

/** How `updateWorldMatrices` runs. */
export interface UpdateOptions {
  /** After updating, recompute every world matrix from scratch and throw on the first cached one that differs. */
  validate?: boolean;
}

/**
 * The per-frame update: recomputes every stale world matrix under `root`, visiting only the branches that changed,
 * and returns how many it recomputed (0 for a tree where nothing changed since the last call).
 */
export function updateWorldMatrices(root: Node, options?: UpdateOptions): number {
  const count = Node.updateWorldMatrices(root);
  if (options?.validate) validateWorldMatrices(root); // no default object: this runs every frame
  return count;
}
