import { describe, expect, it } from 'vitest';
import { AnimationClip, sampleChannel, type AnimationChannel } from './animation-clip';
import { Node } from './node';

const node = new Node('n');
const channel = (
  c: Partial<AnimationChannel> & Pick<AnimationChannel, 'times' | 'values'>,
): AnimationChannel => ({
  node,
  path: 'translation',
  interpolation: 'LINEAR',
  ...c,
});
const at = (c: AnimationChannel, t: number, size = 3) => {
  const out = new Float32Array(size);
  sampleChannel(c, t, out);
  return Array.from(out);
};
const f = (...values: number[]) => Float32Array.from(values);

describe('AnimationClip sampling', () => {
  it('LINEAR mixes the keys around the time, clamped before the first and after the last', () => {
    const c = channel({ times: f(1, 3), values: f(0, 10, 20, 2, 30, 40) });
    expect(at(c, 2)).toEqual([1, 20, 30]);
    expect(at(c, 0)).toEqual([0, 10, 20]);
    expect(at(c, 9)).toEqual([2, 30, 40]);
  });

  it('finds the key around any time from any hint: the same value a walk from the first key finds', () => {
    // 100 000 uneven keys, value = key index (STEP), sampled at times that jump about, each with the last hint.
    const times = new Float32Array(100_000);
    for (let k = 1; k < times.length; k++) times[k] = times[k - 1]! + 0.001 + (k % 7) * 0.0003;
    const c = channel({
      interpolation: 'STEP',
      times,
      values: new Float32Array(3 * times.length).map((_, i) => Math.floor(i / 3)),
    });
    const out = new Float32Array(3);
    let hint = 0;
    let seed = 7;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 16807) % 2147483647;
      const t =
        i % 3 === 0 ? (times[hint]! + times[hint + 1]!) / 2 : (seed / 2147483647) * 1.2 * times.at(-1)!;
      hint = sampleChannel(c, t, out, hint);
      let k = 0; // the reference: a walk from the first key
      while (k + 1 < times.length && times[k + 1]! <= t) k++;
      expect(out[0], `t = ${t}`).toBe(k);
      expect(hint).toBe(k);
    }
    expect(at(c, -1)[0]).toBe(0);
  });

  it('STEP holds each key until the next', () => {
    const c = channel({ interpolation: 'STEP', times: f(0, 1, 2), values: f(0, 0, 0, 5, 5, 5, 9, 9, 9) });
    expect([at(c, 0.99)[0], at(c, 1)[0], at(c, 1.5)[0], at(c, 2)[0]]).toEqual([0, 5, 5, 9]);
  });

  it('CUBICSPLINE follows the Hermite curve with tangents scaled by the key interval', () => {
    // x: 0 → 1 over 2 s, out-tangent of key 0 is 1, in-tangent of key 1 is 0. At s = ½:
    // ½·0 + ⅛·2·1 + ½·1 − ⅛·2·0 = 0.75.
    const c = channel({
      interpolation: 'CUBICSPLINE',
      times: f(0, 2),
      values: f(/* key 0: in, value, out */ 9, 9, 9, 0, 0, 0, 1, 0, 0, /* key 1 */ 0, 0, 0, 1, 0, 0, 9, 9, 9),
    });
    expect(at(c, 1)[0]).toBeCloseTo(0.75, 6);
    expect(at(c, 0)[0]).toBe(0);
    expect(at(c, 2)[0]).toBe(1);
  });

  it('slerps rotations along the shorter arc (a key stored with the other sign) and normalises them', () => {
    const [s, cs] = [Math.sin(Math.PI / 4), Math.cos(Math.PI / 4)];
    // Identity, then 90° about z written negated: halfway is 45° about z, not the long way round.
    const c = channel({ path: 'rotation', times: f(0, 1), values: f(0, 0, 0, 1, 0, 0, -s, -cs) });
    const half = at(c, 0.5, 4);
    expect(half.map((v) => Number(v.toFixed(6)))).toEqual([
      0,
      0,
      Number(Math.sin(Math.PI / 8).toFixed(6)),
      Number(Math.cos(Math.PI / 8).toFixed(6)),
    ]);
    const cubic = channel({
      path: 'rotation',
      interpolation: 'CUBICSPLINE',
      times: f(0, 1),
      values: f(0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0),
    });
    expect(at(cubic, 0.3, 4)).toEqual([0, 0, 0, 1]); // (0, 0, 0, 2) normalised
  });

  it('refuses keys out of order and values of the wrong count, naming the clip and channel', () => {
    expect(
      () => new AnimationClip('walk', [channel({ times: f(0, 0), values: f(0, 0, 0, 1, 1, 1) })]),
    ).toThrow(
      /AnimationClip "walk": channel 0 \(translation of "n"\) has key time 0 at key 1; .* increasing/,
    );
    expect(() => new AnimationClip('walk', [channel({ times: f(0, 1), values: f(0, 0, 0) })])).toThrow(
      /has 3 values for 2 keys; it needs 3 a key/,
    );
    const clip = new AnimationClip('walk', [
      channel({ times: f(0, 1.5), values: f(0, 0, 0, 1, 1, 1) }),
      channel({ times: f(0.5, 2.5), values: f(0, 0, 0, 1, 1, 1) }),
    ]);
    expect(clip.duration).toBe(2.5);
  });
});
