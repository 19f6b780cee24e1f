import { describe, expect, it } from 'vitest';
import { compileWgsl, WgslCompileError } from './compile-wgsl';
import { requestGpu } from './request-gpu';

describe('WGSL on the real device', () => {
  it('reports a broken shader with its line', async () => {
    const { device } = await requestGpu();
    const broken = 'fn ok() {}\nfn bad() -> f32 { return vec2<f32>(1.0); }\n';
    const error = await compileWgsl(device, broken, 'broken.wgsl').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WgslCompileError);
    expect((error as Error).message).toMatch(/broken\.wgsl:2:\d+ .*\n\s+fn bad\(\)/);
    device.destroy();
  });
});
