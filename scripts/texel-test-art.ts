// The texture loader's test image as plain data (no Node imports): make-assets.ts writes it as a PNG, and the GPU
// tests know every texel it must show.

/**
 * The loader's test image, 16×16: red = 17·x, green = 17·y, blue 128 (an sRGB decode would move it), alpha 255; the
 * bottom row's texels have alpha 0 over a colour kept as it is (a premultiplying decoder would turn it black), and
 * texel (15, 0) has alpha 128.
 */
export function texelTest(): Uint8Array {
  const texels = new Uint8Array(16 * 16 * 4);
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++) texels.set([17 * x, 17 * y, 128, y === 15 ? 0 : 255], (y * 16 + x) * 4);
  texels[15 * 4 + 3] = 128;
  return texels;
}
