import { disposeThing, isDisposed } from './disposal';
import { imagePixels } from './image-pixels';

/** How a texture is read between texels: the nearest one (pixel art's default) or a blend of the four around. */
export type TextureFilter = 'nearest' | 'linear';

/** What a texture shows outside 0…1 along one axis: its edge texels stretched, itself again, or itself mirrored. */
export type TextureWrapMode = 'clamp' | 'repeat' | 'mirror';

/** One wrap mode for both axes, or `'u v'` for each: `'repeat clamp'` tiles across and stretches down. */
export type TextureWrap = TextureWrapMode | `${TextureWrapMode} ${TextureWrapMode}`;

/** How a texture is made. */
export interface TextureOptions {
  label?: string;
  /** Default `nearest`: a texel stays a crisp square. */
  filter?: TextureFilter;
  /** Default `clamp`. */
  wrap?: TextureWrap;
  /**
   * Make mip levels (default false): a surface seen small or at a grazing angle reads, nearest texel, the finest level
   * whose texels are no smaller than a pixel, instead of skipping texels (no moiré on a distant textured ground).
   * Levels are 2×2 rounded means drawn on the GPU from the level above after each upload (no copy of the image
   * read back to the CPU), the same bytes on both backends.
   */
  mipmaps?: boolean;
}

/**
 * An image for materials (and sprites): its texels kept on the CPU, so a device or context loss uploads them again.
 * Colours are used as stored: an 8-bit texel value shows as that value on screen (no sRGB decode or encode anywhere in
 * the chain), so a pixel-art palette stays exact. The source is RGBA8 bytes, top row first, or a decoded image
 * (`loadTexture` decodes without premultiplying alpha and without colour-space conversion).
 */
export class Texture {
  readonly label: string;
  readonly width: number;
  readonly height: number;
  filter: TextureFilter;
  private _wrap: TextureWrap = 'clamp';
  /** Has mip levels (`TextureOptions.mipmaps`): fixed when made. */
  readonly mipmaps: boolean;
  /** Changes whenever the texels are replaced, so what holds a GPU copy uploads them again. */
  version = 0;

  /** What it shows outside 0…1: one mode for both axes, or `'u v'` (`'repeat clamp'`); checked when set. */
  get wrap(): TextureWrap {
    return this._wrap;
  }
  set wrap(wrap: TextureWrap) {
    if (!isWrap(wrap))
      throw new RangeError(
        `Texture "${this.label}": wrap "${String(wrap)}" is not clamp, repeat or mirror (or "u v", one for each axis).`,
      );
    this._wrap = wrap;
  }

  /**
   * Frees the GPU copies every renderer holds of it, at once (they are otherwise freed a few frames after no mesh draws
   * it); a mesh still drawing it after that is an error naming both.
   */
  dispose(): void {
    disposeThing(this);
  }

  /** Whether `dispose()` was called. */
  get disposed(): boolean {
    return isDisposed(this);
  }
  private _source: Uint8Array | ImageBitmap;
  /** An image source's texels as bytes, read once per version (`texels()`). */
  private read: { version: number; bytes: Uint8Array } | null = null;

  private constructor(
    width: number,
    height: number,
    source: Uint8Array | ImageBitmap,
    options: TextureOptions,
  ) {
    this.label = options.label ?? 'texture';
    if (!(Number.isInteger(width) && Number.isInteger(height) && width > 0 && height > 0))
      throw new RangeError(
        `Texture "${this.label}": ${width}×${height} is not a size; give whole numbers above 0.`,
      );
    this.width = width;
    this.height = height;
    this.filter = options.filter ?? 'nearest';
    this.wrap = options.wrap ?? 'clamp';
    this.mipmaps = options.mipmaps ?? false;
    if (!['nearest', 'linear'].includes(this.filter))
      throw new RangeError(`Texture "${this.label}": filter "${this.filter}" is not nearest or linear.`);
    this._source = this.checked(source);
  }

  /** A texture from RGBA8 texels, top row first (`width` × `height` × 4 bytes), kept by reference. */
  static fromPixels(
    width: number,
    height: number,
    pixels: Uint8Array,
    options: TextureOptions = {},
  ): Texture {
    return new Texture(width, height, pixels, options);
  }

  /** A texture from a decoded image (see `loadTexture`), kept by reference. */
  static fromImage(image: ImageBitmap, options: TextureOptions = {}): Texture {
    return new Texture(image.width, image.height, image, options);
  }

  /** The texels: RGBA8 bytes top row first, or the decoded image. */
  get source(): Uint8Array | ImageBitmap {
    return this._source;
  }

  /**
   * The texels as RGBA8 bytes, top row first, for the CPU (a UI atlas copies sprite frames with them): the bytes given,
   * or a decoded image read once through a 2D canvas (exact for opaque and fully transparent texels; a half-transparent
   * texel's colour may round, the canvas keeping colour premultiplied).
   */
  texels(): Uint8Array {
    const source = this._source;
    if (source instanceof Uint8Array) return source;
    if (this.read?.version !== this.version)
      this.read = { version: this.version, bytes: imagePixels(source) };
    return this.read.bytes;
  }

  /** Replaces every texel (the same size); a GPU copy follows before its next use. */
  write(source: Uint8Array | ImageBitmap): this {
    this._source = this.checked(source);
    this.version++;
    return this;
  }

  private checked(source: Uint8Array | ImageBitmap): Uint8Array | ImageBitmap {
    const expected = this.width * this.height * 4;
    if (source instanceof Uint8Array) {
      if (source.byteLength !== expected)
        throw new RangeError(
          `Texture "${this.label}": ${source.byteLength} bytes for ${this.width}×${this.height} RGBA8 ` +
            `(${expected} expected).`,
        );
    } else if (source.width !== this.width || source.height !== this.height) {
      throw new RangeError(
        `Texture "${this.label}": an image of ${source.width}×${source.height} for a ${this.width}×${this.height} texture.`,
      );
    }
    return source;
  }
}

const WRAP_MODES: readonly string[] = ['clamp', 'repeat', 'mirror'];

/** Whether a value is a `TextureWrap`: one mode, or two separated by a space. */
function isWrap(wrap: unknown): boolean {
  if (typeof wrap !== 'string') return false;
  const modes = wrap.split(' ');
  return modes.length <= 2 && modes.every((mode) => WRAP_MODES.includes(mode));
}
