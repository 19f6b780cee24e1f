import { describe, expect, it } from 'vitest';
import type { BackendName, Device } from '../../device/device';
import { GpuInitError } from '../../device/webgpu/gpu-init-error';
import { requestGpu } from '../../device/webgpu/request-gpu';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiText } from '../../ui/ui-element';
import { Renderer, type RendererOptions } from './renderer';
import { TEST_BACKENDS, testCanvas } from './test-backends';

/** Live object counts and errors of every device or context a renderer had (one entry per GPU device). */
function tracking() {
  const counts: Record<string, number>[] = [];
  const errors: string[] = [];
  const onDevice = (device: Device) => {
    // A restored context keeps its tracker (its counts zero on the loss): the same object comes back.
    const tracked = device.trackResources(errors).counts as unknown as Record<string, number>;
    if (!counts.includes(tracked)) counts.push(tracked);
  };
  return { counts, errors, onDevice };
}

/** A small chain (native 84×60 into 168×120) with two boxes, one of them lit, and a UI label (an atlas image). */
async function scene(backend: BackendName, extra: Partial<RendererOptions> = {}) {
  const track = tracking();
  const root = new Node('root');
  const box = new Mesh('box', boxGeometry(10, 10, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(
    20,
    30,
    -5,
  );
  root.add(box);
  root.add(
    new Mesh('bar', boxGeometry(30, 6, 4), new Material('lambert', [1, 0.5, 0, 1])).setPosition(60, 12, -5),
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  const ui = new Node('ui').add(new UiText('label', 'HI 42', [1, 1, 0.3, 1]).setPosition(4, 4, 0));
  const renderer = await Renderer.create(testCanvas(168, 120), {
    backend,
    root,
    camera,
    native: [84, 60],
    chain: { barFill: 'blurred' },
    ui: { root: ui, atlas: new UiAtlas({}) },
    onDevice: track.onDevice,
    ...extra,
  });
  // Read right after the frame: a WebGL2 canvas is cleared once the page has shown it.
  const read = () => renderer.readPixels();
  return { renderer, box, read, track };
}

/** Loses the device or context and waits until the renderer has rebuilt what lives in it. */
async function lose(renderer: Renderer): Promise<void> {
  renderer.simulateLoss();
  while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
  await renderer.recovered;
}

/** A red tint over the image, by a strength parameter: the user pass of the tests (its GLSL twin beside it). */
const TINT = {
  name: 'tint',
  wgsl: `
struct Params { color: vec4<f32>, strength: f32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureLoad(source, vec2<i32>(position.xy), 0);
  return vec4<f32>(mix(c.rgb, params.color.rgb, params.strength), c.a);
}`,
  glsl: `
layout(std140) uniform Params { vec4 color; float strength; } params;
uniform sampler2D source;
void main() {
  vec4 c = loadTexel(source, ivec2(fragPosition().xy));
  fragColor = vec4(mix(c.rgb, params.color.rgb, params.strength), c.a);
}`,
  params: { color: [1, 0, 0, 1], strength: 0.5 },
};

describe('a user pass on both backends', () => {
  it('tints the same pixels on WebGPU and WebGL2, and survives 3 losses each: byte-equal images, the held world still lights', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, read, track } = await scene(backend, {
        chain: { barFill: 'blurred', blurStrength: 0 },
      });
      renderer.render(0, 0);
      const untinted = await read();
      const tint = await renderer.addEffect(TINT, { after: 'motionBlur' });
      expect(renderer.graph.describe().map((p) => p.name)).toEqual([
        'shadow',
        'world',
        'outline',
        'ui',
        'motionBlur',
        'tint',
        'bloom',
        'grade',
        'vignette',
        'palette',
        'upscale',
        'background',
        'crt',
        'present',
      ]);
      expect(renderer.graph.describe().find((p) => p.name === 'upscale')!.inputs).toEqual(['tint']);
      renderer.render(0, 0);
      const tinted = await read();
      expect(tinted).not.toEqual(untinted);
      const centre = ((60 * 168 + 84) * 4) as number; // the frame's middle: red pulled halfway to full
      expect(tinted[centre]!).toBeGreaterThan(untinted[centre]!);
      images.push(tinted);

      const world = renderer.world;
      const graph = renderer.graph;
      const after: Record<string, number>[] = [];
      for (let i = 0; i < 3; i++) {
        await lose(renderer);
        expect(renderer.world).toBe(world);
        expect(renderer.graph).toBe(graph);
        renderer.resetHistory();
        renderer.render(0, 0);
        expect(await read(), `${backend} after loss ${i + 1}`).toEqual(tinted);
        after.push({ ...track.counts.at(-1)! });
      }
      expect(renderer.recoveries).toHaveLength(3);
      // Every loss makes the same objects again, no more, no fewer (the counts before the first loss still hold the
      // bind groups the effect's recompile dropped, until the collector takes them).
      expect(after[1]).toEqual(after[0]);
      expect(after[2]).toEqual(after[0]);
      // The world pass taken before the losses still drives the light after them.
      world.lightDirection.set([1, 0, 0]);
      renderer.render(0, 0);
      expect(await read()).not.toEqual(tinted);
      // The effect's parameters apply, and it can be taken out again.
      tint.set('strength', 0);
      world.lightDirection.set([-0.4, -1, -0.6]);
      renderer.render(0, 0);
      expect(await read()).toEqual(untinted);
      renderer.graph.removePass('tint');
      renderer.render(0, 0);
      expect(await read()).toEqual(untinted);
      expect(track.errors).toEqual([]);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]); // WebGL2 draws exactly what WebGPU draws
  });

  it('an effect whose shader does not compile is an error naming the line, and the graph is left as it was', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer } = await scene(backend);
      const before = renderer.graph.passNames();
      const broken = {
        ...TINT,
        wgsl: TINT.wgsl.replace('mix(', 'mux('),
        glsl: TINT.glsl.replace('mix(', 'mux('),
      };
      await expect(renderer.addEffect(broken, { after: 'motionBlur' })).rejects.toThrow(/mux/);
      await expect(renderer.addEffect(TINT, { after: 'nowhere' })).rejects.toThrow(/No pass named "nowhere"/);
      expect(renderer.graph.passNames()).toEqual(before);
      renderer.destroy();
    }
  });
});

