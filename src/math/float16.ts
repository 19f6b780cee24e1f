const f32 = new Float32Array(1);
const bits = new Uint32Array(f32.buffer);

/**
 * The IEEE binary16 bits of `value`, rounded to nearest even (via float32, so a value exactly between two float32s may
 * round twice), with overflow to ±Infinity and gradual underflow. For writing f16 buffer fields from numbers.
 */
export function toFloat16Bits(value: number): number {
  f32[0] = value;
  const x = bits[0]!;
  const sign = (x >>> 16) & 0x8000;
  const exponent = (x >>> 23) & 0xff;
  let mantissa = x & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const e = exponent - 127 + 15;
  if (e >= 0x1f) return sign | 0x7c00;
  if (e <= 0) {
    if (e < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - e;
    let half = mantissa >>> shift;
    const rest = mantissa & ((1 << shift) - 1);
    const halfway = 1 << (shift - 1);
    if (rest > halfway || (rest === halfway && half & 1)) half++;
    return sign | half;
  }
  let half = (e << 10) | (mantissa >>> 13);
  const rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest === 0x1000 && half & 1)) half++; // a carry into the exponent is the right answer
  return sign | half;
}
