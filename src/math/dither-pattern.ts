import { seededRandom } from './seeded-random';

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

/**
 * A blue-noise pattern of side `size` (a power of two, 8…128), by void filling (the second half of Ulichney's
 * void-and-cluster): from one seeded point, each next rank goes to the cell whose Gaussian-weighted distance to the
 * cells already ranked is largest (the largest void), on a torus so the pattern tiles. Neighbouring thresholds then
 * differ a lot (high frequencies only), which reads as an even, unpatterned grain. Deterministic for a seed; made
 * once per size and seed (64: ~4 096² steps of arithmetic, tens of milliseconds).
 */
export function blueNoisePattern(size = 64, seed = 1): DitherPattern {
  if (!(Number.isInteger(Math.log2(size)) && size >= 8 && size <= 128))
    throw new RangeError(`blueNoisePattern(${size}): the side must be a power of two from 8 to 128.`);
  const key = `${size}:${seed}`;
  const cached = BLUE_NOISE.get(key);
  if (cached) return cached;
  const count = size * size;
  // The Gaussian of each toroidal offset (σ = 1.5, Ulichney's choice), once.
  const kernel = new Float64Array(count);
  for (let dy = 0; dy < size; dy++)
    for (let dx = 0; dx < size; dx++) {
      const x = Math.min(dx, size - dx);
      const y = Math.min(dy, size - dy);
      kernel[dy * size + dx] = Math.exp(-(x * x + y * y) / (2 * 1.5 * 1.5));
    }
  const energy = new Float64Array(count);
  const ranks = new Uint16Array(count);
  const taken = new Uint8Array(count);
  let next = Math.floor(seededRandom(seed)() * count);
  for (let rank = 0; rank < count; rank++) {
    taken[next] = 1;
    ranks[next] = rank;
    const px = next % size;
    const py = (next - px) / size;
    for (let y = 0; y < size; y++) {
      const row = ((y - py + size) & (size - 1)) * size;
      for (let x = 0; x < size; x++) {
        const at = y * size + x;
        energy[at] = energy[at]! + kernel[row + ((x - px + size) & (size - 1))]!;
      }
    }
    let best = -1;
    let least = Infinity;
    for (let i = 0; i < count; i++)
      if (!taken[i] && energy[i]! < least) {
        least = energy[i]!;
        best = i;
      }
    next = best;
  }
  const pattern = { size, ranks };
  BLUE_NOISE.set(key, pattern);
  return pattern;
}

const BLUE_NOISE = new Map<string, DitherPattern>();
