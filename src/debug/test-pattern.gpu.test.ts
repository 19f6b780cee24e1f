import { describe, expect, it } from 'vitest';
import { createDevice } from '../device/create-device';
import { pixelAt } from '../device/webgpu/read-texture';
import { TEST_BACKENDS, testCanvas } from '../render/renderers/test-backends';
import { TestPattern } from './test-pattern';

describe('the test pattern on both backends', () => {
  it('draws the clear colour and the triangle into a texture, the same pixels on WebGPU and WebGL2', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { device } = await createDevice(testCanvas(1, 1), { backend });
      const size = 64;
      const texture = device.createTexture({
        label: 'target',
        format: 'rgba8unorm',
        width: size,
        height: size,
      });
      const pattern = await TestPattern.create(device, 'rgba8unorm');
      pattern.draw(device, texture, [0, 0, 1, 1]);
      const pixels = await device.readPixels(texture);
      const at = (x: number, y: number) => pixelAt(pixels, size, x, y);
      expect(at(0, 0)).toEqual([0, 0, 255, 255]); // corner: clear colour
      const centre = at(size / 2, size / 2); // inside the triangle: a blend of the three corner colours
      expect(centre[3]).toBe(255);
      expect(centre[0]! + centre[1]! + centre[2]!).toBeGreaterThan(200);
      expect(centre).not.toEqual([0, 0, 255, 255]);
      // The red corner is the top one (WebGPU's +y is up in the image; a WebGL2 texture is stored top row first).
      expect(at(size / 2, 14)[0]).toBeGreaterThan(200);
      images.push(pixels);
      device.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});
