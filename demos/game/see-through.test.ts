import { describe, expect, it } from 'vitest';
import { Material } from '../../src/index';
import { SeeThrough, type Occluder } from './see-through';

describe('SeeThrough', () => {
  const palm: Occluder = { x: 0, z: 0, height: 2, reach: 1, materials: [new Material('lambert')] };
  // The camera 9 up and 10 back: along the view the palm covers the ground from its foot to 2 × 10/9 + 1 behind it.
  const fade = new SeeThrough([palm], 10 / 9);

  it('a palm hides the player just behind it (north, within its reach either side), not in front or far behind', () => {
    expect(fade.hides(palm, 0, -1)).toBe(true);
    expect(fade.hides(palm, 1.2, -3.1)).toBe(true);
    expect(fade.hides(palm, 0, -3.3)).toBe(false); // beyond its crown's cover
    expect(fade.hides(palm, 1.4, -1)).toBe(false); // beside it
    expect(fade.hides(palm, 0, 0.5)).toBe(false); // in front: the kit is drawn over it
  });

  it("fades in and out at its rate, written to the palm's materials (its outline going), and lets go in another view", () => {
    const material = palm.materials[0]!;
    const fades: number[] = [];
    for (let i = 0; i < 4; i++) {
      fade.update(0, -1, 0.05);
      fades.push(fade.fade(0));
    }
    expect(fades.map((f) => Math.round(f * 100) / 100)).toEqual([0.2, 0.4, 0.6, 0.6]);
    expect(material.param('fade')![0]).toBeCloseTo(0.6, 6);
    fade.update(0, -1, 0.1, false); // a headset: no camera to hide from
    expect(fade.fade(0)).toBeCloseTo(0.2, 6);
    fade.update(0, 5, 1); // walked out in front
    expect([fade.fade(0), material.param('fade')![0]]).toEqual([0, 0]);
  });
});
