import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { eyeLensOf } from './eye-lens';

const blank = () => ({ near: 0, far: 0, perspective: false, texel: 0 });

describe('eyeLensOf: the outline pass’s lens from a projection matrix', () => {
  it('a perspective camera’s matrix gives its planes and the texel the renderer works out from its field of view', () => {
    const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.25, far: 60 });
    camera.fitAspect(336, 240);
    const lens = eyeLensOf(camera.projectionMatrix, 240, blank());
    expect(lens.perspective).toBe(true);
    expect(lens.near).toBeCloseTo(0.25, 6);
    expect(lens.far).toBeCloseTo(60, 3);
    expect(lens.texel).toBeCloseTo((2 * Math.tan(0.45)) / 240, 9);
  });

  it('an orthographic matrix gives its planes and world units per texel', () => {
    const m = mat4.orthoZO(mat4.create(), -4, 4, -3, 3, 0.5, 40);
    const lens = eyeLensOf(m, 120, blank());
    expect(lens).toMatchObject({ perspective: false });
    expect(lens.near).toBeCloseTo(0.5, 6);
    expect(lens.far).toBeCloseTo(40, 4);
    expect(lens.texel).toBeCloseTo(6 / 120, 7); // float32 matrix
  });

  it('an asymmetric XR eye with an infinite far plane gets a finite far far beyond near', () => {
    // l, r, b, t at the near plane 0.1; far at infinity (m10 = −1, m14 = −near), as WebXR runtimes may send.
    const [l, r, b, t, n] = [-0.12, 0.08, -0.1, 0.11, 0.1];
    const m = new Float32Array(16);
    m.set([
      (2 * n) / (r - l),
      0,
      0,
      0,
      0,
      (2 * n) / (t - b),
      0,
      0,
      (r + l) / (r - l),
      (t + b) / (t - b),
      -1,
      -1,
      0,
      0,
      -n,
      0,
    ]);
    const lens = eyeLensOf(m, 240, blank());
    expect(lens.near).toBeCloseTo(0.1, 6);
    expect(Number.isFinite(lens.far) && lens.far > 1e5).toBe(true);
    expect(lens.texel).toBeCloseTo(0.21 / 0.1 / 240, 9);
  });
});
