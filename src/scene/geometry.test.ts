import { describe, expect, it } from 'vitest';
import { vec3 } from 'gl-matrix';
import {
  boxGeometry,
  cylinderGeometry,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
  type Geometry,
  VERTEX_FLOATS,
} from './geometry';

/** Every triangle's winding agrees with its vertices' normals (counter-clockwise seen from outside). */
function windingAgreesWithNormals(g: Geometry): boolean {
  const v = (i: number) =>
    vec3.fromValues(
      g.vertices[i * VERTEX_FLOATS]!,
      g.vertices[i * VERTEX_FLOATS + 1]!,
      g.vertices[i * VERTEX_FLOATS + 2]!,
    );
  const n = (i: number) =>
    vec3.fromValues(
      g.vertices[i * VERTEX_FLOATS + 3]!,
      g.vertices[i * VERTEX_FLOATS + 4]!,
      g.vertices[i * VERTEX_FLOATS + 5]!,
    );
  for (let t = 0; t < g.indices.length; t += 3) {
    const [a, b, c] = [g.indices[t]!, g.indices[t + 1]!, g.indices[t + 2]!];
    const face = vec3.cross(
      vec3.create(),
      vec3.sub(vec3.create(), v(b), v(a)),
      vec3.sub(vec3.create(), v(c), v(a)),
    );
    if (vec3.length(face) < 1e-9) continue; // degenerate at a sphere's pole
    const normal = vec3.add(vec3.create(), vec3.add(vec3.create(), n(a), n(b)), n(c));
    if (vec3.dot(face, normal) <= 0) return false;
  }
  return true;
}

describe('built-in geometry', () => {
  it('box: 24 vertices, 12 triangles, spans its size, faces outward', () => {
    const box = boxGeometry(2, 1, 0.5);
    expect(box.vertices.length / VERTEX_FLOATS).toBe(24);
    expect(box.indices.length / 3).toBe(12);
    const xs = box.vertices.filter((_, i) => i % VERTEX_FLOATS === 0);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([-1, 1]);
    expect(windingAgreesWithNormals(box)).toBe(true);
  });

  it('texture coordinates: (0, 0) at the image’s top left; a quad and a box’s front face show it upright', () => {
    const uvOf = (g: Geometry, x: number, y: number, z: number) => {
      for (let i = 0; i < g.vertices.length; i += VERTEX_FLOATS) {
        const v = g.vertices;
        if (v[i] === x && v[i + 1] === y && v[i + 2] === z) return [v[i + 6], v[i + 7]];
      }
      return null;
    };
    const quad = quadGeometry(2, 2);
    expect([uvOf(quad, -1, 1, 0), uvOf(quad, 1, 1, 0), uvOf(quad, 1, -1, 0)]).toEqual([
      [0, 0],
      [1, 0],
      [1, 1],
    ]);
    const box = boxGeometry(2, 2, 2);
    const front = [...Array(box.vertices.length / VERTEX_FLOATS).keys()].filter(
      (i) => box.vertices[i * VERTEX_FLOATS + 5] === 1, // normal +Z
    );
    const corner = (x: number, y: number) =>
      front
        .map((i) => [...box.vertices.subarray(i * VERTEX_FLOATS, i * VERTEX_FLOATS + VERTEX_FLOATS)])
        .find((v) => v[0] === x && v[1] === y)!
        .slice(6);
    expect([corner(-1, 1), corner(1, -1)]).toEqual([
      [0, 0],
      [1, 1],
    ]);
    for (const g of [planeGeometry(), sphereGeometry(), cylinderGeometry()])
      for (let i = 6; i < g.vertices.length; i += VERTEX_FLOATS) {
        expect(g.vertices[i]!).toBeGreaterThanOrEqual(0);
        expect(g.vertices[i + 1]!).toBeLessThanOrEqual(1);
      }
  });

  it('plane, quad, sphere and cylinder face outward', () => {
    for (const g of [planeGeometry(), quadGeometry(), sphereGeometry(), cylinderGeometry()]) {
      expect([g.name, windingAgreesWithNormals(g)]).toEqual([g.name, true]);
    }
  });
});
