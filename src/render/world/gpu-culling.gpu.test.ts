import { describe, expect, it } from 'vitest';
import { createDevice } from '../../device/create-device';
import { seededRandom } from '../../math/seeded-random';
import { Camera } from '../../scene/camera';
import { boxGeometry, planeGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { Texture } from '../../scene/texture';
import { differingPixels, nativeRenderer } from '../renderers/test-backends';
import cullWgsl from '../../../wgsl/world/cull.wgsl?raw';
import { structLayouts } from '../../layout/struct-layout';
import { FRAME } from '../materials/material-kind';
import { WorldPass } from './world-pass';

const VIEW_SIZE = structLayouts(cullWgsl, 'uniform').get('View')!.size;

/**
 * Meshes of three geometries, two kinds and two image sets scattered around the camera, some mirrored, edited at
 * random each frame (the same from the same seed): moved across the view's edges, hidden and shown, taken out and put
 * back, and the camera turned every third frame.
 */
function scatteredScene(seed: number) {
  const random = seededRandom(seed);
  const root = new Node('root');
  const map = Texture.fromPixels(
    2,
    2,
    new Uint8Array([255, 255, 255, 255, 40, 40, 40, 255, 40, 40, 40, 255, 255, 255, 255, 255]),
  );
  const materials = [
    new Material('unlit', [1, 0.5, 0, 1]),
    new Material('lambert', [0.2, 0.6, 1, 1]),
    new Material('unlit', [1, 1, 1, 1], { map }),
  ];
  const geometries = [boxGeometry(0.4, 0.4, 0.4), planeGeometry(0.5, 0.5), boxGeometry(0.2, 0.7, 0.2)];
  const meshes: Mesh[] = [];
  const place = (mesh: Mesh) =>
    mesh
      .setPosition(random() * 24 - 12, random() * 14 - 7, -4 - random() * 6)
      .setRotationFromEuler(random() * 3, random() * 3, 0);
  for (let i = 0; i < 400; i++) {
    const mesh = place(new Mesh(`m${i}`, geometries[i % 3]!, materials[(i >> 2) % 3]!));
    if (i % 37 === 0) mesh.setScale(-1, 1, 1);
    root.add(mesh);
    meshes.push(mesh);
  }
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.9, near: 0.1, far: 50 });
  root.add(camera);
  const edit = (frame: number) => {
    for (let e = 0; e < 8; e++) {
      const mesh = meshes[Math.floor(random() * meshes.length)]!;
      const r = random();
      if (r < 0.25) mesh.visible = !mesh.visible;
      else if (r < 0.45) {
        if (mesh.parent) root.remove(mesh);
        else root.add(mesh);
      } else place(mesh);
    }
    if (frame % 3 === 2) camera.setRotationFromEuler(0.1 * Math.sin(frame), 0.04 * frame - 0.4, 0);
  };
  return { root, camera, edit };
}

