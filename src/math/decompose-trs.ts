import { quat, type mat4, type quat as Quat, type vec3 } from 'gl-matrix';

/** A matrix split into translation, rotation and scale, with how far its basis is from orthogonal. */
export interface Trs {
  translation: vec3;
  rotation: Quat;
  scale: vec3;
  /** Largest |cos| between two basis columns: 0 for a pure T·R·S matrix, > 0 when the matrix has shear. */
  shear: number;
}

const rotation3 = new Float64Array(9);

/**
 * Splits an affine `m` into T·R·S. A mirrored basis (negative determinant) is expressed as a negative x scale, so the
 * rotation stays proper. Shear cannot be expressed as T·R·S: it is measured and returned, never dropped in silence.
 */
export function decomposeTrs(m: Readonly<mat4> | Float64Array, out: Trs): Trs {
  let sx = Math.hypot(m[0]!, m[1]!, m[2]!);
  const sy = Math.hypot(m[4]!, m[5]!, m[6]!);
  const sz = Math.hypot(m[8]!, m[9]!, m[10]!);
  const det =
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) +
    m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!);
  if (det < 0) sx = -sx;
  out.translation[0] = m[12]!;
  out.translation[1] = m[13]!;
  out.translation[2] = m[14]!;
  out.scale[0] = sx;
  out.scale[1] = sy;
  out.scale[2] = sz;
  for (let i = 0; i < 3; i++) {
    rotation3[i] = m[i]! / sx;
    rotation3[3 + i] = m[4 + i]! / sy;
    rotation3[6 + i] = m[8 + i]! / sz;
  }
  const cosXY = rotation3[0]! * rotation3[3]! + rotation3[1]! * rotation3[4]! + rotation3[2]! * rotation3[5]!;
  const cosXZ = rotation3[0]! * rotation3[6]! + rotation3[1]! * rotation3[7]! + rotation3[2]! * rotation3[8]!;
  const cosYZ = rotation3[3]! * rotation3[6]! + rotation3[4]! * rotation3[7]! + rotation3[5]! * rotation3[8]!;
  out.shear = Math.max(Math.abs(cosXY), Math.abs(cosXZ), Math.abs(cosYZ));
  quat.fromMat3(out.rotation, rotation3 as unknown as Parameters<typeof quat.fromMat3>[1]);
  quat.normalize(out.rotation, out.rotation);
  return out;
}
