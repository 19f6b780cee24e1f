import type { Device, DeviceTexture, Sampler } from '../../device/device';
import type { Texture } from '../../scene/texture';
import { isDisposed, whenDisposed } from '../../scene/disposal';
import { RefCache } from './ref-cache';

interface Upload {
  texture: DeviceTexture;
  version: number;
  /** Stops listening for the texture's disposal. */
  unlisten: () => void;
}

/**
 * The GPU copies of scene textures for one device: made on first use, their texels uploaded again whenever the
 * texture's `version` moves on, freed a few frames after no image set refers to them (`retain` / `release`, `sweep`).
 * A copy outlives device losses (the device restores it from the texels it keeps).
 */
export class TextureUploads {
  /** Of the textures uploaded since creation, their texels' bytes (first uploads and rewrites). */
  bytesUploaded = 0;
  // Released only when an image set is freed, itself a few frames after its last draw: no further wait here.
  private readonly copies = new RefCache<Texture, Upload>((copy) => {
    copy.unlisten();
    copy.texture.destroy();
  }, 1);
  private white: DeviceTexture | null = null;

  constructor(private readonly device: Device) {}

  /** An image set refers to `texture` now / no more. */
  retain(texture: Texture): void {
    this.copies.retain(texture);
  }
  release(texture: Texture): void {
    this.copies.release(texture);
  }

  /** Ends a frame: frees the copies no set has referred to for a few frames. */
  sweep(): void {
    this.copies.sweep();
  }

  /** The texture's device copy, its texels brought up to date. */
  get(texture: Texture): DeviceTexture {
    if (isDisposed(texture))
      throw new Error(
        `Texture "${texture.label}" was disposed, and a material still gives it: take the texture out of the ` +
          'material (or the mesh out of the scene) first.',
      );
    const copy = this.copies.get(texture, () => {
      this.bytesUploaded += texelBytes(texture);
      return {
        texture: this.device.createTexture({
          label: texture.label,
          format: 'rgba8unorm',
          width: texture.width,
          height: texture.height,
          pixels: texture.source,
          ...(texture.mipmaps ? { mipmaps: 'generate' as const } : {}),
        }),
        version: texture.version,
        unlisten: whenDisposed(texture, () => this.copies.forget(texture)),
      };
    });
    if (copy.version !== texture.version) {
      copy.texture.write(texture.source, texture.mipmaps ? 'generate' : []);
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
    this.copies.destroy();
    this.white?.destroy();
    this.white = null;
  }
}

/** The bytes a texture's upload sends: its texels (its smaller mip levels are drawn on the GPU). */
function texelBytes(texture: Texture): number {
  return texture.width * texture.height * 4;
}
