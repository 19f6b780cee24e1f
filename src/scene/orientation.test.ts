import { mat4, quat, vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Camera } from './camera';
import { Node } from './node';
import { SceneError } from './scene-error';

/** Where a node's local axis `axis` points in the world. */
function worldAxis(node: Node, axis: [number, number, number]): number[] {
  const m = node.worldMatrix;
  const out = vec3.transformMat4(vec3.create(), axis, m);
  const origin = vec3.transformMat4(vec3.create(), [0, 0, 0], m);
  const d = vec3.normalize(vec3.create(), vec3.subtract(out, out, origin));
  return [...d].map((v) => Math.round(v * 1e5) / 1e5 + 0);
}

describe('rotation from Euler angles and from an axis and angle', () => {
  it('Euler XYZ is Rx·Ry·Rz (three.js order); other orders compose in their own order', () => {
    const [x, y, z] = [0.3, -1.1, 2];
    const node = new Node('n').setRotationFromEuler(x, y, z);
    const expected = mat4.create();
    mat4.rotateX(expected, expected, x);
    mat4.rotateY(expected, expected, y);
    mat4.rotateZ(expected, expected, z);
    for (let i = 0; i < 16; i++) expect(node.worldMatrix[i]).toBeCloseTo(expected[i]!, 6);
    const zyx = mat4.create();
    mat4.rotateZ(zyx, zyx, z);
    mat4.rotateY(zyx, zyx, y);
    mat4.rotateX(zyx, zyx, x);
    node.setRotationFromEuler(x, y, z, 'ZYX');
    for (let i = 0; i < 16; i++) expect(node.worldMatrix[i]).toBeCloseTo(zyx[i]!, 6);
    expect(() => node.setRotationFromEuler(0, 0, 0, 'XXY' as never)).toThrow(/Euler order "XXY"/);
    expect(() => node.setRotationFromEuler(NaN, 0, 0)).toThrow(SceneError);
  });

  it('axis and angle: any non-zero axis length; a zero axis is an error and changes nothing', () => {
    const node = new Node('n').setRotationFromAxisAngle([0, 5, 0], Math.PI / 2);
    expect(worldAxis(node, [1, 0, 0])).toEqual([0, 0, -1]); // +X turned a quarter about +Y
    const before = [...node.rotation];
    expect(() => node.setRotationFromAxisAngle([0, 0, 0], 1)).toThrow(/give a non-zero axis/);
    expect([...node.rotation]).toEqual(before);
  });
});

describe('lookAt', () => {
  it('points a node’s +Z and a camera’s −Z at the target, up as close to +Y as it can be', () => {
    const node = new Node('n').setPosition(1, 2, 3).lookAt([1, 2, 10]);
    expect(worldAxis(node, [0, 0, 1])).toEqual([0, 0, 1]);
    expect(worldAxis(node, [0, 1, 0])).toEqual([0, 1, 0]);
    const camera = new Camera('eye').setPosition(4, 0, 0).lookAt([0, 0, 0]);
    expect(worldAxis(camera, [0, 0, -1])).toEqual([-1, 0, 0]);
    expect(worldAxis(camera, [0, 1, 0])).toEqual([0, 1, 0]);
    // From above and to the side, with a custom up: the view's up leans towards it.
    camera.setPosition(0, 5, 5).lookAt([0, 0, 0], [0, 0, -1]);
    expect(worldAxis(camera, [0, 0, -1])).toEqual([0, -0.70711, -0.70711]);
    expect(worldAxis(camera, [0, 1, 0])[2]).toBeLessThan(0);
  });

  it('undoes the parent’s rotation: the world direction is the one asked for', () => {
    const parent = new Node('parent').setRotationFromEuler(0.4, 1.2, -0.7).setPosition(2, -1, 0.5);
    const child = new Node('child').setPosition(1, 1, 1);
    parent.add(child);
    const target: [number, number, number] = [-3, 4, 2];
    child.lookAt(target);
    const p = child.worldPosition;
    const want = vec3.normalize(vec3.create(), vec3.subtract(vec3.create(), target, p));
    const got = worldAxis(child, [0, 0, 1]);
    for (let i = 0; i < 3; i++) expect(got[i]).toBeCloseTo(want[i]!, 4);
  });

  it('refuses a target at its own position and an up parallel to the view, changing nothing', () => {
    const camera = new Camera('eye').setPosition(0, 0, 5).setRotationFromEuler(0.1, 0.2, 0.3);
    const before = [...camera.rotation];
    expect(() => camera.lookAt([0, 0, 5])).toThrow(/is where the node is: there is no direction to face/);
    expect(() => camera.lookAt([0, 0, 0], [0, 0, 3])).toThrow(/up \(0, 0, 3\) parallel to the direction/);
    expect(() => camera.lookAt([NaN, 0, 0])).toThrow(/not a finite 32-bit float/);
    expect([...camera.rotation]).toEqual(before);
  });
});

describe('world position', () => {
  it('reads the world translation, and sets it through any parent transform', () => {
    const parent = new Node('parent').setPosition(10, 0, 0).setScale(2, 2, 2);
    parent.setRotation(
      ...(quat.setAxisAngle(quat.create(), [0, 1, 0], Math.PI / 2) as [number, number, number, number]),
    );
    const child = new Node('child').setPosition(1, 0, 0);
    parent.add(child);
    expect([...child.worldPosition].map((v) => Math.round(v * 1e5) / 1e5 + 0)).toEqual([10, 0, -2]);
    child.setWorldPosition(3, 4, 5);
    for (const [i, v] of [3, 4, 5].entries()) expect(child.worldPosition[i]).toBeCloseTo(v, 5);
    expect([...child.rotation]).toEqual([0, 0, 0, 1]); // rotation and scale kept
    const flat = new Node('flat').setScale(1, 0, 1);
    const under = new Node('under');
    flat.add(under);
    expect(() => under.setWorldPosition(1, 1, 1)).toThrow(
      /"flat", whose world matrix is singular; "flat" has scale/,
    );
    expect([...under.position]).toEqual([0, 0, 0]);
  });
});

describe('a camera’s aspect', () => {
  it('follows the image it draws when it has none of its own; an explicit one stays', () => {
    const camera = new Camera('eye');
    camera.fitAspect(336, 240);
    const auto = mat4.perspectiveZO(mat4.create(), Math.PI / 3, 336 / 240, 0.1, 100);
    expect([...camera.projectionMatrix]).toEqual([...auto]);
    camera.fitAspect(100, 100);
    expect(camera.projectionMatrix[0]).toBeCloseTo(auto[5]!, 6); // square: x scale = y scale
    const fixed = new Camera('fixed', { kind: 'perspective', fovY: 1, aspect: 2, near: 0.1, far: 10 });
    fixed.fitAspect(336, 240);
    expect([...fixed.projectionMatrix]).toEqual([...mat4.perspectiveZO(mat4.create(), 1, 2, 0.1, 10)]);
  });
});
