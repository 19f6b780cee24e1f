import { describe, expect, it } from 'vitest';
import { createDevice } from '../../device/create-device';
import type { DeviceTexture, RenderTarget } from '../../device/device';
import { pixelAt } from '../../device/webgpu/read-texture';
import { RenderGraph } from '../../graph/render-graph';
import { Camera } from '../../scene/camera';
import { boxGeometry, quadGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import type { FrameContext } from '../frame-context';
import { PresentPass } from '../passes/present-pass';
import { Renderer } from '../renderers/renderer';
import { errorWatch, TEST_BACKENDS, testCanvas } from '../renderers/test-backends';
import { WorldPass } from './world-pass';
import { registerMaterialKind } from '../materials/material-kind';

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

/** A kind of the test's own: two colours in vertical stripes, `stripes` per unit of the mesh's local x. */
registerMaterialKind({
  name: 'test-stripes',
  wgsl: `
struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  other: vec4<f32>,
  stripes: f32,
}
@group(1) @binding(0) var<uniform> object: Object;
@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  return select(object.other, object.color, fract(in.local.x * object.stripes) < 0.5);
}`,
  glsl: `
layout(std140) uniform Object { mat4 model; mat3 normal; vec4 color; vec4 other; float stripes; } object;
#ifdef FRAGMENT
vec4 shade() {
  return fract(vLocal.x * object.stripes) < 0.5 ? object.color : object.other;
}
#endif`,
});

describe('a material kind registered by a test', () => {
  it('draws with its own shader pair and per-object fields, the same pixels on both backends', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { root, camera } = knownScene();
      const material = new Material('test-stripes', [1, 0, 0, 1]);
      const banner = new Mesh('banner', quadGeometry(8, 2), material).setPosition(0, 0, -1);
      root.add(banner);
      const renderer = await Renderer.create(testCanvas(336, 240), { backend, root, camera });
      expect(() => renderer.render()).toThrow(
        /"root\/banner": its material kind "test-stripes" has a per-object field "other"; set it with material\.setParam\("other"/,
      );
      material.setParam('other', [0, 0, 1, 1]).setParam('stripes', 1);
      renderer.render();
      const native = await renderer.readPixels('scene');
      // Local x from −4 to 4: red on [0, 0.5) of each unit, blue on [0.5, 1); a unit is 40 native pixels.
      const [x0, y] = nativeOf(0.25, 0);
      expect(pixel(native, 336, x0, y)).toEqual([255, 0, 0, 255]);
      expect(pixel(native, 336, ...nativeOf(0.75, 0))).toEqual([0, 0, 255, 255]);
      expect(pixel(native, 336, ...nativeOf(-0.75, 0))).toEqual([255, 0, 0, 255]); // fract(−0.75) = 0.25
      images.push(native);
      // A per-object value changed: one object re-packed, the stripes twice as many.
      material.setParam('stripes', 2);
      renderer.render();
      expect(renderer.world.counters.objectsPacked).toBe(1);
      expect(pixel(await renderer.readPixels('scene'), 336, ...nativeOf(0.375, 0))).toEqual([0, 0, 255, 255]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });
});

describe('defaults a three.js user expects', () => {
  it('a camera without an aspect follows the native image; a native resolution turns the chain on', async () => {
    for (const backend of TEST_BACKENDS) {
      const root = new Node('root');
      root.add(
        new Mesh('square', quadGeometry(1, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(0, 0, -3),
      );
      const camera = new Camera('eye'); // 60° perspective, no aspect given
      const renderer = await Renderer.create(testCanvas(300, 300), {
        backend,
        root,
        camera,
        native: [336, 240],
      });
      expect(renderer.graph.passNames()).toContain('upscale');
      renderer.render();
      const native = await renderer.readPixels('scene');
      let [left, right, top, bottom] = [336, -1, 240, -1];
      for (let y = 0; y < 240; y++)
        for (let x = 0; x < 336; x++)
          if (native[(y * 336 + x) * 4]! > 128) {
            [left, right] = [Math.min(left, x), Math.max(right, x)];
            [top, bottom] = [Math.min(top, y), Math.max(bottom, y)];
          }
      // A square in front of the camera covers as many native pixels across as down (the lens is 336:240, not 1:1).
      expect(right - left).toBe(bottom - top);
      // Its side: focal length in native pixels (120 / tan 30°) over the distance (3), within a pixel of rasterization.
      expect(Math.abs(bottom - top + 1 - 240 / 2 / Math.tan(Math.PI / 6) / 3)).toBeLessThanOrEqual(1);
      renderer.destroy();
      const plain = await Renderer.create(testCanvas(100, 50), { backend, root, camera });
      expect(plain.graph.passNames()).not.toContain('upscale'); // no native given: no chain, stretched to the canvas
      plain.render();
      expect(camera.projectionMatrix[5]! / camera.projectionMatrix[0]!).toBeCloseTo(2, 5); // the canvas's 100:50
      plain.destroy();
    }
  });
});

for (const backend of TEST_BACKENDS) {
  describe(`world pass on real ${backend}`, () => {
    it('draws the known scene at 336×240: box colour where expected, depth hides what is behind, the canvas gets it', async () => {
      const scene = knownScene();
      const renderer = await Renderer.create(testCanvas(672, 480), {
        backend,
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
      const canvasPixels = await renderer.readPixels();
      const native = await renderer.readPixels('scene');
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
      const moved = await renderer.readPixels('scene');
      expect(pixel(moved, 336, cx, cy)).toEqual(grey);
      expect(pixel(moved, 336, ...nativeOf(-2, 0))).toEqual(red);

      // WebGPU replays the draws from a render bundle recorded once, and hiding a mesh records it again; WebGL2 has no
      // bundles. Either way, without bundles the image is the same.
      const bundles = backend === 'webgpu' ? 1 : 0;
      expect(renderer.world.counters.bundlesRecorded).toBe(bundles);
      scene.red.visible = false;
      renderer.render();
      expect(renderer.world.counters).toMatchObject({ bundlesRecorded: bundles * 2, drawCalls: 2 });
      const hidden = await renderer.readPixels('scene');
      expect(pixel(hidden, 336, ...nativeOf(-2, 0))).toEqual(grey);
      renderer.world.useBundles = false;
      renderer.render();
      expect(await renderer.readPixels('scene')).toEqual(hidden);
      expect(renderer.world.counters.bundlesRecorded).toBe(bundles * 2);
      renderer.destroy();
    });

    it('builds pipelines for the kinds the scene has; a kind added later is built when first drawn, and draws', async () => {
      const watch = errorWatch();
      const scene = knownScene();
      const renderer = await Renderer.create(testCanvas(336, 240), {
        backend,
        root: scene.root,
        camera: scene.camera,
      });
      expect(renderer.world.counters.pipelinesBuilt).toBe(2); // lambert wall, unlit boxes
      renderer.destroy();

      const wallOnly = new Node('root');
      wallOnly.add(scene.wall);
      wallOnly.add(scene.camera);
      const lazy = await Renderer.create(testCanvas(336, 240), {
        backend,
        root: wallOnly,
        camera: scene.camera,
        onDevice: watch.onDevice,
      });
      expect(lazy.world.counters.pipelinesBuilt).toBe(1);
      lazy.render();
      wallOnly.add(scene.red.setPosition(0, 0, -3)); // the first unlit mesh
      lazy.render();
      expect(lazy.world.counters.pipelinesBuilt).toBe(2);
      const native = await lazy.readPixels('scene');
      expect(pixel(native, 336, ...nativeOf(0, 0))).toEqual([255, 0, 0, 255]);
      lazy.render();
      expect(lazy.world.counters.pipelinesBuilt).toBe(2);
      expect(watch.errors()).toEqual([]);
      lazy.destroy();
    });

    it('another geometry or another material kind on a mesh shows next frame, bundles recorded again', async () => {
      const scene = knownScene();
      const renderer = await Renderer.create(testCanvas(336, 240), {
        backend,
        root: scene.root,
        camera: scene.camera,
      });
      renderer.render();
      const recorded = renderer.world.counters.bundlesRecorded;
      // A box 1 wide → a quad 3 wide: the pixel 1.25 units right of its centre turns red.
      expect(pixel(await renderer.readPixels('scene'), 336, ...nativeOf(1.25, 0))).not.toEqual([
        255, 0, 0, 255,
      ]);
      scene.red.geometry = quadGeometry(3, 3);
      renderer.render();
      expect(pixel(await renderer.readPixels('scene'), 336, ...nativeOf(1.25, 0))).toEqual([255, 0, 0, 255]);
      // Unlit → lambert with no image either way: lit now, so no longer pure red (the light falls at an angle).
      scene.red.material = new Material('lambert', [1, 0, 0, 1]);
      renderer.render();
      expect(pixel(await renderer.readPixels('scene'), 336, ...nativeOf(0, 0))).not.toEqual([255, 0, 0, 255]);
      const lit = await renderer.readPixels('scene');
      renderer.world.useBundles = false;
      renderer.render();
      expect(await renderer.readPixels('scene')).toEqual(lit);
      if (backend === 'webgpu') expect(renderer.world.counters.bundlesRecorded).toBe(recorded + 2);
      renderer.destroy();
    });

    it('toggling a pass 100 times while rendering leaves textures and counters flat', async () => {
      const watch = errorWatch();
      const { device } = await createDevice(testCanvas(336, 240), { backend, onDevice: watch.onDevice });
      const scene = knownScene();
      const world = await WorldPass.create(device, { root: scene.root, camera: scene.camera });
      const present = await PresentPass.create(device, 'tinted', 'rgba8unorm');
      const graph = new RenderGraph<FrameContext, RenderTarget>(
        {
          create: ({ label, format, width, height }) =>
            device.createTexture({ label, format: format as DeviceTexture['format'], width, height }),
          destroy: (texture) => (texture as DeviceTexture).destroy(),
        },
        { native: [336, 240], canvas: [336, 240] },
      );
      // A pass that only copies: bypassing it must give the same image.
      graph.addPass(world).addPass({
        name: 'tint',
        reads: ['scene'],
        writes: [{ name: 'tinted', format: 'rgba8unorm', size: { relativeTo: 'native' } }],
        execute: (frame, io) =>
          frame.device.copyTexture(
            io.input('scene') as DeviceTexture,
            io.output('tinted') as DeviceTexture,
            336,
            240,
          ),
      });
      graph.addPass(present).addExternal('canvas', 'rgba8unorm', { relativeTo: 'canvas' });
      const target = device.createTexture({ label: 'target', format: 'rgba8unorm', width: 336, height: 240 });
      graph.setExternal('canvas', target);
      const frame = (): void => {
        graph.execute({ device, time: 0, delta: 0 });
        device.submit();
      };
      frame();
      const baseline = await device.readPixels(target);
      const steady = { ...graph.counters };
      for (let i = 0; i < 100; i++) {
        graph.setEnabled('tint', i % 2 === 1);
        frame();
      }
      graph.setEnabled('tint', true);
      frame();
      await device.finished();
      expect(graph.counters.texturesAlive).toBe(steady.texturesAlive);
      expect(graph.counters.textureBytes).toBe(steady.textureBytes);
      expect(graph.counters.texturesCreated).toBe(steady.texturesCreated);
      expect(watch.errors()).toEqual([]);
      expect(await device.readPixels(target)).toEqual(baseline);
      graph.setEnabled('tint', false);
      frame();
      expect(await device.readPixels(target)).toEqual(baseline);
      device.destroy();
    });
  });
}
