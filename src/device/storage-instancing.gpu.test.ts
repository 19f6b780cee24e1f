import { describe, expect, it } from 'vitest';
import { createDevice } from './create-device';
import type { BackendName, DeviceBuffer } from './device';

/**
 * Each instance a column of a 4×1 target: `instance_index` (from the draw's first instance) picks a slot in `table`,
 * the slot an item of `items` (64 bytes apart: the stride a `@size` gives), the item its column and colour; an item
 * whose `mark` is 7 draws white. On WebGL2 both arrays are integer images read with texelFetch.
 */
const SHADER = {
  label: 'instanced columns',
  wgsl: `
struct Item { color: vec4<f32>, column: f32, mark: u32 }
struct ItemSlot { @size(64) item: Item }
@group(0) @binding(0) var<storage, read> items: array<ItemSlot>;
@group(0) @binding(1) var<storage, read> table: array<u32>;
struct Out { @builtin(position) clip: vec4<f32>, @location(0) @interpolate(flat) slot: u32 }
@vertex fn vs(@location(0) corner: vec2<f32>, @builtin(instance_index) instance: u32) -> Out {
  let slot = table[instance];
  let x = (items[slot].item.column + corner.x) / 4.0 * 2.0 - 1.0;
  return Out(vec4<f32>(x, corner.y * 2.0 - 1.0, 0.0, 1.0), slot);
}
@fragment fn fs(in: Out) -> @location(0) vec4<f32> {
  let item = items[in.slot].item;
  return select(item.color, vec4<f32>(1.0), item.mark == 7u);
}`,
  glsl: `
precision highp float;
precision highp int;
uniform highp usampler2D items;
uniform highp usampler2D table;
uvec4 texelOf(highp usampler2D image, int i) {
  int width = textureSize(image, 0).x;
  return texelFetch(image, ivec2(i % width, i / width), 0);
}
#ifdef VERTEX
uniform int armatureBaseInstance;
layout(location = 0) in vec2 corner;
flat out uint vSlot;
void main() {
  int instance = gl_InstanceID + armatureBaseInstance;
  uint slot = texelOf(table, instance / 4)[instance % 4];
  float column = uintBitsToFloat(texelOf(items, int(slot) * 4 + 1).x);
  gl_Position = vec4((column + corner.x) / 4.0 * 2.0 - 1.0, corner.y * 2.0 - 1.0, 0.0, 1.0);
  vSlot = slot;
}
#else
flat in uint vSlot;
out vec4 color;
void main() {
  uvec4 head = texelOf(items, int(vSlot) * 4);
  uint mark = texelOf(items, int(vSlot) * 4 + 1).y;
  color = mark == 7u ? vec4(1.0) : uintBitsToFloat(head);
}
#endif`,
};

/** Item `i`'s 64 bytes: its colour, column and mark. */
function item(color: number[], column: number, mark = 0): ArrayBuffer {
  const bytes = new ArrayBuffer(64);
  new Float32Array(bytes).set([...color, column]);
  new Uint32Array(bytes)[5] = mark;
  return bytes;
}

/** A device on `backend` and the columns pipeline (corners read from vertex buffer 0). */
async function columnsPipeline(backend: BackendName) {
  const { device } = await createDevice(document.createElement('canvas'), { backend });
  const pipeline = await device.createPipeline({
    shader: SHADER,
    format: 'rgba8unorm',
    vertexBuffers: [{ stride: 8, attributes: [{ location: 0, offset: 0, format: 'float32x2' }] }],
  });
  return { device, pipeline };
}

for (const backend of ['webgpu', 'webgl2'] as const) {
  describe(`storage buffers and instanced draws on real ${backend}`, () => {
    it('an instance reads its slot through the table from the first instance on; a word written alone lands', async () => {
      const { device, pipeline } = await columnsPipeline(backend);
      const items = device.createBuffer({ label: 'items', size: 64 * 3, usage: 'storage' });
      const writeItem = (buffer: DeviceBuffer, slot: number, bytes: ArrayBuffer) =>
        buffer.write(slot * 64, bytes);
      writeItem(items, 0, item([1, 0, 0, 1], 2)); // red in column 2
      writeItem(items, 1, item([0, 1, 0, 1], 3)); // green in column 3
      writeItem(items, 2, item([0, 0, 1, 1], 0)); // blue in column 0
      // Instance 0 is never drawn (the draw starts at 1): its slot would paint column 2 white.
      const tableWords = new Uint32Array([9, 2, 0]);
      const table = device.createBuffer({ label: 'table', size: 12, usage: 'storage' });
      table.write(0, tableWords);
      const corners = new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]);
      const vertices = device.createBuffer({ label: 'corners', size: 32, usage: 'vertex' });
      vertices.write(0, corners);
      const indices = device.createBuffer({ label: 'quad', size: 12, usage: 'index' });
      indices.write(0, new Uint16Array([0, 1, 2, 0, 2, 3]));
      const bindings = device.createBindings(pipeline, 0, { items, table });
      const target = device.createTexture({ label: 'columns', format: 'rgba8unorm', width: 4, height: 1 });
      const columns = async (first: number, count: number) => {
        const pass = device.beginPass({ label: 'columns', color: target, clearColor: [0, 0, 0, 0] });
        pass.setPipeline(pipeline);
        pass.setBindings(0, bindings);
        pass.setVertexBuffer(0, vertices);
        pass.setIndexBuffer(indices, 'uint16');
        pass.drawIndexed(6, count, first);
        pass.end();
        device.submit();
        const pixels = await device.readPixels(target);
        return [0, 1, 2, 3].map((x) => [...pixels.subarray(x * 4, x * 4 + 4)].join(' '));
      };
      expect(await columns(1, 2)).toEqual(['0 0 255 255', '0 0 0 0', '255 0 0 255', '0 0 0 0']);
      // One 4-byte word, inside a texel: item 1's mark (byte 20 of slot 1), and a table entry.
      items.write(64 + 20, new Uint32Array([7]));
      table.write(4, new Uint32Array([1]));
      expect(await columns(1, 2)).toEqual(['0 0 0 0', '0 0 0 0', '255 0 0 255', '255 255 255 255']);
      expect(await columns(2, 1)).toEqual(['0 0 0 0', '0 0 0 0', '255 0 0 255', '0 0 0 0']);
      if (backend === 'webgl2') expect(() => items.write(2, new Uint16Array([1]))).toThrow(/not whole words/);
      device.destroy();
    });

    it('a storage variable given a uniform buffer is an error naming it', async () => {
      const { device, pipeline } = await columnsPipeline(backend);
      const table = device.createBuffer({ label: 'table', size: 16, usage: 'storage' });
      const wrong = device.createBuffer({ label: 'items', size: 64, usage: 'uniform' });
      expect(() => device.createBindings(pipeline, 0, { items: wrong, table })).toThrow(
        'Pipeline "instanced columns" group 0: var items (storage) was given a uniform buffer.',
      );
      device.destroy();
    });
  });
}
