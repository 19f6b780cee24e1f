import { describe, expect, it } from 'vitest';
import { vec3 } from 'gl-matrix';
import {
  boxGeometry,
  cylinderGeometry,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
  type Geometry,
} from './geometry';

/** Every triangle's winding agrees with its vertices' normals (counter-clockwise seen from outside). */
function windingAgreesWithNormals(g: Geometry): boolean {
  const v = (i: number) =>
    vec3.fromValues(g.vertices[i * 6]!, g.vertices[i * 6 + 1]!, g.vertices[i * 6 + 2]!);
  const n = (i: number) =>
    vec3.fromValues(g.vertices[i * 6 + 3]!, g.vertices[i * 6 + 4]!, g.vertices[i * 6 + 5]!);
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
    expect(box.vertices.length / 6).toBe(24);
    expect(box.indices.length / 3).toBe(12);
    const xs = box.vertices.filter((_, i) => i % 6 === 0);
    expect([Math.min(...xs), Math.max(...xs)]).toEqual([-1, 1]);
    expect(windingAgreesWithNormals(box)).toBe(true);
  });

  it('plane, quad, sphere and cylinder face outward', () => {
    for (const g of [planeGeometry(), quadGeometry(), sphereGeometry(), cylinderGeometry()]) {
      expect([g.name, windingAgreesWithNormals(g)]).toEqual([g.name, true]);
    }
  });
});
