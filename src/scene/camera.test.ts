import { describe, expect, it } from 'vitest';
import { vec4 } from 'gl-matrix';
import { Camera } from './camera';
import { Mesh } from './mesh';
import { Node } from './node';

const project = (camera: Camera, point: [number, number, number]) => {
  const clip = vec4.transformMat4(vec4.create(), [...point, 1], camera.viewMatrix);
  vec4.transformMat4(clip, clip, camera.projectionMatrix);
  return [clip[0] / clip[3], clip[1] / clip[3], clip[2] / clip[3]];
};

describe('Camera', () => {
  it('maps near to depth 0 and far to depth 1 (WebGPU range), perspective and orthographic', () => {
    const perspective = new Camera('eye', {
      kind: 'perspective',
      fovY: Math.PI / 2,
      aspect: 1,
      near: 1,
      far: 10,
    });
    expect(project(perspective, [0, 0, -1])[2]).toBeCloseTo(0, 6);
    expect(project(perspective, [0, 0, -10])[2]).toBeCloseTo(1, 6);
    expect(
      project(perspective, [1, 1, -1])
        .slice(0, 2)
        .map((v) => Number(v.toFixed(6))),
    ).toEqual([1, 1]);
    const ortho = new Camera('ortho', {
      kind: 'orthographic',
      left: 0,
      right: 336,
      bottom: 0,
      top: 240,
      near: 0,
      far: 10,
    });
    const round = (v: number[]) => v.map((x) => Number(x.toFixed(6)) || 0);
    expect(round(project(ortho, [336, 240, 0]))).toEqual([1, 1, 0]);
    expect(round(project(ortho, [0, 0, -10]))).toEqual([-1, -1, 1]);
  });

  it('derives the view from its world transform, following its parents', () => {
    const rig = new Node('rig').setPosition(0, 0, 5);
    const camera = new Camera('eye', { kind: 'perspective', fovY: 1, aspect: 1, near: 1, far: 10 });
    rig.add(camera);
    const depthBefore = project(camera, [0, 0, 0])[2]!;
    rig.setPosition(0, 0, 8);
    expect(project(camera, [0, 0, 0])[2]).toBeGreaterThan(depthBefore);
  });

  it('rejects an impossible lens with a message saying what each kind needs', () => {
    expect(() => new Camera('bad', { kind: 'perspective', fovY: 0, aspect: 1, near: 0.1, far: 10 })).toThrow(
      /Camera "bad": invalid perspective projection.*0 < fovY < π/,
    );
    const camera = new Camera('ok');
    expect(() =>
      camera.setProjection({ kind: 'orthographic', left: 1, right: 1, bottom: 0, top: 1, near: 0, far: 1 }),
    ).toThrow(/left ≠ right/);
    expect(camera.projection.kind).toBe('perspective');
  });
});

describe('Camera.project', () => {
  it('maps world points to the image: centre, edges and depth; nothing behind the camera', () => {
    const camera = new Camera('eye', {
      kind: 'orthographic',
      left: -4,
      right: 4,
      bottom: -3,
      top: 3,
      near: 1,
      far: 11,
    });
    new Node('rig').setPosition(10, 0, 0).add(camera);
    expect(camera.project([10, 0, -1])).toEqual([0, 0, 0]);
    expect(camera.project([14, 3, -11])).toEqual([1, 1, 1]);
    const [x, y, z] = camera.project([8, -1.5, -6])!;
    expect([x, y]).toEqual([-0.5, -0.5]);
    expect(z).toBeCloseTo(0.5, 6);
    const eye = new Camera('persp', { kind: 'perspective', fovY: Math.PI / 2, aspect: 1, near: 1, far: 100 });
    expect(eye.project([0, 0, 5])).toBeNull(); // behind it: a camera looks down −Z
    const [px, py] = eye.project([2, 1, -2])!; // at distance 2 the image spans ±2
    expect(px).toBeCloseTo(1, 6);
    expect(py).toBeCloseTo(0.5, 6);
  });
});

describe('Camera.orthographic', () => {
  it('spans the view width across and the native image’s aspect up: square texels of width / columns', () => {
    const camera = Camera.orthographic('eye', 12, [336, 240], { far: 60 });
    expect(camera.projection).toEqual({
      kind: 'orthographic',
      left: -6,
      right: 6,
      bottom: -30 / 7,
      top: 30 / 7,
      near: 0.1,
      far: 60,
    });
    // One texel to the right of the centre and one up land one texel's width apart in the image.
    const [x] = camera.project([12 / 336, 0, -1])!;
    const [, y] = camera.project([0, 12 / 336, -1])!;
    expect(x! * 168).toBeCloseTo(1, 6); // float32 matrices
    expect(y! * 120).toBeCloseTo(1, 6);
  });
});

describe('Mesh', () => {
  it('is a node holding geometry and material references', () => {
    const mesh = new Mesh('box', { kind: 'box' }, { color: [1, 0, 0, 1] });
    const parent = new Node('parent').setPosition(0, 1, 0);
    parent.add(mesh);
    expect(mesh.worldMatrix[13]).toBe(1);
    expect(mesh.geometry.kind).toBe('box');
    expect(mesh.visible).toBe(true);
  });
});
