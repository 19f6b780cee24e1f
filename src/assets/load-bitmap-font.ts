import { BitmapFont, type FontPage } from '../ui/bitmap-font';
import { imagePixels } from '../scene/image-pixels';
import { fetchBlob, loadImage } from './load-texture';
import { parseBmFont } from './parse-bmfont';

/**
 * Loads a BMFont / AngelCode font (text `.fnt`, XML or JSON: see `parseBmFont`) and its page images (beside it) into a
 * `BitmapFont`, ready to be given
 * to a `UiAtlas` and used by `UiText`. A missing or unreadable file, a page that is not there, does not decode or is
 * not the size the font says: each rejects naming the file and the problem.
 */
export async function loadBitmapFont(url: string | URL): Promise<BitmapFont> {
  const file = String(url);
  const data = parseBmFont(await (await fetchBlob(url)).text(), file);
  const base = new URL(file, globalThis.location?.href);
  const pages = await Promise.all(
    data.pageFiles.map(async (page): Promise<FontPage> => {
      let loaded: { url: string; image: ImageBitmap; pixels: Uint8Array };
      try {
        const url = new URL(page, base).href;
        const image = await loadImage(url);
        loaded = { url, image, pixels: imagePixels(image) };
      } catch (error) {
        throw new Error(`Bitmap font "${file}": its page "${page}": ${(error as Error).message}`, {
          cause: error,
        });
      }
      const { url, image, pixels } = loaded;
      if (image.width !== data.pageWidth || image.height !== data.pageHeight)
        throw new Error(
          `Bitmap font "${file}": its page "${page}" is ${image.width}×${image.height}; the font says ` +
            `${data.pageWidth}×${data.pageHeight}.`,
        );
      return { file: url, width: image.width, height: image.height, pixels };
    }),
  );
  return new BitmapFont(data, pages);
}
