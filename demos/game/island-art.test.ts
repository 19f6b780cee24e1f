import { describe, expect, it } from 'vitest';
import { groundGeometry, shoreLine, valueNoise } from './island-art';
import { islandScene } from './island';

describe('island art', () => {
  it('noise is smooth, in 0…1 and the same whatever order it is asked in', () => {
    const a = valueNoise(3);
    const b = valueNoise(3);
    const points = Array.from({ length: 200 }, (_, i) => [Math.sin(i) * 9, Math.cos(i * 1.3) * 9] as const);
    const forward = points.map(([x, z]) => a(x, z));
    const backward = [...points].reverse().map(([x, z]) => b(x, z));
    expect(forward).toEqual(backward.reverse());
    for (const v of forward) expect(v >= 0 && v <= 1).toBe(true);
    expect(Math.abs(a(1.5, 2.5) - a(1.501, 2.5))).toBeLessThan(0.01);
    expect(valueNoise(4)(1.5, 2.5)).not.toBe(a(1.5, 2.5));
  });

  it('the ground is flat where the rules walk, meets the water at the shore, and fits 16-bit indices', () => {
    const layout = islandScene(1).layout;
    const ground = groundGeometry(1, 7.1, layout.shore, [
      [0, 0.8],
      [0, -1.75],
    ]);
    const shore = shoreLine(1, 7.1);
    const v = ground.vertices;
    let walkable = 0;
    for (let i = 0; i < v.length; i += 8) {
      const [x, y, z] = [v[i]!, v[i + 1]!, v[i + 2]!];
      const r = Math.hypot(x, z);
      if (r < layout.shore) {
        walkable++;
        expect(Math.abs(y)).toBeLessThan(0.01); // the kit walks at y = 0: no foot sinks or floats
      }
      if (r > shore(Math.atan2(z, x)) + 0.01) expect(y).toBeCloseTo(-0.22, 6); // the shallows' surface
    }
    expect(walkable).toBeGreaterThan(1000);
    expect(ground.indices).toBeInstanceOf(Uint16Array);
    expect(ground.colors!.length / 4).toBe(v.length / 8);
  });
});
