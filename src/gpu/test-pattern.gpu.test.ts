import { describe, expect, it } from 'vitest';
import { requestGpu } from './request-gpu';
import { TestPattern, TEST_PATTERN_WGSL } from './test-pattern';
import { compileWgsl, WgslCompileError } from './compile-wgsl';
import { pixelAt } from './read-texture';

describe('WGSL on the real device', () => {
  it('compiles test-pattern.wgsl with no errors', async () => {
    const { device } = await requestGpu();
    const info = await device.createShaderModule({ code: TEST_PATTERN_WGSL }).getCompilationInfo();
    expect(info.messages.filter((m) => m.type === 'error')).toEqual([]);
    device.destroy();
  });

  it('reports a broken shader with its line', async () => {
    const { device } = await requestGpu();
    const broken = 'fn ok() {}\nfn bad() -> f32 { return vec2<f32>(1.0); }\n';
    const error = await compileWgsl(device, broken, 'broken.wgsl').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WgslCompileError);
    expect((error as Error).message).toMatch(/broken\.wgsl:2:\d+ .*\n\s+fn bad\(\)/);
    device.destroy();
  });

  it('draws the clear colour and the triangle into a texture, read back', async () => {
    const { device } = await requestGpu();
    const size = 64;
    const texture = device.createTexture({
      size: [size, size],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
    });
    const pattern = await TestPattern.create(device, 'rgba8unorm');
    const readback = device.createBuffer({
      size: size * size * 4,
      usage: GPUBufferUsage.COPY_DST | GPUBufferUsage.MAP_READ,
    });
    const encoder = device.createCommandEncoder();
    pattern.encode(encoder, texture.createView(), { r: 0, g: 0, b: 1, a: 1 });
    encoder.copyTextureToBuffer({ texture }, { buffer: readback, bytesPerRow: size * 4 }, [size, size]);
    device.queue.submit([encoder.finish()]);
    await readback.mapAsync(GPUMapMode.READ);
    const pixels = new Uint8Array(readback.getMappedRange());
    const at = (x: number, y: number) => pixelAt(pixels, size, x, y);
    expect(at(0, 0)).toEqual([0, 0, 255, 255]); // corner: clear colour
    const centre = at(size / 2, size / 2); // inside the triangle: a blend of the three corner colours
    expect(centre[3]).toBe(255);
    expect(centre[0]! + centre[1]! + centre[2]!).toBeGreaterThan(200);
    expect(centre).not.toEqual([0, 0, 255, 255]);
    device.destroy();
  });
});
