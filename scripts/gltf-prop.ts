// The prop of the glTF fixtures, described once: scripts/gltf-fixtures.ts writes it as glTF, and the GPU test builds
// the same scene by hand with Nodes to compare pixels. Plain data (no Node imports), for both.
import { mat4, quat } from 'gl-matrix';

/** One primitive: a built-in geometry, a material of the prop, its index size (or none) and whether NORMAL is given. */
export interface PropPrimitive {
  geometry: 'box' | 'quad';
  material: 'wood' | 'metal' | 'glow';
  indices: 8 | 16 | 32 | 'none';
  normals: boolean;
}

/** One node: its parent (by name), its TRS (the lamp's is written as a matrix) and its primitives. */
export interface PropNode {
  name: string;
  parent: string | null;
  translation?: [number, number, number];
  rotation?: [number, number, number, number];
  scale?: [number, number, number];
  primitives: PropPrimitive[];
}

const turn = (axis: [number, number, number], degrees: number) =>
  Array.from(quat.setAxisAngle(quat.create(), axis, (degrees * Math.PI) / 180)) as [
    number,
    number,
    number,
    number,
  ];

/** The lamp's matrix: translate (0, 0.45, 0), turn 30° about Z, scale (2, 0.3, 2). */
export const PROP_LAMP = {
  translation: [0, 0.45, 0],
  rotation: turn([0, 0, 1], 30),
  scale: [2, 0.3, 2],
} as const;
export const PROP_LAMP_MATRIX = mat4.fromRotationTranslationScale(
  mat4.create(),
  PROP_LAMP.rotation,
  PROP_LAMP.translation,
  PROP_LAMP.scale,
);

/** The base's colours per material: wood is white times the checker, metal unlit. */
export const PROP_COLORS = {
  wood: [1, 1, 1, 1],
  metal: [0.55, 0.65, 0.9, 1],
  glow: [1, 0.85, 0.3, 1],
} as const;

/** The vertex colour (bytes, RGB) of vertex `v` of a primitive of the coloured prop's sign: varied, never dark. */
export function propVertexColor(v: number): [number, number, number] {
  return [((v * 37 + 120) % 256) | 128, ((v * 91 + 50) % 256) | 96, ((v * 17 + 200) % 256) | 64];
}

export const PROP_NODES: PropNode[] = [
  {
    name: 'base',
    parent: null,
    translation: [0, -0.5, 0],
    scale: [1.5, 0.25, 1],
    primitives: [{ geometry: 'box', material: 'wood', indices: 16, normals: true }],
  },
  {
    name: 'post',
    parent: 'base',
    translation: [0.3, 2.1, 0], // its bottom just above the base's top: no coplanar faces to fight over depth
    rotation: turn([0, 1, 0], 45),
    scale: [0.2, 3, 0.2],
    primitives: [{ geometry: 'box', material: 'metal', indices: 8, normals: false }],
  },
  {
    name: 'lamp',
    parent: 'post',
    primitives: [{ geometry: 'quad', material: 'glow', indices: 'none', normals: true }],
  },
  {
    name: 'sign',
    parent: null,
    translation: [-0.6, 0.1, 0.3],
    rotation: turn([0, 1, 0], -20),
    scale: [0.5, 0.5, 0.5],
    primitives: [
      { geometry: 'quad', material: 'wood', indices: 32, normals: true },
      { geometry: 'box', material: 'glow', indices: 16, normals: false },
    ],
  },
];
