import type {
  BufferDesc,
  DeviceBuffer,
  DeviceLimits,
  DeviceTexture,
  GpuObjectCounts,
  Mipmaps,
  TextureDesc,
  TextureFormat,
} from './device';
import type { Restorable } from './device-core';
import { fullMipCount } from './mip-shader';

/** What a handle needs of its device: the generation of its GPU device or context, and the list of live objects. */
export interface HandleHost {
  readonly generation: number;
  /** Sizes are checked against them before the GPU object is made. */
  readonly limits: DeviceLimits;
  track(object: Restorable): void;
  untrack(object: Restorable): void;
  /** Counted as bind groups are made and let go of (they are not restorable objects: each is made on use). */
  readonly objects: GpuObjectCounts;
}

/** A GPU object of either backend, made for the device's current generation: again after each loss. */
abstract class Handle<N> implements Restorable {
  private native!: N;
  private generation = -1;

  constructor(protected readonly host: HandleHost) {}

  /** The GPU object for the current device (made now if it is of an older one). */
  get object(): N {
    if (this.generation !== this.host.generation) this.realize();
    return this.native;
  }

  /** The GPU object as last made (to free it: never made again just for that). */
  protected get existing(): N {
    return this.native;
  }

  /** Makes the object for the current device; the first time, the device starts keeping it (a handle whose
   * constructor threw never got here, so it is not kept). */
  realize(): void {
    if (this.generation === -1) this.host.track(this);
    this.generation = this.host.generation;
    this.native = this.create();
    this.filled(this.native);
  }

  destroy(): void {
    this.dispose();
    this.host.untrack(this);
  }

  /** Makes the GPU object (empty) for the current device. */
  protected abstract create(): N;
  /** Puts back what the CPU keeps of it, once it exists. */
  protected abstract filled(object: N): void;
  abstract dispose(): void;
}

/**
 * A buffer of either backend: its description, and its GPU object made for the device's current generation (again,
 * with its `restore` bytes, after a loss). A backend makes the object and writes into it.
 */
export abstract class BufferHandle<N> extends Handle<N> implements DeviceBuffer {
  readonly counted = 'buffers';
  readonly label: string;
  /** Bytes, rounded up to a multiple of 4. */
  readonly size: number;
  readonly usage: BufferDesc['usage'];
  private made = false;

  constructor(
    host: HandleHost,
    private readonly desc: BufferDesc,
  ) {
    super(host);
    const max = host.limits.maxBufferSize;
    if (!(Number.isInteger(desc.size) && desc.size >= 0 && desc.size <= max))
      throw new RangeError(
        `Buffer "${desc.label}": ${desc.size} bytes ` +
          (desc.size > max
            ? `is more than this GPU allows in one buffer (${max}).`
            : 'is not a whole number ≥ 0.'),
      );
    this.label = desc.label;
    this.size = Math.ceil(desc.size / 4) * 4;
    this.usage = desc.usage;
  }

  /** Whether the CPU keeps its bytes (it is restored after a loss; a static buffer, where the backend cares). */
  protected get restorable(): boolean {
    return this.desc.restore !== undefined;
  }

  protected filled(): void {
    const contents = this.made ? this.desc.restore?.() : undefined; // the first bytes are the creator's to write
    this.made = true;
    if (contents) this.write(0, contents);
  }

  abstract write(
    offset: number,
    data: ArrayBuffer | ArrayBufferView,
    dataOffset?: number,
    size?: number,
  ): void;
}

/**
 * A texture of either backend: its description and kept texels, and its GPU object made for the device's current
 * generation (again, with its texels, after a loss). A backend makes the object and uploads into it.
 */
export abstract class TextureHandle<N> extends Handle<N> implements DeviceTexture {
  readonly counted = 'textures';
  readonly kind = 'texture';
  readonly label: string;
  readonly format: TextureFormat;
  readonly width: number;
  readonly height: number;
  readonly mipLevels: number;
  private pixels: Uint8Array | ImageBitmap | undefined;
  private mipmaps: Mipmaps;

