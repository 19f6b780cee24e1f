import type { TextureAllocator } from '../graph/render-graph';

/** Makes the render graph's textures on a WebGPU device: every one can be drawn into, sampled and copied. */
export function gpuTextureAllocator(device: GPUDevice): TextureAllocator<GPUTexture> {
  return {
    create: ({ label, format, width, height }) =>
      device.createTexture({
        label,
        format: format as GPUTextureFormat,
        size: [width, height],
        usage:
          GPUTextureUsage.RENDER_ATTACHMENT |
          GPUTextureUsage.TEXTURE_BINDING |
          GPUTextureUsage.COPY_SRC |
          GPUTextureUsage.COPY_DST,
      }),
    destroy: (texture) => texture.destroy(),
  };
}
