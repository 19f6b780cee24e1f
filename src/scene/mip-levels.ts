/**
 * The smaller mip levels of an RGBA8 image (top row first), down to 1×1: each level half the one before (rounded down,
 * at least 1), each texel the rounded mean of the 2×2 texels it covers (at an odd edge the last row or column is
 * dropped; a 1-wide or 1-high level averages along its length only). The rule the GPU draws them by
 * (wgsl/device/mip-level.wgsl), on the CPU: what the tests compare the GPU's levels with, byte for byte.
 */
export function mipLevels(width: number, height: number, texels: Uint8Array): Uint8Array[] {
  const levels: Uint8Array[] = [];
  let [w, h, from] = [width, height, texels];
  while (w > 1 || h > 1) {
    const [nw, nh] = [Math.max(1, w >> 1), Math.max(1, h >> 1)];
    const to = new Uint8Array(nw * nh * 4);
    for (let y = 0; y < nh; y++) {
      const [y0, y1] = [2 * y, Math.min(2 * y + 1, h - 1)];
      for (let x = 0; x < nw; x++) {
        const [x0, x1] = [2 * x, Math.min(2 * x + 1, w - 1)];
        const [a, b, c, d] = [(y0 * w + x0) * 4, (y0 * w + x1) * 4, (y1 * w + x0) * 4, (y1 * w + x1) * 4];
        const o = (y * nw + x) * 4;
        for (let k = 0; k < 4; k++)
          to[o + k] = (from[a + k]! + from[b + k]! + from[c + k]! + from[d + k]! + 2) >> 2;
      }
    }
    levels.push(to);
    [w, h, from] = [nw, nh, to];
  }
  return levels;
}
