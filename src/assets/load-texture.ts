import { Texture, type TextureOptions } from '../scene/texture';

/**
 * Where an image comes from: a URL (relative to the page), an encoded file already in memory, a decoded image, or an
 * `<img>` element (decoded when it has not been yet).
 */
export type ImageSource = string | URL | Blob | ImageBitmap | HTMLImageElement;

/**
 * Loads an image (PNG, WebP, JPEG, GIF: whatever the browser decodes) into a `Texture`, its texels exactly as stored:
 * no premultiplied alpha, no colour-space conversion, so a palette index colour stays its value. Rejects with the URL
 * and the HTTP status when the fetch fails, and with the file's name when it does not decode.
 */
export async function loadTexture(source: ImageSource, options: TextureOptions = {}): Promise<Texture> {
  const label = options.label ?? describe(source);
  const image = await loadImage(source, label);
  return Texture.fromImage(image, { ...options, label });
}

/**
 * The decoded image of a URL or file, straight alpha, as stored (what `loadTexture` and sprite sheets read). Decoded by
 * `createImageBitmap`, else (what it refuses and an `<img>` shows: an SVG, a file some browser's bitmap decoder lacks)
 * through an image element; an error names the file and what each way said.
 */
export async function loadImage(source: ImageSource, label = describe(source)): Promise<ImageBitmap> {
  if (source instanceof ImageBitmap) return source;
  if (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement) {
    try {
      await source.decode();
      return await createImageBitmap(source, AS_STORED);
    } catch (error) {
      throw new Error(`loadTexture: the <img> "${label}" does not decode (${(error as Error).message}).`, {
        cause: error,
      });
    }
  }
  const blob = source instanceof Blob ? source : await fetchBlob(source as string | URL);
  const tries: string[] = [];
  try {
    return await createImageBitmap(blob, AS_STORED);
  } catch (error) {
    tries.push(`createImageBitmap: ${(error as Error).message}`);
  }
  try {
    return await viaImageElement(blob);
  } catch (error) {
    tries.push(`<img>: ${(error as Error).message}`);
  }
  throw new Error(
    `loadTexture: "${label}" (${blob.type || 'no type'}, ${blob.size} bytes) is not an image the browser can ` +
      `decode (${tries.join('; ')}); give a PNG, WebP, JPEG or GIF.`,
  );
}

/** Texels as the file stores them: no premultiplied alpha, no colour-space conversion. */
const AS_STORED: ImageBitmapOptions = { premultiplyAlpha: 'none', colorSpaceConversion: 'none' };

/** The blob decoded by an image element (where there is a document), then made a bitmap as stored. */
async function viaImageElement(blob: Blob): Promise<ImageBitmap> {
  if (typeof Image === 'undefined') throw new Error('no image element here (a worker)');
  const url = URL.createObjectURL(blob);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return await createImageBitmap(image, AS_STORED);
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** The body of a URL; a failed request or an HTTP error status rejects naming the URL. */
export async function fetchBlob(url: string | URL): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    throw new Error(`Could not fetch "${String(url)}": ${(error as Error).message}.`, { cause: error });
  }
  if (!response.ok)
    throw new Error(
      `Fetching "${String(url)}" answered ${[response.status, response.statusText].join(' ').trim()}.`,
    );
  return response.blob();
}

function describe(source: ImageSource): string {
  if (typeof source === 'string') return source;
  if (source instanceof URL) return source.href;
  if (source instanceof File) return source.name;
  if (typeof HTMLImageElement !== 'undefined' && source instanceof HTMLImageElement)
    return source.src || 'img';
  return source instanceof Blob ? 'image blob' : 'image';
}
