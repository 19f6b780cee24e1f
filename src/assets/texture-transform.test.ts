import { describe, expect, it } from 'vitest';
import { textureTransform, transformUvs } from './texture-transform';

const fail = (why: string): never => {
  throw new Error(why);
};

describe('KHR_texture_transform', () => {
  it('composes translation × rotation × scale as the extension defines it', () => {
    // The extension's own example: a quarter of the image, rotated: (u, v) → R·S·(u, v) + offset.
    const m = textureTransform({ offset: [0.5, 0], rotation: Math.PI / 2, scale: [0.5, 0.5] }, 'm', fail);
    const vertices = new Float32Array([0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0, 0, 1, 0, 1]);
    transformUvs(vertices, m);
    // R(π/2) = [0 1; −1 0]: (1, 0) → (0, −1)·0.5 + (0.5, 0); (0, 1) → (1, 0)·0.5 + (0.5, 0).
    expect(Array.from(vertices.subarray(6, 8)).map((x) => +x.toFixed(6))).toEqual([0.5, -0.5]);
    expect(Array.from(vertices.subarray(14, 16)).map((x) => +x.toFixed(6))).toEqual([1, 0]);
    expect(textureTransform({}, 'm', fail)).toEqual([1, -0, 0, 1, 0, 0]);
    expect(() => textureTransform({ scale: [1] }, 'material 2', fail)).toThrow(
      'material 2: scale is [1]; give two numbers.',
    );
  });
});
