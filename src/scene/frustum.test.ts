import { describe, expect, it } from 'vitest';
import { mat4 } from 'gl-matrix';
import { Frustum } from './frustum';
import { boxGeometry, quadGeometry } from './geometry';
import { geometryBox, transformBox } from './world-box';

const box = (cx: number, cy: number, cz: number, e = 0.5) => Float32Array.of(cx, cy, cz, e, e, e);

describe('world boxes', () => {
  it('a geometry’s box is its vertices’ bounds; under a turn it grows to enclose the turned box exactly', () => {
    expect(Array.from(geometryBox(boxGeometry(2, 4, 6)))).toEqual([0, 0, 0, 1, 2, 3]);
    expect(Array.from(geometryBox(quadGeometry(2, 1)))).toEqual([0, 0, 0, 1, 0.5, 0]);
    const m = mat4.fromRotationTranslationScale(
      mat4.create(),
      [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)], // 45° about y
      [10, 0, 0],
      [-1, 1, 1], // mirrored: the box is the same
    );
    const out = transformBox(geometryBox(boxGeometry(2, 2, 2)), m, new Float32Array(6));
    expect(Array.from(out, (v) => Number(v.toFixed(5)))).toEqual([10, 0, 0, 1.41421, 1, 1.41421]);
  });
});

describe('Frustum', () => {
  it('keeps boxes inside or straddling an orthographic view and drops those wholly outside one plane', () => {
    const frustum = new Frustum();
    // Shows x 0…10, y 0…5, z −1…−20 (the eye looks down −z).
    expect(frustum.set(mat4.orthoZO(mat4.create(), 0, 10, 0, 5, 1, 20))).toBe(true);
    expect(frustum.intersects(box(5, 2, -5))).toBe(true);
    expect(frustum.intersects(box(10.4, 2, -5))).toBe(true); // straddles the right edge
    expect(frustum.intersects(box(10.6, 2, -5))).toBe(false);
    expect(frustum.intersects(box(-0.6, 2, -5))).toBe(false);
    expect(frustum.intersects(box(5, 5.6, -5))).toBe(false);
    expect(frustum.intersects(box(5, 2, -20.6))).toBe(false); // beyond far
    expect(frustum.intersects(box(5, 2, -20.4))).toBe(true);
    expect(frustum.intersects(box(5, 2, -0.6))).toBe(true); // reaches past the near plane at −1
    expect(frustum.intersects(box(5, 2, -0.4))).toBe(false); // between the eye and the near plane
    expect(frustum.intersects(box(5, 2, 5))).toBe(false); // behind the eye
  });

  it('drops what is behind a perspective eye, and says when the matrix did not change', () => {
    const frustum = new Frustum();
    const vp = mat4.perspectiveZO(mat4.create(), Math.PI / 2, 1, 0.1, 100);
    frustum.set(vp);
    expect(frustum.intersects(box(0, 0, -10))).toBe(true);
    expect(frustum.intersects(box(0, 0, 10))).toBe(false);
    // 90°: the edge is at x = −z; the box reaches z = −10.5 (x ≤ 10.5 there) and starts at x = 11.2 − 0.5.
    expect(frustum.intersects(box(11.2, 0, -10))).toBe(false);
    expect(frustum.intersects(box(10.4, 0, -10))).toBe(true);
    expect(frustum.set(mat4.clone(vp))).toBe(false);
    vp[0] = vp[0]! * 1.01;
    expect(frustum.set(vp)).toBe(true);
  });
});