  constructor(host: HandleHost, desc: TextureDesc) {
    super(host);
    checkTextureSize(desc.label, desc.width, desc.height, host.limits.maxTextureSize);
    this.label = desc.label;
    this.format = desc.format;
    this.width = desc.width;
    this.height = desc.height;
    this.mipLevels =
      desc.mipmaps === 'generate' ? fullMipCount(desc.width, desc.height) : 1 + (desc.mipmaps?.length ?? 0);
    if (desc.pixels) this.check(desc.pixels, desc.mipmaps ?? []);
    else if (desc.mipmaps === 'generate' || desc.mipmaps?.length)
      throw new RangeError(`Texture "${this.label}": mip levels given without the texels of level 0.`);
    this.pixels = desc.pixels;
    this.mipmaps = desc.mipmaps ?? [];
  }

  protected filled(texture: N): void {
    if (this.pixels) this.upload(texture, this.pixels, this.mipmaps);
    this.made(texture);
  }

  write(pixels: Uint8Array | ImageBitmap, mipmaps: Mipmaps = []): void {
    this.check(pixels, mipmaps);
    this.pixels = pixels;
    this.mipmaps = mipmaps;
    this.upload(this.object, pixels, mipmaps);
  }

  /**
   * Replaces every texel of `texture` (RGBA8 top row first, or an image as it is), then each smaller level's: the bytes
   * given, or drawn from the level above (`'generate'`).
   */
  protected abstract upload(texture: N, pixels: Uint8Array | ImageBitmap, mipmaps: Mipmaps): void;

  /** The size of mip level `level`: each half the one before, rounded down, at least 1. */
  protected levelSize(level: number): [number, number] {
    return [Math.max(1, this.width >> level), Math.max(1, this.height >> level)];
  }
  /** What a backend does once the object exists (and holds its texels). */
  protected made(_texture: N): void {}

  private check(pixels: Uint8Array | ImageBitmap, mipmaps: Mipmaps): void {
    if (mipmaps === 'generate') {
      if (this.mipLevels !== fullMipCount(this.width, this.height))
        throw new RangeError(
          `Texture "${this.label}": made with ${this.mipLevels} mip levels, not a full chain to generate.`,
        );
    } else if (mipmaps.length !== this.mipLevels - 1)
      throw new RangeError(
        `Texture "${this.label}": ${mipmaps.length} smaller mip levels for a texture made with ${this.mipLevels - 1}.`,
      );
    if (mipmaps !== 'generate')
      mipmaps.forEach((level, i) => {
        const [w, h] = this.levelSize(i + 1);
        if (level.byteLength !== w * h * 4)
          throw new RangeError(
            `Texture "${this.label}": mip level ${i + 1} has ${level.byteLength} bytes; ${w}×${h} RGBA8 is ${w * h * 4}.`,
          );
      });
    const expected = this.width * this.height * texelBytes(this.format);
    if (!(pixels instanceof Uint8Array)) {
      if (pixels.width !== this.width || pixels.height !== this.height)
        throw new RangeError(
          `Texture "${this.label}": an image of ${pixels.width}×${pixels.height} for ${this.width}×${this.height}.`,
        );
    } else if (pixels.byteLength !== expected)
      throw new RangeError(
        `Texture "${this.label}": ${pixels.byteLength} bytes of pixels for ${this.width}×${this.height} ` +
          `${this.format} (${expected} expected).`,
      );
  }
}

/** Bytes a texel of `format` takes in the texels a texture is given. */
export function texelBytes(format: TextureFormat): number {
  return format === 'rgba32float' ? 16 : format === 'rgba16float' ? 8 : 4;
}

/**
 * Refuses a texture size the GPU cannot make (beyond `max` texels a side) or that is no size at all, naming the
 * texture: before any GPU call, so nothing is half made.
 */
export function checkTextureSize(label: string, width: number, height: number, max: number): void {
  const whole = (v: number) => Number.isInteger(v) && v >= 1;
  if (!whole(width) || !whole(height))
    throw new RangeError(
      `Texture "${label}": ${width}×${height} is not a size: give whole numbers of texels ≥ 1.`,
    );
  if (width > max || height > max)
    throw new RangeError(
      `Texture "${label}": ${width}×${height} is beyond this GPU's largest texture, ${max}×${max}. Make it smaller ` +
        '(a lower native resolution, a smaller image or atlas, a smaller canvas).',
    );
}
