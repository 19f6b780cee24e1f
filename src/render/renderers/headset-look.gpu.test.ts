// The headset's eyes get the canvas renderer's look: each eye runs the passes that run per view and the shadow map
// once for both, as the canvas graph has them on, and equals the canvas image drawn from the same camera.
import { describe, expect, it } from 'vitest';
import type { BackendName, Device } from '../../device/device';
import { WebGl2Device } from '../../device/webgl2/webgl2-device';
import { WebGpuDevice } from '../../device/webgpu/webgpu-device';
import { readTexture } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Palette } from '../../scene/palette';
import { HeadsetRenderer, type HeadsetView } from './headset-renderer';
import {
  canvasIsNativeRenderer,
  differingPixels,
  errorWatch,
  TEST_BACKENDS,
  testCanvas,
} from './test-backends';

const [W, H] = [64, 48];
/** The passes of the look (per view) and the shadow map (per frame) this test turns on and off. */
const LOOK = ['shadow', 'outline', 'bloom', 'grade', 'vignette', 'palette'];

/** An ordinary scene nobody tuned: a lit ground, two crates, a perspective camera looking down at them. */
function scene(): { root: Node; camera: Camera } {
  const root = new Node('root');
  const camera = new Camera('eye', { kind: 'perspective', fovY: 1, near: 0.1, far: 100 })
    .setPosition(0, 4, 7)
    .setRotationFromEuler(-0.5, 0, 0);
  root
    .add(new Mesh('ground', planeGeometry(12, 12), new Material('lambert', [0.6, 0.8, 0.5, 1])))
    .add(
      new Mesh('crate', boxGeometry(1, 1, 1), new Material('lambert', [0.8, 0.5, 0.3, 1])).setPosition(
        -1,
        0.5,
        0,
      ),
    )
    .add(
      new Mesh('crate 2', boxGeometry(1, 2, 1), new Material('lambert', [0.3, 0.4, 0.9, 1]))
        .setPosition(1.5, 1, -1)
        .setRotationFromEuler(0, 0.6, 0),
    )
    .add(camera);
  return { root, camera };
}

/**
 * `count` eyes of `W`×`H` on `device` (the canvas renderer's on WebGPU, as the WebGPU binding has it; a context of its
 * own on WebGL2, as an XRWebGLLayer has, the eyes side by side in its framebuffer), and a read of each.
 */
function eyesOn(device: Device, count: number): { views: HeadsetView[]; read: () => Promise<Uint8Array[]> } {
  const matrices = () => ({ projection: new Float32Array(16), view: new Float32Array(16) });
  if (device instanceof WebGpuDevice) {
    const gpu = device.gpu.device;
    const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
    const colors = Array.from({ length: count }, () =>
      gpu.createTexture({ size: [W, H], format: 'rgba8unorm', usage }),
    );
    const views = colors.map((color, i) => {
      const depth = gpu.createTexture({ size: [W, H], format: 'depth24plus', usage });
      return {
        ...matrices(),
        color: device.wrapView(`eye ${i}`, color, color.createView(), W, H),
        depth: device.wrapView(`eye ${i} depth`, depth, depth.createView(), W, H),
        viewport: { x: 0, y: 0, width: W, height: H },
        clear: true,
      };
    });
    const read = async () => {
      await gpu.queue.onSubmittedWorkDone();
      return Promise.all(colors.map((color) => readTexture(gpu, color, 0)));
    };
    return { views, read };
  }
  const gl = device as WebGl2Device;
  const target = gl.wrapFramebuffer('eyes', null, count * W, H);
  const views = Array.from({ length: count }, (_, i) => ({
    ...matrices(),
    color: target,
    depth: target,
    viewport: { x: i * W, y: 0, width: W, height: H },
    clear: i === 0,
  }));
  return { views, read: () => Promise.resolve(views.map((v) => gl.readPixelsNow(target, v.viewport))) };
}

