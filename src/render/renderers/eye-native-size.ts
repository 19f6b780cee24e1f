/**
 * How big a headset eye's image is. `'full'`: the XR layer's own resolution for that eye (the default). `'native'`:
 * the pixel-art chain per eye, a few hundred texel rows stretched over the eye nearest-texel.
 */
export type HeadsetResolution = 'full' | 'native';

/**
 * The texel size of an eye's native image: `rows` high (never more than the eye has) and as wide as keeps its texels
 * square on the eye's `width`×`height` viewport.
 */
export function eyeNativeSize(width: number, height: number, rows: number): [number, number] {
  if (!(Number.isInteger(rows) && rows > 0))
    throw new RangeError(`nativeHeight ${rows}: give a whole number of texel rows above 0 (e.g. 240).`);
  const h = Math.min(rows, height);
  return [Math.max(1, Math.round((width * h) / height)), h];
}
