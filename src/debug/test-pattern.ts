import wgsl from '../../wgsl/debug/test-pattern.wgsl?raw';
import glsl from '../../wgsl/debug/test-pattern.glsl?raw';
import type { Device, Pipeline, RenderTarget, TextureFormat } from '../device/device';

/** The test pattern's shader pair, exported for the compile tests. */
export const TEST_PATTERN = { label: 'test-pattern', wgsl, glsl } as const;

/**
 * Draws a known image (a clear colour and an RGB triangle) into a colour target, on either backend: the smallest proof
 * that a device and a target work.
 */
export class TestPattern {
  private constructor(private readonly pipeline: Pipeline) {}

  /** Builds the pipeline for targets of `format`; shader errors surface here with their lines. */
  static async create(device: Device, format: TextureFormat): Promise<TestPattern> {
    return new TestPattern(await device.createPipeline({ shader: TEST_PATTERN, format }));
  }

  /** Clears `target` to `clearColor` (RGBA) and draws the triangle over it. */
  draw(device: Device, target: RenderTarget, clearColor: ArrayLike<number>): void {
    const pass = device.beginPass({ label: 'test-pattern', color: target, clearColor, timed: true });
    pass.setPipeline(this.pipeline);
    pass.draw(3);
    pass.end();
  }
}
