import code from '../../wgsl/passes/present.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import { structLayout } from '../gpu/struct-layout';
import { StructBuffer, StructWriter } from '../gpu/struct-writer';
import type { PassDecl, PassIO } from '../graph/render-graph';
import type { GpuFrame } from './gpu-frame';

const PRESENT = structLayout(code, 'Present', 'uniform');
const TARGET_SIZE = new StructWriter(PRESENT).field('targetSize');

/** Copies the graph's final image to the canvas (nearest texel, stretched): the last pass of every frame. */
export class PresentPass implements PassDecl<GpuFrame, GPUTexture> {
  readonly name = 'present';
  readonly reads: { name: string }[];
  readonly writes = ['canvas'];
  private readonly uniform: GPUBuffer;
  private readonly data = new StructBuffer(new ArrayBuffer(Math.ceil(PRESENT.size / 16) * 16));
  private readonly groups = new WeakMap<GPUTexture, GPUBindGroup>();
  private targetWidth = 0;
  private targetHeight = 0;

  private constructor(
    private readonly device: GPUDevice,
    private readonly pipeline: GPURenderPipeline,
    readonly input: string,
  ) {
    this.reads = [{ name: input }];
    this.uniform = device.createBuffer({
      label: 'present',
      size: this.data.bytes.byteLength,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
  }

  /** `input` is the resource to show (e.g. `scene`); `format` is the canvas' format. */
  static async create(device: GPUDevice, input: string, format: GPUTextureFormat): Promise<PresentPass> {
    const module = await compileWgsl(device, code, 'passes/present.wgsl');
    const pipeline = await device.createRenderPipelineAsync({
      label: 'present',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
    });
    return new PresentPass(device, pipeline, input);
  }

  execute(frame: GpuFrame, io: PassIO<GPUTexture>): void {
    const target = io.output('canvas');
    if (target.width !== this.targetWidth || target.height !== this.targetHeight) {
      this.targetWidth = target.width;
      this.targetHeight = target.height;
      TARGET_SIZE.write(this.data, 0, [target.width, target.height]);
      this.device.queue.writeBuffer(this.uniform, 0, this.data.bytes);
    }
    const source = io.input(this.input);
    let group = this.groups.get(source);
    if (!group) {
      group = this.device.createBindGroup({
        label: `present ${source.label}`,
        layout: this.pipeline.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: source.createView() },
          { binding: 1, resource: { buffer: this.uniform } },
        ],
      });
      this.groups.set(source, group);
    }
    const timestampWrites = frame.timer?.timestampWrites('present');
    const pass = frame.encoder.beginRenderPass({
      label: 'present',
      colorAttachments: [
        { view: target.createView(), loadOp: 'clear', clearValue: [0, 0, 0, 1], storeOp: 'store' },
      ],
      ...(timestampWrites ? { timestampWrites } : {}),
    });
    pass.setPipeline(this.pipeline);
    pass.setBindGroup(0, group);
    pass.draw(3);
    pass.end();
  }

  destroy(): void {
    this.uniform.destroy();
  }
}
