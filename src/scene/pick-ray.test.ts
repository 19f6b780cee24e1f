import { vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Camera } from './camera';
import { boxGeometry, quadGeometry } from './geometry';
import { Material } from './material';
import { Mesh } from './mesh';
import { Node } from './node';
import { pickRay, rayFromCamera } from './pick-ray';

const ray = (origin: number[], direction: number[]) => ({
  origin: vec3.fromValues(origin[0]!, origin[1]!, origin[2]!),
  direction: vec3.fromValues(direction[0]!, direction[1]!, direction[2]!),
});
const box = (name: string, z: number) =>
  new Mesh(name, boxGeometry(1, 1, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(0, 0, z);

describe('pickRay', () => {
  it('finds the nearest visible mesh on a drawn face, through scale, rotation, nesting and mirroring', () => {
    const root = new Node('root');
    const near = box('near', -5);
    const far = box('far', -10);
    root.add(near).add(far);
    const hit = pickRay(root, ray([0, 0, 0], [0, 0, -1]))!;
    expect([hit.mesh.name, hit.distance]).toEqual(['near', 4.5]);
    expect(hit.point[2]).toBeCloseTo(-4.5, 6);
    near.visible = false;
    expect(pickRay(root, ray([0, 0, 0], [0, 0, -1]))!.mesh.name).toBe('far');
    near.visible = true;
    // Nested under a scaled, turned group: the world transform is what counts.
    const group = new Node('group').setPosition(0, 0, -3).setScale(2, 2, 2);
    group.setRotationFromAxisAngle([0, 1, 0], Math.PI / 2);
    group.add(box('inner', 0));
    root.add(group);
    expect(pickRay(root, ray([0, 0, 0], [0, 0, -1]))!.distance).toBeCloseTo(2, 6);
    // Mirrored (negative scale): still its outside, as the world pass draws it.
    group.setScale(-2, 2, 2);
    expect(pickRay(root, ray([0, 0, 0], [0, 0, -1]))!.distance).toBeCloseTo(2, 5);
    // A miss, a hit past maxT, and back faces (seen from inside a box) are not picks.
    expect(pickRay(root, ray([5, 5, 0], [0, 0, -1]))).toBe(null);
    expect(pickRay(root, ray([0, 0, 0], [0, 0, -1]), 1.5)).toBe(null);
    expect(pickRay(root, ray([0, 0, -5], [0, 0, 1]))!.mesh.name).toBe('inner'); // inside "near": its faces are backs
  });

  it('a camera ray through a pixel centre meets the quad drawn there', () => {
    const root = new Node('root');
    const camera = Camera.pixels('eye', 100, 80, 10);
    root.add(camera);
    const quad = new Mesh('quad', quadGeometry(10, 10), new Material('unlit', [1, 1, 1, 1])).setPosition(
      30,
      20,
      -5,
    );
    root.add(quad);
    // Native pixel (30, 59) (y down) is world (30.5, 20.5) (y up): inside the quad spanning 25…35 × 15…25.
    const pixel = (x: number, y: number) =>
      rayFromCamera(camera, ((x + 0.5) / 100) * 2 - 1, 1 - ((y + 0.5) / 80) * 2);
    expect(pickRay(root, pixel(30, 59), 1)?.mesh).toBe(quad);
    expect(pickRay(root, pixel(35, 59), 1)).toBe(null);
    expect(pickRay(root, pixel(34, 64), 1)?.mesh).toBe(quad);
  });
});

describe('Node.snap', () => {
  it("carries a node into the socket's frame exactly; keepScale keeps its world scale", () => {
    const table = new Node('table').setPosition(1, 0, 0).setScale(2, 2, 2);
    const socket = new Node('socket').setPosition(0.5, 1, 0);
    socket.setRotationFromAxisAngle([0, 0, 1], Math.PI / 2);
    table.add(socket);
    const piece = new Node('piece').setPosition(5, 5, 5).setScale(3, 3, 3);
    const moved = socket.snap(piece);
    expect(piece.parent).toBe(socket);
    expect(Array.from(piece.worldMatrix)).toEqual(Array.from(socket.worldMatrix)); // exactly: the same product
    expect(moved).toBeCloseTo(Math.hypot(5 - 2, 5 - 2, 5), 5);
    const other = new Node('other').setScale(3, 3, 3);
    socket.snap(other, { keepScale: true });
    for (const s of other.scale) expect(s).toBeCloseTo(1.5, 6);
    expect(Array.from(other.worldMatrix).slice(12, 15)).toEqual(Array.from(socket.worldMatrix).slice(12, 15));
    expect(() => piece.snap(socket)).toThrow(/Cannot snap "socket" to its own descendant/);
    expect(() => socket.snap(new Node('flat').setScale(0, 1, 1), { keepScale: true })).toThrow(/zero scale/);
  });
});
