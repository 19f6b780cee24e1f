import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import type { UniformStorage } from '../../layout/uniform-arena';
import { VERTEX_FLOATS, quadGeometry, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Skin } from '../../scene/skin';
import { Deformed, WorldPacker, type WorldMesh } from './world-packer';

/** Buffers in memory that count what is written to them. */
function countingStorage() {
  const written = { bytes: 0 };
  const storage: UniformStorage = {
    alignment: 256,
    maxBindingSize: 65536,
    create: () => ({
      write: (_o: number, _d: ArrayBuffer, _s: number, size: number) => void (written.bytes += size),
      destroy: () => {},
    }),
  };
  return { storage, written };
}

/** A quad whose left vertices follow joint 0 and right ones joint 1. */
function skinnedQuad(): Geometry {
  const quad = quadGeometry(2, 2);
  const vertices = quad.vertices.length / VERTEX_FLOATS;
  const joints = new Float32Array(vertices * 4);
  const weights = new Float32Array(vertices * 4);
  for (let v = 0; v < vertices; v++) {
    joints[v * 4] = quad.vertices[v * VERTEX_FLOATS]! < 0 ? 0 : 1;
    weights[v * 4] = 1;
  }
  return { ...quad, joints, weights };
}

function rig(count = 1) {
  const root = new Node('root');
  const left = new Node('left');
  const right = new Node('right').setPosition(0, 0, 0);
  root.add(left).add(right);
  const skin = new Skin('pair', [left, right]);
  const geometry = skinnedQuad();
  const meshes = Array.from({ length: count }, (_, i) => {
    const mesh = new Mesh(`body${i}`, geometry, new Material('unlit')) as WorldMesh;
    mesh.skin = skin;
    root.add(mesh);
    return mesh;
  });
  return { root, left, right, skin, meshes, geometry };
}

describe('Skin', () => {
  it('joint matrices are meshWorld⁻¹ · jointWorld · inverseBind, and the box follows the joints', () => {
    const { left, right, skin, meshes, geometry } = rig();
    const mesh = meshes[0]!;
    mesh.setPosition(1, 0, 0);
    right.setPosition(10, 0, 0);
    const out = new Float32Array(32);
    skin.writeJointMatrices(mesh.worldMatrix, out, 0);
    // Joint 1 (right) moved 10 along x, seen from a mesh 1 along x: 9 in the mesh's space (its world adds the 1).
    const translation = (x: number) => Array.from(mat4.fromTranslation(mat4.create(), [x, 0, 0]));
    expect(Array.from(out.subarray(16, 32))).toEqual(translation(9));
    expect(Array.from(out.subarray(0, 16))).toEqual(translation(-1));
    const box = mesh.worldBox(new Float32Array(6));
    // Left half at x −1 (on the left joint, at the origin), right half at 1 + 10: the box spans −1…11.
    expect(box[0]! - box[3]!).toBeCloseTo(-1, 5);
    expect(box[0]! + box[3]!).toBeCloseTo(11, 5);
    const before = skin.version;
    left.setPosition(0, 1, 0);
    expect(skin.version).not.toBe(before);
    expect(() => new Skin('none', [])).toThrow(/no joints/);
    expect(() => new Skin('dup', [left, left])).toThrow(/twice/);
    expect(() => new Skin('short', [left], new Float32Array(15))).toThrow(/16 floats/);
    expect(() => new Skin('nan', [left], new Float32Array(16).fill(NaN))).toThrow(/not a finite/);
    expect(geometry.joints).toBeDefined();
  });

  it('morph weights grow the box by the targets they blend in', () => {
    const quad = quadGeometry(2, 2);
    const up = new Float32Array(12);
    for (let v = 0; v < 4; v++) up[v * 3 + 1] = 4;
    const mesh = new Mesh('m', { ...quad, morphTargets: [{ positions: up }] }, new Material('unlit'));
    const box = () => Array.from(mesh.worldBox(new Float32Array(6)));
    const base = box();
    mesh.setMorphWeight(0, 0.5);
    expect(box()[4]).toBeCloseTo(base[4]! + 1, 5);
    expect(() => mesh.setMorphWeight(0, NaN)).toThrow(/not a finite/);
    const version = mesh.morphVersion;
    mesh.setMorphWeight(0, 0.5);
    expect(mesh.morphVersion, 'a write that changes nothing').toBe(version);
  });
});

