import { describe, expect, it } from 'vitest';
import { GlslCompileError } from './webgl2/compile-glsl';
import { WgslCompileError } from './webgpu/compile-wgsl';
import { createDevice } from './create-device';
import type { BackendName, Device } from './device';
import { WebGl2Device } from './webgl2/webgl2-device';

/** A full-screen triangle reading one texel of an image at a texel given in a uniform, times a tint. */
const SHADER = {
  label: 'probe',
  wgsl: `
struct Probe { texel: vec2<f32>, tint: vec4<f32> }
@group(0) @binding(0) var<uniform> probe: Probe;
@group(0) @binding(1) var image: texture_2d<f32>;
@vertex fn vs(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
  let c = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
  return vec4<f32>(c * 2.0 - 1.0, 0.0, 1.0);
}
@fragment fn fs() -> @location(0) vec4<f32> {
  return textureLoad(image, vec2<i32>(probe.texel), 0) * probe.tint;
}`,
  glsl: `
precision highp float;
layout(std140) uniform Probe { vec2 texel; vec4 tint; } probe;
#ifdef VERTEX
void main() {
  vec2 c = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(c * 2.0 - 1.0, 0.0, 1.0);
}
#else
uniform sampler2D image;
out vec4 color;
void main() { color = texelFetch(image, ivec2(probe.texel), 0) * probe.tint; }
#endif`,
};

/** A 2×2 image: red, green / blue, white (top row first). */
const IMAGE = new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]);

async function probe(backend: BackendName) {
  const canvas = document.createElement('canvas');
  const { device } = await createDevice(canvas, { backend });
  const pipeline = await device.createPipeline({ shader: SHADER, format: 'rgba8unorm' });
  const image = device.createTexture({
    label: 'image',
    format: 'rgba8unorm',
    width: 2,
    height: 2,
    pixels: IMAGE,
  });
  const bytes = new Float32Array(8); // texel at 0, tint at 16 bytes (vec4 alignment)
  const uniform = device.createBuffer({ label: 'probe', size: 32, usage: 'uniform', restore: () => bytes });
  const target = device.createTexture({ label: 'target', format: 'rgba8unorm', width: 4, height: 4 });
  const bindings = device.createBindings(pipeline, 0, { probe: uniform, image });
  const draw = async (texel: [number, number], tint: number[]) => {
    bytes.set(texel, 0);
    bytes.set(tint, 4);
    uniform.write(0, bytes);
    const pass = device.beginPass({ label: 'probe', color: target, clearColor: [0, 0, 0, 0] });
    pass.setPipeline(pipeline);
    pass.setBindings(0, bindings);
    pass.draw(3);
    pass.end();
    device.submit();
    return [...(await device.readPixels(target)).subarray(0, 4)];
  };
  return { device, pipeline, image, uniform, draw, canvas };
}

/** Loses the device or context and waits until every object was made again. */
async function lose(device: Device): Promise<void> {
  device.simulateLoss();
  while (!device.lost) await new Promise((resolve) => setTimeout(resolve, 1));
  await device.recovered;
}

