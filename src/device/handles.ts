import type { BufferDesc, DeviceBuffer, DeviceTexture, TextureDesc, TextureFormat } from './device';
import type { Restorable } from './device-core';

/** What a handle needs of its device: the generation of its GPU device or context, and the list of live objects. */
export interface HandleHost {
  readonly generation: number;
  track(object: Restorable): void;
  untrack(object: Restorable): void;
}

/**
 * A buffer of either backend: its description, and its GPU object made for the device's current generation (again,
 * with its `restore` bytes, after a loss). A backend makes the object and writes into it.
 */
export abstract class BufferHandle<N> implements DeviceBuffer, Restorable {
  readonly label: string;
  /** Bytes, rounded up to a multiple of 4. */
  readonly size: number;
  readonly usage: BufferDesc['usage'];
  private native!: N;
  private generation = -1;
  private made = false;

  constructor(
    protected readonly host: HandleHost,
    private readonly desc: BufferDesc,
  ) {
    this.label = desc.label;
    this.size = Math.ceil(desc.size / 4) * 4;
    this.usage = desc.usage;
    host.track(this);
  }

  /** The GPU object for the current device (made now if it is of an older one). */
  get object(): N {
    if (this.generation !== this.host.generation) this.realize();
    return this.native;
  }

  /** The GPU object as last made (to free it: never made again just for that). */
  protected get existing(): N {
    return this.native;
  }

  /** Whether the CPU keeps its bytes (it is restored after a loss; a static buffer, where the backend cares). */
  protected get restorable(): boolean {
    return this.desc.restore !== undefined;
  }

  realize(): void {
    this.generation = this.host.generation;
    this.native = this.create();
    const contents = this.made ? this.desc.restore?.() : undefined; // the first bytes are the creator's to write
    this.made = true;
    if (contents) this.write(0, contents);
  }

  destroy(): void {
    this.dispose();
    this.host.untrack(this);
  }

  /** Makes the GPU object (empty) for the current device. */
  protected abstract create(): N;
  abstract write(
    offset: number,
    data: ArrayBuffer | ArrayBufferView,
    dataOffset?: number,
    size?: number,
  ): void;
  abstract dispose(): void;
}

/**
 * A texture of either backend: its description and kept texels, and its GPU object made for the device's current
 * generation (again, with its texels, after a loss). A backend makes the object and uploads into it.
 */
export abstract class TextureHandle<N> implements DeviceTexture, Restorable {
  readonly kind = 'texture';
  readonly label: string;
  readonly format: TextureFormat;
  readonly width: number;
  readonly height: number;
  private native!: N;
  private generation = -1;
  private pixels: Uint8Array | undefined;

  constructor(
    protected readonly host: HandleHost,
    desc: TextureDesc,
  ) {
    this.label = desc.label;
    this.format = desc.format;
    this.width = desc.width;
    this.height = desc.height;
    if (desc.pixels) this.check(desc.pixels);
    this.pixels = desc.pixels;
    host.track(this);
  }

  /** The GPU object for the current device (made now if it is of an older one). */
  get object(): N {
    if (this.generation !== this.host.generation) this.realize();
    return this.native;
  }

  /** The GPU object as last made (to free it: never made again just for that). */
  protected get existing(): N {
    return this.native;
  }

  realize(): void {
    this.generation = this.host.generation;
    this.native = this.create();
    if (this.pixels) this.upload(this.native, this.pixels);
    this.made(this.native);
  }

  write(pixels: Uint8Array): void {
    this.check(pixels);
    this.pixels = pixels;
    this.upload(this.object, pixels);
  }

  destroy(): void {
    this.dispose();
    this.host.untrack(this);
  }

  /** Makes the GPU object (empty) for the current device. */
  protected abstract create(): N;
  /** Replaces every texel of `texture` (RGBA8, top row first). */
  protected abstract upload(texture: N, pixels: Uint8Array): void;
  /** What a backend does once the object exists (and holds its texels). */
  protected made(_texture: N): void {}
  abstract dispose(): void;

  private check(pixels: Uint8Array): void {
    const expected = this.width * this.height * 4;
    if (pixels.byteLength !== expected)
      throw new RangeError(
        `Texture "${this.label}": ${pixels.byteLength} bytes of pixels for ${this.width}×${this.height} RGBA8 ` +
          `(${expected} expected).`,
      );
  }
}