describe('WorldPacker: deformed meshes', () => {
  it('joint matrices are computed only when a joint or the mesh moved; a still frame uploads nothing', () => {
    const { root, right, meshes } = rig(3);
    const { storage, written } = countingStorage();
    const packer = new WorldPacker(root, storage);
    packer.prepare();
    expect(packer.counters.jointMatrices).toBe(6);
    expect(packer.draws.every((d) => d.deformed === Deformed.Skinned && d.deform >= 0)).toBe(true);
    const [joints, bytes] = [packer.counters.jointMatrices, written.bytes];
    packer.prepare();
    expect(packer.counters.jointMatrices - joints, 'still').toBe(0);
    expect(written.bytes - bytes, 'still: nothing uploaded').toBe(0);
    right.setPosition(1, 0, 0);
    packer.prepare();
    expect(packer.counters.jointMatrices - joints, 'a joint moved: every mesh of the skin').toBe(6);
    meshes[1]!.setPosition(0, 2, 0);
    packer.prepare();
    expect(packer.counters.jointMatrices - joints, 'one mesh moved: its matrices').toBe(8);
    // Each slot holds 80 bytes + 2 joints, at the 256-byte alignment: one slot each, not the struct's 128 joints.
    const offsets = packer.draws.map((d) => d.deform).sort((a, b) => a - b);
    expect(offsets).toEqual([0, 256, 512]);
  });

  it('losing the skin frees the slot and changes the pipeline; bad skins and targets are named', () => {
    const { root, meshes, skin, left } = rig(1);
    const packer = new WorldPacker(root, countingStorage().storage, { validate: true });
    packer.prepare();
    const mesh = meshes[0]!;
    const version = packer.drawsVersion;
    mesh.skin = null;
    packer.prepare();
    expect(packer.draws[0]!.deformed).toBe(Deformed.None);
    expect(packer.draws[0]!.deform).toBe(-1);
    expect(packer.drawsVersion).toBeGreaterThan(version);
    mesh.skin = skin;
    mesh.geometry = quadGeometry(2, 2);
    expect(() => packer.prepare()).toThrow(/has no joints and weights/);
    mesh.geometry = { ...skinnedQuad(), joints: new Float32Array(16).fill(2) };
    expect(() => packer.prepare()).toThrow(/vertex 0 of geometry "quad" names joint 2/);
    // Past what the vertex stage reads: refused when given, naming the mesh and the limit, the mesh unchanged.
    mesh.geometry = skinnedQuad();
    const huge = new Skin(
      'huge',
      Array.from({ length: 129 }, (_, i) => (i === 0 ? left : new Node(`j${i}`))),
    );
    expect(() => (mesh.skin = huge)).toThrow(
      'Mesh "body0": its skin "huge" has 129 joints; a skin may have up to 128 (split the skeleton, or leave out ' +
        'joints no vertex follows).',
    );
    expect(mesh.skin).toBe(skin);
    mesh.skin = null;
    const quad = quadGeometry(2, 2);
    const many = {
      ...quad,
      morphTargets: Array.from({ length: 17 }, () => ({ positions: new Float32Array(12) })),
    };
    expect(() => (mesh.geometry = many)).toThrow(
      'Mesh "body0": geometry "quad" has 17 morph targets; a mesh blends up to 16 (bake the rest into the ' +
        'geometry, or split it).',
    );
    expect(() => new Mesh('m', many, new Material('unlit'))).toThrow(
      /"m": geometry "quad" has 17 morph targets/,
    );
    // A geometry changed after it was given (a plain object) still meets the world pass's own check.
    const grown = { ...quad, morphTargets: [] as { positions: Float32Array }[] };
    mesh.geometry = grown;
    grown.morphTargets = many.morphTargets;
    expect(() => packer.prepare()).toThrow(/17 morph targets; up to 16/);
    mesh.geometry = { ...quad, morphTargets: [{ positions: new Float32Array(11) }] };
    expect(() => packer.prepare()).toThrow(/morph target 0 .* need 12/);
    mesh.geometry = { ...quad, morphTargets: [{ positions: new Float32Array(12) }] };
    packer.prepare();
    expect(packer.draws[0]!.deformed).toBe(Deformed.Morphed);
    mesh.setMorphWeight(0, 1);
    expect(packer.prepare().packed, 'a weight changed: its slot').toBe(1);
    expect(packer.prepare().packed, 'nothing changed').toBe(0);
  });

  it('a skinned or morphed mesh leaving takes its own draw out of the sorted list, not a neighbour', () => {
    // Among plain and deformed draws of other kinds, so the list's order has them on both sides.
    const { root, meshes } = rig(2);
    const plain = new Mesh('plain', quadGeometry(1, 1), new Material('unlit')) as WorldMesh;
    const lit = new Mesh('lit', quadGeometry(1, 1), new Material('lambert')) as WorldMesh;
    const quad = quadGeometry(2, 2);
    const morphed = new Mesh(
      'morphed',
      { ...quad, morphTargets: [{ positions: new Float32Array(12) }] },
      new Material('unlit'),
    ) as WorldMesh;
    root.add(plain).add(lit);
    root.add(morphed);
    const packer = new WorldPacker(root, countingStorage().storage, { validate: true });
    packer.prepare();
    expect(packer.draws.map((d) => d.deformed)).toContain(Deformed.Skinned);
    // Fails when the draw's key (how it is deformed) is let go of before its place in the list is found.
    for (const mesh of [meshes[0]!, morphed, meshes[1]!]) {
      root.remove(mesh);
      packer.prepare(); // validation: the list equals one rebuilt from the tree
      expect(packer.draws.some((d) => d.mesh === mesh)).toBe(false);
    }
    expect(packer.draws.map((d) => d.mesh.name).sort()).toEqual(['lit', 'plain']);
  });
});
