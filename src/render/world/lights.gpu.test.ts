import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { DirectionalLight, lightFalloff, PointLight, SpotLight } from '../../scene/light';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 48;
const H = 32;

/** A white lambert plane facing +Z filling the view (one unit a pixel), in the dark: only the scene's lights show. */
async function darkPlane(
  backend: (typeof TEST_BACKENDS)[number],
  material = new Material('lambert', [1, 1, 1, 1]),
) {
  const root = new Node('root');
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -W / 2,
    right: W / 2,
    bottom: -H / 2,
    top: H / 2,
    near: 1,
    far: 100,
  }).setPosition(0, 0, 50);
  const plane = new Mesh('plane', planeGeometry(W, H), material).setRotationFromEuler(Math.PI / 2, 0, 0);
  root.add(plane).add(camera);
  const view = await nativeRenderer(backend, { root, camera, native: [W, H], chain: { barFill: 'off' } });
  view.renderer.environment.ambient.set([0, 0, 0, 1]);
  view.renderer.environment.lightColor.set([0, 0, 0, 1]);
  return { ...view, root, plane };
}

/** The world point at the centre of pixel (x, y) of the plane (row 0 at the top). */
const pointAt = (x: number, y: number) => [x + 0.5 - W / 2, H / 2 - y - 0.5] as const;

/** Every pixel's red channel against `expected(x, y)` (0…1): the byte must be one of the two nearest to it. */
function expectRed(pixels: Uint8Array, expected: (x: number, y: number) => number): void {
  const wrong: string[] = [];
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const want = Math.min(Math.max(expected(x, y), 0), 1) * 255;
      const got = pixels[4 * (y * W + x)]!;
      if (Math.abs(got - want) > 0.502) wrong.push(`(${x}, ${y}): ${got}, expected ${want.toFixed(3)}`);
    }
  expect(wrong.slice(0, 5)).toEqual([]);
}

