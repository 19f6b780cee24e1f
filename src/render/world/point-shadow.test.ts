import { vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { pointShadowFaces, pointShadowViews } from './point-shadow';

describe('pointShadowFaces', () => {
  const at = vec3.fromValues(1, 2, -3);
  const faces = pointShadowFaces(pointShadowViews(), at, 10, 32);
  /** Where `d` from the light lands in face `face`'s clip space, divided: x, y in −1…1 inside, z the depth. */
  const project = (face: number, d: readonly number[]) => {
    const p = vec4.transformMat4(
      vec4.create(),
      [at[0]! + d[0]!, at[1]! + d[1]!, at[2]! + d[2]!, 1],
      faces.viewProjections[face]!,
    );
    return [p[0]! / p[3]!, p[1]! / p[3]!, p[2]! / p[3]!];
  };

  it('each face looks along its axis (+X, −X, +Y, −Y, +Z, −Z): a point on the axis at the centre, in depth', () => {
    const axes = [
      [1, 0, 0],
      [-1, 0, 0],
      [0, 1, 0],
      [0, -1, 0],
      [0, 0, 1],
      [0, 0, -1],
    ];
    axes.forEach((axis, face) => {
      const [x, y, z] = project(
        face,
        axis.map((v) => v * 5),
      );
      expect(Math.abs(x!)).toBeLessThan(1e-6);
      expect(Math.abs(y!)).toBeLessThan(1e-6);
      expect(z).toBeGreaterThan(0);
      expect(z).toBeLessThan(1);
      // The far plane is the range.
      expect(
        project(
          face,
          axis.map((v) => v * 10.01),
        )[2],
      ).toBeGreaterThan(1);
    });
  });

  it("the 45° edges of a face are its frustum's edges, and the six tiles lie 3 × 2 without overlapping", () => {
    // +X's right is +Z, its up +Y (world.wgsl's armatureCubeFace: (d.z, d.y) / |d.x|).
    expect(project(0, [4, 4, 0])[1]).toBeCloseTo(1, 6);
    expect(project(0, [4, 0, 4])[0]).toBeCloseTo(1, 6);
    expect(project(2, [0, 4, -4])[1]).toBeCloseTo(1, 6); // +Y looks up with −Z as its up
    expect(faces.tiles).toEqual([
      [0, 0, 32],
      [32, 0, 32],
      [64, 0, 32],
      [0, 32, 32],
      [32, 32, 32],
      [64, 32, 32],
    ]);
  });
});