for (const backend of ['webgpu', 'webgl2'] as const) {
  describe(`the device layer on real ${backend}`, () => {
    it('binds a uniform and an image by their WGSL names, and reads back what was drawn', async () => {
      const { device, draw } = await probe(backend);
      expect(device.backend).toBe(backend);
      expect(await draw([0, 0], [1, 1, 1, 1])).toEqual([255, 0, 0, 255]);
      expect(await draw([1, 0], [1, 1, 1, 1])).toEqual([0, 255, 0, 255]);
      expect(await draw([0, 1], [1, 1, 1, 1])).toEqual([0, 0, 255, 255]); // row 1 is the second row from the top
      expect(await draw([1, 1], [1, 0.5, 0, 1])).toEqual([255, 128, 0, 255]);
      device.destroy();
    });

    it('cuts draws to a scissor region (from the top left on both), and a viewport places them', async () => {
      const { device, pipeline, uniform, image } = await probe(backend);
      const bindings = device.createBindings(pipeline, 0, { probe: uniform, image });
      uniform.write(0, new Float32Array([0, 0, 0, 0, 1, 1, 1, 1])); // the red texel, untinted
      const target = device.createTexture({ label: 'cut', format: 'rgba8unorm', width: 4, height: 4 });
      const pass = device.beginPass({ label: 'cut', color: target, clearColor: [0, 0, 0, 1] });
      pass.setPipeline(pipeline);
      pass.setBindings(0, bindings);
      pass.setScissor(1, 0, 2, 1); // row 0, columns 1 and 2
      pass.draw(3);
      pass.setScissor(0, 0, 4, 4);
      pass.setViewport(3, 3, 1, 1); // the bottom-right texel
      pass.draw(3);
      pass.end();
      device.submit();
      const pixels = await device.readPixels(target);
      const red = (i: number) => pixels[i * 4] === 255;
      expect([...Array(16).keys()].filter(red)).toEqual([1, 2, 15]);
      device.destroy();
    });

    it('a pipeline made mid-pass leaves the next draw of another pipeline intact', async () => {
      const { device, pipeline, uniform, image, draw } = await probe(backend);
      expect(await draw([0, 0], [1, 1, 1, 1])).toEqual([255, 0, 0, 255]);
      const bindings = device.createBindings(pipeline, 0, { probe: uniform, image });
      const target = device.createTexture({ label: 'mid', format: 'rgba8unorm', width: 4, height: 4 });
      const pass = device.beginPass({ label: 'mid', color: target, clearColor: [0, 0, 0, 1] });
      pass.setPipeline(pipeline);
      pass.setBindings(0, bindings);
      pass.draw(3);
      // A kind first drawn mid-frame links its program now (on WebGL2 it binds it to set its sampler units).
      device.createPipelineNow({
        shader: { ...SHADER, label: 'other' },
        format: 'rgba8unorm',
        defines: ['OTHER'],
      });
      pass.setPipeline(pipeline);
      pass.draw(3);
      pass.end();
      device.submit();
      expect([...(await device.readPixels(target)).subarray(0, 4)]).toEqual([255, 0, 0, 255]);
      if (device instanceof WebGl2Device) expect(device.gl.getError()).toBe(device.gl.NO_ERROR);
      device.destroy();
    });

    it('makes every object again after a loss: the image texels and the uniform bytes it keeps come back', async () => {
      const { device, draw, image } = await probe(backend);
      expect(await draw([1, 1], [0, 1, 1, 1])).toEqual([0, 255, 255, 255]);
      await lose(device);
      expect(device.recoveries).toHaveLength(1);
      expect(await draw([1, 1], [0, 1, 1, 1])).toEqual([0, 255, 255, 255]);
      // Texels written after creation are the ones kept.
      image.write(new Uint8Array(16).fill(100));
      await lose(device);
      expect(await draw([0, 0], [1, 1, 1, 1])).toEqual([100, 100, 100, 100]);
      device.destroy();
    });

    it('names what is wrong: a missing or unknown binding, a shader that does not compile, a bad image size', async () => {
      const { device, pipeline, uniform, image, draw } = await probe(backend);
      expect(() => device.createBindings(pipeline, 0, { probe: uniform })).toThrow(
        /Pipeline "probe" group 0: var image \(texture\) was given nothing/,
      );
      expect(() => device.createBindings(pipeline, 0, { probe: uniform, image, extra: image })).toThrow(
        /has no var extra; it has probe, image/,
      );
      expect(() => device.createBindings(pipeline, 0, { probe: image, image })).toThrow(
        /var probe \(uniform\) was given texture/,
      );
      expect(() => device.createBindings(pipeline, 1, {})).toThrow(/has no bind group 1/);
      const broken = {
        ...SHADER,
        wgsl: SHADER.wgsl.replace('* probe.tint', '* probe.tnit'),
        glsl: SHADER.glsl.replace('* probe.tint', '* probe.tnit'),
      };
      await expect(device.createPipeline({ shader: broken, format: 'rgba8unorm' })).rejects.toThrow(
        backend === 'webgpu' ? WgslCompileError : GlslCompileError,
      );
      await expect(device.createPipeline({ shader: broken, format: 'rgba8unorm' })).rejects.toThrow(
        /probe\.tnit/,
      );
      expect(() =>
        device.createTexture({
          label: 'odd',
          format: 'rgba8unorm',
          width: 2,
          height: 2,
          pixels: new Uint8Array(3),
        }),
      ).toThrow(/Texture "odd": 3 bytes of pixels for 2×2 rgba8unorm \(16 expected\)/);
      // What failed to be made is not kept: a loss after it recovers, and draws.
      await lose(device);
      expect(device.failure).toBeNull();
      expect(await draw([1, 0], [1, 1, 1, 1])).toEqual([0, 255, 0, 255]);
      device.destroy();
    });

    it('checks a GLSL twin’s uniform block against the WGSL struct (WebGL2 reads the same bytes)', async () => {
      const { device } = await probe(backend);
      const swapped = {
        ...SHADER,
        glsl: SHADER.glsl.replace('vec2 texel; vec4 tint;', 'vec4 tint; vec2 texel;'),
      };
      const made = device.createPipeline({ shader: swapped, format: 'rgba8unorm' });
      if (backend === 'webgl2')
        await expect(made).rejects.toThrow(
          /probe: GLSL block Probe is 24 bytes; the WGSL struct's fields end at byte 32/,
        );
      else await expect(made).resolves.toBeDefined(); // WebGPU never reads the GLSL
      device.destroy();
    });
  });
}

