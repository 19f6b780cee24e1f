import { SpriteSheet } from '../scene/sprite-sheet';
import { Texture, type TextureOptions } from '../scene/texture';
import { fetchBlob, loadTexture, type ImageSource } from './load-texture';
import { parseAseprite } from './parse-aseprite';
import { unrotateFrames } from './unrotate-frames';

/** How a sprite sheet is loaded: its texture's options, and optionally its image. */
export interface SpriteSheetOptions extends TextureOptions {
  /**
   * The sheet's image, in place of the one the JSON names (`meta.image`): a URL (relative to the page), an encoded
   * file, a decoded image or an `<img>`, or a texture already loaded. Needed when the export names none, or names it by
   * a path only its author's machine has.
   */
  image?: ImageSource | Texture;
}

/**
 * Loads a sprite sheet's JSON (Aseprite's export, or TexturePacker's hash or array form) and its image: the one given
 * as `options.image`, else the one the JSON names, looked for beside it (a name given as an absolute path on the
 * author's machine, `C:\\art\\hero.png` or `/home/…/hero.png`, by its file name). A `SpriteSheet` with the frames, tags
 * and slices. Bad JSON, an export without frames, no image, or one of another size than the JSON says: each rejects
 * naming the file.
 */
export async function loadSpriteSheet(
  url: string | URL,
  options: SpriteSheetOptions = {},
): Promise<SpriteSheet> {
  const file = String(url);
  const fail = (why: string): never => {
    throw new Error(`Aseprite sheet "${file}": ${why}`);
  };
  const text = await (await fetchBlob(url)).text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Aseprite sheet "${file}": not JSON (${(error as Error).message}).`, { cause: error });
  }
  const sheet = parseAseprite(json, file);
  const { image, ...textureOptions } = options;
  let texture: Texture;
  let named: string;
  if (image instanceof Texture) [texture, named] = [image, image.label];
  else if (image !== undefined) {
    texture = await loadTexture(image, textureOptions);
    named = texture.label;
  } else {
    named =
      sheet.image ?? fail('its JSON names no image (meta.image); give one: loadSpriteSheet(url, { image }).');
    const beside = /^([a-zA-Z]:)?[\\/]/.test(named) ? named.split(/[\\/]/).pop()! : named;
    texture = await loadTexture(new URL(beside, new URL(file, globalThis.location?.href)), textureOptions);
  }
  if (texture.width !== sheet.width || texture.height !== sheet.height)
    fail(
      `its image "${named}" is ${texture.width}×${texture.height}; the JSON says ${sheet.width}×${sheet.height} ` +
        '(export them together).',
    );
  if (sheet.rotated.size > 0) {
    for (const i of sheet.rotated) {
      const f = sheet.frames[i]!;
      if (f.x + f.height > texture.width || f.y + f.width > texture.height)
        fail(
          `frame ${i} is stored rotated at ${f.x}, ${f.y}, taking ${f.height}×${f.width} texels, past the image's ` +
            `${texture.width}×${texture.height}.`,
        );
    }
    const upright = unrotateFrames(
      texture.texels(),
      texture.width,
      texture.height,
      sheet.frames,
      sheet.rotated,
    );
    texture = Texture.fromPixels(upright.width, upright.height, upright.pixels, {
      ...textureOptions,
      label: texture.label,
    });
    return new SpriteSheet(texture, { ...sheet, frames: upright.frames }, file);
  }
  return new SpriteSheet(texture, sheet, file);
}
