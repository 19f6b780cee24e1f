import { describe, expect, it } from 'vitest';
import { quat } from 'gl-matrix';
import { findShearedNodes } from './find-sheared-nodes';
import { Node } from './node';

describe('findShearedNodes', () => {
  it('lists nodes under a non-uniform scale that are rotated relative to it, with their path', () => {
    const root = new Node('root');
    const stretched = new Node('stretched').setScale(3, 1, 1);
    const rotated = new Node('rotated');
    const q = quat.setAxisAngle(quat.create(), [0, 0, 1], Math.PI / 6);
    rotated.setRotation(q[0], q[1], q[2], q[3]);
    const below = new Node('below');
    const straight = new Node('straight');
    root.add(stretched);
    stretched.add(rotated).add(straight);
    rotated.add(below);
    const found = findShearedNodes(root);
    expect(found.map((f) => f.path)).toEqual(['root/stretched/rotated', 'root/stretched/rotated/below']);
    expect(found[0]!.shear).toBeGreaterThan(0.1);
    stretched.setScale(2, 2, 2);
    expect(findShearedNodes(root)).toEqual([]);
  });
});
