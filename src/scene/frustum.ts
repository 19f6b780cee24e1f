import type { ReadonlyMat4 } from 'gl-matrix';
import type { Box } from './world-box';

/**
 * The six planes that bound what a view-projection matrix shows, for culling: a box wholly outside one plane is not
 * drawn. The matrix is in WebGPU's clip space (depth 0…1), as every projection the world pass takes.
 */
export class Frustum {
  /** Plane i is (a, b, c, d) at 4i: a point p is inside when a·x + b·y + c·z + d ≥ 0. */
  readonly planes = new Float32Array(24);
  private readonly from = new Float32Array(16).fill(NaN);

  /** Takes the planes of `m` (column-major); returns false, changing nothing, when `m` is the matrix they came from. */
  set(m: ReadonlyMat4): boolean {
    const from = this.from;
    let same = true;
    for (let i = 0; i < 16; i++) {
      if (from[i] !== Math.fround(m[i]!)) same = false;
      from[i] = m[i]!;
    }
    if (same) return false;
    const p = this.planes;
    // Row r of the matrix is (m[r], m[4 + r], m[8 + r], m[12 + r]); the planes are row 3 ± row 0 (left, right),
    // row 3 ± row 1 (bottom, top), row 2 (near: depth ≥ 0) and row 3 − row 2 (far: depth ≤ 1) (Gribb and Hartmann).
    for (let k = 0; k < 4; k++) {
      const w = m[4 * k + 3]!;
      for (let r = 0; r < 2; r++) {
        const v = m[4 * k + r]!;
        p[8 * r + k] = w + v;
        p[8 * r + 4 + k] = w - v;
      }
      const z = m[4 * k + 2]!;
      p[16 + k] = z;
      p[20 + k] = w - z;
    }
    return true;
  }

  /** Whether any part of the box may be inside: false only when it lies wholly outside some plane. */
  intersects(box: Readonly<Box>): boolean {
    const p = this.planes;
    const cx = box[0]!,
      cy = box[1]!,
      cz = box[2]!,
      ex = box[3]!,
      ey = box[4]!,
      ez = box[5]!;
    for (let i = 0; i < 24; i += 4) {
      const a = p[i]!,
        b = p[i + 1]!,
        c = p[i + 2]!;
      if (a * cx + b * cy + c * cz + p[i + 3]! + Math.abs(a) * ex + Math.abs(b) * ey + Math.abs(c) * ez < 0)
        return false;
    }
    return true;
  }
}
