import { mat4, vec3, vec4, type ReadonlyMat4, type ReadonlyVec3 } from 'gl-matrix';

/** A directional light's shadow map placed over part of the world (see `fitShadow`). */
export interface ShadowFit {
  /** World → the light's eye (it looks down its −Z): how camera-facing casters (billboards) face it. */
  readonly view: mat4;
  /** World → the map's clip space (WebGPU's: x, y in −1…1, depth 0…1): what the casters are drawn with. */
  readonly viewProjection: mat4;
  /** World → the map: x, y in 0…1 across it (y down, row 0 at the top), z the depth in 0…1. */
  readonly matrix: mat4;
  /** One texel's width in world units. */
  texel: number;
  /** The depth range in world units (what a depth of 1 spans). */
  depth: number;
}

/** A ball around what the map must hold: its centre and radius. */
export interface ShadowBall {
  centre: ReadonlyVec3;
  radius: number;
}

/** How far behind the ball (towards the light) casters are still drawn, in radii: tall things upwind cast into it. */
const BEHIND = 4;
/** Radii are rounded up to 1/64 unit, so a ball that is the same up to rounding gives the same map. */
const RADIUS_STEP = 1 / 64;

const FLIP = mat4.fromValues(0.5, 0, 0, 0, 0, -0.5, 0, 0, 0, 0, 1, 0, 0.5, 0.5, 0, 1);

/**
 * Places an orthographic shadow map of `size`² texels for light travelling along `direction` over `ball`: square,
 * the ball's diameter across (so it never changes size as the view turns), its centre snapped to whole texels in the
 * light's axes. The map's texel grid is then fixed in the world: a view that moves or turns shifts the map by whole
 * texels, and shadows hold still on the ground instead of crawling.
 */
export function fitShadow(
  out: ShadowFit,
  direction: ReadonlyVec3,
  ball: ShadowBall,
  size: number,
): ShadowFit {
  const d = vec3.normalize(scratch.dir, direction);
  // The light's axes: it looks along d with the world's up (or z, for a light straight up or down) as up.
  const up = Math.abs(d[1]!) > 0.99 ? UP_Z : UP_Y;
  const view = mat4.lookAt(out.view, ZERO, d, up);
  const radius = Math.ceil(ball.radius / RADIUS_STEP) * RADIUS_STEP;
  const texel = (2 * radius) / size;
  const c = vec3.transformMat4(scratch.centre, ball.centre, view);
  const x = Math.round(c[0]! / texel) * texel;
  const y = Math.round(c[1]! / texel) * texel;
  // In the light's view the ball lies at distances −c.z ± radius; casters up to BEHIND radii nearer the light count.
  const near = -c[2]! - radius * (1 + BEHIND);
  const far = -c[2]! + radius;
  mat4.orthoZO(out.viewProjection, x - radius, x + radius, y - radius, y + radius, near, far);
  mat4.multiply(out.viewProjection, out.viewProjection, view);
  mat4.multiply(out.matrix, FLIP, out.viewProjection);
  out.texel = texel;
  out.depth = far - near;
  return out;
}

/** A new, empty fit to fill. */
export function shadowFit(): ShadowFit {
  return { view: mat4.create(), viewProjection: mat4.create(), matrix: mat4.create(), texel: 0, depth: 0 };
}

/**
 * The ball around the part of a view the shadows are drawn in: the view's frustum (`projection`, WebGPU's clip space)
 * from its near plane up to `distance` along its edges, placed by `view` (world → eye). Its radius comes from the
 * projection alone, so a camera that moves or turns keeps the same ball size to the last bit (and the map its texel).
 */
export function viewBall(
  out: { centre: vec3; radius: number },
  projection: ReadonlyMat4,
  view: ReadonlyMat4,
  distance: number,
) {
  const inverse = mat4.invert(scratch.inverse, projection);
  if (!inverse) throw new Error('fitShadow: the projection cannot be inverted (a zero-sized camera?).');
  const corners = scratch.corners;
  for (let i = 0; i < 4; i++) {
    const x = i & 1 ? 1 : -1;
    const y = i & 2 ? 1 : -1;
    const near = unproject(corners[i]!, inverse, x, y, 0);
    const far = unproject(corners[i + 4]!, inverse, x, y, 1);
    const length = vec3.distance(near, far);
    if (length > distance) vec3.lerp(far, near, far, distance / length);
  }
  const centre = vec3.set(out.centre, 0, 0, 0);
  for (const corner of corners) vec3.scaleAndAdd(centre, centre, corner, 1 / 8);
  out.radius = Math.max(...corners.map((corner) => vec3.distance(corner, centre)));
  const pose = mat4.invert(scratch.pose, view);
  if (!pose) throw new Error('fitShadow: the view cannot be inverted (a camera scaled to 0?).');
  vec3.transformMat4(centre, centre, pose);
  return out;
}

function unproject(out: vec3, inverse: ReadonlyMat4, x: number, y: number, z: number): vec3 {
  const p = vec4.transformMat4(scratch.point, vec4.set(scratch.point, x, y, z, 1), inverse);
  return vec3.set(out, p[0]! / p[3]!, p[1]! / p[3]!, p[2]! / p[3]!);
}

const ZERO = vec3.create();
const UP_Y = vec3.fromValues(0, 1, 0);
const UP_Z = vec3.fromValues(0, 0, 1);
const scratch = {
  dir: vec3.create(),
  centre: vec3.create(),
  inverse: mat4.create(),
  pose: mat4.create(),
  point: vec4.create(),
  corners: Array.from({ length: 8 }, () => vec3.create()),
};

/** Grows ball `out` to the smallest ball that holds both it and `other` (a headset's eyes: one shadow map for both). */
export function ballUnion(
  out: { centre: vec3; radius: number },
  other: { centre: ReadonlyVec3; radius: number },
): { centre: vec3; radius: number } {
  const d = vec3.distance(out.centre, other.centre);
  if (d + other.radius <= out.radius) return out;
  if (d + out.radius <= other.radius) {
    vec3.copy(out.centre, other.centre);
    out.radius = other.radius;
    return out;
  }
  const radius = (d + out.radius + other.radius) / 2;
  vec3.lerp(out.centre, out.centre, other.centre, (radius - out.radius) / d);
  out.radius = radius;
  return out;
}
