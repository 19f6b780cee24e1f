import { describe, expect, it } from 'vitest';
import { boxGeometry, quadGeometry, VERTEX_FLOATS } from './geometry';
import { Material } from './material';
import { mergeMeshes } from './merge-meshes';
import { Mesh } from './mesh';
import { Node } from './node';

const vertex = (g: { vertices: Float32Array }, i: number) =>
  [...g.vertices.subarray(i * VERTEX_FLOATS, (i + 1) * VERTEX_FLOATS)].map(
    (v) => Math.round(v * 1e5) / 1e5 + 0,
  );

describe('mergeMeshes', () => {
  it('bakes the meshes under a node into one geometry in its frame: moved, turned, coloured by their materials', () => {
    const root = new Node('decor').setPosition(100, 0, 0); // the root's own place does not count
    const red = new Mesh('a', quadGeometry(2, 2), new Material('lambert', [1, 0, 0, 1])).setPosition(1, 0, 0);
    const arm = new Node('arm').setPosition(0, 5, 0).setRotationFromAxisAngle([0, 1, 0], Math.PI / 2);
    const blue = new Mesh('b', quadGeometry(2, 2), new Material('unlit', [0, 0, 1, 0.5])).setScale(1, 3, 1);
    const hidden = new Mesh('c', boxGeometry(), new Material('lambert'));
    hidden.visible = false;
    root.add(red).add(arm.add(blue)).add(hidden);
    const merged = mergeMeshes(root);
    expect(merged.name).toBe('decor merged');
    expect(merged.vertices.length / VERTEX_FLOATS).toBe(8); // the hidden box left out
    expect([...merged.indices]).toEqual([0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
    // The quad's first corner (−1, −1, 0), normal +Z: red moved 1 along x; blue scaled 3 up, turned to face +X, raised 5.
    expect(vertex(merged, 0)).toEqual([0, -1, 0, 0, 0, 1, ...vertex(quadGeometry(2, 2), 0).slice(6)]);
    expect(vertex(merged, 4).slice(0, 6)).toEqual([0, 2, 1, 1, 0, 0]);
    expect([...merged.colors!.subarray(0, 4), ...merged.colors!.subarray(16, 20)]).toEqual([
      1, 0, 0, 1, 0, 0, 1, 0.5,
    ]);
  });

  it('keeps faces in front under a mirroring scale, and refuses a skinned or morphed mesh', () => {
    const root = new Node('r');
    root.add(new Mesh('m', quadGeometry(), new Material('lambert')).setScale(-1, 1, 1));
    expect([...mergeMeshes(root).indices]).toEqual([0, 2, 1, 0, 3, 2]);
    const morphed = quadGeometry();
    const shape = { ...morphed, morphTargets: [{ positions: new Float32Array(12) }] };
    root.add(new Mesh('blob', shape, new Material('lambert')));
    expect(() => mergeMeshes(root)).toThrow(/mesh "blob" is skinned or morphed/);
  });
});
