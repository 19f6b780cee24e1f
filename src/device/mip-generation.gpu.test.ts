import { describe, expect, it } from 'vitest';
import { seededRandom } from '../math/seeded-random';
import { mipLevels } from '../scene/mip-levels';
import { createDevice } from './create-device';
import type { BackendName, DeviceTexture } from './device';
import { readTexture } from './webgpu/read-texture';
import type { WebGpuDevice } from './webgpu/webgpu-device';
import type { WebGl2Device } from './webgl2/webgl2-device';

const BACKENDS: BackendName[] = ['webgpu', 'webgl2'];

/** Every smaller level of a device texture, read back top row first. */
async function levelsOf(
  backend: BackendName,
  device: unknown,
  texture: DeviceTexture,
): Promise<Uint8Array[]> {
  const object = (texture as unknown as { object: GPUTexture & WebGLTexture }).object;
  const levels: Uint8Array[] = [];
  for (let level = 1; level < texture.mipLevels; level++) {
    const [w, h] = [Math.max(1, texture.width >> level), Math.max(1, texture.height >> level)];
    if (backend === 'webgpu')
      levels.push(await readTexture((device as WebGpuDevice).gpu.device, object, 0, level));
    else {
      const gl = (device as WebGl2Device).gl;
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, object, level);
      const out = new Uint8Array(w * h * 4);
      gl.readPixels(0, 0, w, h, gl.RGBA, gl.UNSIGNED_BYTE, out); // row 0 of the texture is its first row
      gl.deleteFramebuffer(framebuffer);
      (device as WebGl2Device).state.reset();
      levels.push(out);
    }
  }
  return levels;
}

describe('mip levels generated on the GPU', () => {
  it('are the CPU rule byte for byte on both backends: odd sizes, half-transparent texels, bytes or a decoded image', async () => {
    const [width, height] = [13, 7];
    const random = seededRandom(7);
    // Random bytes: sums of every remainder mod 4, so the rounding is tested too.
    const texels = new Uint8Array(width * height * 4).map(() => Math.floor(random() * 256));
    const expected = mipLevels(width, height, texels).map((level) => Array.from(level));
    expect(expected).toHaveLength(3); // 6×3, 3×1, 1×1
    const image = await createImageBitmap(new ImageData(Uint8ClampedArray.from(texels), width, height), {
      premultiplyAlpha: 'none',
      colorSpaceConversion: 'none',
    });
    for (const backend of BACKENDS) {
      const { device } = await createDevice(document.createElement('canvas'), { backend });
      for (const pixels of [texels, image]) {
        const texture = device.createTexture({
          label: 'levels',
          format: 'rgba8unorm',
          width,
          height,
          pixels,
          mipmaps: 'generate',
        });
        expect(texture.mipLevels).toBe(4);
        const levels = await levelsOf(backend, device, texture);
        expect(
          levels.map((l) => Array.from(l)),
          `${backend} from ${pixels === image ? 'an image' : 'bytes'}`,
        ).toEqual(expected);
        // New texels: the levels follow.
        texture.write(new Uint8Array(width * height * 4).fill(200), 'generate');
        expect((await levelsOf(backend, device, texture))[2]).toEqual(new Uint8Array(4).fill(200));
        texture.destroy();
      }
      device.destroy();
    }
  });
});
