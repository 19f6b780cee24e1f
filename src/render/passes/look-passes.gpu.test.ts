import { describe, expect, it } from 'vitest';
import type { BackendName } from '../../device/device';
import { bayerPattern, blueNoisePattern, ditherThreshold } from '../../math/dither-pattern';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Palette, PALETTE_LUT_LEVELS } from '../../scene/palette';
import { canvasIsNativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const W = 84;
const H = 60;

/**
 * Native 84×60 on a canvas of the same size (integer upscale at scale 1, no bars: the canvas is the native image):
 * a grey clear colour, a ramp of grey boxes and two coloured ones; motion blur off, so the look passes read the world
 * image's own 8-bit values.
 */
async function scene(backend: BackendName) {
  const root = new Node('root');
  for (let i = 0; i < 6; i++) {
    const v = 0.1 + i * 0.15;
    root.add(
      new Mesh(`grey${i}`, boxGeometry(12, 20, 1), new Material('unlit', [v, v, v, 1])).setPosition(
        8 + i * 13,
        40,
        -5,
      ),
    );
  }
  root.add(
    new Mesh('red', boxGeometry(20, 12, 1), new Material('unlit', [0.9, 0.2, 0.1, 1])).setPosition(
      20,
      12,
      -5,
    ),
  );
  root.add(
    new Mesh('sky', boxGeometry(20, 12, 1), new Material('unlit', [0.3, 0.6, 1, 1])).setPosition(60, 12, -5),
  );
  const camera = Camera.pixels('eye', W, H, 10);
  root.add(camera);
  return canvasIsNativeRenderer(backend, { root, camera, native: [W, H], clearColor: [0.45, 0.45, 0.45, 1] });
}

/** What the palette pass must give for `input` (RGBA8), by the same rule on the CPU: dither, round to the grid, look up. */
function expectedPalette(
  input: Uint8Array,
  palette: Palette,
  spread: number,
  origin: readonly [number, number],
  pattern = bayerPattern(4),
): Uint8Array {
  const lut = palette.lut();
  const L = PALETTE_LUT_LEVELS;
  const out = new Uint8Array(input.length);
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      const i = (y * W + x) * 4;
      const t = ditherThreshold(pattern, x + origin[0], y + origin[1]);
      const g = [0, 1, 2].map((c) => {
        const v = Math.min(Math.max(input[i + c]! / 255 + (t - 0.5) * spread, 0), 1);
        return Math.floor(v * (L - 1) + 0.5);
      });
      const at = (g[1]! * lut.width + g[2]! * L + g[0]!) * 4;
      out.set(lut.data.subarray(at, at + 3), i);
      out[i + 3] = input[i + 3]!;
    }
  return out;
}

/** The first pixel where two images differ, or null. */
function firstDifference(a: Uint8Array, b: Uint8Array): string | null {
  for (let i = 0; i < a.length; i++)
    if (a[i] !== b[i]) {
      const p = i >> 2;
      return `pixel ${p % W},${Math.floor(p / W)}: ${[...a.subarray(p * 4, p * 4 + 4)]} vs ${[...b.subarray(p * 4, p * 4 + 4)]}`;
    }
  return null;
}

const images = new Map<string, Uint8Array>();

