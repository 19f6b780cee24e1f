import { quat, vec3, type ReadonlyQuat, type ReadonlyVec3 } from 'gl-matrix';
import type { Scheduled, Timeline, TweenOptions } from '../time/timeline';
import type { Material } from './material';
import type { Node } from './node';

/** Moves `node` from where it is to `to` (local position) over the tween's scene time. */
export function tweenPosition(
  timeline: Timeline,
  node: Node,
  to: ReadonlyVec3,
  options: TweenOptions,
): Scheduled {
  const from = vec3.clone(node.position);
  const at = vec3.create();
  return timeline.progress((p) => {
    vec3.lerp(at, from, to, p);
    if (p === 1) vec3.copy(at, to); // ends exactly on the target
    node.setPosition(at[0], at[1], at[2]);
  }, options);
}

/** Turns `node` from its rotation to `to` (a unit quaternion) along the shortest arc (slerp). */
export function tweenRotation(
  timeline: Timeline,
  node: Node,
  to: ReadonlyQuat,
  options: TweenOptions,
): Scheduled {
  const from = quat.clone(node.rotation);
  const at = quat.create();
  return timeline.progress((p) => {
    if (p === 1) quat.copy(at, to);
    else quat.normalize(at, quat.slerp(at, from, to, p));
    node.setRotation(at[0], at[1], at[2], at[3]);
  }, options);
}

/** Scales `node` from its scale to `to`. */
export function tweenScale(
  timeline: Timeline,
  node: Node,
  to: ReadonlyVec3,
  options: TweenOptions,
): Scheduled {
  const from = vec3.clone(node.scale);
  const at = vec3.create();
  return timeline.progress((p) => {
    vec3.lerp(at, from, to, p);
    if (p === 1) vec3.copy(at, to);
    node.setScale(at[0], at[1], at[2]);
  }, options);
}

/** Changes `material`'s colour from what it is to `to` (RGBA). */
export function tweenColor(
  timeline: Timeline,
  material: Material,
  to: readonly [number, number, number, number],
  options: TweenOptions,
): Scheduled {
  const from = Array.from(material.color);
  return timeline.progress((p) => {
    // An easing that overshoots (easeOutBack) would leave 0…1: a colour channel stops at its bounds.
    const c = p === 1 ? to : from.map((v, i) => Math.min(Math.max(v + (to[i]! - v) * p, 0), 1));
    material.setColor(c[0]!, c[1]!, c[2]!, c[3]!);
  }, options);
}
