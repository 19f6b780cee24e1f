import { describe, expect, it } from 'vitest';
import { GraphError } from '../graph/graph-error';
import { BUILT_IN_PASSES } from '../render/passes/chain';
import { Renderer } from '../render/renderers/renderer';
import { TEST_BACKENDS, errorWatch, testCanvas } from '../render/renderers/test-backends';
import { Camera } from '../scene/camera';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { UiAtlas } from '../ui/ui-atlas';
import { UiRect } from '../ui/ui-element';
import { applyChainState, chainPassEnabled, readChainUrl } from './chain-url';

async function scene(backend: 'webgpu' | 'webgl2', pixelStable: boolean) {
  const root = new Node('root');
  root.add(new Mesh('box', boxGeometry(1, 1, 1), new Material('unlit', [1, 0.8, 0.6, 1])));
  const lens = {
    kind: 'orthographic',
    left: -2,
    right: 2,
    bottom: -1.5,
    top: 1.5,
    near: 0.1,
    far: 20,
  } as const;
  const camera = new Camera('eye', lens).setPosition(3, 3, 3);
  camera.lookAt([0, 0, 0]);
  root.add(camera);
  const ui = new Node('ui').add(new UiRect('panel', 5, 3, [1, 0, 0, 1]).setPosition(2, 2, 0));
  const watch = errorWatch();
  const renderer = await Renderer.create(testCanvas(96, 72), {
    backend,
    root,
    camera,
    native: [40, 30],
    pixelStable,
    clearColor: [0.5, 0.6, 0.9, 1],
    ui: { root: ui, atlas: new UiAtlas({}) },
    onDevice: watch.onDevice,
  });
  return { renderer, watch };
}

for (const backend of TEST_BACKENDS)
  describe(`each built-in pass turned off through the chain state on real ${backend}`, () => {
    for (const pixelStable of [false, true])
      it(`${pixelStable ? 'pixel-stable' : 'plain'} camera with a UI: every frame draws, no GPU error`, async () => {
        const { renderer, watch } = await scene(backend, pixelStable);
        const failures: string[] = [];
        let time = 0;
        for (const { name } of BUILT_IN_PASSES) {
          // Every other pass on, the ones that start off too.
          const on = BUILT_IN_PASSES.filter((p) => !p.on && p.name !== name).map((p) => p.name);
          const state = readChainUrl(new URLSearchParams(`off=${name}&on=${on.join(',')}`));
          applyChainState(renderer, state);
          // Frames enough for motion blur's trail (black before the first frame) to fill in.
          for (let i = 0; i < 8; i++) renderer.render((time += 1 / 60), 1 / 60);
          const canvas = await renderer.readPixels(); // a round trip: the GPU's errors of these frames are in
          if (!canvas.some((v, i) => i % 4 !== 3 && v > 0)) failures.push(`${name}: a black canvas`);
          const passes = renderer.passes;
          for (const pass of passes)
            if (renderer.graph.isEnabled(pass.name) !== chainPassEnabled(state, pass.name, passes))
              failures.push(
                `${name} off: ${pass.name} is ${renderer.graph.isEnabled(pass.name) ? 'on' : 'off'}`,
              );
          failures.push(...watch.errors().map((e) => `${name} off: ${e}`));
        }
        expect(failures).toEqual([]);
        renderer.destroy();
      });

    it('a pixel-stable camera: its UI stands after the upscale, so it needs it, and the graph refuses it without', async () => {
      const { renderer, watch } = await scene(backend, true);
      expect(renderer.passes.find((p) => p.name === 'ui')?.needs).toEqual(['upscale']);
      expect(() => renderer.graph.setEnabled('upscale', false)).toThrow(GraphError);
      expect(() => renderer.graph.setEnabled('upscale', false)).toThrow(
        /pass "ui" reads "upscaled" at 96x72, but .* \(standing in for "upscaled" while its producer is bypassed\) is 42x32/,
      );
      expect(renderer.graph.isEnabled('upscale')).toBe(true); // refused: nothing changed
      renderer.render(0, 0);
      await renderer.readPixels();
      expect(watch.errors()).toEqual([]);
      renderer.destroy();
    });
  });