describe('lights on both backends', () => {
  it("a point light's falloff at known distances: each pixel the analytic value; both backends the same pixels", async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, watch, root } = await darkPlane(backend);
      const [height, range, intensity] = [6, 24, 60];
      root.add(new PointLight('bulb', { range, intensity }).setPosition(3, -2, height));
      const pixels = await draw();
      expectRed(pixels, (x, y) => {
        const [px, py] = pointAt(x, y);
        const distance = Math.hypot(px - 3, py + 2, height);
        return (height / distance) * lightFalloff(distance, range) * intensity;
      });
      // The light reaches some pixels and not others (so the check above sees both).
      expect(pixels.some((v, i) => i % 4 === 0 && v === 0)).toBe(true);
      expect(pixels.some((v, i) => i % 4 === 0 && v === 255)).toBe(true);
      expect(renderer.world.counters.lights).toBe(1);
      expect(watch.errors()).toEqual([]);
      images.push(pixels);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it('a spot light lights only its cone, with a soft edge over its penumbra; it moves and turns with its parent', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, root } = await darkPlane(backend);
      const holder = new Node('holder');
      const [angle, penumbra, height] = [0.5, 0.4, 10];
      const spot = new SpotLight('spot', { range: 40, intensity: 100, angle, penumbra });
      holder.add(spot.setPosition(0, 0, height)); // pointing down −Z onto the plane
      root.add(holder);
      const expected = (cx: number, cy: number) => (x: number, y: number) => {
        const [px, py] = pointAt(x, y);
        const distance = Math.hypot(px - cx, py - cy, height);
        const cos = height / distance;
        const [edge, full] = [Math.cos(angle), Math.cos(angle * (1 - penumbra))];
        const cone = Math.min(Math.max((cos - edge) / (full - edge), 0), 1);
        return cos * lightFalloff(distance, 40) * 100 * cone;
      };
      expectRed(await draw(), expected(0, 0));
      holder.setPosition(-6, 4, 0);
      const moved = await draw();
      expectRed(moved, expected(-6, 4));
      images.push(moved);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it("a DirectionalLight node stands in for the environment's light; removing it gives the environment's back", async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, root } = await darkPlane(backend);
      const env = renderer.environment;
      env.lightColor.set([0.5, 0.5, 0.5, 1]);
      env.lightDirection.set([0, 0, -1]);
      const before = await draw();
      expect(before[0]).toBe(128); // 0.5 straight on
      const sun = new DirectionalLight('sun', { color: [1, 0.5, 0.3], intensity: 0.8 });
      sun.setRotationFromEuler(Math.PI / 3, 0, 0); // −Z turned 60° about X: cos 60° = 0.5 on the plane
      root.add(sun);
      const lit = await draw();
      expect([...lit.subarray(0, 3)]).toEqual([102, 51, 31]); // 0.8 × 0.5 × (1, 0.5, 0.3) × 255, rounded
      expect(renderer.world.counters.lights).toBe(1);
      root.remove(sun);
      expect(await draw()).toEqual(before);
      renderer.destroy();
    }
  });

  it('64 lights: each mesh lists exactly the lights whose range reaches its box (the 15 strongest when more do)', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, root, plane } = await darkPlane(backend);
      root.remove(plane);
      const material = new Material('lambert', [1, 1, 1, 1]);
      const boxes: Mesh[] = [];
      const lights: PointLight[] = [];
      // 64 unit boxes 10 apart on a line, a light 0.5 above each: a light reaches its own box and both neighbours
      // (9.5 away) but not the next (19.5 away).
      for (let i = 0; i < 64; i++) {
        boxes.push(new Mesh(`box ${i}`, boxGeometry(1, 1, 1), material).setPosition(10 * i, 0, 0));
        lights.push(new PointLight(`light ${i}`, { range: 10.6 }).setPosition(10 * i, 1, 0));
      }
      for (const node of [...boxes, ...lights]) root.add(node);
      await draw();
      const world = renderer.world;
      expect(world.counters.lights).toBe(64);
      expect(world.counters.lightLinks).toBe(62 * 3 + 2 * 2);
      expect(world.lightsOf(boxes[0]!)).toEqual([lights[0], lights[1]]);
      expect(world.lightsOf(boxes[30]!)).toEqual([lights[29], lights[30], lights[31]]);
      // A light moved next to box 0 joins its list (box 1 is 11.5 away) and leaves boxes 39, 40 and 41.
      lights[40]!.setPosition(-2, 0, 0);
      await draw();
      expect(world.lightsOf(boxes[0]!)).toEqual([lights[0], lights[1], lights[40]]);
      expect(world.lightsOf(boxes[1]!)).toEqual([lights[0], lights[1], lights[2]]);
      expect(world.lightsOf(boxes[40]!)).toEqual([lights[39], lights[41]]);
      expect(world.counters.lightLinks).toBe(62 * 3 + 2 * 2 - 3 + 1);
      // Twenty lights just above box 63 (0.1 … 2 from it): the 15 strongest there are listed.
      for (let i = 0; i < 20; i++) lights[i]!.setPosition(630, 0.6 + i * 0.1, 0);
      await draw();
      const listed = world.lightsOf(boxes[63]!);
      expect(listed).toHaveLength(15);
      expect(listed.map((l) => lights.indexOf(l as PointLight)).sort((a, b) => a - b)).toEqual([
        ...Array.from({ length: 14 }, (_, i) => i),
        63,
      ]);
      // A light removed leaves every list: the next strongest takes its place.
      root.remove(lights[63]!);
      await draw();
      expect(world.counters.lights).toBe(63);
      expect(world.lightsOf(boxes[63]!)).toEqual(lights.slice(0, 15));
      renderer.destroy();
    }
  });

  it('an unlit kind is not lit: no light list, no light', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, draw, root, plane } = await darkPlane(backend, new Material('unlit', [0, 0, 0, 1]));
      root.add(new PointLight('bulb', { range: 100, intensity: 1000 }).setPosition(0, 0, 5));
      const pixels = await draw();
      expect(pixels.every((v, i) => i % 4 === 3 || v === 0)).toBe(true);
      expect(renderer.world.lightsOf(plane)).toEqual([]);
      renderer.destroy();
    }
  });
});
