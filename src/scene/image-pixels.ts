/**
 * An image's RGBA8 texels, top row first, read through a 2D canvas: exact for opaque and fully transparent texels
 * (pixel art's), while a 2D canvas keeps colour premultiplied, so a half-transparent texel's colour may round.
 */
export function imagePixels(image: ImageBitmap): Uint8Array {
  const canvas = new OffscreenCanvas(image.width, image.height);
  const context = canvas.getContext('2d', { colorSpace: 'srgb', willReadFrequently: true })!;
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height, { colorSpace: 'srgb' }).data;
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
