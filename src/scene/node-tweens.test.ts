import { quat } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { EASINGS, Timeline } from '../time/timeline';
import { Material } from './material';
import { Node } from './node';
import { tweenColor, tweenPosition, tweenRotation, tweenScale } from './node-tweens';

describe('node tweens', () => {
  it('move, turn (slerp), scale and recolour, ending exactly on their targets', () => {
    const timeline = new Timeline();
    const node = new Node('crate').setPosition(1, 2, 3);
    const material = new Material('unlit', [1, 0, 0, 1]);
    const turned = quat.setAxisAngle(quat.create(), [0, 1, 0], Math.PI / 2);
    tweenPosition(timeline, node, [4, 2, 0], { duration: 1, easing: EASINGS.easeOutQuad });
    tweenRotation(timeline, node, turned, { duration: 2 });
    tweenScale(timeline, node, [2, 2, 2], { duration: 0.5 });
    tweenColor(timeline, material, [0, 0, 1, 1], { duration: 1, easing: EASINGS.easeOutBack });
    timeline.advance(1);
    // Halfway through the turn: 45° about up, on the arc (a unit quaternion).
    const half = quat.setAxisAngle(quat.create(), [0, 1, 0], Math.PI / 4);
    for (let i = 0; i < 4; i++) expect(node.rotation[i]).toBeCloseTo(half[i]!, 6);
    for (let t = 0; t < 20; t++) timeline.advance(0.07);
    expect([...node.position]).toEqual([4, 2, 0]);
    expect([...node.rotation]).toEqual([...turned]);
    expect([...node.scale]).toEqual([2, 2, 2]);
    expect([...material.color]).toEqual([0, 0, 1, 1]);
  });
});