describe('the WebGL2 device between passes', () => {
  it('leaves the default framebuffer bound outside a pass, and the pass’s own after a texture made mid-pass', async () => {
    // Code outside the engine draws into whatever is bound (IWER clears it at each XR frame): an engine texture left
    // bound there was wiped (the headset's UI atlas, made before the first XR frame).
    const { device, pipeline, image, uniform, draw } = await probe('webgl2');
    const gl = (device as WebGl2Device).gl;
    const bound = () => gl.getParameter(gl.DRAW_FRAMEBUFFER_BINDING) as WebGLFramebuffer | null;
    const made = device.createTexture({ label: 'made', format: 'rgba8unorm', width: 1, height: 1 });
    expect(bound()).toBeNull();
    expect(await draw([1, 1], [1, 1, 1, 1])).toEqual([255, 255, 255, 255]);
    const target = device.createTexture({ label: 'target', format: 'rgba8unorm', width: 2, height: 2 });
    const pass = device.beginPass({ label: 'mid', color: target, clearColor: [0, 0, 0, 0] });
    const inPass = bound();
    device.createTexture({ label: 'mid-pass', format: 'rgba8unorm', width: 1, height: 1 });
    expect(bound()).toBe(inPass);
    pass.setPipeline(pipeline);
    pass.setBindings(0, device.createBindings(pipeline, 0, { probe: uniform, image }));
    pass.draw(3);
    pass.end();
    device.submit();
    expect(bound()).toBeNull();
    expect([...(await device.readPixels(target)).subarray(0, 4)]).toEqual([255, 255, 255, 255]);
    made.destroy();
    device.destroy();
  });
});

describe('sizes checked against the GPU’s limits before it sees them', () => {
  for (const backend of ['webgpu', 'webgl2'] as const)
    it(`${backend}: a texture or buffer too big, or no size, is an error naming it; nothing is made`, async () => {
      const canvas = document.createElement('canvas');
      const { device } = await createDevice(canvas, { backend });
      const errors: string[] = [];
      const tracker = device.trackResources(errors);
      const before = { ...tracker.counts };
      const max = device.limits.maxTextureSize;
      expect(max).toBeGreaterThanOrEqual(4096);
      const desc = { label: 'huge atlas', format: 'rgba8unorm' as const };
      expect(() => device.createTexture({ ...desc, width: max + 1, height: 10 })).toThrow(
        `Texture "huge atlas": ${max + 1}×10 is beyond this GPU's largest texture, ${max}×${max}.`,
      );
      expect(() => device.createTexture({ ...desc, width: 0, height: 0 })).toThrow(
        'Texture "huge atlas": 0×0 is not a size: give whole numbers of texels ≥ 1.',
      );
      expect(() =>
        device.createBuffer({ label: 'vertices', size: device.limits.maxBufferSize + 4, usage: 'vertex' }),
      ).toThrow(/Buffer "vertices": \d+ bytes is more than this GPU allows in one buffer/);
      expect({ ...tracker.counts }).toEqual(before);
      expect(tracker.errors()).toEqual([]);
      device.destroy();
    });

  it('a renderer refuses a native resolution of no size, or beyond the largest texture, before drawing anything', async () => {
    const { Renderer } = await import('../render/renderers/renderer');
    const { Node } = await import('../scene/node');
    const { Camera } = await import('../scene/camera');
    const root = new Node('root');
    const camera = new Camera('eye');
    root.add(camera);
    const make = (native: [number, number]) =>
      Renderer.create(document.createElement('canvas'), { root, camera, native, showFailure: false });
    await expect(make([0, 0])).rejects.toThrow(
      'Renderer: native 0×0: give the native resolution in whole pixels ≥ 1, e.g. [336, 240].',
    );
    await expect(make([9000, 10])).rejects.toThrow(
      /Renderer: native 9000×10 is beyond this GPU's largest texture/,
    );
  });
});
