import type { ChainFrame } from './pass-descriptor';

/** Far plane standing in for an infinite one: depths are turned into distances by near·far / (far − z·(far − near)). */
const FAR_FOR_INFINITY = 1e7;

/**
 * The lens of an eye as the chain's passes need it (`ChainFrame.eye`), read from its projection matrix in WebGPU's
 * clip space (depth 0…1) for an image `rows` texels high: an XR view brings a matrix, not a camera. The planes of a
 * perspective matrix are near = m14 / m10 and far = m14 / (m10 + 1); of an orthographic one near = m14 / m10 and
 * far = (m14 − 1) / m10. A texel is 2 / (m5 · rows) high: at unit distance in perspective, in world units otherwise.
 */
export function eyeLensOf(
  projection: ArrayLike<number>,
  rows: number,
  out: ChainFrame['eye'],
): ChainFrame['eye'] {
  const m10 = projection[10]!;
  const m14 = projection[14]!;
  out.perspective = projection[11] !== 0;
  out.near = m14 / m10;
  const far = out.perspective ? m14 / (m10 + 1) : (m14 - 1) / m10;
  out.far = Number.isFinite(far) && far > out.near ? far : out.near * FAR_FOR_INFINITY;
  out.texel = 2 / (projection[5]! * rows);
  return out;
}
