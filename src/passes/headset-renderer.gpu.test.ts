import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { readTexture } from '../gpu/read-texture';
import { requestGpu } from '../gpu/request-gpu';
import { trackGpuResources } from '../gpu/track-gpu-resources';
import { quadGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { UiAtlas } from '../scene/ui-atlas';
import { UiRect } from '../scene/ui-element';
import type { HeadsetResolution } from './eye-native-size';
import { GlHeadsetRenderer } from './gl-headset-renderer';
import { GlWorldPass } from './gl-world-pass';
import { HeadsetRenderer, type HeadsetUi } from './headset-renderer';
import { WorldPass } from './world-pass';

// Two 64×48 eyes under an orthographic lens 4 × 3 units wide: one unit is 16 texels, so where things land is exact.
const EYE = { width: 64, height: 48 };
const ROWS = 12; // native resolution: 16×12 per eye, each native texel a 4×4 block of the eye
const SHIFT = 0.5; // the right eye sits half a unit to the right: the scene lands 8 texels further left in it
const CLEAR = [0, 0, 0, 1] as const;
const YELLOW = [255, 255, 0, 255];
const BLUE = [0, 0, 255, 255];

/**
 * A 2 × 1 panel (x −1…1, y −0.5…0.5, texels 16…48 × 12…36) showing an 8×4 UI image whose left half is a yellow rect
 * over a blue background; and a thin red card (x −1.9…−1.3) whose edges fall inside native texels.
 */
function scene(): { root: Node; ui: HeadsetUi; panel: Mesh } {
  const root = new Node('root');
  const panel = new Mesh('panel', quadGeometry(1, 1), new Material('panel'));
  root.add(panel.setPosition(0, 0, -2).setScale(2, 1, 1));
  root.add(
    new Mesh('card', quadGeometry(0.6, 0.4), new Material('unlit', [1, 0, 0, 1])).setPosition(-1.6, 1, -1),
  );
  const uiRoot = new Node('ui');
  uiRoot.add(new UiRect('left half', 4, 4, [1, 1, 0, 1]));
  return {
    root,
    panel,
    ui: { root: uiRoot, atlas: new UiAtlas({}), size: [8, 4], background: [0, 0, 1, 1] },
  };
}

/** A red wall at z = −3, behind the panel (z = −2) and wider than the view. */
function wallScene(): Node {
  const root = new Node('wall scene');
  root.add(new Mesh('wall', quadGeometry(10, 10), new Material('unlit', [1, 0, 0, 1])).setPosition(0, 0, -3));
  return root;
}

/** The eyes' view matrices (world → eye) and, per backend, the lens (WebGPU: depth 0…1; WebGL2 as XR gives it). */
function eyes(depth: 'zo' | 'no') {
  const ortho = depth === 'zo' ? mat4.orthoZO : mat4.ortho;
  const projection = ortho(new Float32Array(16), -2, 2, -1.5, 1.5, 0.1, 10) as Float32Array;
  return [0, SHIFT].map((x) => ({
    projection,
    view: mat4.fromTranslation(new Float32Array(16), [-x, 0, 0]) as Float32Array,
  }));
}

const at = (pixels: Uint8Array, x: number, y: number) => [
  ...pixels.subarray((y * EYE.width + x) * 4).slice(0, 4),
];

/** Whether every 4×4 block of the eye is one colour (what the native resolution must give). */
function blocky(pixels: Uint8Array): boolean {
  for (let y = 0; y < EYE.height; y++)
    for (let x = 0; x < EYE.width; x++)
      if (at(pixels, x, y).join() !== at(pixels, x - (x % 4), y - (y % 4)).join()) return false;
  return true;
}

/** Draws both eyes on WebGPU into a two-layer array texture (as a projection layer is) and reads them back. */
async function gpuEyes(resolution: HeadsetResolution) {
  const gpu = await requestGpu();
  const tracker = trackGpuResources(gpu.device);
  const { root, ui } = scene();
  const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
  const size = [EYE.width, EYE.height, 2];
  const color = gpu.device.createTexture({ size, format: 'rgba8unorm', usage });
  const depth = gpu.device.createTexture({ size, format: 'depth24plus', usage });
  const before = { ...tracker.counts };
  const headset = await HeadsetRenderer.create(gpu.device, {
    root,
    format: 'rgba8unorm',
    clearColor: CLEAR,
    resolution,
    nativeHeight: ROWS,
    ui,
  });
  const layer = (i: number) => ({ dimension: '2d' as const, baseArrayLayer: i, arrayLayerCount: 1 });
  const views = eyes('zo').map((eye, i) => ({
    ...eye,
    color: color.createView(layer(i)),
    depth: depth.createView(layer(i)),
    viewport: { x: 0, y: 0, width: EYE.width, height: EYE.height },
    clear: true,
  }));
  const counters = { ...headset.render(0, views) };
  const first = { ...tracker.counts };
  headset.render(0, views);
  const second = { ...tracker.counts };
  const pixels = [await readTexture(gpu.device, color, 0), await readTexture(gpu.device, color, 1)];
  // Over the finished eyes, a wall behind the panel, depth-tested against what the headset left in the layer's depth.
  const wall = await WorldPass.create(gpu.device, { root: wallScene() });
  const encoder = gpu.device.createCommandEncoder();
  wall.renderViews(
    { device: gpu.device, encoder, timer: null, time: 0, delta: 0 },
    views.map((v) => ({ ...v, clear: false })),
  );
  gpu.device.queue.submit([encoder.finish()]);
  const walled = await readTexture(gpu.device, color, 0);
  wall.destroy();
  headset.destroy();
  const after = { ...tracker.counts };
  return { pixels, walled, counters, errors: tracker.errors, before, first, second, after, gpu };
}

/** Draws both eyes on WebGL2 side by side in one framebuffer (as XRWebGLLayer lays them out), read top row first. */
function glEyes(resolution: HeadsetResolution) {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [EYE.width * 2, EYE.height];
  const gl = canvas.getContext('webgl2', { antialias: false })!;
  const { root, ui } = scene();
  const headset = GlHeadsetRenderer.create(gl, {
    root,
    clearColor: CLEAR,
    resolution,
    nativeHeight: ROWS,
    ui,
  });
  const views = eyes('no').map((eye, i) => ({
    ...eye,
    framebuffer: null,
    viewport: { x: i * EYE.width, y: 0, width: EYE.width, height: EYE.height },
  }));
  const counters = { ...headset.render(0, views) };
  const readEyes = () =>
    views.map(({ viewport: v }) => {
      const raw = new Uint8Array(v.width * v.height * 4);
      gl.bindFramebuffer(gl.FRAMEBUFFER, null);
      gl.readPixels(v.x, v.y, v.width, v.height, gl.RGBA, gl.UNSIGNED_BYTE, raw);
      const rows = new Uint8Array(raw.length); // GL reads bottom row first
      for (let y = 0; y < v.height; y++)
        rows.set(
          raw.subarray((v.height - 1 - y) * v.width * 4, (v.height - y) * v.width * 4),
          y * v.width * 4,
        );
      return rows;
    });
  const pixels = readEyes();
  const wall = GlWorldPass.create(gl, { root: wallScene() });
  wall.renderViews(
    0,
    views.map((v) => ({ ...v, clear: false })),
  );
  const walled = readEyes()[0]!;
  wall.destroy();
  const error = gl.getError();
  headset.destroy();
  return { pixels, walled, counters, error };
}

describe('the headset frame on real WebGPU and WebGL2', () => {
  for (const resolution of ['full', 'native'] as const) {
    it(`${resolution} resolution: the UI is a panel in the scene, each eye from its own pose, both backends alike`, async () => {
      const gpu = await gpuEyes(resolution);
      const gl = glEyes(resolution);
      expect(gpu.errors).toEqual([]);
      expect(gl.error).toBe(0);
      const [left, right] = gpu.pixels as [Uint8Array, Uint8Array];
      // The panel shows the UI image: yellow left half, blue background right half, in each eye at its pose.
      expect(at(left, 20, 24)).toEqual(YELLOW);
      expect(at(left, 44, 24)).toEqual(BLUE);
      expect(at(left, 50, 24)).toEqual([0, 0, 0, 255]);
      expect(at(right, 12, 24)).toEqual(YELLOW); // 8 texels further left
      expect(at(right, 36, 24)).toEqual(BLUE);
      expect(at(right, 44, 24)).toEqual([0, 0, 0, 255]);
      // World draws per eye: panel + card, twice; the panel's UI: one draw; native adds one upscale per eye.
      expect(gpu.counters.drawCalls).toBe(2 * 2 + 1 + (resolution === 'native' ? 2 : 0));
      expect(gl.counters.drawCalls).toBe(gpu.counters.drawCalls);
      // Native: every 4×4 block is one texel of the 16×12 image; full: the card's edges fall inside blocks.
      expect(blocky(left)).toBe(resolution === 'native');
      expect(blocky(right)).toBe(resolution === 'native');
      // The layer's depth matches the picture: a wall drawn afterwards behind the panel shows only around it.
      for (const walled of [gpu.walled, gl.walled]) {
        expect(at(walled, 20, 24)).toEqual(YELLOW);
        expect(at(walled, 44, 24)).toEqual(BLUE);
        expect(at(walled, 56, 24)).toEqual([255, 0, 0, 255]);
      }
      // WebGL2 draws the same eyes as WebGPU.
      for (const eye of [0, 1]) {
        let max = 0;
        const a = gpu.pixels[eye]!;
        const b = gl.pixels[eye]!;
        for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
        console.log(`headset ${resolution}, eye ${eye}: largest channel difference WebGPU vs WebGL2 ${max}`);
        expect(max, `eye ${eye}: largest channel difference WebGPU vs WebGL2`).toBeLessThanOrEqual(2);
      }
      // A second frame makes no GPU object; destroy() frees every texture and buffer the headset made.
      expect(gpu.second).toEqual(gpu.first);
      // The UI atlas and the panel image; native: each eye's colour and depth.
      expect(gpu.first.textures).toBe(gpu.before.textures + 2 + (resolution === 'native' ? 4 : 0));
      expect([gpu.after.textures, gpu.after.buffers]).toEqual([gpu.before.textures, gpu.before.buffers]);
      gpu.gpu.device.destroy();
    });
  }

  it('a panel mesh with no UI image is an error naming the mesh, on both backends', async () => {
    const gpu = await requestGpu();
    const { root } = scene();
    const world = await WorldPass.create(gpu.device, { root });
    const target = gpu.device.createTexture({
      size: [EYE.width, EYE.height],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.RENDER_ATTACHMENT,
    });
    const depth = gpu.device.createTexture({
      size: [EYE.width, EYE.height],
      format: 'depth24plus',
      usage: GPUTextureUsage.RENDER_ATTACHMENT,
    });
    const [eye] = eyes('zo');
    const encoder = gpu.device.createCommandEncoder();
    const frame = { device: gpu.device, encoder, timer: null, time: 0, delta: 0 };
    const view = { ...eye!, color: target.createView(), depth: depth.createView(), clear: true };
    expect(() => world.renderViews(frame, [view])).toThrow(
      /mesh "panel" has a panel material .* panelTexture/,
    );
    gpu.device.destroy();

    const gl = document.createElement('canvas').getContext('webgl2')!;
    const glWorld = GlWorldPass.create(gl, { root });
    const glView = { ...eyes('no')[0]!, framebuffer: null, viewport: { x: 0, y: 0, width: 8, height: 8 } };
    expect(() => glWorld.renderViews(0, [glView])).toThrow(
      /mesh "panel" has a panel material .* panelTexture/,
    );
  });

  it('a bad nativeHeight is refused when the renderer is made, saying what to give', async () => {
    const gpu = await requestGpu();
    const { root } = scene();
    const options = { root, format: 'rgba8unorm' as const, resolution: 'native' as const, nativeHeight: 0 };
    await expect(HeadsetRenderer.create(gpu.device, options)).rejects.toThrow(
      /nativeHeight 0: give a whole number/,
    );
    const gl = document.createElement('canvas').getContext('webgl2')!;
    expect(() => GlHeadsetRenderer.create(gl, { ...options, nativeHeight: 2.5 })).toThrow(
      /nativeHeight 2\.5/,
    );
    gpu.device.destroy();
  });
});
