import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { createDevice } from '../../device/create-device';
import type { Device } from '../../device/device';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { errorWatch, TEST_BACKENDS, testCanvas } from '../renderers/test-backends';
import { WorldPass, type WorldView } from './world-pass';

const EYE = { width: 160, height: 120 };

/** Left and right eye side by side in one target, as an XR layer lays them out; only the first clears it. */
function views(device: Device, distanceIpd = 0.064): WorldView[] {
  const color = device.createTexture({
    label: 'eyes',
    format: 'rgba8unorm',
    width: EYE.width * 2,
    height: EYE.height,
  });
  const depth = device.createTexture({
    label: 'eyes depth',
    format: 'depth24plus',
    width: EYE.width * 2,
    height: EYE.height,
  });
  const projection = mat4.perspectiveZO(new Float32Array(16), Math.PI / 2, EYE.width / EYE.height, 0.1, 100);
  const eye = (x: number, left: number): WorldView => ({
    color,
    depth,
    viewport: { x: left, y: 0, width: EYE.width, height: EYE.height },
    projection: projection as Float32Array,
    view: mat4.fromTranslation(new Float32Array(16), [-x, 0, 0]) as Float32Array,
    clear: left === 0,
  });
  return [eye(-distanceIpd / 2, 0), eye(distanceIpd / 2, EYE.width)];
}

/** One eye's half of the side-by-side image, top row first. */
async function read(device: Device, views: WorldView[], eye: 0 | 1): Promise<Uint8Array> {
  const all = await device.readPixels(views[0]!.color);
  const half = new Uint8Array(EYE.width * EYE.height * 4);
  for (let y = 0; y < EYE.height; y++)
    half.set(
      all.subarray(
        (y * EYE.width * 2 + eye * EYE.width) * 4,
        (y * EYE.width * 2 + (eye + 1) * EYE.width) * 4,
      ),
      y * EYE.width * 4,
    );
  return half;
}

function redCentre(pixels: Uint8Array): { x: number; count: number } {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4)
    if (pixels[i]! > 200 && pixels[i + 1]! < 50) {
      sum += (i / 4) % EYE.width;
      count++;
    }
  return { x: sum / count, count };
}

for (const backend of TEST_BACKENDS) {
  describe(`the world pass's views (eyes) on real ${backend}`, () => {
    it('draws the scene per view into regions of one target, from the arena bytes packed once', async () => {
      const watch = errorWatch();
      const { device } = await createDevice(testCanvas(1, 1), { backend, onDevice: watch.onDevice });
      const root = new Node('root');
      const box = new Mesh(
        'box',
        boxGeometry(0.1, 0.1, 0.1),
        new Material('unlit', [1, 0, 0, 1]),
      ).setPosition(0, 0, -0.5);
      const far = new Mesh(
        'far',
        boxGeometry(2, 2, 0.1),
        new Material('lambert', [0, 0.8, 0, 1]),
      ).setPosition(0, 0, -3);
      root.add(box).add(far);
      const pass = await WorldPass.create(device, { root });
      pass.clearColor = [0, 0, 0.2, 1];
      const eyes = views(device);
      const frame = { device, time: 0, delta: 0 };
      pass.renderViews(frame, eyes);
      expect(pass.counters).toMatchObject({ drawCalls: 4, triangles: 48, objectsPacked: 2 });
      const left = await read(device, eyes, 0);
      const right = await read(device, eyes, 1);
      const l = redCentre(left);
      const r = redCentre(right);
      expect(l.count).toBeGreaterThan(100);
      expect(r.count).toBeGreaterThan(100);
      // 60 px focal length (half of 120 at 90°) × 0.064 / 0.45 (the front face) = 8.5 px of disparity.
      expect(l.x - r.x).toBeCloseTo((60 * 0.064) / 0.45, 0);
      // Depth: the red box hides the green wall behind it; around it the lit wall shows; corners are the clear colour.
      const centre = (EYE.height / 2) * EYE.width * 4 + (EYE.width / 2 + 4) * 4;
      expect([...left.subarray(centre, centre + 4)]).toEqual([255, 0, 0, 255]);
      expect(left[(EYE.height / 2) * EYE.width * 4 + 66 * 4 + 1]).toBeGreaterThan(40); // green, lit (x 60–100)
      expect([...left.subarray(0, 4)]).toEqual([0, 0, 51, 255]);
      expect([...right.subarray(0, 4)]).toEqual([0, 0, 51, 255]); // the first view's clear covered the second's too

      // A second frame with nothing moved packs nothing; moving the box packs one slot.
      pass.renderViews({ ...frame, time: 1 / 60 }, eyes);
      expect(pass.counters.objectsPacked).toBe(0);
      box.setPosition(0.05, 0, -0.5);
      pass.renderViews({ ...frame, time: 2 / 60 }, eyes);
      expect(pass.counters.objectsPacked).toBe(1);
      expect(watch.errors()).toEqual([]);
      pass.destroy();
      device.destroy();
    });
  });
}
