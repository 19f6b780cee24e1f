import type { Device, DeviceTexture, RenderTarget } from '../../device/device';
import type { TextureAllocator } from '../../graph/render-graph';

/** A render graph's textures, made by the device (so they too survive its losses). */
export function deviceTextures(device: Device): TextureAllocator<RenderTarget> {
  return {
    create: ({ label, format, width, height }) =>
      device.createTexture({ label, format: format as DeviceTexture['format'], width, height }),
    destroy: (texture) => (texture as DeviceTexture).destroy(),
  };
}
