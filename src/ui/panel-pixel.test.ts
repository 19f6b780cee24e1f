import { quat, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Node } from '../scene/node';
import { updateWorldMatrices } from '../scene/update-world-matrices';
import { panelPixelAt } from './panel-pixel';

const SIZE = [336, 240] as const;

/** A panel 0.84 × 0.6 m (the image's aspect) at `position`, turned `yaw` radians about +Y, under a moved parent. */
function panel(position: [number, number, number], yaw = 0) {
  const room = new Node('room').setPosition(0.5, 0, 0);
  const node = new Node('panel')
    .setPosition(position[0] - 0.5, position[1], position[2])
    .setScale(0.84, 0.6, 1);
  const q = quat.setAxisAngle(quat.create(), [0, 1, 0], yaw);
  node.setRotation(q[0], q[1], q[2], q[3]);
  room.add(node);
  updateWorldMatrices(room);
  return node;
}

/** The world point of the panel's image pixel (x, y) (fractions allowed). */
function pointOf(node: Node, x: number, y: number): vec3 {
  const local = vec3.fromValues(x / SIZE[0] - 0.5, 0.5 - y / SIZE[1], 0);
  return vec3.transformMat4(vec3.create(), local, node.worldMatrix as never);
}

describe('panelPixelAt', () => {
  it('maps a ray to the exact native pixel it points at, at known poses', () => {
    const straight = panel([0, 1.5, -2]);
    // From 2 m in front, straight ahead: the image's centre, 2 m away.
    // (The world matrices are 32-bit floats: pixels within a millionth of the image.)
    const centre = panelPixelAt(straight, SIZE, [0, 1.5, 0], [0, 0, -1])!;
    for (const [got, want] of [
      [centre.x, 168],
      [centre.y, 120],
      [centre.distance, 2],
    ] as const)
      expect(got).toBeCloseTo(want, 3);
    // Toward pixel centres at the corners and inside, on panels straight ahead and turned toward the eye: those pixels.
    for (const [node, eye] of [
      [straight, [0.3, 1.2, 1]],
      [panel([1, 1.4, -1.5], -Math.PI / 6), [0, 1.6, 0]],
      [panel([-1, 1.4, -1.5], Math.PI / 3), [0.2, 1.5, 0.3]],
    ] as const)
      for (const [x, y] of [
        [0.5, 0.5],
        [335.5, 239.5],
        [10.25, 200.75],
      ] as const) {
        const target = pointOf(node, x, y);
        const direction = vec3.subtract(vec3.create(), target, eye as vec3);
        const hit = panelPixelAt(node, SIZE, eye as vec3, vec3.scale(vec3.create(), direction, 3))!;
        expect(hit.x).toBeCloseTo(x, 3);
        expect(hit.y).toBeCloseTo(y, 3);
        expect(hit.distance).toBeCloseTo(vec3.length(direction), 5);
      }
  });

  it('misses off the quad, from behind, behind the origin, and on a panel scaled to nothing', () => {
    const node = panel([0, 1.5, -2]);
    expect(panelPixelAt(node, SIZE, [0, 1.5, 0], [1, 0, -1])).toBeNull(); // 2 m aside at the panel's depth
    expect(panelPixelAt(node, SIZE, [0, 1.5, -3], [0, 0, 1])).toBeNull(); // from behind
    expect(panelPixelAt(node, SIZE, [0, 1.5, 0], [0, 0, 1])).toBeNull(); // pointing away
    expect(panelPixelAt(node, SIZE, [0, 1.5, 0], [1, 0, 0])).toBeNull(); // along the plane
    // Just past each edge: nothing; just inside: the edge pixel.
    const at = (x: number, y: number) =>
      panelPixelAt(node, SIZE, [0, 1.5, 0], vec3.subtract(vec3.create(), pointOf(node, x, y), [0, 1.5, 0]));
    for (const [x, y] of [
      [336.01, 100],
      [-0.01, 100],
      [100, 240.01],
      [100, -0.01],
    ] as const)
      expect([x, y, at(x, y)]).toEqual([x, y, null]);
    for (const [x, y] of [
      [335.99, 239.99],
      [0.01, 0.01],
    ] as const)
      expect([Math.floor(at(x, y)!.x), Math.floor(at(x, y)!.y)]).toEqual([Math.floor(x), Math.floor(y)]);
    node.setScale(0, 0.6, 1);
    updateWorldMatrices(node);
    expect(panelPixelAt(node, SIZE, [0, 1.5, 0], [0, 0, -1])).toBeNull();
  });
});
