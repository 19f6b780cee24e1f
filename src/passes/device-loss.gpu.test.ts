import { describe, expect, it } from 'vitest';
import { GpuInitError } from '../gpu/gpu-init-error';
import { readTexture } from '../gpu/read-texture';
import { requestGpu } from '../gpu/request-gpu';
import { trackGpuResources, type GpuResourceTracker } from '../gpu/track-gpu-resources';
import { Camera } from '../scene/camera';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { Renderer, type RendererOptions } from './renderer';

/** A small chain (native 84×60 into 168×120) with two boxes, every new device tracked. */
async function scene(extra: Partial<RendererOptions> = {}) {
  const trackers: GpuResourceTracker[] = [];
  const gpu = await requestGpu();
  trackers.push(trackGpuResources(gpu.device));
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [168, 120];
  const root = new Node('root');
  const box = new Mesh('box', boxGeometry(10, 10, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(
    20,
    30,
    -5,
  );
  root.add(box);
  root.add(
    new Mesh('bar', boxGeometry(30, 6, 1), new Material('unlit', [1, 0.5, 0, 1])).setPosition(60, 12, -5),
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  const renderer = await Renderer.create(gpu, canvas, {
    root,
    camera,
    native: [84, 60],
    chain: { barFill: 'blurred' },
    onNewDevice: (next) => trackers.push(trackGpuResources(next.device)),
    ...extra,
  });
  const read = async () => {
    await renderer.gpu.device.queue.onSubmittedWorkDone();
    return readTexture(renderer.gpu.device, renderer.graph.textureOf('canvas'));
  };
  return { renderer, box, read, trackers, canvas };
}

/** Waits until the lost promise has been seen and the rebuild has finished. */
async function lose(renderer: Renderer): Promise<void> {
  renderer.gpu.device.destroy();
  while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
  await renderer.recovered;
}

describe('device loss on real WebGPU', () => {
  it('rebuilds from the scene after device.destroy(): the same pixels, pass toggles and resource counts', async () => {
    const { renderer, read, trackers, box } = await scene();
    renderer.graph.setEnabled('crt', true);
    renderer.world.clearColor = { r: 0.1, g: 0.2, b: 0.3, a: 1 };
    renderer.render(0.5, 0);
    const before = await read();
    const counts = { ...trackers[0]!.counts };
    const firstDevice = renderer.gpu.device;

    await lose(renderer);

    expect(renderer.gpu.device).not.toBe(firstDevice);
    expect(renderer.recoveries).toHaveLength(1);
    expect(renderer.recoveries[0]).toMatchObject({ reason: 'destroyed', attempts: 1 });
    expect(renderer.recoveries[0]!.ms).toBeGreaterThan(0);
    expect(renderer.graph.isEnabled('crt')).toBe(true);
    expect(box.parent?.name).toBe('root'); // the scene is untouched
    renderer.render(0.5, 0);
    expect(await read()).toEqual(before);
    expect(trackers).toHaveLength(2);
    expect(trackers[1]!.counts).toEqual(counts);
    expect(trackers[1]!.errors).toEqual([]);
    renderer.destroy();
    renderer.gpu.device.destroy();
  });

  it('survives 5 losses in a row, each followed by the same image', async () => {
    const { renderer, read } = await scene();
    renderer.render(0, 0);
    const before = await read();
    for (let i = 0; i < 5; i++) {
      await lose(renderer);
      renderer.resetHistory();
      renderer.render(0, 0);
      expect(await read()).toEqual(before);
    }
    expect(renderer.recoveries).toHaveLength(5);
    renderer.destroy();
    renderer.gpu.device.destroy();
  });

  it('does not throw for frames drawn mid-loss: they are skipped until the new device is built', async () => {
    const { renderer } = await scene();
    renderer.render(0, 0);
    renderer.gpu.device.destroy();
    // The lost promise has not been delivered yet: this frame runs on a destroyed device, and must not throw.
    expect(() => renderer.render(1 / 60, 1 / 60)).not.toThrow();
    while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
    const lostBefore = renderer.lostFrames;
    expect(renderer.render(2 / 60, 1 / 60).drawCalls).toBe(0);
    expect(() => renderer.redraw()).not.toThrow();
    expect(renderer.lostFrames).toBe(lostBefore + 1);
    await renderer.recovered;
    expect(renderer.render(3 / 60, 1 / 60).drawCalls).toBe(2);
    renderer.destroy();
    renderer.gpu.device.destroy();
  });

  it('tries another device when the new one is lost while its pipelines compile', async () => {
    let calls = 0;
    const { renderer, read } = await scene({
      requestDevice: async () => {
        const gpu = await requestGpu();
        // The first replacement dies during the rebuild (a second GPU reset).
        if (++calls === 1) setTimeout(() => gpu.device.destroy(), 0);
        return gpu;
      },
    });
    renderer.render(0, 0);
    const before = await read();
    await lose(renderer);
    // Either the rebuild saw the second loss and retried, or it finished first and the loss started a new recovery.
    while (renderer.isLost) await renderer.recovered;
    expect(calls).toBe(2);
    const tries = renderer.recoveries.reduce((sum, r) => sum + r.attempts, 0);
    expect(tries).toBe(2);
    renderer.resetHistory();
    renderer.render(0, 0);
    expect(await read()).toEqual(before);
    renderer.destroy();
    renderer.gpu.device.destroy();
  });

  it('reports an adapter gone for good once, with a message saying what to do, and draws nothing after', async () => {
    const failures: Error[] = [];
    let asked = 0;
    const { renderer } = await scene({
      requestDevice: () => {
        asked++;
        return Promise.reject(
          new GpuInitError('no-adapter', 'navigator.gpu.requestAdapter() returned no adapter'),
        );
      },
      onUnrecoverable: (error) => failures.push(error),
    });
    renderer.render(0, 0);
    renderer.gpu.device.destroy();
    while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
    await renderer.recovered;
    expect(asked).toBe(1); // no adapter will not come back by asking again
    expect(failures).toHaveLength(1);
    expect(failures[0]!.message).toMatch(/device was lost \(destroyed.*no adapter.*Reload the page/);
    expect(renderer.failure).toBe(failures[0]);
    expect(() => renderer.render(1, 0)).not.toThrow();
    renderer.destroy();
  });
});
