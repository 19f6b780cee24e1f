import { Node, VISIT_ALL, VISIT_LISTED, type FlatOrder } from './node';
import { validateWorldMatrices } from './validate-world-matrices';

/** How `updateWorldMatrices` runs. */
export interface UpdateOptions {
  /** After updating, recompute every world matrix from scratch and throw on the first cached one that differs. */
  validate?: boolean;
}

/**
 * @internal Exact counters for the tests, since the page loaded: sweeps that recomputed along the flat order's ranges
 * or along the child links, and nodes visited (looked at, recomputed or not).
 */
export const sweepCounts = { flat: 0, linked: 0, visited: 0 };

/**
 * The per-frame update: recomputes every stale world matrix under `root`, visiting only the branches that changed,
 * and returns how many it recomputed (0 for a tree where nothing changed since the last call).
 */
export function updateWorldMatrices(root: Node, options?: UpdateOptions): number {
  root.parent?.refresh();
  let count = 0;
  if (root.needsSweep) {
    const order = flatOrder(root);
    count = sweep(root, order);
    if (order) sweepCounts.flat++;
    else sweepCounts.linked++;
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
      node._orderIndex = nodes.push(node) - 1;
      ends.push(node._orderIndex + 1);
      if (!node.firstChild) break;
      open.push(node._orderIndex);
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

/** The nodes the sweep has yet to visit, reused by every sweep so it allocates nothing per frame. */
const stack: Node[] = [];

/**
 * Visits the root and below it only where something changed, so a frame costs what changed: a branch without a change
 * is skipped whole, and under a wide node only its listed children are visited (see WIDE in node.ts). Everything below
 * a stale node recomputes. A node listed in the flat order is swept along it (one loop over its range, skipping
 * unchanged subtrees by their ends); otherwise, right after a change of shape, along the child links.
 */
function sweep(root: Node, order: FlatOrder | null): number {
  let count = 0;
  let visited = 0;
  let top = 0;
  stack[top++] = root;
  while (top > 0) {
    const node = stack[--top]!;
    stack[top] = null as unknown as Node; // hold no node past the sweep
    if (order && order.nodes[node._orderIndex] === node) {
      const i = node._orderIndex;
      const end = order.ends[i]!;
      for (let j = i; j < end;) {
        const at = order.nodes[j]!;
        visited++;
        if (at.isStale()) {
          count += recomputeRange(order, j);
          j = order.ends[j]!;
          continue;
        }
        const mode = at.takeVisitMode();
        if (mode === VISIT_ALL)
          j++; // into its children
        else {
          if (mode === VISIT_LISTED) top = at.takeListed(stack, top);
          j = order.ends[j]!;
        }
      }
      continue;
    }
    visited++;
    if (node.isStale()) {
      count += recomputeSubtree(node);
      continue;
    }
    const mode = node.takeVisitMode();
    if (mode === VISIT_LISTED) top = node.takeListed(stack, top);
    else if (mode === VISIT_ALL)
      for (let child = node.firstChild; child; child = child.nextSibling) stack[top++] = child;
  }
  sweepCounts.visited += visited;
  return count;
}

/** Recomputes the order's entry `i` and the rest of its subtree, parents before children. */
function recomputeRange({ nodes, ends }: FlatOrder, i: number): number {
  nodes[i]!.recomputeTop();
  const end = ends[i]!;
  for (let j = i + 1; j < end; j++) Node.recomputeFromParent(nodes[j]!);
  return end - i;
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
