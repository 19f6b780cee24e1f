import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Renderer } from './renderer';
import { testCanvas } from './test-backends';

/** The canvas of a frame read back on `backend`, the canvas in the page (as an app's is) or detached. */
async function canvasPixels(backend: 'webgpu' | 'webgl2', inPage: boolean): Promise<Uint8Array> {
  const root = new Node('root');
  root.add(
    new Mesh('box', boxGeometry(20, 12, 1), new Material('unlit', [0.9, 0.3, 0.1, 1])).setPosition(
      30,
      20,
      -5,
    ),
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  const canvas = testCanvas(168, 120);
  if (inPage) document.body.append(canvas);
  const renderer = await Renderer.create(canvas, { root, camera, native: [84, 60], backend });
  renderer.graph.setEnabled('motionBlur', false); // a first frame of no duration would show only the (empty) trail
  try {
    renderer.render(0, 0);
    return await renderer.readPixels();
  } finally {
    renderer.destroy();
    renderer.destroy(); // twice: nothing left to free, nothing thrown
    canvas.remove();
  }
}

describe('reading the canvas back', () => {
  it('a canvas in the page reads back on WebGPU as on WebGL2, and as a detached one', async () => {
    const [gpuPage, glPage, gpuDetached] = [
      await canvasPixels('webgpu', true),
      await canvasPixels('webgl2', true),
      await canvasPixels('webgpu', false),
    ];
    // The box's colour is there (not the zeros of a texture read after the page presented it)…
    const box = (pixels: Uint8Array) => {
      let n = 0;
      for (let i = 0; i < pixels.length; i += 4) if (pixels[i]! > 200 && pixels[i + 2]! < 60) n++;
      return n;
    };
    expect(box(gpuPage)).toBe(40 * 24);
    // …and every pixel is the same on both backends, in the page or not.
    expect(gpuPage).toEqual(glPage);
    expect(gpuPage).toEqual(gpuDetached);
  });
});
