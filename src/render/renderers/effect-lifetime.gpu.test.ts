import { describe, expect, it } from 'vitest';
import { Camera } from '../../scene/camera';
import { boxGeometry } from '../../scene/geometry';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import type { EffectOptions } from '../passes/shader-effect';
import { Renderer } from './renderer';
import { TEST_BACKENDS, errorWatch, testCanvas } from './test-backends';

/** A user effect: the image scaled by a strength (its GLSL twin beside it). */
const DIM: EffectOptions = {
  name: 'dim',
  wgsl: `
struct Params { strength: f32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureLoad(source, vec2<i32>(position.xy), 0);
  return vec4<f32>(c.rgb * params.strength, c.a);
}`,
  glsl: `
layout(std140) uniform Params { float strength; } params;
uniform sampler2D source;
void main() {
  vec4 c = loadTexel(source, ivec2(fragPosition().xy));
  fragColor = vec4(c.rgb * params.strength, c.a);
}`,
  params: { strength: 0.5 },
};

async function scene(backend: 'webgpu' | 'webgl2') {
  const root = new Node('root');
  root.add(
    new Mesh('box', boxGeometry(10, 10, 1), new Material('unlit', [1, 1, 1, 1])).setPosition(20, 30, -5),
  );
  const camera = Camera.pixels('eye', 84, 60, 10);
  root.add(camera);
  const watch = errorWatch();
  const renderer = await Renderer.create(testCanvas(84, 60), {
    backend,
    root,
    camera,
    native: [84, 60],
    onDevice: watch.onDevice,
  });
  renderer.graph.setEnabled('motionBlur', false); // each frame's image its own: the same before and after
  let time = 0;
  const frames = (n: number) => {
    for (let i = 0; i < n; i++) renderer.render((time += 1 / 60), 1 / 60);
    return { ...renderer.gpuObjects };
  };
  return { renderer, frames, errors: watch.errors };
}

for (const backend of TEST_BACKENDS)
  describe(`effects added and removed on real ${backend}`, () => {
    for (const how of ['renderer.removeEffect', 'graph.removePass'] as const)
      it(`200 rounds of addEffect, draw, ${how}: the GPU objects and the chain back where they were`, async () => {
        const { renderer, frames, errors } = await scene(backend);
        const before = frames(2);
        const passes = renderer.passes.map((p) => p.name);
        const image = await renderer.readPixels();
        for (let round = 0; round < 200; round++) {
          const effect = await renderer.addEffect(DIM, { after: 'motionBlur' });
          effect.set('strength', 0.25 + (round % 4) / 8);
          const drawn = frames(1);
          if (round === 0) {
            expect(drawn.pipelines, 'its pipeline').toBe(before.pipelines + 1);
            expect(await renderer.readPixels()).not.toEqual(image);
          }
          if (how === 'graph.removePass') renderer.graph.removePass('dim');
          else renderer.removeEffect('dim');
          expect(() => effect.set('strength', 1)).toThrow(
            'Effect "dim" was removed, and what it made freed; add it again (renderer.addEffect) to use it.',
          );
          // Two frames: motion blur's history pair makes its bind groups again one frame each after a recompile.
          expect(frames(2), `round ${round}`).toEqual(before);
        }
        expect(renderer.passes.map((p) => p.name)).toEqual(passes);
        expect(renderer.graph.passNames()).not.toContain('dim');
        expect(await renderer.readPixels()).toEqual(image);
        expect(errors()).toEqual([]);
        renderer.destroy();
      }, 120_000);

    it('a built-in pass or a name the graph lacks is refused, and the chain stays as it was', async () => {
      const { renderer, frames } = await scene(backend);
      const before = frames(2);
      const names = renderer.graph.passNames();
      for (const name of ['outline', 'motionBlur', 'palette', 'upscale', 'shadow'])
        expect(() => renderer.removeEffect(name)).toThrow(
          `Pass "${name}" cannot be removed: the renderer draws with it (a built-in pass); turn it off with ` +
            'renderer.graph.setEnabled(name, false).',
        );
      expect(() => renderer.removeEffect('nope')).toThrow(/No pass named "nope"/);
      expect(renderer.graph.passNames()).toEqual(names);
      expect(frames(2)).toEqual(before);
      renderer.destroy();
    });

    it('an effect its kind of pass cannot run is refused naming it, and the chain stays as it was', async () => {
      const { renderer, frames } = await scene(backend);
      const before = frames(2);
      const names = renderer.graph.passNames();
      const storage = {
        ...DIM,
        name: 'counter',
        wgsl: DIM.wgsl.replace(
          '@group(0) @binding(2)',
          '@group(0) @binding(3) var<storage, read_write> hits: array<u32>;\n@group(0) @binding(2)',
        ),
      };
      await expect(renderer.addEffect(storage, { after: 'motionBlur' })).rejects.toThrow(
        'Effect "counter": @group(0) @binding(3) var hits (storage-rw) is not what an effect binds: params (a ' +
          'uniform struct) at binding 0, an optional sampler at 1, and a texture_2d<f32> at 2…2 for the image it ' +
          'follows and its 0 input(s), all in group 0.',
      );
      const twoImages = { ...DIM, name: 'twice' }; // reads one texture, given two
      await expect(
        renderer.addEffect({ ...twoImages, inputs: ['normals'] }, { after: 'motionBlur' }),
      ).rejects.toThrow(
        /^Effect "twice": it reads 1 texture\(s\); it is given 2 \(the image it follows and inputs normals\)/,
      );
      expect(renderer.graph.passNames()).toEqual(names);
      expect(frames(2)).toEqual(before);
      renderer.destroy();
    });
  });
