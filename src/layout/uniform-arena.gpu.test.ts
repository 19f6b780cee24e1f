import { describe, expect, it } from 'vitest';
import { requestGpu } from '../device/webgpu/request-gpu';
import { structLayouts, type StructLayout } from './struct-layout';
import { StructWriter } from './struct-writer';
import { UniformArena, type StorageBuffer, type UniformStorage } from './uniform-arena';
import { compileWgsl } from '../device/webgpu/compile-wgsl';
import { plainLayout, SCALARS, type WgslType } from './wgsl-types';

/** Structs whose every scalar the GPU reads back; each stresses a different rule. */
const CASES: { wgsl: string; root: string }[] = [
  { root: 'Object', wgsl: 'struct Object { model: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32> }' },
  {
    root: 'Pack',
    wgsl: 'struct Pack { a: vec3<f32>, b: f32, c: vec3<u32>, d: vec2<f32>, e: i32, f: vec2<i32> }',
  },
  {
    root: 'Mats',
    wgsl:
      'struct Mats { a: mat2x2<f32>, b: mat3x2<f32>, c: mat4x2<f32>, d: mat2x3<f32>, e: mat3x4<f32>, f: f32, ' +
      'g: mat4x3<f32>, h: mat2x4<f32> }',
  },
  {
    root: 'Arrays',
    wgsl: 'struct Arrays { a: array<vec4<f32>, 3>, b: array<mat3x3<f32>, 2>, c: f32, d: array<vec3<f32>, 2> }',
  },
  {
    root: 'Outer',
    wgsl:
      'struct Light { dir: vec3<f32>, power: f32 }\nstruct Inner { x: f32, y: vec2<f32> }\n' +
      'struct Outer { a: f32, @align(16) inner: Inner, @align(16) b: f32, lights: array<Light, 2>, @size(32) c: vec2<u32>, d: u32 }',
  },
];

interface Scalar {
  expr: string;
  kind: 'f32' | 'i32' | 'u32';
  offset: number;
}

/** Every scalar inside `type` at `offset`, with the WGSL expression that reads it from `expr`. */
function scalars(type: WgslType, expr: string, offset: number, layouts: Map<string, StructLayout>): Scalar[] {
  switch (type.kind) {
    case 'scalar':
      return [{ expr, kind: type.scalar as Scalar['kind'], offset }];
    case 'vector': {
      const size = SCALARS[type.scalar].size;
      return Array.from({ length: type.n }, (_, r) => ({
        expr: `${expr}[${r}]`,
        kind: type.scalar as Scalar['kind'],
        offset: offset + r * size,
      }));
    }
    case 'matrix': {
      const column = plainLayout({ kind: 'vector', n: type.rows, scalar: type.scalar });
      const stride = Math.ceil(column.size / column.align) * column.align;
      return Array.from({ length: type.columns }, (_, c) =>
        scalars(
          { kind: 'vector', n: type.rows, scalar: type.scalar },
          `${expr}[${c}]`,
          offset + c * stride,
          layouts,
        ),
      ).flat();
    }
    case 'array': {
      const element = type.element;
      const e =
        element.kind === 'struct'
          ? layouts.get(element.name)!
          : plainLayout(element as Exclude<WgslType, { kind: 'array' } | { kind: 'struct' }>);
      const stride = Math.ceil(e.size / e.align) * e.align;
      return Array.from({ length: type.count! }, (_, i) =>
        scalars(element, `${expr}[${i}]`, offset + i * stride, layouts),
      ).flat();
    }
    case 'struct':
      return layouts
        .get(type.name)!
        .fields.flatMap((f) => scalars(f.type, `${expr}.${f.name}`, offset + f.offset, layouts));
  }
}

/** The arena's storage straight on a WebGPU device (what the device layer's uniform buffers do, without it). */
function gpuStorage(device: GPUDevice): UniformStorage<StorageBuffer & { buffer: GPUBuffer }> {
  return {
    alignment: device.limits.minUniformBufferOffsetAlignment,
    maxBindingSize: device.limits.maxUniformBufferBindingSize,
    create: (label, size) => {
      const buffer = device.createBuffer({
        label,
        size,
        usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
      });
      return {
        buffer,
        write: (offset, data, dataOffset, n) => device.queue.writeBuffer(buffer, offset, data, dataOffset, n),
        destroy: () => buffer.destroy(),
      };
    },
  };
}

