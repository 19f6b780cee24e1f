import { Node, type FlatOrder } from './node';
import { validateWorldMatrices } from './validate-world-matrices';

/** How `updateWorldMatrices` runs. */
export interface UpdateOptions {
  /** After updating, recompute every world matrix from scratch and throw on the first cached one that differs. */
  validate?: boolean;
}

/** @internal How many sweeps took each path since the page loaded: exact counters for the tests. */
export const sweepCounts = { flat: 0, linked: 0 };

/**
 * The per-frame update: recomputes every stale world matrix under `root`, visiting only the branches that changed,
 * and returns how many it recomputed (0 for a tree where nothing changed since the last call).
 */
export function updateWorldMatrices(root: Node, options?: UpdateOptions): number {
  root.parent?.refresh();
  let count = 0;
  if (root.needsSweep) {
    const order = flatOrder(root);
    if (order) {
      count = sweepFlat(order);
      sweepCounts.flat++;
    } else {
      count = sweepLinked(root);
      sweepCounts.linked++;
    }
  }
  if (options?.validate) validateWorldMatrices(root); // no default object: this runs every frame
  return count;
}

/**
 * The subtree in parent-before-child order, or null right after its shape changed: a tree that changes shape every
 * frame is swept along its links instead of paying a rebuild per frame.
 */
function flatOrder(root: Node): FlatOrder | null {
  if (root._flat) return root._flat;
  if (root._shapeChanged) {
    root._shapeChanged = false;
    return null;
  }
  const nodes: Node[] = [];
  const ends: number[] = [];
  const open: number[] = []; // indices of the nodes whose subtree is being listed
  for (let node: Node = root; ; node = node.nextSibling!) {
    for (;;) {
      // Every node listed here is covered by this order from now on: a later change below it must climb past it.
      node._shapeChanged = false;
      const at = nodes.push(node) - 1;
      ends.push(at + 1);
      if (!node.firstChild) break;
      open.push(at);
      node = node.firstChild;
    }
    while (node !== root && !node.nextSibling) {
      node = node.parent!;
      ends[open.pop()!] = nodes.length;
    }
    if (node === root) break;
  }
  return (root._flat = { nodes, ends: Int32Array.from(ends) });
}

/**
 * The sweep in one loop over the flat order: a branch without a change below is skipped to its end; a recomputed
 * node's children are stale by version, so they recompute in turn.
 */
function sweepFlat({ nodes, ends }: FlatOrder): number {
  let count = 0;
  for (let i = 0; i < nodes.length;) {
    const node = nodes[i]!;
    if (node.isStale()) {
      // Everything below a stale node recomputes: one tight loop over its range, parents before children.
      node.recomputeTop();
      const end = ends[i]!;
      for (let j = i + 1; j < end; j++) Node.recomputeFromParent(nodes[j]!);
      count += end - i;
      i = end;
    } else if (node.takeBranch()) {
      i++;
    } else {
      i = ends[i]!;
    }
  }
  return count;
}

/** The same sweep along the child links, for a tree whose shape just changed; below a stale node all recompute. */
function sweepLinked(root: Node): number {
  let count = 0;
  for (let node: Node | null = root; node;) {
    if (node.isStale()) {
      count += recomputeSubtree(node);
      node = Node.after(node, root, false);
      continue;
    }
    node = Node.after(node, root, node.takeBranch());
  }
  return count;
}

/** Recomputes `top` and everything below it, parents first, along the child links. */
function recomputeSubtree(top: Node): number {
  top.recomputeTop();
  let count = 1;
  for (let node = Node.after(top, top, true); node; node = Node.after(node, top, true)) {
    Node.recomputeFromParent(node);
    count++;
  }
  return count;
}
