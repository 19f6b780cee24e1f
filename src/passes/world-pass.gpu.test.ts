import { describe, expect, it } from 'vitest';
import { requestGpu } from '../gpu/request-gpu';
import { trackGpuResources } from '../gpu/track-gpu-resources';
import { pixelAt, readTexture } from '../gpu/read-texture';
import { Camera } from '../scene/camera';
import { boxGeometry, quadGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { RenderGraph } from '../graph/render-graph';
import { gpuTextureAllocator } from './gpu-texture-allocator';
import { PresentPass } from './present-pass';
import { gpuPostBackend } from './fullscreen-program';
import { Renderer } from './renderer';
import { WorldPass } from './world-pass';
import type { GpuFrame } from './gpu-frame';

/** A red box in front of a grey wall, a green box hidden behind the wall, seen by an ortho camera 8.4 × 6 units wide. */
function knownScene() {
  const root = new Node('root');
  const wall = new Mesh(
    'wall',
    quadGeometry(20, 20),
    new Material('lambert', [0.5, 0.5, 0.5, 1]),
  ).setPosition(0, 0, -5);
  const red = new Mesh('red', boxGeometry(1, 1, 1), new Material('unlit', [1, 0, 0, 1])).setPosition(
    0,
    0,
    -3,
  );
  const hidden = new Mesh('hidden', boxGeometry(1, 1, 1), new Material('unlit', [0, 1, 0, 1])).setPosition(
    2,
    0,
    -7,
  );
  root.add(wall).add(red).add(hidden);
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -4.2,
    right: 4.2,
    bottom: -3,
    top: 3,
    near: 0.1,
    far: 20,
  });
  root.add(camera);
  return { root, camera, red, wall, hidden };
}

const pixel = pixelAt;

/** Native pixel of a world point under the known camera (x right, y up; rows go down). */
const nativeOf = (x: number, y: number) =>
  [Math.floor(((x + 4.2) / 8.4) * 336), Math.floor(((3 - y) / 6) * 240)] as const;

