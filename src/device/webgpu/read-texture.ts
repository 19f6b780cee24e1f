/**
 * Copies a 2D texture (8-bit RGBA or BGRA, or any 4-byte format) back to the CPU as tightly packed rows: how tests and
 * tools check what the GPU drew. Submits its own copy; call it right after the frame's submit. `layer` picks one layer
 * of an array texture (an XR projection layer holds an eye per layer), `level` a mip level.
 */
export async function readTexture(
  device: GPUDevice,
  texture: GPUTexture,
  layer = 0,
  level = 0,
): Promise<Uint8Array> {
  const [width, height] = [Math.max(1, texture.width >> level), Math.max(1, texture.height >> level)];
  const bytesPerRow = Math.ceil((width * 4) / 256) * 256; // copies need rows aligned to 256 bytes
  const buffer = device.createBuffer({
    size: bytesPerRow * height,
    usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
  });
  const encoder = device.createCommandEncoder({ label: 'readTexture' });
  encoder.copyTextureToBuffer({ texture, origin: [0, 0, layer], mipLevel: level }, { buffer, bytesPerRow }, [
    width,
    height,
  ]);
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const padded = new Uint8Array(buffer.getMappedRange());
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++)
    pixels.set(padded.subarray(y * bytesPerRow, y * bytesPerRow + width * 4), y * width * 4);
  buffer.unmap();
  buffer.destroy();
  return pixels;
}

/** The RGBA bytes of texel (x, y) in rows read by `readTexture`, as a plain array for comparisons. */
export function pixelAt(pixels: Uint8Array, width: number, x: number, y: number): number[] {
  return [...pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4)];
}
