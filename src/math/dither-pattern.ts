/**
 * A dither threshold pattern: `size`×`size` ranks 0…size²−1, row by row; a pixel whose pattern rank is k gets the
 * threshold (k + 0.5) / size². Tiled over the image, it decides which of two palette colours a pixel between them gets.
 */
export interface DitherPattern {
  readonly size: number;
  readonly ranks: Uint16Array;
}

/**
 * The ordered (Bayer) pattern of side `size` (2, 4, 8 or 16): each doubling interleaves four copies of the smaller one
 * (M₂ₙ = [4M, 4M+2; 4M+3, 4M+1]), so every threshold sits as far as it can from the ones before it.
 */
export function bayerPattern(size: 2 | 4 | 8 | 16): DitherPattern {
  if (![2, 4, 8, 16].includes(size))
    throw new RangeError(`bayerPattern(${size}): the side must be 2, 4, 8 or 16.`);
  let n = 1;
  let ranks = new Uint16Array([0]);
  while (n < size) {
    const next = new Uint16Array(4 * n * n);
    const m = 2 * n;
    for (let y = 0; y < n; y++)
      for (let x = 0; x < n; x++) {
        const v = 4 * ranks[y * n + x]!;
        next[y * m + x] = v;
        next[y * m + x + n] = v + 2;
        next[(y + n) * m + x] = v + 3;
        next[(y + n) * m + x + n] = v + 1;
      }
    ranks = next;
    n = m;
  }
  return { size, ranks };
}

/** The threshold in (0, 1) of pattern rank `rank`: what the palette pass adds, less one half, before it quantizes. */
export function ditherThreshold(pattern: DitherPattern, x: number, y: number): number {
  const n = pattern.size;
  const rank = pattern.ranks[(((y % n) + n) % n) * n + (((x % n) + n) % n)]!;
  return (rank + 0.5) / (n * n);
}
