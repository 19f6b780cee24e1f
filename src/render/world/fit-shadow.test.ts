import { mat4, vec3, vec4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/seeded-random';
import { ballUnion, fitShadow, shadowFit, viewBall } from './fit-shadow';

/** Where a world point lands in the map: texel coordinates (x, y) and depth. */
function inMap(fit: ReturnType<typeof shadowFit>, size: number, p: readonly number[]): number[] {
  const q = vec4.transformMat4(vec4.create(), vec4.fromValues(p[0]!, p[1]!, p[2]!, 1), fit.matrix);
  return [q[0]! * size, q[1]! * size, q[2]!];
}

describe('fitShadow', () => {
  const direction = vec3.normalize(vec3.create(), [-0.5, -1, -0.35]);
  const size = 512;

  it('holds the whole ball: every point of it lands inside the map, at a depth in 0…1', () => {
    const random = seededRandom(3);
    const ball = { centre: vec3.fromValues(2, 1, -3), radius: 6 };
    const fit = fitShadow(shadowFit(), direction, ball, size);
    for (let i = 0; i < 500; i++) {
      const d = vec3.normalize(vec3.create(), [random() - 0.5, random() - 0.5, random() - 0.5]);
      const p = vec3.scaleAndAdd(vec3.create(), ball.centre, d, 6 * random());
      const [x, y, z] = inMap(fit, size, [...p]);
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(size);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(size);
      expect(z).toBeGreaterThan(0);
      expect(z).toBeLessThan(1);
    }
    expect(fit.texel).toBeCloseTo(12 / size, 12);
  });

  it('a point nearer the light is at a smaller depth; depths are linear along the light', () => {
    const fit = fitShadow(shadowFit(), direction, { centre: vec3.create(), radius: 4 }, size);
    const at = (t: number) => inMap(fit, size, [...vec3.scale(vec3.create(), direction, t)])[2]!;
    expect(at(-1)).toBeLessThan(at(0));
    expect(at(1) - at(0)).toBeCloseTo(1 / fit.depth, 6);
  });

  it('keeps its texel grid fixed in the world as the ball moves by any amount: shadows do not crawl', () => {
    const random = seededRandom(9);
    const points = Array.from({ length: 20 }, () => [random() * 4 - 2, random() * 2, random() * 4 - 2]);
    const first = fitShadow(shadowFit(), direction, { centre: vec3.create(), radius: 5 }, size);
    const where = points.map((p) => inMap(first, size, p));
    for (let i = 0; i < 50; i++) {
      // The view moved by a fraction of a texel (or many): the map moves by whole texels only.
      const centre = vec3.fromValues(random() * 3 - 1.5, random() * 0.5, random() * 3 - 1.5);
      const fit = fitShadow(shadowFit(), direction, { centre, radius: 5 }, size);
      for (let k = 0; k < points.length; k++) {
        const [x, y] = inMap(fit, size, points[k]!) as [number, number];
        const [x0, y0] = where[k]!;
        const [dx, dy] = [x - x0!, y - y0!];
        expect(Math.abs(dx - Math.round(dx))).toBeLessThan(1e-3);
        expect(Math.abs(dy - Math.round(dy))).toBeLessThan(1e-3);
      }
    }
  });

  it('a ball a hair bigger or smaller (rounding) gives the same map', () => {
    const a = fitShadow(shadowFit(), direction, { centre: vec3.create(), radius: 5.001 }, size);
    const b = fitShadow(shadowFit(), direction, { centre: vec3.create(), radius: 5.002 }, size);
    expect(b.matrix).toEqual(a.matrix);
  });

  it('a light straight down gets a map too (its up is the world’s z)', () => {
    const fit = fitShadow(shadowFit(), [0, -1, 0], { centre: vec3.create(), radius: 2 }, 64);
    expect([...fit.matrix].every(Number.isFinite)).toBe(true);
    const [x, y] = inMap(fit, 64, [0, 0, 0]);
    expect([x, y]).toEqual([32, 32]);
  });
});

describe('viewBall', () => {
  it('holds an orthographic view up to the distance: its corners all within the radius', () => {
    const projection = mat4.orthoZO(mat4.create(), -8, 8, -6, 6, 0.1, 60);
    const view = mat4.lookAt(mat4.create(), [10, 10, 10], [0, 0, 0], [0, 1, 0]);
    const ball = viewBall({ centre: vec3.create(), radius: 0 }, projection, view, 20);
    // The slice is 16 × 12 × 20 (less the near 0.1): its half diagonal.
    expect(ball.radius).toBeCloseTo(Math.hypot(8, 6, 10), 4);
    const eye = vec3.fromValues(10, 10, 10);
    const forward = vec3.normalize(vec3.create(), [-1, -1, -1]);
    expect(vec3.distance(ball.centre, vec3.scaleAndAdd(vec3.create(), eye, forward, 10.1))).toBeLessThan(
      1e-4,
    );
  });
});

describe('ballUnion', () => {
  const ball = (x: number, y: number, z: number, radius: number) => ({
    centre: vec3.fromValues(x, y, z),
    radius,
  });
  it('holds both balls and touches each on the far side: the smallest such ball', () => {
    const random = seededRandom(7);
    for (let i = 0; i < 200; i++) {
      const a = ball(random() * 4, random() * 4, random() * 4, random() * 3);
      const b = ball(random() * 4, random() * 4, random() * 4, random() * 3);
      const u = ballUnion(ball(a.centre[0]!, a.centre[1]!, a.centre[2]!, a.radius), b);
      for (const x of [a, b])
        expect(vec3.distance(u.centre, x.centre) + x.radius).toBeLessThanOrEqual(u.radius + 1e-5);
      // The smallest: its diameter is what it must span, along the line through both centres (or the larger ball).
      const span = Math.max(
        vec3.distance(a.centre, b.centre) + a.radius + b.radius,
        2 * a.radius,
        2 * b.radius,
      );
      expect(2 * u.radius).toBeCloseTo(span, 5);
    }
  });
  it('a ball inside the other leaves the outer one as it is', () => {
    expect(ballUnion(ball(0, 0, 0, 5), ball(1, 0, 0, 1))).toEqual(ball(0, 0, 0, 5));
    expect(ballUnion(ball(1, 0, 0, 1), ball(0, 0, 0, 5))).toEqual(ball(0, 0, 0, 5));
  });
});
