import { imagePixels } from '../scene/image-pixels';
import { Palette } from '../scene/palette';
import { loadImage, type ImageSource } from './load-texture';

/**
 * Loads a palette from a swatch image (PNG or any image the browser decodes): its opaque pixels' distinct colours in
 * reading order, transparent pixels being gaps between swatches (see `Palette.fromImage`). Rejects naming the source
 * when it cannot be fetched or decoded, or holds more than 256 colours.
 */
export async function loadPalette(source: ImageSource, name?: string): Promise<Palette> {
  const label =
    name ?? (typeof source === 'string' ? source : source instanceof URL ? source.href : 'palette image');
  const image = await loadImage(source, label);
  return Palette.fromImage({ width: image.width, height: image.height, data: imagePixels(image) }, label);
}
