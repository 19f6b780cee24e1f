import { describe, expect, it } from 'vitest';
import type { Device } from '../../device/device';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Renderer } from './renderer';
import { TEST_BACKENDS, testCanvas } from './test-backends';

for (const backend of TEST_BACKENDS)
  describe(`resize storm on real ${backend}`, () => {
    it('renders through 100 canvas resizes (0×0, 1×1, odd, 8192 wide) with no error and a steady texture count', async () => {
      const errors: string[] = [];
      let textures = () => 0;
      const track = (device: Device) => {
        const tracker = device.trackResources(errors);
        textures = () => {
          tracker.errors(); // WebGL2's error flag is read when asked
          return tracker.counts.textures;
        };
      };
      const canvas = testCanvas(336, 240);
      const root = new Node('root');
      root.add(
        new Mesh('box', boxGeometry(20, 20, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(40, 30, -5),
      );
      const camera = Camera.pixels('eye', 84, 60, 10);
      root.add(camera);
      const renderer = await Renderer.create(canvas, {
        backend,
        onDevice: track,
        root,
        camera,
        native: [84, 60],
        chain: { barFill: 'blurred' },
      });
      renderer.render(0, 0);
      await renderer.finished();
      const steady = textures();
      const sizes: [number, number][] = [
        [0, 0],
        [1, 1],
        [8192, 4],
        [333, 241],
        [1, 500],
        [0, 240],
        [1920, 1080],
        [7, 3],
      ];
      for (let i = 0; i < 100; i++) {
        [canvas.width, canvas.height] = sizes[i % sizes.length]!;
        renderer.render(i / 60, 1 / 60);
        if (i % 10 === 9) await renderer.finished();
      }
      [canvas.width, canvas.height] = [336, 240];
      renderer.render(2, 1 / 60);
      await renderer.finished();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(textures()).toBe(steady);
      expect(errors).toEqual([]);
      expect(renderer.skippedFrames).toBe(25); // the 0×0 and 0×240 sizes: no texture to draw into
      renderer.destroy();
    });
  });
