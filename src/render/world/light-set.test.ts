import { describe, expect, it, vi } from 'vitest';
import { DirectionalLight, PointLight, SpotLight } from '../../scene/light';
import { Node } from '../../scene/node';
import { updateWorldMatrices } from '../../scene/update-world-matrices';
import { LightSet, MAX_LIGHTS } from './light-set';

describe('LightSet', () => {
  it('the first directional light is the sun; the next ones and the others take slots; the sun passes on', () => {
    const root = new Node('root');
    const set = new LightSet();
    const sun = new DirectionalLight('sun');
    const moon = new DirectionalLight('moon');
    const bulb = new PointLight('bulb', { range: 3 });
    for (const light of [sun, bulb, moon]) root.add(light);
    for (const light of [sun, bulb, moon]) set.add(light);
    expect(set.sun).toBe(sun);
    expect(set.slots.slice(0, 3)).toEqual([bulb, moon, null]);
    expect(set.count).toBe(2);
    set.remove(sun);
    expect(set.sun).toBe(moon);
    expect(set.slots.slice(0, 2)).toEqual([bulb, null]); // the moon gave its slot up to be the sun
  });

  it('writes a slot when its light moves or changes, and names in `moved` only those whose reach changed', () => {
    const root = new Node('root');
    const set = new LightSet();
    const holder = new Node('holder');
    const bulb = new PointLight('bulb', { range: 3, intensity: 2 });
    const spot = new SpotLight('spot', { range: 5, angle: 0.5, penumbra: 0.5 });
    root.add(holder.add(bulb)).add(spot);
    set.add(bulb);
    set.add(spot);
    updateWorldMatrices(root);
    expect(set.update()).toBe(true);
    expect(set.moved).toEqual([0, 1]);
    expect([...set.at.subarray(0, 4)]).toEqual([0, 0, 0, 3]);
    expect([...set.glow.subarray(0, 4)]).toEqual([2, 2, 2, -2]); // no cone
    expect(set.glow[7]).toBeCloseTo(Math.cos(0.5), 6);
    expect(set.aim[7]).toBeCloseTo(Math.cos(0.25), 6);
    set.moved.length = 0;
    expect(set.update()).toBe(false); // nothing changed: nothing written
    bulb.setColor(1, 0.5, 0); // a colour: its slot rewritten, its reach the same
    expect(set.update()).toBe(true);
    expect(set.moved).toEqual([]);
    expect([...set.glow.subarray(0, 3)]).toEqual([2, 1, 0]);
    holder.setPosition(1, 2, 3); // its parent moved
    updateWorldMatrices(root);
    set.update();
    expect(set.moved).toEqual([0]);
    expect([...set.at.subarray(0, 3)]).toEqual([1, 2, 3]);
  });

  it('reaches: a box within the range of a point light, any box for a directional one', () => {
    const root = new Node('root');
    const set = new LightSet();
    const bulb = new PointLight('bulb', { range: 2 }).setPosition(0, 3, 0);
    root.add(bulb).add(new DirectionalLight('sun')).add(new DirectionalLight('moon'));
    set.reset(new Set(root.children.map((n) => n as PointLight)));
    updateWorldMatrices(root);
    set.update();
    const box = (y: number) => Float32Array.of(0, y, 0, 1, 1, 1);
    expect(set.reaches(0, box(0.01))).toBe(true); // its top 1.99 below the bulb: within the range
    expect(set.reaches(0, box(0))).toBe(false); // 2 below: at the range, where its light is 0
    expect(set.reaches(1, box(-100))).toBe(true); // the moon, a second directional light
  });

  it('the shadow caster: the first point or spot light with castShadow in slot order; a second is warned about once', () => {
    const set = new LightSet();
    const [a, b, c] = [new PointLight('a'), new SpotLight('b'), new PointLight('c')];
    for (const light of [a, b, c]) set.add(light);
    expect(set.shadowCaster()).toBe(-1);
    b.castShadow = true;
    expect(set.shadowCaster()).toBe(1);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    c.castShadow = true;
    a.castShadow = true;
    expect(set.shadowCaster()).toBe(0);
    expect(set.shadowCaster()).toBe(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/SpotLight "b" casts no shadow.*"a"/);
    warn.mockRestore();
    set.remove(a);
    expect(set.shadowCaster()).toBe(1);
  });

  it('a light past the 64th waits, with one warning, and takes the first slot that frees', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const root = new Node('root');
    const set = new LightSet();
    const lights = Array.from({ length: MAX_LIGHTS + 2 }, (_, i) => new PointLight(`l${i}`));
    for (const light of lights) root.add(light);
    for (const light of lights) set.add(light);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]![0])).toMatch(/"root\/l64" is not drawn: a frame has 64 lights at most/);
    expect(set.count).toBe(MAX_LIGHTS);
    set.remove(lights[5]!);
    updateWorldMatrices(root);
    set.update();
    expect(set.slots[5]).toBe(lights[64]);
    warn.mockRestore();
  });
});