for (const backend of TEST_BACKENDS)
  describe(`look passes on real ${backend}`, () => {
    it('palette: every pixel is a palette member, exactly the CPU rule (Bayer 4×4) over the world image', async () => {
      const { renderer, frame } = await scene(backend);
      const plain = await frame();
      // The default palette, never assigned: its lookup image is the one the pass made at creation.
      const pico = Palette.named('pico-8');
      expect(renderer.settings.palette.palette.name).toBe('pico-8');
      renderer.graph.setEnabled('palette', true);
      const paletted = await frame();
      const members = new Set(pico.colors.map((c) => c.join()));
      for (let i = 0; i < paletted.length; i += 4)
        if (!members.has(`${paletted[i]},${paletted[i + 1]},${paletted[i + 2]}`))
          throw new Error(`pixel ${i / 4} is ${[...paletted.subarray(i, i + 3)]}, not in the palette`);
      expect(firstDifference(paletted, expectedPalette(plain, pico, 0.125, [0, 0]))).toBeNull();
      // It changed the picture (the test can fail): the grey clear colour is no PICO-8 colour.
      expect(firstDifference(paletted, plain)).not.toBeNull();
      images.set(`${backend} palette`, paletted);
      renderer.destroy();
    });

    it('palette: flat greys in one bit give the exact Bayer pattern, and the pattern moves with its origin', async () => {
      const { renderer, frame } = await scene(backend);
      const plain = await frame();
      const oneBit = Palette.named('1-bit');
      Object.assign(renderer.settings.palette, { palette: oneBit, dither: 'bayer8', spread: 1 });
      renderer.graph.setEnabled('palette', true);
      const at0 = await frame();
      expect(firstDifference(at0, expectedPalette(plain, oneBit, 1, [0, 0], bayerPattern(8)))).toBeNull();
      // In the flat grey (clear colour) the pattern shows both colours: it is a dither, not a threshold.
      const row = [...Array(8).keys()].map((x) => at0[(2 * W + x) * 4]);
      expect(new Set(row)).toEqual(new Set([0, 255]));
      // A camera that moved by (3, −2) texels moves the pattern with the image: out'(x, y) = out(x + 3, y − 2).
      renderer.chainFrame.ditherOrigin = [3, -2];
      const moved = await frame();
      expect(firstDifference(moved, expectedPalette(plain, oneBit, 1, [3, -2], bayerPattern(8)))).toBeNull();
      for (let y = 2; y < 8; y++)
        for (let x = 0; x < 8; x++) expect(moved[(y * W + x) * 4]).toBe(at0[((y - 2) * W + x + 3) * 4]);
      // Blue noise: the same rule with its 64×64 pattern.
      renderer.settings.palette.dither = 'blue-noise';
      const blue = await frame();
      expect(
        firstDifference(blue, expectedPalette(plain, oneBit, 1, [3, -2], blueNoisePattern(64))),
      ).toBeNull();
      expect(firstDifference(blue, moved)).not.toBeNull();
      renderer.destroy();
    });

    it('bloom at strength 0 and the identity grade are the passes bypassed, bit for bit; otherwise they change it', async () => {
      const { renderer, frame } = await scene(backend);
      renderer.graph.setEnabled('motionBlur', true);
      renderer.settings.blurStrength = 0;
      const plain = await frame();
      renderer.settings.bloom.strength = 0;
      renderer.graph.setEnabled('bloom', true);
      renderer.graph.setEnabled('grade', true);
      expect(firstDifference(await frame(), plain)).toBeNull();
      renderer.settings.bloom = { threshold: 0.5, sigma: 2, strength: 1 };
      const bloomed = await frame();
      // The light boxes glow into the clear colour beside them; nothing gets darker.
      const beside = (20 * W + 81) * 4; // two texels right of the lightest grey box (x 67…79), in the clear colour
      expect(bloomed[beside]!).toBeGreaterThan(plain[beside]!);
      for (let i = 0; i < plain.length; i++) if (bloomed[i]! < plain[i]!) throw new Error(`byte ${i} darker`);
      renderer.settings.bloom.strength = 0;
      renderer.settings.grade = { lift: [0, 0, 0], gamma: [1, 1, 1], gain: [0.5, 1, 1] };
      const graded = await frame();
      for (let i = 0; i < plain.length; i += 4) {
        expect(Math.abs(graded[i]! - plain[i]! / 2)).toBeLessThanOrEqual(0.5);
        expect(graded[i + 1]).toBe(plain[i + 1]);
      }
      renderer.destroy();
    });

    it('vignette: strength 0 is the pass bypassed; on, each texel is darkened by the CPU rule, in flat bands', async () => {
      const { renderer, frame } = await scene(backend);
      const plain = await frame();
      renderer.settings.vignette.strength = 0;
      renderer.graph.setEnabled('vignette', true);
      expect(firstDifference(await frame(), plain)).toBeNull();
      Object.assign(renderer.settings.vignette, { strength: 0.6, radius: 0.4, steps: 3 });
      const dark = await frame();
      const factors = new Set<number>();
      for (let y = 0; y < H; y++)
        for (let x = 0; x < W; x++) {
          // The shader's rule at the texel centre: distance 1 at a corner, a ramp from the radius cut into 3 bands.
          const d = Math.hypot(((x + 0.5) / W) * 2 - 1, ((y + 0.5) / H) * 2 - 1) * Math.SQRT1_2;
          const ramp = Math.ceil(Math.min(Math.max((d - 0.4) / 0.6, 0), 1) * 3) / 3;
          factors.add(ramp);
          const i = (y * W + x) * 4;
          for (let c = 0; c < 3; c++) {
            const want = plain[i + c]! * (1 - 0.6 * ramp);
            // Through the chain's 16-bit float image between vignette and upscale: within one step of 8 bits.
            if (Math.abs(dark[i + c]! - want) > 1)
              throw new Error(
                `texel ${x},${y} channel ${c}: ${dark[i + c]} where the rule gives ${want.toFixed(2)}`,
              );
          }
          if (ramp === 0) expect(dark.subarray(i, i + 4)).toEqual(plain.subarray(i, i + 4));
        }
      expect([...factors].sort()).toEqual([0, 1 / 3, 2 / 3, 1]);
      images.set(`${backend} vignette`, dark);
      renderer.destroy();
      if (backend === 'webgl2')
        expect(firstDifference(images.get('webgpu vignette')!, images.get('webgl2 vignette')!)).toBeNull();
    });

    it('all three on: both backends give the same pixels', async () => {
      const { renderer, frame } = await scene(backend);
      Object.assign(renderer.settings, {
        bloom: { threshold: 0.5, sigma: 2, strength: 0.8 },
        grade: { lift: [0.05, 0, 0.1], gamma: [1.2, 1, 0.9], gain: [1, 0.9, 1.1] },
      });
      for (const pass of ['bloom', 'grade', 'palette']) renderer.graph.setEnabled(pass, true);
      images.set(`${backend} all`, await frame());
      renderer.destroy();
      if (backend === 'webgl2') {
        expect(firstDifference(images.get('webgpu all')!, images.get('webgl2 all')!)).toBeNull();
        expect(firstDifference(images.get('webgpu palette')!, images.get('webgl2 palette')!)).toBeNull();
      }
    });
  });
