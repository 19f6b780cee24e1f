import { mat4, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Camera } from './camera';
import { pixelSnap } from './pixel-snap';

const LENS = {
  kind: 'orthographic',
  left: -8.4,
  right: 8.4,
  bottom: -6,
  top: 6,
  near: 0.1,
  far: 100,
} as const;
const NATIVE = [336, 240] as const; // texels of 0.05 × 0.05 world units

/** A camera orbiting a point: turned about Y and tilted down, like a diorama's. */
function orbitCamera(x: number, y: number, z: number): Camera {
  const camera = new Camera('eye', LENS).setPosition(x, y, z);
  camera.lookAt([0, 0, 0]);
  return camera;
}

describe('pixelSnap', () => {
  it('puts the camera on whole texels along its own right and up axes, and returns the rest as the offset', () => {
    const camera = orbitCamera(7.31, 9.2, 11.7);
    const world = camera.worldMatrix;
    const s = pixelSnap(world, LENS, NATIVE, 1);
    const snappedWorld = mat4.invert(mat4.create(), s.view)!;
    const right = vec3.normalize(vec3.create(), [world[0], world[1], world[2]]);
    const up = vec3.normalize(vec3.create(), [world[4], world[5], world[6]]);
    const at = vec3.fromValues(snappedWorld[12], snappedWorld[13], snappedWorld[14]);
    const alongRight = vec3.dot(at, right) / 0.05;
    const alongUp = vec3.dot(at, up) / 0.05;
    // Within float32 rounding of a matrix (1e-4 of a texel).
    expect(Math.abs(alongRight - Math.round(alongRight))).toBeLessThan(1e-4);
    expect(Math.abs(alongUp - Math.round(alongUp))).toBeLessThan(1e-4);
    expect(s.grid).toEqual([Math.round(alongRight), Math.round(alongUp)]);
    for (const o of s.offset) expect(o >= -0.5 && o < 0.5).toBe(true);
    // Snapped position + offset (in texels along the axes) is the camera's own position; the turn is unchanged.
    const back = vec3.scaleAndAdd(vec3.create(), at, right, s.offset[0] * 0.05);
    vec3.scaleAndAdd(back, back, up, s.offset[1] * 0.05);
    for (let i = 0; i < 3; i++) expect(back[i]).toBeCloseTo(world[12 + i]!, 5);
    for (const i of [0, 1, 2, 4, 5, 6, 8, 9, 10]) expect(snappedWorld[i]).toBeCloseTo(world[i]!, 6);
  });

  it('moves the grid by whole texels as the camera does, the offset by the fraction', () => {
    const camera = orbitCamera(3, 5, 9);
    const start = pixelSnap(camera.worldMatrix, LENS, NATIVE, 1);
    const w = camera.worldMatrix;
    const right = vec3.normalize(vec3.create(), [w[0], w[1], w[2]]);
    for (let k = 1; k <= 16; k++) {
      const moved = vec3.scaleAndAdd(vec3.create(), [3, 5, 9], right, (k / 8) * 0.05);
      camera.setPosition(moved[0], moved[1], moved[2]);
      const s = pixelSnap(camera.worldMatrix, LENS, NATIVE, 1);
      expect(s.grid[0] + s.offset[0] - (start.grid[0] + start.offset[0])).toBeCloseTo(k / 8, 4);
      expect(s.grid[1]).toBe(start.grid[1]);
    }
  });

  it('widens the lens by the pad on each side; snap off keeps the camera and the offset 0', () => {
    const camera = orbitCamera(1.234, 4, 6);
    const s = pixelSnap(camera.worldMatrix, LENS, NATIVE, 1, false);
    expect(s.offset).toEqual([0, 0]);
    expect(s.grid).toEqual([0, 0]);
    const view = mat4.invert(mat4.create(), camera.worldMatrix)!;
    for (let i = 0; i < 16; i++) expect(s.view[i]).toBeCloseTo(view[i]!, 6);
    const expected = mat4.orthoZO(mat4.create(), -8.45, 8.45, -6.05, 6.05, 0.1, 100);
    for (let i = 0; i < 16; i++) expect(s.projection[i]).toBeCloseTo(expected[i]!, 6);
  });

  it('refuses a perspective lens, saying why', () => {
    expect(() =>
      pixelSnap(mat4.create(), { kind: 'perspective', fovY: 1, near: 0.1, far: 10 }, NATIVE, 1),
    ).toThrow(/must be orthographic/);
  });
});
