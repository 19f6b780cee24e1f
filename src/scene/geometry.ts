import { disposeThing } from './disposal';
/** Floats per vertex of a `Geometry`: position (3), normal (3), texture coordinates (2). */
export const VERTEX_FLOATS = 8;

/**
 * Triangles for the world pass: interleaved position, normal and texture coordinates (`VERTEX_FLOATS` floats per
 * vertex; u to the right, v down: (0, 0) is the image's top-left texel, as glTF has it) and 16- or 32-bit indices,
 * counter-clockwise seen from the front.
 */
export interface Geometry {
  readonly name: string;
  readonly vertices: Float32Array;
  readonly indices: Uint16Array | Uint32Array;
  /**
   * Vertex colours (optional): RGBA, 0…1, four floats per vertex, multiplied into the material's colour by `unlit` and
   * `lambert` (glTF's COLOR_0). Without them every vertex is white.
   */
  readonly colors?: Float32Array;
  /**
   * Skinning (optional, with `weights`; drawn by a mesh with a `skin`): four joints a vertex, as whole numbers in
   * floats, each an index into the skin's `joints` (glTF's JOINTS_0).
   */
  readonly joints?: Float32Array;
  /** How much each of a vertex's four `joints` moves it: four floats a vertex, summing to 1 (glTF's WEIGHTS_0). */
  readonly weights?: Float32Array;
  /**
   * Morph targets (optional): shapes blended in by the mesh's `morphWeights`, each a displacement of every vertex's
   * position and, optionally, of its normal.
   */
  readonly morphTargets?: readonly MorphTarget[];
}

/** One morph target: three floats a vertex added to its position (and normal), times the target's weight. */
export interface MorphTarget {
  readonly positions: Float32Array;
  readonly normals?: Float32Array;
}

/**
 * Frees the GPU buffers every renderer holds of `geometry`, at once (they are otherwise freed a few frames after no mesh
 * draws it); a mesh still drawing it after that is an error naming both.
 */
export function disposeGeometry(geometry: Geometry): void {
  disposeThing(geometry);
}

const make = (name: string, vertices: number[], indices: number[]): Geometry => ({
  name,
  vertices: Float32Array.from(vertices),
  indices: vertices.length / VERTEX_FLOATS > 0xffff ? Uint32Array.from(indices) : Uint16Array.from(indices),
});

/**
 * An axis-aligned box centred on the origin, flat-shaded (each face its own normal), counter-clockwise outside; each
 * face shows the whole image, upright (the side faces' up is +Y).
 */
export function boxGeometry(width = 1, height = 1, depth = 1): Geometry {
  const [x, y, z] = [width / 2, height / 2, depth / 2];
  // Each face: normal, then two in-plane axes u and v such that u × v = normal (counter-clockwise seen from outside).
  const faces: [number[], number[], number[]][] = [
    [
      [1, 0, 0],
      [0, 0, -1],
      [0, 1, 0],
    ],
    [
      [-1, 0, 0],
      [0, 0, 1],
      [0, 1, 0],
    ],
    [
      [0, 1, 0],
      [1, 0, 0],
      [0, 0, -1],
    ],
    [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ],
    [
      [0, 0, 1],
      [1, 0, 0],
      [0, 1, 0],
    ],
    [
      [0, 0, -1],
      [-1, 0, 0],
      [0, 1, 0],
    ],
  ];
  const vertices: number[] = [];
  const indices: number[] = [];
  for (const [n, u, v] of faces) {
    const base = vertices.length / VERTEX_FLOATS;
    for (const [su, sv] of [
      [-1, -1],
      [1, -1],
      [1, 1],
      [-1, 1],
    ] as const) {
      vertices.push(
        (n[0]! + su * u[0]! + sv * v[0]!) * x,
        (n[1]! + su * u[1]! + sv * v[1]!) * y,
        (n[2]! + su * u[2]! + sv * v[2]!) * z,
        ...n,
        (su + 1) / 2,
        (1 - sv) / 2,
      );
    }
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  }
  return make('box', vertices, indices);
}

