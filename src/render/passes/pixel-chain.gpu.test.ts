import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Texture } from '../../scene/texture';
import { Renderer } from '../renderers/renderer';
import { frameRect } from './frame-rect';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';

/** Native 84×60 (small: SwiftShader is slow), an ortho camera in native pixels, a white box and a coloured one. */
async function chain(
  backend: BackendName,
  canvas: [number, number],
  settings: Parameters<typeof Renderer.create>[1]['chain'] = {},
) {
  const element = testCanvas(...canvas);
  const root = new Node('root');
  const white = new Mesh('white', boxGeometry(10, 10, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(
    20,
    30,
    -5,
  );
  const orange = new Mesh('orange', boxGeometry(30, 6, 1), new Material('unlit', [1, 0.5, 0, 1])).setPosition(
    60,
    12,
    -5,
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(white).add(orange).add(camera);
  const renderer = await Renderer.create(element, {
    backend,
    root,
    camera,
    native: [84, 60],
    chain: settings,
  });
  const read = () => renderer.readPixels();
  return { renderer, white, read, element };
}

const at = pixelAt;

for (const backend of TEST_BACKENDS)
  describe(`pixel-art chain on real ${backend}`, () => {
    it('integer mode: every native pixel is an exact k×k block inside the frame rectangle', async () => {
      const { renderer, read } = await chain(backend, [300, 200], {
        upscale: 'integer',
        blurStrength: 0,
        barFill: 'off',
      });
      renderer.render(0, 0);
      const pixels = await read();
      const rect = frameRect([84, 60], [300, 200], 1, 'integer');
      expect(rect).toMatchObject({ width: 252, height: 180, scale: 3 });
      let blocks = 0;
      for (let by = 0; by < 60; by++) {
        for (let bx = 0; bx < 84; bx++) {
          const origin = at(pixels, 300, rect.x + bx * 3, rect.y + by * 3);
          for (let dy = 0; dy < 3; dy++)
            for (let dx = 0; dx < 3; dx++) {
              const p = at(pixels, 300, rect.x + bx * 3 + dx, rect.y + by * 3 + dy);
              if (p.some((v, i) => v !== origin[i]))
                throw new Error(`block ${bx},${by} differs at +${dx},${dy}: ${p} vs ${origin}`);
            }
          blocks++;
        }
      }
      expect(blocks).toBe(84 * 60);
      expect(at(pixels, 300, rect.x + 20 * 3 + 1, rect.y + 30 * 3 + 1)).toEqual([255, 255, 255, 255]); // the white box
      expect(at(pixels, 300, 5, 100)).toEqual([0, 0, 0, 255]); // a bar, fill off: black
      // One meaning of canvas → native: through the frame rectangle, fractions kept, the bars outside 0…native.
      expect(renderer.canvasToNative(rect.x, rect.y)).toEqual([0, 0]);
      expect(renderer.canvasToNative(rect.x + 61.5, rect.y + 91.5)).toEqual([20.5, 30.5]);
      expect(renderer.canvasToNative(rect.x - 3, rect.y + rect.height)).toEqual([-1, 60]);
      expect(renderer.rayAt(rect.x - 3, rect.y)).toBeNull(); // in the bars: no ray
      renderer.destroy();
    });

    it('blur strength 0 equals the blur pass disabled, bit for bit', async () => {
      const { renderer, read, white } = await chain(backend, [168, 120], { blurStrength: 0 });
      renderer.render(0, 1 / 60);
      white.setPosition(40, 20, -5);
      renderer.render(1 / 60, 1 / 60);
      const withZero = await read();
      renderer.graph.setEnabled('motionBlur', false);
      renderer.render(2 / 60, 1 / 60);
      expect(await read()).toEqual(withZero);
      renderer.destroy();
    });

    it('a trail fades by k = exp(-dt/τ) per frame and reaches the same level after 1 s at 30 Hz and at 60 Hz', async () => {
      const tau = 0.5;
      const level = async (hz: number) => {
        const { renderer, read, white } = await chain(backend, [84, 60], {
          blurPersistence: tau,
          blurStrength: 0,
          barFill: 'off',
        });
        renderer.render(0, 1 / hz); // strength 0: the output, and so next frame's history, is the white box itself
        renderer.settings.blurStrength = 1;
        white.visible = false;
        const values: number[] = [];
        for (let f = 0; f < hz; f++) {
          renderer.render(1 + f / hz, 1 / hz);
          if (f < 3) values.push(at(await read(), 84, 20, 30)[0]!);
        }
        const final = at(await read(), 84, 20, 30)[0]!;
        renderer.destroy();
        return { values, final };
      };
      const at30 = await level(30);
      const at60 = await level(60);
      const k30 = Math.exp(-1 / 30 / tau);
      // Frame by frame the trail falls by k (8-bit canvas: within a step of rounding).
      expect(Math.abs(at30.values[0]! - 255 * k30)).toBeLessThanOrEqual(1);
      expect(Math.abs(at30.values[2]! - 255 * k30 ** 3)).toBeLessThanOrEqual(1);
      // After one second: exp(-1/τ) of white at either rate, within 1/255.
      expect(Math.abs(at30.final - 255 * Math.exp(-1 / tau))).toBeLessThanOrEqual(1);
      expect(Math.abs(at30.final - at60.final)).toBeLessThanOrEqual(1);
    });

    it('bar fill only touches pixels outside the frame rectangle', async () => {
      const { renderer, read } = await chain(backend, [200, 100], {
        barFill: 'solid',
        barColor: [1, 0, 0, 1],
        blurStrength: 0,
      });
      renderer.render(0, 0);
      const filled = await read();
      renderer.graph.setEnabled('background', false);
      renderer.render(0, 0);
      const plain = await read();
      const rect = renderer.chainFrame.rect;
      let inside = 0;
      let outside = 0;
      for (let y = 0; y < 100; y++) {
        for (let x = 0; x < 200; x++) {
          const isInside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
          if (isInside) {
            if (at(filled, 200, x, y).some((v, i) => v !== at(plain, 200, x, y)[i]))
              throw new Error(`frame pixel ${x},${y} changed`);
            inside++;
          } else {
            expect(at(filled, 200, x, y)).toEqual([255, 0, 0, 255]);
            expect(at(plain, 200, x, y)).toEqual([0, 0, 0, 255]);
            outside++;
          }
        }
      }
      expect(inside).toBe(rect.width * rect.height);
      expect(outside).toBeGreaterThan(0);
      renderer.destroy();
    });

    it('bars filled with an image: tiled from the frame corner at its pixel size, or stretched; the frame untouched', async () => {
      // A 2×2 image: red, green / blue, white.
      const image = Texture.fromPixels(
        2,
        2,
        new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]),
      );
      const colours = [
        [255, 0, 0, 255],
        [0, 255, 0, 255],
        [0, 0, 255, 255],
        [255, 255, 255, 255],
      ];
      const { renderer, read } = await chain(backend, [300, 140], {
        barFill: 'image-tiled',
        barImage: image,
        barDarken: 1,
        blurStrength: 0,
      });
      renderer.render(0, 0);
      const tiled = await read();
      renderer.settings.barFill = 'image-stretched';
      renderer.render(0, 0);
      const stretched = await read();
      renderer.settings.barFill = 'off';
      renderer.render(0, 0);
      const plain = await read();
      const rect = renderer.chainFrame.rect;
      expect(rect.scale).toBe(2);
      const mod = (v: number, n: number) => ((v % n) + n) % n;
      let bars = 0;
      for (let y = 0; y < 140; y++)
        for (let x = 0; x < 300; x++) {
          const inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height;
          if (inside) {
            if (at(tiled, 300, x, y).some((v, i) => v !== at(plain, 300, x, y)[i]))
              throw new Error(`frame pixel ${x},${y} changed`);
            continue;
          }
          const tx = mod(Math.floor((x - rect.x) / rect.scale), 2);
          const ty = mod(Math.floor((y - rect.y) / rect.scale), 2);
          expect(at(tiled, 300, x, y)).toEqual(colours[ty * 2 + tx]);
          const sx = Math.floor((x / 300) * 2);
          const sy = Math.floor((y / 140) * 2);
          expect(at(stretched, 300, x, y)).toEqual(colours[sy * 2 + sx]);
          bars++;
        }
      expect(bars).toBe(300 * 140 - rect.width * rect.height);
      renderer.settings.barImage = null; // the engine's own pattern: no error, something drawn
      renderer.settings.barFill = 'image-tiled';
      renderer.render(0, 0);
      expect(at(await read(), 300, 2, 2)).not.toEqual([0, 0, 0, 255]);
      renderer.destroy();
    });

    it('redraws a resized canvas from the last native frame without drawing the world', async () => {
      const { renderer, read, element } = await chain(backend, [168, 120], {
        blurStrength: 0,
        barFill: 'off',
      });
      renderer.render(0, 0);
      const drawCallsBefore = renderer.world.counters.drawCalls;
      element.width = 252;
      element.height = 180;
      renderer.world.counters.drawCalls = -1; // would be overwritten if the world pass ran
      renderer.redraw();
      expect(renderer.redraws).toBe(1);
      expect(renderer.world.counters.drawCalls).toBe(-1);
      const pixels = await read();
      expect(at(pixels, 252, 20 * 3 + 1, 30 * 3 + 1)).toEqual([255, 255, 255, 255]);
      expect(drawCallsBefore).toBe(2);
      renderer.destroy();
    });
  });
