import type { Device, DeviceTexture, Sampler } from '../../device/device';
import type { Texture } from '../../scene/texture';

interface Upload {
  texture: DeviceTexture;
  version: number;
}

/**
 * The GPU copies of scene textures for one device: made on first use, their texels uploaded again whenever the
 * texture's `version` moves on. A copy outlives device losses (the device restores it from the texels it keeps).
 */
export class TextureUploads {
  /** Of the textures uploaded since creation, their texels' bytes (first uploads and rewrites). */
  bytesUploaded = 0;
  private readonly copies = new WeakMap<Texture, Upload>();
  /** Every copy made, so `destroy()` frees them (the weak map cannot be walked). */
  private readonly made: DeviceTexture[] = [];
  private white: DeviceTexture | null = null;

  constructor(private readonly device: Device) {}

  /** The texture's device copy, its texels brought up to date. */
  get(texture: Texture): DeviceTexture {
    const copy = this.copies.get(texture);
    if (!copy) {
      const made = this.device.createTexture({
        label: texture.label,
        format: 'rgba8unorm',
        width: texture.width,
        height: texture.height,
        pixels: texture.source,
        mipmaps: texture.mipLevels(),
      });
      this.copies.set(texture, { texture: made, version: texture.version });
      this.made.push(made);
      this.bytesUploaded += texelBytes(texture);
      return made;
    }
    if (copy.version !== texture.version) {
      copy.texture.write(texture.source, texture.mipLevels());
      copy.version = texture.version;
      this.bytesUploaded += texelBytes(texture);
    }
    return copy.texture;
  }

  /** The sampler a texture asks for with its filter, wrap and mip levels. */
  sampler(texture: Texture): Sampler {
    return this.device.sampler(texture.filter, texture.wrap, texture.mipmaps);
  }

  /** One opaque white texel: what stands in for an image a material kind can do without (colour × white = colour). */
  whiteTexel(): DeviceTexture {
    return (this.white ??= this.device.createTexture({
      label: 'white texel',
      format: 'rgba8unorm',
      width: 1,
      height: 1,
      pixels: new Uint8Array([255, 255, 255, 255]),
    }));
  }

  destroy(): void {
    for (const texture of this.made) texture.destroy();
    this.made.length = 0;
    this.white?.destroy();
    this.white = null;
  }
}

/** The bytes a texture's upload sends: its texels and its smaller mip levels. */
function texelBytes(texture: Texture): number {
  let bytes = texture.width * texture.height * 4;
  for (const level of texture.mipLevels()) bytes += level.byteLength;
  return bytes;
}