for (const backend of TEST_BACKENDS) {
  describe(`device loss on real ${backend}`, () => {
    it('rebuilds only what lives in the device: the same pixels, pass toggles, clear colour and resource counts', async () => {
      const { renderer, read, track, box } = await scene(backend);
      renderer.graph.setEnabled('crt', true);
      renderer.world.clearColor = { r: 0.1, g: 0.2, b: 0.3, a: 1 };
      renderer.render(0.5, 0);
      const before = await read();
      const counts = { ...track.counts[0]! };

      await lose(renderer);

      expect(renderer.recoveries).toHaveLength(1);
      expect(renderer.recoveries[0]).toMatchObject({
        reason: backend === 'webgpu' ? 'destroyed' : 'context-lost',
        attempts: 1,
      });
      expect(renderer.recoveries[0]!.ms).toBeGreaterThan(0);
      expect(renderer.graph.isEnabled('crt')).toBe(true);
      expect(box.parent?.name).toBe('root'); // the scene is untouched
      renderer.render(0.5, 0);
      expect(await read()).toEqual(before);
      expect(track.counts).toHaveLength(backend === 'webgpu' ? 2 : 1);
      expect(track.counts.at(-1)).toEqual(counts);
      expect(track.errors).toEqual([]);
      renderer.destroy();
    });

    it('survives 5 losses in a row, each followed by the same image', async () => {
      const { renderer, read } = await scene(backend);
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
    });

    it('does not throw for frames drawn mid-loss: they are skipped until the device is rebuilt', async () => {
      const { renderer } = await scene(backend);
      renderer.render(0, 0);
      renderer.simulateLoss();
      // The loss may not have been reported yet: this frame may run on a dead device, and must not throw.
      expect(() => renderer.render(1 / 60, 1 / 60)).not.toThrow();
      while (!renderer.isLost) await new Promise((resolve) => setTimeout(resolve, 1));
      const lostBefore = renderer.lostFrames;
      expect(renderer.render(2 / 60, 1 / 60).drawCalls).toBe(0);
      expect(() => renderer.redraw()).not.toThrow();
      expect(renderer.lostFrames).toBe(lostBefore + 1);
      await renderer.recovered;
      expect(renderer.render(3 / 60, 1 / 60).drawCalls).toBe(3); // two boxes, the UI
      renderer.destroy();
    });
  });
}

describe('device loss on real WebGPU: replacements', () => {
  it('tries another device when the new one is lost while its pipelines compile', async () => {
    let calls = 0;
    const { renderer, read } = await scene('webgpu', {
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
  });

  it('reports an adapter gone for good once, with a message saying what to do, and draws nothing after', async () => {
    const failures: Error[] = [];
    let asked = 0;
    const { renderer } = await scene('webgpu', {
      requestDevice: () => {
        asked++;
        return Promise.reject(
          new GpuInitError('no-adapter', 'navigator.gpu.requestAdapter() returned no adapter'),
        );
      },
      onUnrecoverable: (error) => failures.push(error),
    });
    renderer.render(0, 0);
    renderer.simulateLoss();
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

describe('context loss on real WebGL2: not restored', () => {
  it('gives up after restoreTimeoutMs: onUnrecoverable with the reason, frames skipped without throwing', async () => {
    const { renderer } = await scene('webgl2', { restoreTimeoutMs: 100 });
    const failed: Error[] = [];
    renderer.onUnrecoverable = (error) => failed.push(error);
    renderer.render(0, 0);
    const gl = (renderer.device as unknown as { gl: WebGL2RenderingContext }).gl;
    gl.getExtension('WEBGL_lose_context')!.loseContext(); // and never restoreContext(): the browser gave it up
    const started = performance.now();
    while (failed.length === 0 && performance.now() - started < 3000)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(failed.map((e) => e.message)).toEqual([
      'The WebGL2 context was lost and not restored within 100 ms (the browser gave the GPU up, or a driver reset ' +
        'failed). Nothing is drawn any more: reload the page.',
    ]);
    expect(renderer.failure).toBe(failed[0]);
    await renderer.recovered; // settles: nothing waits for ever
    expect(() => renderer.render(1, 1 / 60)).not.toThrow();
    expect(renderer.lostFrames).toBeGreaterThan(0);
    renderer.destroy();
  });
});
