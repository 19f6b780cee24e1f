import { mat4, vec3, type ReadonlyVec3 } from 'gl-matrix';

/**
 * The six views of a point light's shadow map, in world.wgsl's armatureCubeFace order (+X, −X, +Y, −Y, +Z, −Z): the way
 * each camera looks and its up. Each face is a 90° camera, so the six together see every direction once.
 */
const FACES: readonly (readonly [ReadonlyVec3, ReadonlyVec3])[] = [
  [
    [1, 0, 0],
    [0, 1, 0],
  ],
  [
    [-1, 0, 0],
    [0, 1, 0],
  ],
  [
    [0, 1, 0],
    [0, 0, -1],
  ],
  [
    [0, -1, 0],
    [0, 0, 1],
  ],
  [
    [0, 0, 1],
    [0, 1, 0],
  ],
  [
    [0, 0, -1],
    [0, 1, 0],
  ],
];

/** How near the faces' cameras see, as a share of the light's range: a caster nearer the light casts nothing. */
const NEAR = 1 / 128;

/** A point light's six shadow views: each face's view-projection and where the face lies in the atlas. */
export interface PointShadowFaces {
  /** World → each face's eye: how camera-facing casters (billboards) face the light. */
  readonly views: readonly mat4[];
  /** World → each face's clip space (WebGPU's: depth 0…1), column-major. */
  readonly viewProjections: readonly mat4[];
  /** Each face's texel rectangle in the atlas (3 faces across, 2 down): x, y (top left), size. */
  readonly tiles: readonly [x: number, y: number, size: number][];
}

/** The six faces' matrices, made once and refilled by `pointShadowFaces`. */
export function pointShadowViews(): PointShadowFaces {
  return {
    views: FACES.map(() => mat4.create()),
    viewProjections: FACES.map(() => mat4.create()),
    tiles: FACES.map(() => [0, 0, 0]),
  };
}

const projection = mat4.create();
const target = vec3.create();

/**
 * Fills `out` with the views of a light at `position` reaching `range`, drawn into faces of `size` texels: 90° cameras
 * from the light along each axis, seeing from range/128 out to the range.
 */
export function pointShadowFaces(
  out: PointShadowFaces,
  position: ReadonlyVec3,
  range: number,
  size: number,
): PointShadowFaces {
  mat4.perspectiveZO(projection, Math.PI / 2, 1, range * NEAR, range);
  FACES.forEach(([forward, up], face) => {
    const view = mat4.lookAt(out.views[face]!, position, vec3.add(target, position, forward), up);
    mat4.multiply(out.viewProjections[face]!, projection, view);
    const tile = out.tiles[face]!;
    tile[0] = (face % 3) * size;
    tile[1] = Math.floor(face / 3) * size;
    tile[2] = size;
  });
  return out;
}
