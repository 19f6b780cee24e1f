import { mat4, vec3, vec4, type ReadonlyVec3 } from 'gl-matrix';
import type { Node } from '../scene/node';

/** Where a ray meets a UI panel: the pixel of the panel's image (fractions kept) and the distance along the ray. */
export interface PanelHit {
  x: number;
  y: number;
  /** From the ray's origin to the point met, in world units. */
  distance: number;
}

const inverse = mat4.create();
const local = vec4.create();
const localOrigin = vec3.create();
const localDirection = vec3.create();

/**
 * The pixel of a `size` (width, height) image shown on `panel` that a ray from `origin` along `direction` points at:
 * the panel is a unit quad in its local XY plane facing +Z (`quadGeometry(1, 1)` sized by the node's scale, as the
 * XR UI panel is), its image's pixel (0, 0) at the quad's top-left corner. Fractions are kept (floor them for the
 * texel). Null when the ray misses the quad, meets it from behind (the panel is drawn one-sided) or only behind its
 * origin, or the panel is scaled to nothing.
 */
export function panelPixelAt(
  panel: Node,
  size: readonly [number, number],
  origin: ReadonlyVec3,
  direction: ReadonlyVec3,
): PanelHit | null {
  if (!mat4.invert(inverse, panel.worldMatrix as mat4)) return null;
  vec4.transformMat4(local, vec4.set(local, origin[0], origin[1], origin[2], 1), inverse);
  vec3.set(localOrigin, local[0], local[1], local[2]);
  vec4.transformMat4(local, vec4.set(local, direction[0], direction[1], direction[2], 0), inverse);
  vec3.set(localDirection, local[0], local[1], local[2]);
  // The front face looks along +Z: a ray meets it going toward −Z from in front of it.
  if (!(localDirection[2] < 0) || !(localOrigin[2] >= 0)) return null;
  const t = -localOrigin[2] / localDirection[2];
  const x = localOrigin[0] + t * localDirection[0];
  const y = localOrigin[1] + t * localDirection[1];
  // Half-open like pixels: the right and bottom edges belong to nothing.
  if (!(x >= -0.5 && x < 0.5 && y > -0.5 && y <= 0.5)) return null;
  return { x: (x + 0.5) * size[0], y: (0.5 - y) * size[1], distance: t * vec3.length(direction as vec3) };
}
