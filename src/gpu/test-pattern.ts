import code from '../../wgsl/test-pattern.wgsl?raw';
import { compileWgsl } from './compile-wgsl';

/** The test pattern's shader source, exported for the compile test. */
export const TEST_PATTERN_WGSL: string = code;

/** Draws a known image (a clear colour and an RGB triangle) into any colour target: the smallest proof a target works. */
export class TestPattern {
  private constructor(private readonly pipeline: GPURenderPipeline) {}

  /** Builds the pipeline for targets of `format`; shader errors surface here with the WGSL line. */
  static async create(device: GPUDevice, format: GPUTextureFormat): Promise<TestPattern> {
    const module = await compileWgsl(device, code, 'test-pattern.wgsl');
    const pipeline = await device.createRenderPipelineAsync({
      label: 'test-pattern',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
    });
    return new TestPattern(pipeline);
  }

  /** Records the clear and the triangle into `encoder`, targeting `view`. */
  encode(
    encoder: GPUCommandEncoder,
    view: GPUTextureView,
    clearColor: GPUColor,
    timestampWrites?: GPURenderPassTimestampWrites,
  ): void {
    const pass = encoder.beginRenderPass({
      label: 'test-pattern',
      colorAttachments: [{ view, clearValue: clearColor, loadOp: 'clear', storeOp: 'store' }],
      ...(timestampWrites ? { timestampWrites } : {}),
    });
    pass.setPipeline(this.pipeline);
    pass.draw(3);
    pass.end();
  }
}
