import { describe, expect, it } from 'vitest';
import { createDevice } from './create-device';
import type { Device } from './device';

/**
 * The compute half: each item whose `keep` word is not 0 takes the next instance of the indirect draw (an atomic add
 * on its instance count, argument 1) and writes its index into that instance's table entry (the draw's instances
 * start at 2).
 */
const KEEP = `
@group(0) @binding(0) var<storage, read> keep: array<u32>;
@group(0) @binding(1) var<storage, read_write> args: array<atomic<u32>>;
@group(0) @binding(2) var<storage, read_write> table: array<u32>;
@compute @workgroup_size(64) fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let i = id.x;
  if (i >= arrayLength(&keep) || keep[i] == 0u) { return; }
  table[2u + atomicAdd(&args[1], 1u)] = i;
}`;

/** The draw half: instance i fills column `table[i]` of a 4×1 target with that column's colour. */
const COLUMNS = {
  label: 'kept columns',
  wgsl: `
@group(0) @binding(0) var<storage, read> table: array<u32>;
struct Out { @builtin(position) clip: vec4<f32>, @location(0) @interpolate(flat) column: u32 }
@vertex fn vs(@location(0) corner: vec2<f32>, @builtin(instance_index) instance: u32) -> Out {
  let column = table[instance];
  let x = (f32(column) + corner.x) / 4.0 * 2.0 - 1.0;
  return Out(vec4<f32>(x, corner.y * 2.0 - 1.0, 0.0, 1.0), column);
}
@fragment fn fs(in: Out) -> @location(0) vec4<f32> {
  return array(vec4<f32>(1, 0, 0, 1), vec4<f32>(0, 1, 0, 1), vec4<f32>(0, 0, 1, 1), vec4<f32>(1, 1, 1, 1))[in.column];
}`,
  glsl: '', // WebGPU only: WebGL2 has no compute to fill the table
};
const [RED, GREEN, BLUE, WHITE, NONE] = [
  '255 0 0 255',
  '0 255 0 255',
  '0 0 255 255',
  '255 255 255 255',
  '0 0 0 0',
];

/** A compute pass keeping the columns flagged in `keep`, then one indirect draw of them, into a bundle or not. */
async function keptColumns(device: Device) {
  const compute = await device.createComputePipeline({ label: 'keep columns', wgsl: KEEP });
  const draw = await device.createPipeline({
    shader: COLUMNS,
    format: 'rgba8unorm',
    vertexBuffers: [{ stride: 8, attributes: [{ location: 0, offset: 0, format: 'float32x2' }] }],
  });
  const keep = device.createBuffer({ label: 'keep', size: 16, usage: 'storage' });
  const args = device.createBuffer({ label: 'draw arguments', size: 20, usage: 'indirect' });
  const table = device.createBuffer({ label: 'kept', size: 24, usage: 'storage' });
  const constant = (label: string, data: Float32Array | Uint16Array, usage: 'vertex' | 'index') => {
    const buffer = device.createBuffer({ label, size: data.byteLength, usage, restore: () => data });
    buffer.write(0, data);
    return buffer;
  };
  const vertices = constant('corners', new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), 'vertex');
  const indices = constant('quad', new Uint16Array([0, 1, 2, 0, 2, 3]), 'index');
  const culling = device.createBindings(compute, 0, { keep, args, table });
  const reading = device.createBindings(draw, 0, { table });
  const target = device.createTexture({ label: 'columns', format: 'rgba8unorm', width: 4, height: 1 });
  const bundle = device.createBundle('kept columns');
  let recorded = 0;
  const frame = async (flags: number[], bundled: boolean) => {
    keep.write(0, new Uint32Array(flags));
    args.write(0, new Uint32Array([6, 0, 0, 0, 2])); // six indices, no instances yet, from index 0, instance 2
    device.dispatch('keep columns', compute, [culling], 1);
    const pass = device.beginPass({ label: 'columns', color: target, clearColor: [0, 0, 0, 0] });
    const encode = (encoder: typeof pass | Parameters<Parameters<typeof pass.executeBundle>[2]>[0]) => {
      encoder.setPipeline(draw);
      encoder.setBindings(0, reading);
      encoder.setVertexBuffer(0, vertices);
      encoder.setIndexBuffer(indices, 'uint16');
      encoder.drawIndexedIndirect(args, 0);
    };
    if (bundled) {
      if (pass.executeBundle(bundle, false, encode)) recorded++;
    } else encode(pass);
    pass.end();
    device.submit();
    const pixels = await device.readPixels(target);
    return [0, 1, 2, 3].map((x) => [...pixels.subarray(x * 4, x * 4 + 4)].join(' '));
  };
  return { frame, recorded: () => recorded, args };
}

