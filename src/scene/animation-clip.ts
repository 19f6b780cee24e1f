import type { Node } from './node';

/** How a channel moves between its keys: straight (rotations: slerp), held until the next, or a cubic Hermite spline. */
export type Interpolation = 'LINEAR' | 'STEP' | 'CUBICSPLINE';

/** What a channel animates on its node: its local translation, rotation (a unit quaternion), scale, or morph weights. */
export type AnimationPath = 'translation' | 'rotation' | 'scale' | 'weights';

/**
 * One animated property of one node: key times (seconds, increasing) and values. Values hold `size` numbers per key
 * (3 for translation and scale, 4 for rotation, the morph target count for weights); a CUBICSPLINE channel holds three
 * per key, as glTF stores them: in-tangent, value, out-tangent.
 */
export interface AnimationChannel {
  readonly node: Node;
  readonly path: AnimationPath;
  readonly interpolation: Interpolation;
  readonly times: Float32Array;
  readonly values: Float32Array;
}

const SIZES: Record<Exclude<AnimationPath, 'weights'>, number> = { translation: 3, rotation: 4, scale: 3 };

/**
 * A named animation: channels moving nodes over `duration` seconds (the last key time of any channel). Played by an
 * `AnimationMixer`; `loadGltf` makes one per glTF animation. Checked when made: keys in increasing time, values of the
 * length the keys and path need; a broken channel is an error naming the clip and channel.
 */
export class AnimationClip {
  readonly duration: number;

  constructor(
    readonly name: string,
    readonly channels: readonly AnimationChannel[],
  ) {
    let duration = 0;
    channels.forEach((channel, c) => {
      const fail = (why: string): never => {
        throw new RangeError(
          `AnimationClip "${name}": channel ${c} (${channel.path} of "${channel.node.name}") ${why}`,
        );
      };
      const { times, values } = channel;
      if (times.length === 0) fail('has no keys.');
      for (let k = 0; k < times.length; k++)
        if (!Number.isFinite(times[k]) || times[k]! < 0 || (k > 0 && times[k]! <= times[k - 1]!))
          fail(`has key time ${times[k]} at key ${k}; key times must be finite, ≥ 0 and increasing.`);
      const per = channelSize(channel) * (channel.interpolation === 'CUBICSPLINE' ? 3 : 1);
      if (values.length !== times.length * per)
        fail(`has ${values.length} values for ${times.length} keys; it needs ${per} a key.`);
      if (!values.every(Number.isFinite)) fail('has a value that is not finite.');
      duration = Math.max(duration, times[times.length - 1]!);
    });
    this.duration = duration;
  }
}

/** Numbers a channel's value has: 3, 4, or (weights) its values per key. */
export function channelSize(channel: AnimationChannel): number {
  if (channel.path !== 'weights') return SIZES[channel.path];
  const keys = channel.times.length * (channel.interpolation === 'CUBICSPLINE' ? 3 : 1);
  return keys > 0 ? channel.values.length / keys : 0;
}

/**
 * The channel's value at `time` (clamped to its keys) into `out`, by its interpolation as glTF defines it: LINEAR
 * (rotations slerped along the shorter arc), STEP (the key at or before), CUBICSPLINE (Hermite with the keys' tangents
 * scaled by the key interval). Rotations come out normalised. `hint` is the key index to start looking from (the last
 * call's, returned), so playing forward finds the key in O(1) and any other time in O(log keys).
 */
export function sampleChannel(channel: AnimationChannel, time: number, out: Float32Array, hint = 0): number {
  const { times, values, interpolation } = channel;
  const size = channelSize(channel);
  const last = times.length - 1;
  const cubic = interpolation === 'CUBICSPLINE';
  // The value of key k starts at k × stride (+ size past the in-tangent for a cubic spline).
  const stride = cubic ? 3 * size : size;
  const at = cubic ? size : 0;
  if (last === 0 || time <= times[0]!) {
    copy(out, values, at, size);
    return finish(channel, out, 0);
  }
  if (time >= times[last]!) {
    copy(out, values, last * stride + at, size);
    return finish(channel, out, last);
  }
  const k = keyBefore(times, time, hint);
  // Plain locals, not destructured arrays: this runs per channel per frame and must not allocate.
  const t0 = times[k]!;
  const t1 = times[k + 1]!;
  const s = (time - t0) / (t1 - t0);
  const a = k * stride + at;
  const b = a + stride;
  if (interpolation === 'STEP') copy(out, values, a, size);
  else if (cubic) {
    const dt = t1 - t0;
    const s2 = s * s;
    const s3 = s2 * s;
    const h00 = 2 * s3 - 3 * s2 + 1;
    const h10 = s3 - 2 * s2 + s;
    const h01 = -2 * s3 + 3 * s2;
    const h11 = s3 - s2;
    for (let i = 0; i < size; i++)
      out[i] =
        h00 * values[a + i]! +
        h10 * dt * values[a + size + i]! + // key k's out-tangent
        h01 * values[b + i]! +
        h11 * dt * values[b - size + i]!; // key k + 1's in-tangent
  } else if (channel.path === 'rotation') slerp(out, values, a, b, s);
  else for (let i = 0; i < size; i++) out[i] = values[a + i]! + (values[b + i]! - values[a + i]!) * s;
  return finish(channel, out, k);
}

/**
 * The key k with times[k] ≤ time < times[k + 1] (time strictly inside the keys): the hint or the key after it (a clip
 * played forward), else a binary search, so no sample costs more than log₂ of its keys however far the time jumped.
 */
function keyBefore(times: Float32Array, time: number, hint: number): number {
  const last = times.length - 1;
  for (let k = hint; k <= hint + 1; k++)
    if (k >= 0 && k < last && times[k]! <= time && time < times[k + 1]!) return k;
  let lo = 0;
  let hi = last - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (times[mid]! <= time) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function copy(out: Float32Array, values: Float32Array, from: number, size: number): void {
  for (let i = 0; i < size; i++) out[i] = values[from + i]!;
}

/** Normalises a rotation; returns the key index for the next call's hint. */
function finish(channel: AnimationChannel, out: Float32Array, k: number): number {
  if (channel.path === 'rotation') {
    // Not Math.hypot: several times slower in V8, and this runs per rotation channel per frame.
    const length =
      Math.sqrt(out[0]! * out[0]! + out[1]! * out[1]! + out[2]! * out[2]! + out[3]! * out[3]!) || 1;
    for (let i = 0; i < 4; i++) out[i]! /= length;
  }
  return k;
}

/** Spherical interpolation between the quaternions at `a` and `b`, along the shorter arc (b's sign flipped if needed). */
function slerp(out: Float32Array, values: Float32Array, a: number, b: number, s: number): void {
  let cos = 0;
  for (let i = 0; i < 4; i++) cos += values[a + i]! * values[b + i]!;
  const sign = cos < 0 ? -1 : 1;
  cos *= sign;
  let wa = 1 - s;
  let wb = s;
  if (cos < 0.9995) {
    const angle = Math.acos(cos);
    const sin = Math.sin(angle);
    wa = Math.sin((1 - s) * angle) / sin;
    wb = Math.sin(s * angle) / sin;
  }
  for (let i = 0; i < 4; i++) out[i] = wa * values[a + i]! + wb * sign * values[b + i]!;
}