async function setUp(backend: BackendName, eyes = 1) {
  const { root, camera } = scene();
  const { renderer, frame } = await canvasIsNativeRenderer(backend, { root, camera, native: [W, H] });
  const watch = errorWatch();
  const device =
    backend === 'webgpu'
      ? renderer.device
      : WebGl2Device.fromContext(
          testCanvas(eyes * W, H).getContext('webgl2', { antialias: false, depth: true })!,
          { onDevice: watch.onDevice },
        );
  const { views, read } = eyesOn(device, eyes);
  const headset = await HeadsetRenderer.create(device, {
    root,
    format: 'rgba8unorm',
    environment: renderer.environment,
    resolution: 'native',
    nativeHeight: H,
    look: renderer.look,
  });
  /** Turns the look's passes in `on` on in the canvas graph, the others off. */
  const only = (on: readonly string[]) => {
    for (const name of LOOK) renderer.graph.setEnabled(name, on.includes(name));
  };
  /** The canvas frame, with the camera where it is now, and the matrices it drew with as eye `i`'s. */
  const canvasAs = async (i: number) => {
    const image = await frame();
    views[i]!.projection.set(camera.projectionMatrix);
    views[i]!.view.set(camera.viewMatrix);
    return image;
  };
  const errors = () => [...watch.errors(), ...renderer.device.trackResources().errors()];
  return { renderer, camera, headset, views, read, only, canvasAs, errors };
}

for (const backend of TEST_BACKENDS)
  describe(`the headset's look on real ${backend}`, () => {
    it('each eye equals the canvas image of the same camera, with each pass of the look on alone and all at once', async () => {
      const { renderer, headset, views, read, only, canvasAs, errors } = await setUp(backend);
      renderer.settings.palette.palette = Palette.named('pico-8');
      renderer.settings.grade.gain = [1.2, 1, 0.8]; // a warm grade: the default one changes nothing
      const images = new Map<string, Uint8Array>();
      for (const on of [[], ...LOOK.map((name) => [name]), LOOK]) {
        only(on);
        const canvas = await canvasAs(0);
        headset.render(0, views);
        const [eye] = await read();
        expect(differingPixels(eye!, canvas), `with ${on.join(', ') || 'none'} on`).toEqual([]);
        images.set(on.join(','), eye!);
      }
      // Each pass changed the eye (the comparison above can fail): shadows, lines, the palette's colours.
      const plain = images.get('')!;
      for (const name of LOOK) expect(differingPixels(images.get(name)!, plain), name).not.toEqual([]);
      const members = new Set(Palette.named('pico-8').colors.map((c) => c.join()));
      const paletted = images.get('palette')!;
      for (let i = 0; i < paletted.length; i += 4)
        expect(members.has(`${paletted[i]},${paletted[i + 1]},${paletted[i + 2]}`), `pixel ${i / 4}`).toBe(
          true,
        );
      expect(errors()).toEqual([]);
      headset.destroy();
      renderer.destroy();
    });

    it('two eyes from two poses in one frame: each equals the canvas from its camera, the shadow map drawn once', async () => {
      const { renderer, camera, headset, views, read, only, canvasAs, errors } = await setUp(backend, 2);
      // A shadow map held to a box is the same for any eye, so the canvas's (fitted to one camera) equals the eyes'.
      renderer.shadow.box = Float32Array.of(0, 1, 0, 6, 1.5, 6);
      only(LOOK);
      const canvases = [];
      for (const [i, x] of [0, 0.3].entries()) {
        camera.setPosition(x, 4, 7);
        canvases.push(await canvasAs(i));
      }
      expect(differingPixels(canvases[0]!, canvases[1]!)).not.toEqual([]);
      let shadowMaps = 0;
      const world = headset.world;
      const renderShadow = world.renderShadow.bind(world);
      world.renderShadow = (...args) => (shadowMaps++, renderShadow(...args));
      headset.render(0, views);
      expect(shadowMaps).toBe(1);
      const eyes = await read();
      for (const i of [0, 1]) expect(differingPixels(eyes[i]!, canvases[i]!), `eye ${i}`).toEqual([]);
      expect(errors()).toEqual([]);
      headset.destroy();
      renderer.destroy();
    });
  });
