import { FLOAT32_MAX } from './float32-max';

/**
 * Whether a 4×4 column-major matrix is a rigid transform (a pose): every entry a finite float32, its last row
 * 0 0 0 1, and its rotation part orthonormal (columns of unit length, at right angles, not mirrored) within
 * `tolerance`. What XR runtimes send while tracking is lost (NaN, infinities, zeros) fails it.
 */
export function isRigidPose(m: ArrayLike<number>, tolerance = 1e-3): boolean {
  if (m.length !== 16) return false;
  for (let i = 0; i < 16; i++) if (!(Math.abs(m[i]!) <= FLOAT32_MAX)) return false; // NaN fails too
  if (Math.abs(m[3]!) > tolerance || Math.abs(m[7]!) > tolerance || Math.abs(m[11]!) > tolerance)
    return false;
  if (Math.abs(m[15]! - 1) > tolerance) return false;
  for (let a = 0; a < 3; a++)
    for (let b = a; b < 3; b++) {
      const dot = m[4 * a]! * m[4 * b]! + m[4 * a + 1]! * m[4 * b + 1]! + m[4 * a + 2]! * m[4 * b + 2]!;
      if (Math.abs(dot - (a === b ? 1 : 0)) > tolerance) return false;
    }
  // Right-handed: the third column is the cross product of the first two, not its opposite.
  const det =
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) +
    m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!);
  return det > 0;
}
