import type { ReadonlyMat4 } from 'gl-matrix';
import type { FieldWriter } from '../../layout/struct-writer';

/**
 * Writes a world-pass object's `model` (mat4x4<f32>) and `normal` (mat3x3<f32>: the inverse transpose of the model's
 * upper 3×3, the identity where that is singular) into the struct that starts at float `base` of `f32`.
 */
export type TransformPacker = (f32: Float32Array, base: number, world: ReadonlyMat4) => void;

/**
 * A packer specialised for one reflected layout: the places of `model` and `normal` come from their field writers
 * (so from the WGSL), fixed once, and the normal matrix is computed while writing, with gl-matrix's `normalFromMat4`
 * arithmetic in the same order, so the numbers are those of the generic path (a zero's sign aside: an affine world
 * skips the terms that are ±0). Null when the fields are not the f32 matrices it is made for; the caller then writes
 * through the field writers.
 */
export function transformPacker(model: FieldWriter, normal: FieldWriter): TransformPacker | null {
  const m = model.floats;
  const n = normal.floats;
  if (!m || !n || m.length !== 16 || n.length !== 9) return null;
  const mo = m[0]!;
  const no = n[0]!;
  // mat4x4<f32> is 16 floats in a row; mat3x3<f32> is three columns of three, 16 bytes apart.
  if (!m.every((p, i) => p === mo + i)) return null;
  if (!n.every((p, i) => p === no + 4 * Math.floor(i / 3) + (i % 3))) return null;
  return (f32, base, a) => {
    const a00 = a[0]!,
      a01 = a[1]!,
      a02 = a[2]!,
      a03 = a[3]!;
    const a10 = a[4]!,
      a11 = a[5]!,
      a12 = a[6]!,
      a13 = a[7]!;
    const a20 = a[8]!,
      a21 = a[9]!,
      a22 = a[10]!,
      a23 = a[11]!;
    const a30 = a[12]!,
      a31 = a[13]!,
      a32 = a[14]!,
      a33 = a[15]!;
    const o = base + mo;
    f32[o] = a00;
    f32[o + 1] = a01;
    f32[o + 2] = a02;
    f32[o + 3] = a03;
    f32[o + 4] = a10;
    f32[o + 5] = a11;
    f32[o + 6] = a12;
    f32[o + 7] = a13;
    f32[o + 8] = a20;
    f32[o + 9] = a21;
    f32[o + 10] = a22;
    f32[o + 11] = a23;
    f32[o + 12] = a30;
    f32[o + 13] = a31;
    f32[o + 14] = a32;
    f32[o + 15] = a33;
    const q = base + no;
    const b00 = a00 * a11 - a01 * a10;
    const b01 = a00 * a12 - a02 * a10;
    const b03 = a01 * a12 - a02 * a11;
    if (a03 === 0 && a13 === 0 && a23 === 0 && a33 === 1) {
      // Affine (every node's world is): gl-matrix's terms multiplied by those zeros are ±0 and add nothing, so the
      // remaining ones, summed in the same order, give the same bits with a third of the arithmetic.
      const det = b00 * a22 - b01 * a21 + b03 * a20;
      if (!det) return identityNormal(f32, q);
      const d = 1.0 / det;
      f32[q] = (a11 * a22 - a12 * a21) * d;
      f32[q + 1] = (a12 * a20 - a10 * a22) * d;
      f32[q + 2] = (a10 * a21 - a11 * a20) * d;
      f32[q + 4] = (a02 * a21 - a01 * a22) * d;
      f32[q + 5] = (a00 * a22 - a02 * a20) * d;
      f32[q + 6] = (a01 * a20 - a00 * a21) * d;
      f32[q + 8] = b03 * d;
      f32[q + 9] = -b01 * d;
      f32[q + 10] = b00 * d;
      return;
    }
    const b02 = a00 * a13 - a03 * a10;
    const b04 = a01 * a13 - a03 * a11;
    const b05 = a02 * a13 - a03 * a12;
    const b06 = a20 * a31 - a21 * a30;
    const b07 = a20 * a32 - a22 * a30;
    const b08 = a20 * a33 - a23 * a30;
    const b09 = a21 * a32 - a22 * a31;
    const b10 = a21 * a33 - a23 * a31;
    const b11 = a22 * a33 - a23 * a32;
    const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
    if (!det) return identityNormal(f32, q);
    // gl-matrix stores these into a Float32Array before they are copied here; storing them here rounds them alike.
    const d = 1.0 / det;
    f32[q] = (a11 * b11 - a12 * b10 + a13 * b09) * d;
    f32[q + 1] = (a12 * b08 - a10 * b11 - a13 * b07) * d;
    f32[q + 2] = (a10 * b10 - a11 * b08 + a13 * b06) * d;
    f32[q + 4] = (a02 * b10 - a01 * b11 - a03 * b09) * d;
    f32[q + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * d;
    f32[q + 6] = (a01 * b08 - a00 * b10 - a03 * b06) * d;
    f32[q + 8] = (a31 * b05 - a32 * b04 + a33 * b03) * d;
    f32[q + 9] = (a32 * b02 - a30 * b05 - a33 * b01) * d;
    f32[q + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * d;
  };
}

/** A zero scale has no inverse and nothing to light: the identity, as the generic path writes. */
function identityNormal(f32: Float32Array, q: number): void {
  f32[q] = 1;
  f32[q + 1] = f32[q + 2] = f32[q + 4] = 0;
  f32[q + 5] = 1;
  f32[q + 6] = f32[q + 8] = f32[q + 9] = 0;
  f32[q + 10] = 1;
}
