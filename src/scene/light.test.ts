import { vec3 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { DirectionalLight, lightFalloff, PointLight, SpotLight } from './light';
import { Node } from './node';

describe('light nodes', () => {
  it('move with their parents: a directional light aims along its −Z, turned with its parent', () => {
    const rig = new Node('rig');
    const sun = new DirectionalLight('sun', { color: [1, 0.9, 0.8], intensity: 2 });
    rig.add(sun);
    expect(Array.from(sun.direction(vec3.create()))).toEqual([-0, -0, -1]);
    // The rig turned −90° about x: −Z turns to −Y (straight down).
    rig.setRotation(-Math.SQRT1_2, 0, 0, Math.SQRT1_2);
    const down = sun.direction(vec3.create());
    expect(down[1]).toBeCloseTo(-1, 6);
    expect(Math.abs(down[0]!) + Math.abs(down[2]!)).toBeLessThan(1e-6);
    expect([...sun.color].map((c) => Number(c.toFixed(6)))).toEqual([1, 0.9, 0.8]);
    expect(sun.intensity).toBe(2);
  });

  it('are aimed by lookAt: a sun or a spot shines at the target (a camera looks at it the same way)', () => {
    const sun = new DirectionalLight('sun').setPosition(1, 5, 2);
    sun.lookAt([1, 0, 2], [0, 0, -1]); // straight down: an up other than +Y
    const down = sun.direction(vec3.create());
    expect(down[1]).toBeCloseTo(-1, 6);
    const spot = new SpotLight('spot').setPosition(0, 2, 0);
    spot.lookAt([3, 2, 4]);
    const d = spot.direction(vec3.create());
    expect([d[0], d[1], d[2]].map((v) => Number(v!.toFixed(6)))).toEqual([0.6, 0, 0.8]);
  });

  it('refuse bad settings with the light named, changing nothing', () => {
    const lamp = new PointLight('lantern', { range: 4 });
    expect(() => (lamp.range = -1)).toThrow(/PointLight "lantern": range -1 is not a finite distance > 0/);
    expect(() => (lamp.range = NaN)).toThrow(/range NaN/);
    expect(lamp.range).toBe(4);
    expect(() => lamp.setColor(NaN, 1, 1)).toThrow(/colour \(NaN, 1, 1\) is not three finite numbers/);
    expect(Array.from(lamp.color)).toEqual([1, 1, 1]);
    expect(() => (lamp.intensity = -2)).toThrow(/intensity -2/);
    expect(() => new SpotLight('torch', { angle: Math.PI * 0.6 })).toThrow(/wider than 180°/);
    expect(() => new SpotLight('torch', { angle: 0 })).toThrow(/cone half-angle 0/);
    expect(() => new SpotLight('torch', { penumbra: 2 })).toThrow(/penumbra 2 is not in 0…1/);
    expect(new SpotLight('torch', { angle: Math.PI / 2 }).angle).toBe(Math.PI / 2);
  });

  it('count their changes: a setting that changes nothing moves no version', () => {
    const lamp = new SpotLight('lamp');
    const start = lamp.version;
    lamp.setColor(1, 1, 1);
    lamp.intensity = 1;
    lamp.range = 10;
    lamp.angle = Math.PI / 4;
    expect(lamp.version).toBe(start);
    lamp.setColor(1, 0.5, 0);
    lamp.range = 3;
    lamp.penumbra = 0.2;
    expect(lamp.version).toBe(start + 3);
  });

  it('fall off with the inverse square, smoothly to 0 at the range', () => {
    // By hand: d = 1, range 2 → (1 − 1/16)² / 1 = 0.87890625; d = 2 → 0; d = 0.5, range 1 → (1 − 1/16)² / 0.25.
    expect(lightFalloff(1, 2)).toBe(0.87890625);
    expect(lightFalloff(0.5, 1)).toBe(0.87890625 * 4);
    expect(lightFalloff(2, 2)).toBe(0);
    expect(lightFalloff(3, 2)).toBe(0);
    expect(lightFalloff(0, 5)).toBe(1 / (0.01 * 0.01));
    // Falling all the way: each step farther gives less.
    const steps = Array.from({ length: 20 }, (_, i) => lightFalloff(0.1 + i * 0.1, 2));
    expect(steps.every((v, i) => i === 0 || v < steps[i - 1]!)).toBe(true);
  });
});
