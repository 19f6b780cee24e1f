import { describe, expect, it } from 'vitest';
import { mat3, mat4 } from 'gl-matrix';
import { structLayout } from '../../layout/struct-layout';
import { StructBuffer, StructWriter } from '../../layout/struct-writer';
import { seededRandom } from '../../math/seeded-random';
import { materialKind } from '../materials/material-kind';
import { transformPacker } from './transform-packer';

describe('transformPacker', () => {
  // The same numbers; a zero's sign may differ (the affine path skips gl-matrix's terms that are ±0), which no
  // product or sum on the GPU can tell apart.
  const values = (bytes: ArrayBuffer) => Array.from(new Float32Array(bytes), (v) => (v === 0 ? 0 : v));

  it('writes the same values as the field writers and gl-matrix’s normalFromMat4, for every built-in kind', () => {
    const random = seededRandom(5);
    for (const name of ['unlit', 'lambert', 'panel', 'sprite']) {
      const layout = materialKind(name).object;
      const writer = new StructWriter(layout, materialKind(name).structs);
      const model = writer.field('model');
      const normal = writer.field('normal');
      const pack = transformPacker(model, normal)!;
      expect(pack).not.toBeNull();
      const fast = new StructBuffer(new ArrayBuffer(layout.size * 2));
      const slow = new StructBuffer(new ArrayBuffer(layout.size * 2));
      const n = new Float32Array(9);
      for (let i = 0; i < 200; i++) {
        const world = new Float32Array(16);
        const s = i % 10 === 0 ? 0 : random() * 4 - 2; // some singular, some mirrored
        if (i % 10 === 5) {
          // Not affine (a projection folded in): the general path.
          for (let k = 0; k < 16; k++) world[k] = random() * 2 - 1;
        } else if (i % 10 === 7) {
          // Quarter turns: exact zeros and ones everywhere.
          mat4.fromRotation(world as unknown as mat4, (Math.PI / 2) * (i % 4), [0, 0, 1]);
          mat4.rotateX(world as unknown as mat4, world as unknown as mat4, Math.PI / 2);
        } else
          mat4.fromRotationTranslationScale(
            world as unknown as mat4,
            [random() - 0.5, random() - 0.5, random() - 0.5, random()].map(
              (v, _, q) => v / Math.hypot(...q),
            ) as [number, number, number, number],
            [random() * 100 - 50, random() * 100, random() - 0.5],
            [s, random() * 3 + 0.01, -random() * 2 - 0.01],
          );
        pack(fast.f32, layout.size >> 2, world); // the second struct of the buffer
        model.write(slow, layout.size, world);
        if (!mat3.normalFromMat4(n as unknown as mat3, world)) mat3.identity(n as unknown as mat3);
        normal.write(slow, layout.size, n);
        expect(values(fast.bytes)).toEqual(values(slow.bytes));
      }
    }
  });

  it('declines a layout whose fields are not the f32 matrices it is made for', () => {
    const layout = structLayout('struct O { model: mat4x4<f16>, normal: mat3x3<f32> }', 'O', 'uniform');
    const writer = new StructWriter(layout);
    expect(transformPacker(writer.field('model'), writer.field('normal'))).toBeNull();
  });
});
