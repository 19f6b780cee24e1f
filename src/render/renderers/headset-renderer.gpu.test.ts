import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import type { BackendName, Device } from '../../device/device';
import { createDevice } from '../../device/create-device';
import { WebGl2Device } from '../../device/webgl2/webgl2-device';
import { WebGpuDevice } from '../../device/webgpu/webgpu-device';
import { readTexture } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiRect } from '../../ui/ui-element';
import { Environment } from '../world/environment';
import type { HeadsetResolution } from './eye-native-size';
import { HeadsetRenderer, type HeadsetUi, type HeadsetView } from './headset-renderer';
import { Renderer } from './renderer';
import { errorWatch, TEST_BACKENDS, testCanvas } from './test-backends';
import { WorldPass } from '../world/world-pass';

// Two 64×48 eyes under an orthographic lens 4 × 3 units wide: one unit is 16 texels, so where things land is exact.
const EYE = { width: 64, height: 48 };
const ROWS = 12; // native resolution: 16×12 per eye, each native texel a 4×4 block of the eye
const SHIFT = 0.5; // the right eye sits half a unit to the right: the scene lands 8 texels further left in it
const YELLOW = [255, 255, 0, 255];
const BLUE = [0, 0, 255, 255];

/**
 * A 2 × 1 panel (x −1…1, y −0.5…0.5, texels 16…48 × 12…36) showing an 8×4 UI image whose left half is a yellow rect
 * over a blue background; and a thin red card (x −1.9…−1.3) whose edges fall inside native texels.
 */
function scene(background: HeadsetUi['background'] = [0, 0, 1, 1]): {
  root: Node;
  ui: HeadsetUi;
  panel: Mesh;
} {
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
    ui: { root: uiRoot, atlas: new UiAtlas({}), size: [8, 4], background },
  };
}

/** A red wall at z = −3, behind the panel (z = −2) and wider than the view. */
function wallScene(): Node {
  const root = new Node('wall scene');
  root.add(new Mesh('wall', quadGeometry(10, 10), new Material('unlit', [1, 0, 0, 1])).setPosition(0, 0, -3));
  return root;
}