/** A rectangle in the XZ plane facing +Y (a floor or a table top); the image's top edge is at −Z. */
export function planeGeometry(width = 1, depth = 1): Geometry {
  const [x, z] = [width / 2, depth / 2];
  return make(
    'plane',
    [
      ...[-x, 0, z, 0, 1, 0, 0, 1],
      ...[x, 0, z, 0, 1, 0, 1, 1],
      ...[x, 0, -z, 0, 1, 0, 1, 0],
      ...[-x, 0, -z, 0, 1, 0, 0, 0],
    ],
    [0, 1, 2, 0, 2, 3],
  );
}

/** A rectangle in the XY plane facing +Z (a panel, a sprite card), showing the image upright. */
export function quadGeometry(width = 1, height = 1): Geometry {
  const [x, y] = [width / 2, height / 2];
  return make(
    'quad',
    [
      ...[-x, -y, 0, 0, 0, 1, 0, 1],
      ...[x, -y, 0, 0, 0, 1, 1, 1],
      ...[x, y, 0, 0, 0, 1, 1, 0],
      ...[-x, y, 0, 0, 0, 1, 0, 0],
    ],
    [0, 1, 2, 0, 2, 3],
  );
}

/** A UV sphere of `radius` with smooth normals; u around from +Z, v from the top pole down. */
export function sphereGeometry(radius = 0.5, segments = 16, rings = 8): Geometry {
  const vertices: number[] = [];
  const indices: number[] = [];
  for (let r = 0; r <= rings; r++) {
    const phi = (r / rings) * Math.PI;
    for (let s = 0; s <= segments; s++) {
      const theta = (s / segments) * Math.PI * 2;
      const n = [Math.sin(phi) * Math.sin(theta), Math.cos(phi), Math.sin(phi) * Math.cos(theta)];
      vertices.push(n[0]! * radius, n[1]! * radius, n[2]! * radius, ...n, s / segments, r / rings);
    }
  }
  for (let r = 0; r < rings; r++) {
    for (let s = 0; s < segments; s++) {
      const a = r * (segments + 1) + s;
      const b = a + segments + 1;
      indices.push(a, b, a + 1, a + 1, b, b + 1);
    }
  }
  return make('sphere', vertices, indices);
}

/** A cylinder along Y with caps: smooth sides (u around, v down), flat caps (the image seen from outside). */
export function cylinderGeometry(radius = 0.5, height = 1, segments = 16): Geometry {
  const vertices: number[] = [];
  const indices: number[] = [];
  const h = height / 2;
  for (let s = 0; s <= segments; s++) {
    const theta = (s / segments) * Math.PI * 2;
    const [nx, nz] = [Math.sin(theta), Math.cos(theta)];
    const u = s / segments;
    vertices.push(
      nx * radius,
      -h,
      nz * radius,
      nx,
      0,
      nz,
      u,
      1,
      nx * radius,
      h,
      nz * radius,
      nx,
      0,
      nz,
      u,
      0,
    );
  }
  for (let s = 0; s < segments; s++) {
    const a = s * 2;
    indices.push(a, a + 2, a + 1, a + 1, a + 2, a + 3);
  }
  for (const [y, ny] of [
    [h, 1],
    [-h, -1],
  ] as const) {
    const centre = vertices.length / VERTEX_FLOATS;
    vertices.push(0, y, 0, 0, ny, 0, 0.5, 0.5);
    for (let s = 0; s <= segments; s++) {
      const theta = (s / segments) * Math.PI * 2;
      const [sx, cz] = [Math.sin(theta), Math.cos(theta)];
      vertices.push(sx * radius, y, cz * radius, 0, ny, 0, (1 + sx) / 2, (1 - ny * cz) / 2);
    }
    for (let s = 0; s < segments; s++) {
      const a = centre + 1 + s;
      if (ny > 0) indices.push(centre, a, a + 1);
      else indices.push(centre, a + 1, a);
    }
  }
  return make('cylinder', vertices, indices);
}
