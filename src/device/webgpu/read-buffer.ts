/** Copies a buffer (made with COPY_SRC) back to the CPU, after the work submitted so far; submits its own copy. */
export async function readBuffer(device: GPUDevice, source: GPUBuffer): Promise<Uint8Array> {
  const buffer = device.createBuffer({
    size: source.size,
    usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
  });
  const encoder = device.createCommandEncoder({ label: 'readBuffer' });
  encoder.copyBufferToBuffer(source, 0, buffer, 0, source.size);
  device.queue.submit([encoder.finish()]);
  await buffer.mapAsync(GPUMapMode.READ);
  const bytes = new Uint8Array(buffer.getMappedRange()).slice();
  buffer.unmap();
  buffer.destroy();
  return bytes;
}
