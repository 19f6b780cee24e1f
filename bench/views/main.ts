// The page of `npm run bench:views`: the diorama at 336×240 drawn by the canvas renderer, and by a headset renderer
// into two 336×240 eyes (the canvas camera's lens, the eyes 6.4 cm apart) on the same WebGPU device with the canvas's
// look, rounds interleaved; per configuration the CPU time of the canvas's render call and of the headset's (both
// eyes), and the GPU objects a headset frame after the first one made. Results on `window.__bench`.
import { mat4 } from 'gl-matrix';
import { Renderer } from '../../src/index';
import { HeadsetRenderer, type HeadsetView } from '../../src/advanced';
import type { WebGpuDevice } from '../../src/device/webgpu/webgpu-device';
import { dioramaScene } from '../../demos/shared/diorama-scene';

const CONFIGS = [
  { name: 'no look', passes: [] as string[] },
  {
    name: 'shadow, outline, bloom, grade, palette',
    passes: ['shadow', 'outline', 'bloom', 'grade', 'palette'],
  },
];
const LOOK = ['shadow', 'outline', 'bloom', 'grade', 'palette'];
const [W, H] = [336, 240];
const params = new URLSearchParams(location.search);
const rounds = Number(params.get('rounds') ?? 5);
const FRAMES = 40;

try {
  const scene = dioramaScene(W, H);
  const renderer = await Renderer.create(document.querySelector<HTMLCanvasElement>('#view')!, {
    backend: 'webgpu',
    root: scene.world,
    camera: scene.camera,
    native: [W, H],
  });
  renderer.graph.setEnabled('motionBlur', true);
  renderer.shadow.box = Float32Array.of(0, 1.2, 0, 5.2, 1.6, 5.2); // as the diorama demo fits it
  const device = renderer.device as WebGpuDevice;
  const gpu = device.gpu.device;
  const usage = GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC;
  const views: HeadsetView[] = [-0.032, 0.032].map((x, i) => {
    const color = gpu.createTexture({ size: [W, H], format: 'rgba8unorm', usage });
    const depth = gpu.createTexture({ size: [W, H], format: 'depth24plus', usage });
    return {
      color: device.wrapView(`eye ${i}`, color, color.createView(), W, H),
      depth: device.wrapView(`eye ${i} depth`, depth, depth.createView(), W, H),
      viewport: { x: 0, y: 0, width: W, height: H },
      clear: true,
      projection: new Float32Array(16),
      view: new Float32Array(16),
      offset: x,
    } as HeadsetView & { offset: number };
  });
  const headset = await HeadsetRenderer.create(device, {
    root: scene.world,
    format: 'rgba8unorm',
    environment: renderer.environment,
    resolution: 'native',
    nativeHeight: H,
    look: renderer.look,
  });
  const shift = mat4.create();
  const aimEyes = () => {
    for (const view of views as (HeadsetView & { offset: number })[]) {
      view.projection.set(scene.camera.projectionMatrix);
      mat4.multiply(view.view, mat4.fromTranslation(shift, [-view.offset, 0, 0]), scene.camera.viewMatrix);
    }
  };
  const canvasMs = new Map<string, number[]>(CONFIGS.map((c) => [c.name, []]));
  const headsetMs = new Map<string, number[]>(CONFIGS.map((c) => [c.name, []]));
  const madeAfterFirst = new Map<string, number>();
  let t = 0;
  for (let round = 0; round < rounds; round++)
    for (let k = 0; k < CONFIGS.length; k++) {
      const config = CONFIGS[(k + round) % CONFIGS.length]!;
      for (const name of LOOK) renderer.graph.setEnabled(name, config.passes.includes(name));
      for (let f = 0; f < FRAMES + 10; f++) {
        t += 1 / 60;
        scene.place(t, 0); // the camera moves every frame: the culling and the packing of the views are measured too
        // Who goes first alternates frame by frame.
        const order = f % 2 === 0 ? ['canvas', 'headset'] : ['headset', 'canvas'];
        for (const who of order) {
          const start = performance.now();
          if (who === 'canvas') renderer.render(t, 1 / 60);
          else {
            aimEyes();
            headset.render(t, views);
          }
          const spent = performance.now() - start;
          await renderer.finished();
          if (f >= 10) (who === 'canvas' ? canvasMs : headsetMs).get(config.name)!.push(spent);
        }
        if (f === 10 && round === 0) {
          const before = { ...renderer.gpuObjects };
          aimEyes();
          headset.render(t, views);
          await renderer.finished();
          const after = renderer.gpuObjects;
          madeAfterFirst.set(
            config.name,
            (Object.keys(after) as (keyof typeof after)[]).reduce(
              (n, key) => n + after[key] - before[key],
              0,
            ),
          );
        }
      }
    }
  const median = (values: number[]) =>
    [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
  (window as unknown as { __bench: unknown }).__bench = {
    crossOriginIsolated,
    configs: CONFIGS.map((c) => ({
      name: c.name,
      canvasMs: median(canvasMs.get(c.name)!),
      headsetMs: median(headsetMs.get(c.name)!),
      madeAfterFirst: madeAfterFirst.get(c.name) ?? NaN,
    })),
  };
} catch (error) {
  (window as unknown as { __bench: unknown }).__bench = { error: String((error as Error).stack ?? error) };
}
