import { mat4, vec3, type ReadonlyMat4 } from 'gl-matrix';
import type { Projection } from './camera';
import { SceneError } from './scene-error';

/** What a pixel-stable frame draws with: the snapped view, the padded lens, and what is left to shift at the upscale. */
export interface PixelSnap {
  /** View from world of the camera moved onto the texel grid (in its own right and up axes). */
  readonly view: mat4;
  /** The orthographic lens widened by `pad` texels on each side. */
  readonly projection: mat4;
  /**
   * The camera's position on the grid in whole texels along its right and up axes: a world-fixed pattern (dither) is
   * anchored by it.
   */
  readonly grid: [number, number];
  /**
   * What the snap took off, in texels along right and up, in [−0.5, 0.5): the image must be moved back by it, a
   * content shift of −offset (right) and +offset (up, so down the rows) when it is upscaled.
   */
  readonly offset: [number, number];
}

/**
 * Snaps an orthographic camera to its native texel grid (t3ssel8r's pixel-stable camera): its position is rounded to
 * whole texels along its own right and up axes, so every texel of the image stays fixed to the world as it moves,
 * and the rest of the move is returned to be applied at the upscale as a shift in device pixels. The lens is widened
 * by `pad` texels on each side so the shift never reveals an undrawn edge. `snap` false keeps the camera where it is
 * (offset 0): the same padded image, as a switch for comparing.
 */
export function pixelSnap(
  cameraWorld: ReadonlyMat4,
  lens: Readonly<Projection>,
  native: readonly [number, number],
  pad: number,
  snap = true,
  out: PixelSnap = {
    view: mat4.create(),
    projection: mat4.create(),
    grid: [0, 0],
    offset: [0, 0],
  },
): PixelSnap {
  if (lens.kind !== 'orthographic')
    throw new SceneError(
      'A pixel-stable camera must be orthographic: a perspective lens has no single texel size to snap to. ' +
        'Give the camera an orthographic projection, or turn pixelStable off.',
    );
  const [width, height] = native;
  const texelX = (lens.right - lens.left) / width;
  const texelY = (lens.top - lens.bottom) / height;
  const right = vec3.normalize(AXIS_X, vec3.set(AXIS_X, cameraWorld[0], cameraWorld[1], cameraWorld[2]));
  const up = vec3.normalize(AXIS_Y, vec3.set(AXIS_Y, cameraWorld[4], cameraWorld[5], cameraWorld[6]));
  const position = vec3.set(POSITION, cameraWorld[12], cameraWorld[13], cameraWorld[14]);
  const along = [vec3.dot(position, right) / texelX, vec3.dot(position, up) / texelY];
  for (let i = 0; i < 2; i++) {
    const grid = snap ? Math.round(along[i]!) + 0 : 0; // + 0: no −0 on the grid
    out.grid[i] = grid;
    out.offset[i] = snap ? along[i]! - grid : 0;
  }
  // Move the camera back by the offset along its axes: its world, translated, inverted.
  const snapped = mat4.copy(WORLD, cameraWorld);
  snapped[12] -= out.offset[0] * texelX * right[0] + out.offset[1] * texelY * up[0];
  snapped[13] -= out.offset[0] * texelX * right[1] + out.offset[1] * texelY * up[1];
  snapped[14] -= out.offset[0] * texelX * right[2] + out.offset[1] * texelY * up[2];
  mat4.invert(out.view, snapped);
  mat4.orthoZO(
    out.projection,
    lens.left - pad * texelX,
    lens.right + pad * texelX,
    lens.bottom - pad * texelY,
    lens.top + pad * texelY,
    lens.near,
    lens.far,
  );
  return out;
}

const AXIS_X = vec3.create();
const AXIS_Y = vec3.create();
const POSITION = vec3.create();
const WORLD = mat4.create();
