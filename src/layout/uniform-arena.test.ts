import { describe, expect, it } from 'vitest';
import { structLayouts } from './struct-layout';
import { StructWriter } from './struct-writer';
import { UniformArena, type UniformStorage } from './uniform-arena';

const WGSL = 'struct Object { model: mat4x4<f32>, normal: mat3x3<f32>, color: vec4<f32> }';

/** A storage that records what the arena asks of it. */
function fakeStorage() {
  const writes: { offset: number; size: number }[] = [];
  const buffers: { size: number; destroyed: boolean; restore: () => ArrayBuffer }[] = [];
  const storage: UniformStorage = {
    alignment: 256,
    maxBindingSize: 65536,
    create: (_label, size, restore) => {
      const buffer = {
        size,
        destroyed: false,
        restore,
        write: (offset: number, _data: ArrayBuffer, _dataOffset: number, n: number) =>
          writes.push({ offset, size: n }),
        destroy: () => (buffer.destroyed = true),
      };
      buffers.push(buffer);
      return buffer;
    },
  };
  return { storage, writes, buffers };
}

function setup(capacity = 1000) {
  const fake = fakeStorage();
  const layouts = structLayouts(WGSL, 'uniform');
  const layout = layouts.get('Object')!;
  const arena = new UniformArena(fake.storage, layout, { capacity });
  const color = new StructWriter(layout).field('color');
  return { ...fake, arena, color };
}

describe('UniformArena counters', () => {
  it('uses 256-byte slots (minUniformBufferOffsetAlignment) for a 128-byte struct', () => {
    const { arena } = setup();
    expect(arena.slotSize).toBe(256);
    expect(arena.offset(3)).toBe(768);
  });

  it('uploads nothing on a static frame', () => {
    const { arena, color, writes } = setup();
    const slots = Array.from({ length: 1000 }, () => arena.allocate());
    for (const slot of slots) arena.write(slot, color, [1, 0, 0, 1]);
    expect(arena.upload()).toEqual({ slotsPacked: 1000, ranges: 1, bytesUploaded: 256_000 });
    writes.length = 0;
    expect(arena.upload()).toEqual({ slotsPacked: 0, ranges: 0, bytesUploaded: 0 });
    expect(writes).toEqual([]);
  });

  it('1 of 1000 changed → 1 range of 256 bytes; slots 3, 4, 5 → 1 range; 3 and 5 → 2', () => {
    const { arena, color, writes } = setup();
    for (let i = 0; i < 1000; i++) arena.write(arena.allocate(), color, [0, 0, 0, 1]);
    arena.upload();
    writes.length = 0;
    arena.write(417, color, [1, 1, 1, 1]);
    arena.write(417, color, [1, 1, 1, 1]); // twice in a frame: still one slot
    expect(arena.upload()).toEqual({ slotsPacked: 1, ranges: 1, bytesUploaded: 256 });
    expect(writes).toEqual([{ offset: 417 * 256, size: 256 }]);
    for (const slot of [5, 3, 4]) arena.write(slot, color, [1, 1, 1, 1]);
    expect(arena.upload()).toEqual({ slotsPacked: 3, ranges: 1, bytesUploaded: 768 });
    arena.write(5, color, [1, 1, 1, 1]);
    arena.write(3, color, [1, 1, 1, 1]);
    expect(arena.upload()).toEqual({ slotsPacked: 2, ranges: 2, bytesUploaded: 512 });
  });

  it('finds the same ranges when many slots changed, written out of order, some freed after the write', () => {
    // Above a sixteenth of the slots the arena collects changed slots from its flags instead of sorting its list.
    const { arena, color, writes } = setup();
    const slots = Array.from({ length: 1000 }, () => arena.allocate());
    arena.upload();
    writes.length = 0;
    const changed = [...slots.slice(600, 700), ...slots.slice(100, 200), ...slots.slice(200, 300)].reverse();
    for (const slot of changed) arena.write(slot, color, [1, 1, 1, 1]);
    arena.write(650, color, [1, 1, 1, 1]); // twice in a frame
    arena.free(250); // written, then freed: it splits its run
    arena.write(999, color, [1, 1, 1, 1]); // a run that ends at the last slot
    expect(arena.upload()).toEqual({ slotsPacked: 300, ranges: 4, bytesUploaded: 300 * 256 });
    expect(writes).toEqual([
      { offset: 100 * 256, size: 150 * 256 },
      { offset: 251 * 256, size: 49 * 256 },
      { offset: 600 * 256, size: 100 * 256 },
      { offset: 999 * 256, size: 256 },
    ]);
  });

  it('reuses freed slots, never uploads or writes a freed one', () => {
    const { arena, color, writes } = setup();
    const a = arena.allocate();
    const b = arena.allocate();
    arena.write(b, color, [1, 1, 1, 1]);
    arena.free(b); // written, then freed before the upload
    expect(arena.upload()).toEqual({ slotsPacked: 0, ranges: 0, bytesUploaded: 0 });
    expect(writes).toEqual([]);
    expect(() => arena.write(b, color, [1, 1, 1, 1])).toThrow(/cannot write slot 1; it was freed/);
    expect(() => arena.free(b)).toThrow(/cannot free slot 1; it was freed/);
    expect(() => arena.write(99, color, [1, 1, 1, 1])).toThrow(/slot 99; it was never allocated/);
    expect(arena.allocate()).toBe(b);
    expect(arena.liveSlots).toBe(2);
    arena.write(a, color, [0, 1, 0, 1]);
    expect(arena.upload().slotsPacked).toBe(1);
  });

  it('grows by doubling (a new generation), re-uploads every live slot; its buffers restore from its CPU copy', () => {
    const { arena, color, buffers } = setup(4);
    const slots = Array.from({ length: 4 }, () => arena.allocate());
    for (const slot of slots) arena.write(slot, color, [1, 1, 1, 1]);
    arena.upload();
    expect(arena.generation).toBe(1);
    const first = arena.buffer;
    const fifth = arena.allocate(); // full: doubles to 8
    expect(arena.generation).toBe(2);
    expect(arena.buffer).not.toBe(first);
    expect(buffers.map((b) => [b.size, b.destroyed])).toEqual([
      [1024, true],
      [2048, false],
    ]);
    arena.write(fifth, color, [0.5, 1, 1, 1]);
    expect(arena.upload()).toEqual({ slotsPacked: 5, ranges: 1, bytesUploaded: 1280 });
    // After a device loss the storage writes back what restore() gives: every slot's bytes as packed.
    const restored = new Float32Array(buffers[1]!.restore());
    expect(restored.length).toBe(2048 / 4);
    const colorAt = (slot: number) => [...restored.subarray(slot * 64 + 28, slot * 64 + 32)]; // color: byte 112
    expect(colorAt(4)).toEqual([0.5, 1, 1, 1]);
    expect(colorAt(0)).toEqual([1, 1, 1, 1]);
  });
});
