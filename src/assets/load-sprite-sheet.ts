import { SpriteSheet } from '../scene/sprite-sheet';
import type { TextureOptions } from '../scene/texture';
import { fetchBlob, loadTexture } from './load-texture';
import { parseAseprite } from './parse-aseprite';

/**
 * Loads an Aseprite JSON export and the image it names (beside it): a `SpriteSheet` with the frames, tags and slices.
 * Bad JSON, an export without frames, a missing image or one of another size than the JSON says: each rejects naming
 * the file.
 */
export async function loadSpriteSheet(url: string | URL, options: TextureOptions = {}): Promise<SpriteSheet> {
  const file = String(url);
  const text = await (await fetchBlob(url)).text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Aseprite sheet "${file}": not JSON (${(error as Error).message}).`, { cause: error });
  }
  const sheet = parseAseprite(json, file);
  const imageUrl = new URL(sheet.image, new URL(file, globalThis.location?.href));
  const texture = await loadTexture(imageUrl, options);
  if (texture.width !== sheet.width || texture.height !== sheet.height)
    throw new Error(
      `Aseprite sheet "${file}": its image "${sheet.image}" is ${texture.width}×${texture.height}; the JSON says ` +
        `${sheet.width}×${sheet.height} (export them together).`,
    );
  return new SpriteSheet(texture, sheet, file);
}