describe('culling on the GPU (WebGPU)', () => {
  it('draws what the CPU cull draws, over 24 frames of edits and turns, and counts the same meshes drawn and culled', async () => {
    const runs = await Promise.all(
      [false, true].map(async (gpuCulling) => {
        const { root, camera, edit } = scatteredScene(5);
        const made = await nativeRenderer('webgpu', {
          root,
          camera,
          native: [168, 120],
          chain: false,
          gpuCulling,
          validate: true,
        });
        return { ...made, edit };
      }),
    );
    const [cpu, gpu] = runs as [(typeof runs)[0], (typeof runs)[0]];
    expect([cpu.renderer.world.gpuCulling, gpu.renderer.world.gpuCulling]).toEqual([false, true]);
    let culledSomewhere = false;
    for (let frame = 0; frame < 24; frame++) {
      const [a, b] = [await cpu.draw(), await gpu.draw()];
      expect([frame, differingPixels(b, a)]).toEqual([frame, []]);
      const c = cpu.renderer.world.counters;
      const counted = await gpu.renderer.world.gpuCullCounts();
      expect([frame, counted]).toEqual([frame, { drawn: c.drawn, culled: c.culled }]);
      // The same draw calls: one per batch with a mesh shown (drawn or not: the GPU decides how many instances).
      expect(gpu.renderer.world.counters.drawCalls).toBeGreaterThanOrEqual(c.drawCalls);
      culledSomewhere ||= c.culled > 0 && c.drawn > 0;
      for (const run of runs) run.edit(frame);
    }
    expect(culledSomewhere).toBe(true);
    for (const run of runs) {
      expect(run.watch.errors()).toEqual([]);
      run.renderer.destroy();
    }
  });

  it('turning the camera records no bundle again (the CPU cull re-records the chunks whose counts changed)', async () => {
    const recorded: number[] = [];
    for (const gpuCulling of [false, true]) {
      const { root, camera } = scatteredScene(9);
      const { renderer, draw, watch } = await nativeRenderer('webgpu', {
        root,
        camera,
        native: [168, 120],
        chain: false,
        gpuCulling,
      });
      await draw();
      await draw();
      expect(renderer.world.counters.bytesUploaded).toBe(FRAME.size); // nothing changed: the frame uniform alone
      const before = renderer.world.counters.bundlesRecorded;
      for (let frame = 0; frame < 6; frame++) {
        camera.setRotationFromEuler(0, 0.15 * frame, 0);
        await draw();
        // Turned: on the GPU, the frame uniform and the cull's view planes; on the CPU, the frame uniform and the table
        // entries of the boxes that went into or out of the view.
        const bytes = renderer.world.counters.bytesUploaded;
        if (frame > 0 && gpuCulling) expect(bytes).toBe(FRAME.size + VIEW_SIZE);
        if (frame > 0 && !gpuCulling) expect(bytes).toBeGreaterThan(FRAME.size);
      }
      recorded.push(renderer.world.counters.bundlesRecorded - before);
      // The counters catch up with the counts read back: what this view draws.
      await renderer.world.gpuCullCounts().catch(() => null);
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    }
    expect(recorded[0]).toBeGreaterThan(0);
    expect(recorded[1]).toBe(0);
  });

  it('draws the same again after a device loss', async () => {
    const { root, camera } = scatteredScene(3);
    const { renderer, draw, watch } = await nativeRenderer('webgpu', {
      root,
      camera,
      native: [168, 120],
      chain: false,
      gpuCulling: true,
    });
    const before = await draw();
    const counts = await renderer.world.gpuCullCounts();
    expect(counts.culled).toBeGreaterThan(0);
    renderer.simulateLoss();
    while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
    await renderer.recovered;
    expect(differingPixels(await draw(), before)).toEqual([]);
    expect(await renderer.world.gpuCullCounts()).toEqual(counts);
    expect(watch.errors()).toEqual([]);
    renderer.destroy();
  });
});

describe('culling on the GPU where there is no compute (WebGL2)', () => {
  it('the renderer culls on the CPU and says so; a world pass asked for it directly refuses, saying why', async () => {
    const { root, camera } = scatteredScene(1);
    const { renderer, watch } = await nativeRenderer('webgl2', {
      root,
      camera,
      native: [168, 120],
      chain: false,
      gpuCulling: true,
    });
    expect(renderer.world.gpuCulling).toBe(false);
    expect(() => (renderer.world.gpuCulling = true)).toThrow('create the pass with { gpuCulling: true }');
    expect(watch.errors()).toEqual([]);
    renderer.destroy();
    const { device } = await createDevice(document.createElement('canvas'), { backend: 'webgl2' });
    await expect(WorldPass.create(device, { root, camera, gpuCulling: true })).rejects.toThrow(
      'WorldPass: gpuCulling needs compute shaders and indirect draws from any first instance',
    );
    device.destroy();
  });
});