describe('world pass on real WebGPU', () => {
  it('draws the known scene at 336×240: box colour where expected, depth hides what is behind, the canvas gets it', async () => {
    const gpu = await requestGpu();
    const canvas = document.createElement('canvas');
    canvas.width = 672;
    canvas.height = 480;
    const scene = knownScene();
    const renderer = await Renderer.create(gpu, canvas, {
      root: scene.root,
      camera: scene.camera,
      clearColor: { r: 0, g: 0, b: 1, a: 1 },
    });
    // A light straight into the wall and no ambient, so lambert shading leaves the wall its own colour.
    renderer.world.lightDirection.set([0, 0, -1]);
    renderer.world.lightColor.set([1, 1, 1, 1]);
    renderer.world.ambient.set([0, 0, 0, 1]);
    const counters = renderer.render();
    expect(counters).toMatchObject({ drawCalls: 3, triangles: 2 + 12 + 12 });

    // Read the native target the world pass drew into.
    const sceneTexture = renderer.graph.textureOf('scene');
    expect([sceneTexture.width, sceneTexture.height]).toEqual([336, 240]);
    const canvasPixels = await readTexture(gpu.device, renderer.graph.textureOf('canvas'));
    const native = await readTexture(gpu.device, sceneTexture);
    const red = [255, 0, 0, 255];
    const grey = [128, 128, 128, 255];
    const [cx, cy] = nativeOf(0, 0);
    expect(pixel(native, 336, cx, cy)).toEqual(red);
    expect(pixel(native, 336, cx + 19, cy + 19)).toEqual(red); // inside the 40-pixel box
    expect(pixel(native, 336, cx + 21, cy)).toEqual(grey); // just outside it
    expect(pixel(native, 336, 5, 5)).toEqual(grey);
    const [hx, hy] = nativeOf(2, 0);
    expect(pixel(native, 336, hx, hy)).toEqual(grey); // the green box is behind the wall: depth hid it
    // The canvas is the native image scaled 2×, nearest.
    expect(pixel(canvasPixels, 672, cx * 2, cy * 2)).toEqual(red);
    expect(pixel(canvasPixels, 672, cx * 2 + 1, cy * 2 + 1)).toEqual(red);
    expect(pixel(canvasPixels, 672, hx * 2, hy * 2)).toEqual(grey);

    // Moving the box re-packs one object; a static frame packs none.
    renderer.render();
    expect(renderer.world.counters.objectsPacked).toBe(0);
    scene.red.setPosition(-2, 0, -3);
    renderer.render();
    expect(renderer.world.counters.objectsPacked).toBe(1);
    const moved = await readTexture(gpu.device, sceneTexture);
    expect(pixel(moved, 336, cx, cy)).toEqual(grey);
    expect(pixel(moved, 336, ...nativeOf(-2, 0))).toEqual(red);

    // Draws replay from a render bundle recorded once; hiding a mesh re-records it; without bundles the image is the same.
    expect(renderer.world.counters.bundlesRecorded).toBe(1);
    scene.red.visible = false;
    renderer.render();
    expect(renderer.world.counters).toMatchObject({ bundlesRecorded: 2, drawCalls: 2 });
    const hidden = await readTexture(gpu.device, sceneTexture);
    expect(pixel(hidden, 336, ...nativeOf(-2, 0))).toEqual(grey);
    renderer.world.useBundles = false;
    renderer.render();
    expect(await readTexture(gpu.device, sceneTexture)).toEqual(hidden);
    expect(renderer.world.counters.bundlesRecorded).toBe(2);
    renderer.destroy();
    gpu.device.destroy();
  });

  it('builds pipelines for the kinds the scene has; a kind added later is built when first drawn, and draws', async () => {
    const gpu = await requestGpu();
    const tracker = trackGpuResources(gpu.device);
    const canvas = document.createElement('canvas');
    [canvas.width, canvas.height] = [336, 240];
    const scene = knownScene();
    const renderer = await Renderer.create(gpu, canvas, { root: scene.root, camera: scene.camera });
    expect(renderer.world.counters.pipelinesBuilt).toBe(2); // lambert wall, unlit boxes
    renderer.destroy();

    const wallOnly = new Node('root');
    wallOnly.add(scene.wall);
    wallOnly.add(scene.camera);
    const lazy = await Renderer.create(gpu, canvas, { root: wallOnly, camera: scene.camera });
    expect(lazy.world.counters.pipelinesBuilt).toBe(1);
    lazy.render();
    wallOnly.add(scene.red.setPosition(0, 0, -3)); // the first unlit mesh
    lazy.render();
    expect(lazy.world.counters.pipelinesBuilt).toBe(2);
    const native = await readTexture(gpu.device, lazy.graph.textureOf('scene'));
    expect(pixel(native, 336, ...nativeOf(0, 0))).toEqual([255, 0, 0, 255]);
    lazy.render();
    expect(lazy.world.counters.pipelinesBuilt).toBe(2);
    expect(tracker.errors).toEqual([]);
    lazy.destroy();
    gpu.device.destroy();
  });

  it('toggling a pass 100 times while rendering leaves textures and counters flat', async () => {
    const gpu = await requestGpu();
    const device = gpu.device;
    const scene = knownScene();
    const world = await WorldPass.create(device, { root: scene.root, camera: scene.camera });
    const present = await PresentPass.create(gpuPostBackend(device), 'tinted', 'rgba8unorm');
    const graph = new RenderGraph<GpuFrame, GPUTexture>(gpuTextureAllocator(device), {
      native: [336, 240],
      canvas: [336, 240],
    });
    // A pass that only copies: bypassing it must give the same image.
    graph.addPass(world).addPass({
      name: 'tint',
      reads: ['scene'],
      writes: [{ name: 'tinted', format: 'rgba8unorm', size: { relativeTo: 'native' } }],
      execute: (frame, io) =>
        frame.encoder.copyTextureToTexture(
          { texture: io.input('scene') },
          { texture: io.output('tinted') },
          [336, 240],
        ),
    });
    graph.addPass(present).addExternal('canvas', 'rgba8unorm', { relativeTo: 'canvas' });
    const target = device.createTexture({
      size: [336, 240],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
    });
    graph.setExternal('canvas', target);
    const errors: GPUError[] = [];
    device.addEventListener('uncapturederror', (e) => errors.push((e as GPUUncapturedErrorEvent).error));
    const frame = (): void => {
      const encoder = device.createCommandEncoder();
      graph.execute({ device, encoder, timer: null, time: 0, delta: 0 });
      device.queue.submit([encoder.finish()]);
    };
    frame();
    const baseline = await readTexture(device, target);
    const steady = { ...graph.counters };
    for (let i = 0; i < 100; i++) {
      graph.setEnabled('tint', i % 2 === 1);
      frame();
    }
    graph.setEnabled('tint', true);
    frame();
    await device.queue.onSubmittedWorkDone();
    expect(graph.counters.texturesAlive).toBe(steady.texturesAlive);
    expect(graph.counters.textureBytes).toBe(steady.textureBytes);
    expect(graph.counters.texturesCreated).toBe(steady.texturesCreated);
    expect(errors).toEqual([]);
    expect(await readTexture(device, target)).toEqual(baseline);
    graph.setEnabled('tint', false);
    frame();
    expect(await readTexture(device, target)).toEqual(baseline);
    device.destroy();
  });
});
