import type { Node } from './node';

/** A node whose world matrix has shear, for the debug panel. */
export interface ShearReport {
  node: Node;
  path: string;
  /** Largest |cos| between two world basis columns (0 means none). */
  shear: number;
}

/**
 * Lists the nodes under `root` whose world matrix is sheared (non-uniform scale above a rotated child): such a node
 * cannot be reparented keeping its world, and its normals need the inverse-transpose.
 */
export function findShearedNodes(root: Node, tolerance = 1e-4): ShearReport[] {
  const found: ShearReport[] = [];
  root.traverse((node) => {
    const m = node.worldMatrix;
    const shear = Math.max(cosine(m, 0, 4), cosine(m, 0, 8), cosine(m, 4, 8));
    if (shear > tolerance) found.push({ node, path: node.path, shear });
  });
  return found;
}

function cosine(m: ArrayLike<number>, a: number, b: number): number {
  const dot = m[a]! * m[b]! + m[a + 1]! * m[b + 1]! + m[a + 2]! * m[b + 2]!;
  const lengths = Math.hypot(m[a]!, m[a + 1]!, m[a + 2]!) * Math.hypot(m[b]!, m[b + 1]!, m[b + 2]!);
  return lengths === 0 ? 0 : Math.abs(dot) / lengths;
}