describe('compute passes and indirect draws on real webgpu', () => {
  it('a compute pass writes the instance count and table an indirect draw reads, in a pass and in a bundle', async () => {
    const { device } = await createDevice(document.createElement('canvas'), { backend: 'webgpu' });
    expect([device.compute, device.indirectFirstInstance]).toEqual([true, true]);
    const { frame, recorded, args } = await keptColumns(device);
    expect(await frame([1, 0, 1, 1], false)).toEqual([RED, NONE, BLUE, WHITE]);
    // The arguments as the compute pass left them: six indices, three instances, from instance 2.
    expect([...new Uint32Array((await device.readBuffer(args)).buffer)]).toEqual([6, 3, 0, 0, 2]);
    expect(await frame([0, 1, 0, 0], false)).toEqual([NONE, GREEN, NONE, NONE]);
    // Recorded once: the bundle's draw reads whatever count and table the compute pass left this frame.
    expect(await frame([1, 1, 0, 0], true)).toEqual([RED, GREEN, NONE, NONE]);
    expect(await frame([0, 0, 0, 1], true)).toEqual([NONE, NONE, NONE, WHITE]);
    expect(await frame([0, 0, 0, 0], true)).toEqual([NONE, NONE, NONE, NONE]);
    expect(recorded()).toBe(1);
    // After a loss the compute pipeline, its bindings and the bundle are made again on the new device.
    device.simulateLoss();
    while (!device.lost) await new Promise((resolve) => setTimeout(resolve, 1));
    await device.recovered;
    expect(device.recoveries).toHaveLength(1);
    expect(await frame([1, 0, 0, 1], true)).toEqual([RED, NONE, NONE, WHITE]);
    expect(recorded()).toBe(2);
    device.destroy();
  });

  it('a compute shader that does not compile rejects with its line; a read-write array given a uniform is refused', async () => {
    const { device } = await createDevice(document.createElement('canvas'), { backend: 'webgpu' });
    await expect(
      device.createComputePipeline({ label: 'broken', wgsl: KEEP.replace('atomicAdd', 'atomicAddd') }),
    ).rejects.toThrow(/broken[\s\S]*atomicAddd/);
    const compute = await device.createComputePipeline({ label: 'keep columns', wgsl: KEEP });
    const storage = (label: string) => device.createBuffer({ label, size: 16, usage: 'storage' });
    const uniform = device.createBuffer({ label: 'args', size: 32, usage: 'uniform' });
    expect(() =>
      device.createBindings(compute, 0, { keep: storage('keep'), args: uniform, table: storage('table') }),
    ).toThrow('Pipeline "keep columns" group 0: var args (storage-rw) was given a uniform buffer.');
    device.destroy();
  });
});

describe('compute passes and indirect draws on real webgl2', () => {
  it('has none, and each call that needs them says so', async () => {
    const { device } = await createDevice(document.createElement('canvas'), { backend: 'webgl2' });
    expect([device.compute, device.indirectFirstInstance]).toEqual([false, false]);
    await expect(device.createComputePipeline({ label: 'keep columns', wgsl: KEEP })).rejects.toThrow(
      'WebGL2 has no compute shaders or indirect draws, so no compute pipeline "keep columns": check Device.compute',
    );
    expect(() => device.createBuffer({ label: 'draw arguments', size: 20, usage: 'indirect' })).toThrow(
      'so no indirect buffer "draw arguments"',
    );
    const storage = device.createBuffer({ label: 'args', size: 20, usage: 'storage' });
    await expect(device.readBuffer(storage)).rejects.toThrow('so no indirect buffer "args" to read');
    const target = device.createTexture({ label: 'columns', format: 'rgba8unorm', width: 4, height: 1 });
    const pass = device.beginPass({ label: 'columns', color: target, clearColor: [0, 0, 0, 0] });
    expect(() => pass.drawIndexedIndirect(storage, 0)).toThrow('so no drawIndexedIndirect');
    pass.end();
    device.destroy();
  });
});