/** The eyes' lens (WebGPU's depth 0…1: every backend maps it to its own) and view matrices (world → eye). */
function eyes() {
  const projection = mat4.orthoZO(new Float32Array(16), -2, 2, -1.5, 1.5, 0.1, 10) as Float32Array;
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

/**
 * The two eyes as each backend's XR layer gives them: on WebGPU two layers of an array texture (a projection layer),
 * on WebGL2 side by side in one framebuffer (an XRWebGLLayer's, here the canvas's), only the first eye clearing it.
 */
function layerViews(device: Device): { views: HeadsetView[]; read: () => Promise<Uint8Array[]> } {
  if (device instanceof WebGpuDevice) {
    const gpu = device.gpu.device;
    const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
    const size = [EYE.width, EYE.height, 2];
    const color = gpu.createTexture({ size, format: 'rgba8unorm', usage });
    const depth = gpu.createTexture({ size, format: 'depth24plus', usage });
    const layer = (i: number) => ({ dimension: '2d' as const, baseArrayLayer: i, arrayLayerCount: 1 });
    const views = eyes().map((eye, i) => ({
      ...eye,
      color: device.wrapView(`eye ${i}`, color, color.createView(layer(i)), EYE.width, EYE.height),
      depth: device.wrapView(`eye ${i} depth`, depth, depth.createView(layer(i)), EYE.width, EYE.height),
      viewport: { x: 0, y: 0, width: EYE.width, height: EYE.height },
      clear: true,
    }));
    const read = async () => {
      await gpu.queue.onSubmittedWorkDone();
      return [await readTexture(gpu, color, 0), await readTexture(gpu, color, 1)];
    };
    return { views, read };
  }
  const gl = device as WebGl2Device;
  const target = gl.wrapFramebuffer('eyes', null, EYE.width * 2, EYE.height);
  const views = eyes().map((eye, i) => ({
    ...eye,
    color: target,
    depth: target,
    viewport: { x: i * EYE.width, y: 0, width: EYE.width, height: EYE.height },
    clear: i === 0,
  }));
  return { views, read: () => Promise.resolve(views.map((v) => gl.readPixelsNow(target, v.viewport))) };
}

/** Draws both eyes on `backend`, then a wall behind the panel depth-tested against the layer's depth. */
async function drawEyes(
  backend: BackendName,
  resolution: HeadsetResolution,
  background?: HeadsetUi['background'],
) {
  const errors: string[] = [];
  let counts: () => Record<string, number> = () => ({});
  const canvas = testCanvas(EYE.width * 2, EYE.height);
  const onDevice = (d: Device) => {
    const tracker = d.trackResources(errors);
    counts = () => ({ ...tracker.counts });
  };
  // An XRWebGLLayer's framebuffer has a depth buffer: so does this canvas (a renderer's canvas needs none).
  const device =
    backend === 'webgpu'
      ? (await createDevice(canvas, { backend, onDevice })).device
      : WebGl2Device.fromContext(canvas.getContext('webgl2', { antialias: false, depth: true })!, {
          onDevice,
        });
  const { root, ui } = scene(background);
  const { views, read } = layerViews(device);
  // A timed pass first: the device's own GPU timing buffer (made with its first timed frame) is then in `before`.
  device.beginFrame();
  device
    .beginPass({ label: 'timer warm-up', color: views[0]!.color, clearColor: [0, 0, 0, 1], timed: true })
    .end();
  device.submit();
  await device.finished();
  const before = counts();
  const headset = await HeadsetRenderer.create(device, {
    root,
    format: 'rgba8unorm',
    environment: new Environment({ clearColor: [0, 0, 0, 1] }),
    resolution,
    nativeHeight: ROWS,
    ui,
  });
  const counters = { ...headset.render(0, views) };
  const pixels = await read();
  const first = counts();
  headset.render(0, views);
  await read();
  const second = counts();
  const wall = await WorldPass.create(device, { root: wallScene() });
  wall.renderViews(
    { device, time: 0, delta: 0 },
    views.map((v) => ({ ...v, clear: false })),
  );
  device.submit();
  const walled = (await read())[0]!;
  wall.destroy();
  headset.destroy();
  const after = counts();
  device.trackResources(errors).errors(); // WebGL2's error flag, read now
  device.destroy();
  return { pixels, walled, counters, errors, before, first, second, after };
}

describe('the headset frame on real WebGPU and WebGL2', () => {
  for (const resolution of ['full', 'native'] as const) {
    it(`${resolution} resolution: the UI is a panel in the scene, each eye from its own pose, both backends alike`, async () => {
      const gpu = await drawEyes('webgpu', resolution);
      const gl = await drawEyes('webgl2', resolution);
      for (const run of [gpu, gl]) {
        expect(run.errors).toEqual([]);
        const [left, right] = run.pixels as [Uint8Array, Uint8Array];
        // The panel shows the UI image: yellow left half, blue background right half, in each eye at its pose.
        expect(at(left, 20, 24)).toEqual(YELLOW);
        expect(at(left, 44, 24)).toEqual(BLUE);
        expect(at(left, 50, 24)).toEqual([0, 0, 0, 255]);
        expect(at(right, 12, 24)).toEqual(YELLOW); // 8 texels further left
        expect(at(right, 36, 24)).toEqual(BLUE);
        expect(at(right, 44, 24)).toEqual([0, 0, 0, 255]);
        // World draws per eye: panel + card, twice; the panel's UI: one draw; each eye's image stretched over its view.
        expect(run.counters.drawCalls).toBe(2 * 2 + 1 + 2);
        // Native: every 4×4 block is one texel of the 16×12 image; full: the card's edges fall inside blocks.
        expect(blocky(left)).toBe(resolution === 'native');
        expect(blocky(right)).toBe(resolution === 'native');
        // The layer's depth matches the picture: a wall drawn afterwards behind the panel shows only around it.
        expect(at(run.walled, 20, 24)).toEqual(YELLOW);
        expect(at(run.walled, 44, 24)).toEqual(BLUE);
        expect(at(run.walled, 56, 24)).toEqual([255, 0, 0, 255]);
        // A second frame makes no GPU object; destroy() frees every texture and buffer the headset made.
        expect(run.second).toEqual(run.first);
        expect([run.after['textures'], run.after['buffers']]).toEqual([
          run.before['textures'],
          run.before['buffers'],
        ]);
      }
      // The UI atlas, the panel image, the white texel of the untextured meshes and the texel standing in for a shadow
      // map; and the eye's image and depth, one pair for both eyes (each eye is drawn and submitted in turn).
      expect(gpu.first['textures']).toBe(gpu.before['textures']! + 4 + 2);
      // WebGL2 draws the same eyes as WebGPU.
      for (const eye of [0, 1]) {
        let max = 0;
        const a = gpu.pixels[eye]!;
        const b = gl.pixels[eye]!;
        for (let i = 0; i < a.length; i++) max = Math.max(max, Math.abs(a[i]! - b[i]!));
        console.log(`headset ${resolution}, eye ${eye}: largest channel difference WebGPU vs WebGL2 ${max}`);
        expect(max, `eye ${eye}: largest channel difference WebGPU vs WebGL2`).toBeLessThanOrEqual(2);
      }
    });
  }

  it('a see-through background (alpha under one half) leaves the panel out where the UI draws nothing, depth too', async () => {
    for (const backend of TEST_BACKENDS) {
      const run = await drawEyes(backend, 'full', [0, 0, 1, 0]);
      expect(run.errors).toEqual([]);
      const [left] = run.pixels as [Uint8Array];
      expect([at(left, 20, 24), at(left, 44, 24)], backend).toEqual([YELLOW, [0, 0, 0, 255]]);
      // The wall drawn afterwards shows through the panel's empty half: it wrote no depth there.
      expect([at(run.walled, 20, 24), at(run.walled, 44, 24)], backend).toEqual([YELLOW, [255, 0, 0, 255]]);
    }
  });

  for (const backend of TEST_BACKENDS) {
    it(`${backend}: the headset draws with the light and clear colour set on the canvas renderer`, async () => {
      // A white lambert wall facing the eye; the canvas renderer's light is the only light.
      const root = new Node('root');
      root.add(
        new Mesh('wall', quadGeometry(10, 10), new Material('lambert', [1, 1, 1, 1])).setPosition(0, 0, -3),
      );
      const camera = Camera.pixels('eye', 84, 60, 10);
      const renderer = await Renderer.create(testCanvas(84, 60), { backend, root, camera });
      renderer.world.lightDirection.set([0, 0, -1]); // straight into the wall
      renderer.world.lightColor.set([1, 0.5, 0.25, 1]);
      renderer.world.ambient.set([0, 0, 0, 1]);
      renderer.world.clearColor = [0, 1, 0, 1];
      const headset = await HeadsetRenderer.create(renderer.device, {
        root,
        format: 'rgba8unorm',
        environment: renderer.environment,
      });
      const color = renderer.device.createTexture({
        label: 'eye',
        format: 'rgba8unorm',
        width: 8,
        height: 8,
      });
      const depth = renderer.device.createTexture({
        label: 'eye depth',
        format: 'depth24plus',
        width: 8,
        height: 8,
      });
      const [eye] = eyes();
      const view = { ...eye!, color, depth, viewport: { x: 0, y: 0, width: 8, height: 8 }, clear: true };
      headset.render(0, [view]);
      const lit = await renderer.device.readPixels(color);
      expect([...lit.subarray(0, 4)]).toEqual([255, 128, 64, 255]);
      renderer.world.lightDirection.set([0, 0, 1]); // from behind: only the (zero) ambient
      headset.render(0, [view]);
      expect([...(await renderer.device.readPixels(color)).subarray(0, 4)]).toEqual([0, 0, 0, 255]);
      root.children[0]!.setPosition(0, 0, -30); // out of the lens: the renderer's clear colour shows
      headset.render(0, [view]);
      expect([...(await renderer.device.readPixels(color)).subarray(0, 4)]).toEqual([0, 255, 0, 255]);
      headset.destroy();
      renderer.destroy();
    });

    it(`${backend}: a panel mesh with no UI image is an error naming the mesh and the image`, async () => {
      const { device } = await createDevice(testCanvas(8, 8), { backend });
      const { root } = scene();
      const world = await WorldPass.create(device, { root });
      const color = device.createTexture({ label: 'eye', format: 'rgba8unorm', width: 8, height: 8 });
      const depth = device.createTexture({ label: 'eye depth', format: 'depth24plus', width: 8, height: 8 });
      const view = { ...eyes()[0]!, color, depth, clear: true };
      expect(() => world.renderViews({ device, time: 0, delta: 0 }, [view])).toThrow(
        /mesh "panel" has material kind "panel", which reads the image "panel"; set world\.textures\.panel/,
      );
      device.destroy();
    });

    it(`${backend}: a frame that throws mid-pass is dropped whole; the next one draws, with no GPU error`, async () => {
      const watch = errorWatch();
      const { root, panel } = scene();
      const camera = Camera.pixels('eye', 16, 12, 10);
      const renderer = await Renderer.create(testCanvas(16, 12), {
        backend,
        root,
        camera,
        onDevice: watch.onDevice,
      });
      expect(() => renderer.render()).toThrow(/reads the image "panel"/);
      panel.visible = false;
      // The card is the only mesh left to draw; it lies left of this camera's view, so culling leaves it out.
      expect(renderer.render().drawCalls).toBe(0);
      expect(renderer.world.counters).toMatchObject({ drawn: 0, culled: 1 });
      await renderer.finished();
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    });

    it(`${backend}: a bad nativeHeight is refused when the renderer is made, saying what to give`, async () => {
      const { device } = await createDevice(testCanvas(8, 8), { backend });
      const { root } = scene();
      const options = { root, format: 'rgba8unorm' as const, resolution: 'native' as const };
      await expect(HeadsetRenderer.create(device, { ...options, nativeHeight: 0 })).rejects.toThrow(
        /nativeHeight 0: give a whole number/,
      );
      await expect(HeadsetRenderer.create(device, { ...options, nativeHeight: 2.5 })).rejects.toThrow(
        /nativeHeight 2\.5/,
      );
      device.destroy();
    });
  }
});
