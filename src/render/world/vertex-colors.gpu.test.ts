import { describe, expect, it } from 'vitest';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { quadGeometry, type Geometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const SIZE = 32;

/** The unit quad with one RGBA colour per vertex. */
const colored = (colors: number[][]): Geometry => ({
  ...quadGeometry(1, 1),
  colors: Float32Array.from(colors.flat()),
});

describe('vertex colours on real WebGPU and WebGL2', () => {
  it('multiply the material colour, interpolated across the face; a geometry without them draws as before', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const root = new Node('root');
      const camera = new Camera('eye', {
        kind: 'orthographic',
        left: -0.5,
        right: 0.5,
        bottom: -0.5,
        top: 0.5,
        near: 0.1,
        far: 10,
      });
      root.add(camera);
      const flat = colored(Array.from({ length: 4 }, () => [0.2, 0.4, 0.6, 1]));
      const quad = new Mesh('quad', flat, new Material('unlit', [1, 0.5, 1, 1])).setPosition(0, 0, -1);
      root.add(quad);
      const { renderer, draw, watch } = await nativeRenderer(backend, { root, camera, native: [SIZE, SIZE] });
      const at = (pixels: Uint8Array, x: number) => pixelAt(pixels, SIZE, x, SIZE / 2);
      expect(at(await draw(), 16), `${backend}: colour × vertex colour`).toEqual([51, 51, 153, 255]);
      // Left corners red, right ones blue: the left edge reads red, the right blue, the middle both.
      const sides = quadGeometry(1, 1);
      const leftOrRight = Array.from({ length: 4 }, (_, v) =>
        sides.vertices[v * 8]! < 0 ? [1, 0, 0, 1] : [0, 0, 1, 1],
      );
      quad.geometry = colored(leftOrRight);
      quad.material = new Material('unlit');
      const gradient = await draw();
      images.push(gradient);
      const [left, middle, right] = [at(gradient, 0), at(gradient, 16), at(gradient, 31)];
      expect(left[0]! > 240 && left[2]! < 15, `${backend}: left ${left}`).toBe(true);
      expect(right[2]! > 240 && right[0]! < 15, `${backend}: right ${right}`).toBe(true);
      expect(Math.abs(middle[0]! - middle[2]!) < 12 && middle[0]! > 110, `${backend}: middle ${middle}`).toBe(
        true,
      );
      quad.geometry = quadGeometry(1, 1);
      expect(at(await draw(), 16), `${backend}: no colours`).toEqual([255, 255, 255, 255]);
      // Colours of the wrong length: an error naming the geometry, not a GPU fault.
      quad.geometry = { ...quadGeometry(1, 1), name: 'short', colors: new Float32Array(3) };
      expect(() => renderer.render()).toThrow(
        /geometry "short" has 4 vertices, so its colors must be .* 16 floats/,
      );
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});