describe('uniform arena on real WebGPU', () => {
  it('puts every field where the GPU reads it, at several slots with dynamic offsets (bit-exact)', async () => {
    const { device } = await requestGpu();
    for (const { wgsl, root } of CASES) {
      const layouts = structLayouts(wgsl, 'uniform');
      const layout = layouts.get(root)!;
      const arena = new UniformArena(gpuStorage(device), layout, { capacity: 2 }); // small: it grows while filling
      const writer = new StructWriter(layout, layouts);
      const leaves = scalars({ kind: 'struct', name: root }, 'u', 0, layouts);
      const copy = leaves
        .map((s, k) => `  out.words[${k}] = ${s.kind === 'u32' ? s.expr : `bitcast<u32>(${s.expr})`};`)
        .join('\n');
      const module = await compileWgsl(
        device,
        `${wgsl}\nstruct Out { words: array<u32, ${leaves.length}> }\n` +
          `@group(0) @binding(0) var<uniform> u: ${root};\n@group(1) @binding(0) var<storage, read_write> out: Out;\n` +
          `@compute @workgroup_size(1) fn main() {\n${copy}\n}`,
        `copy-${root}.wgsl`,
      );
      const uniformLayout = device.createBindGroupLayout({
        entries: [
          {
            binding: 0,
            visibility: GPUShaderStage.COMPUTE,
            buffer: { type: 'uniform', hasDynamicOffset: true },
          },
        ],
      });
      const outLayout = device.createBindGroupLayout({
        entries: [
          {
            binding: 0,
            visibility: GPUShaderStage.COMPUTE,
            buffer: { type: 'storage', hasDynamicOffset: true },
          },
        ],
      });
      const pipeline = device.createComputePipeline({
        layout: device.createPipelineLayout({ bindGroupLayouts: [uniformLayout, outLayout] }),
        compute: { module, entryPoint: 'main' },
      });

      // Distinct values for every field of every slot: floats, and integers with high bits set.
      const slots = Array.from({ length: 5 }, () => arena.allocate());
      expect(arena.generation).toBeGreaterThan(1);
      let seed = 1;
      const intended = new Map<number, number[]>(); // slot → the u32 bits of every scalar, in struct order
      for (const slot of slots) {
        const bits: number[] = [];
        intended.set(slot, bits);
        for (const path of writer.paths()) {
          const field = writer.field(path);
          const integer = /u32|i32/.test(field.typeName);
          const values = Array.from({ length: field.count }, () =>
            integer ? (seed++ * 2654435761) % 2 ** 31 : (seed++ * 1.25) / 3,
          );
          arena.write(slot, field, field.count === 1 ? values[0]! : values);
          for (const v of values)
            bits.push(integer ? v >>> 0 : new Uint32Array(Float32Array.of(v).buffer)[0]!);
        }
      }
      arena.upload();
      const uniformGroup = device.createBindGroup({
        layout: uniformLayout,
        entries: [
          { binding: 0, resource: { buffer: arena.buffer.buffer, size: Math.ceil(layout.size / 16) * 16 } },
        ],
      });

      const outStride = Math.ceil((leaves.length * 4) / 256) * 256;
      const out = device.createBuffer({
        size: outStride * slots.length,
        usage: GPUBufferUsage.STORAGE | GPUBufferUsage.COPY_SRC,
      });
      const read = device.createBuffer({
        size: outStride * slots.length,
        usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST,
      });
      const outGroup = device.createBindGroup({
        layout: outLayout,
        entries: [{ binding: 0, resource: { buffer: out, size: leaves.length * 4 } }],
      });
      const encoder = device.createCommandEncoder();
      const pass = encoder.beginComputePass();
      pass.setPipeline(pipeline);
      slots.forEach((slot, i) => {
        pass.setBindGroup(0, uniformGroup, [arena.offset(slot)]);
        pass.setBindGroup(1, outGroup, [i * outStride]);
        pass.dispatchWorkgroups(1);
      });
      pass.end();
      encoder.copyBufferToBuffer(out, 0, read, 0, out.size);
      device.queue.submit([encoder.finish()]);
      await read.mapAsync(GPUMapMode.READ);
      const gpuWords = new Uint32Array(read.getMappedRange().slice(0));
      read.unmap();

      // What we meant to write, field by field, must be what the GPU read by its own layout rules.
      slots.forEach((slot, i) => {
        const expected = intended.get(slot)!;
        expect(expected.length).toBe(leaves.length);
        const actual = [...gpuWords.subarray((i * outStride) / 4, (i * outStride) / 4 + leaves.length)];
        expect({ root, slot, words: actual }).toEqual({ root, slot, words: expected });
      });
      expect(leaves.every((s, k) => k === 0 || s.offset !== leaves[k - 1]!.offset)).toBe(true);
      arena.destroy();
    }
    device.destroy();
  });
});
