import { describe, expect, it } from 'vitest';
import { requestGpu } from '../gpu/request-gpu';
import { trackGpuResources } from '../gpu/track-gpu-resources';
import { Camera } from '../scene/camera';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { Renderer } from './renderer';

describe('resize storm on real WebGPU', () => {
  it('renders through 100 canvas resizes (0×0, 1×1, odd, 8192 wide) with no WebGPU error and a steady texture count', async () => {
    const gpu = await requestGpu();
    const tracker = trackGpuResources(gpu.device);
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [336, 240];
    const root = new Node('root');
    root.add(
      new Mesh('box', boxGeometry(20, 20, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(40, 30, -5),
    );
    const camera = Camera.pixels('eye', 84, 60, 10);
    root.add(camera);
    const renderer = await Renderer.create(gpu, canvas, {
      root,
      camera,
      native: [84, 60],
      chain: { barFill: 'blurred' },
    });
    renderer.render(0, 0);
    await gpu.device.queue.onSubmittedWorkDone();
    const steady = tracker.counts.textures;
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
      if (i % 10 === 9) await gpu.device.queue.onSubmittedWorkDone();
    }
    [canvas.width, canvas.height] = [336, 240];
    renderer.render(2, 1 / 60);
    await gpu.device.queue.onSubmittedWorkDone();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tracker.errors).toEqual([]);
    expect(renderer.skippedFrames).toBe(25); // the 0×0 and 0×240 sizes: no texture to draw into
    expect(tracker.counts.textures).toBe(steady);
    renderer.destroy();
    gpu.device.destroy();
  });
});
