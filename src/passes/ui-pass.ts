import code from '../../wgsl/passes/ui.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import { structLayout } from '../gpu/struct-layout';
import { StructBuffer, StructWriter } from '../gpu/struct-writer';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { Node } from '../scene/node';
import type { UiAtlas } from '../scene/ui-atlas';
import type { GpuFrame } from './gpu-frame';
import { FLOATS_PER_INSTANCE, UiPacker } from './ui-packer';
import { viewOf } from './view-of';

const SCREEN = structLayout(code, 'Screen', 'uniform');
const SCREEN_SIZE = new StructWriter(SCREEN).field('size');

/**
 * Draws the UI layer (its own scene root of `UiElement`s, so the world camera never touches it) over the world at
 * native resolution: one alpha-blended instanced draw of rects, sprites and glyphs from one atlas, pixel-exact for
 * whole-pixel positions.
 */
export class UiPass implements PassDecl<GpuFrame, GPUTexture> {
  readonly name = 'ui';
  readonly reads: string[];
  readonly writes: ResourceDecl[] = [
    { name: 'composed', format: 'rgba8unorm', size: { relativeTo: 'native' } },
  ];
  readonly bypass: Record<string, string>;
  /** Of the last frame. */
  readonly counters = { instances: 0, drawCalls: 0, bytesUploaded: 0 };
  private readonly packer: UiPacker;
  private instanceBuffer: GPUBuffer;
  private readonly screen: GPUBuffer;
  private readonly screenData = new StructBuffer(new ArrayBuffer(16));
  private readonly group: GPUBindGroup;

  private constructor(
    private readonly device: GPUDevice,
    private readonly pipeline: GPURenderPipeline,
    readonly root: Node,
    readonly atlas: UiAtlas,
    /** Held (not only its view) so `destroy()` can free it and its count stays exact. */
    private readonly atlasTexture: GPUTexture,
    readonly input: string,
  ) {
    this.reads = [input];
    this.bypass = { composed: input };
    this.packer = new UiPacker(root, atlas);
    this.instanceBuffer = this.makeInstanceBuffer();
    this.screen = device.createBuffer({
      label: 'ui screen',
      size: 16,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    this.group = device.createBindGroup({
      label: 'ui',
      layout: pipeline.getBindGroupLayout(0),
      entries: [
        { binding: 0, resource: { buffer: this.screen } },
        { binding: 1, resource: atlasTexture.createView() },
      ],
    });
  }

  static async create(device: GPUDevice, root: Node, atlas: UiAtlas, input: string): Promise<UiPass> {
    const module = await compileWgsl(device, code, 'passes/ui.wgsl');
    const attribute = (
      shaderLocation: number,
      offset: number,
      format: GPUVertexFormat,
    ): GPUVertexAttribute => ({ shaderLocation, offset: offset * 4, format });
    const pipeline = await device.createRenderPipelineAsync({
      label: 'ui',
      layout: 'auto',
      vertex: {
        module,
        entryPoint: 'vs',
        buffers: [
          {
            arrayStride: FLOATS_PER_INSTANCE * 4,
            stepMode: 'instance',
            attributes: [
              attribute(0, 0, 'float32x2'),
              attribute(1, 2, 'float32x2'),
              attribute(2, 4, 'float32x2'),
              attribute(3, 6, 'float32x2'),
              attribute(4, 8, 'float32x4'),
              attribute(5, 12, 'float32x4'),
              attribute(6, 16, 'float32'),
            ],
          },
        ],
      },
      fragment: {
        module,
        entryPoint: 'fs',
        targets: [
          {
            format: 'rgba8unorm',
            blend: {
              color: { srcFactor: 'src-alpha', dstFactor: 'one-minus-src-alpha' },
              alpha: { srcFactor: 'one', dstFactor: 'one-minus-src-alpha' },
            },
          },
        ],
      },
      primitive: { topology: 'triangle-list' },
    });
    const texture = device.createTexture({
      label: 'ui atlas',
      size: [atlas.width, atlas.height],
      format: 'rgba8unorm',
      usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST,
    });
    device.queue.writeTexture({ texture }, atlas.pixels, { bytesPerRow: atlas.width * 4 }, [
      atlas.width,
      atlas.height,
    ]);
    return new UiPass(device, pipeline, root, atlas, texture, input);
  }

  execute(frame: GpuFrame, io: PassIO<GPUTexture>): void {
    const [width, height] = io.size('composed');
    // The UI draws over a copy of the world, so the world's own target stays intact for whoever else reads it.
    frame.encoder.copyTextureToTexture(
      { texture: io.input(this.input) },
      { texture: io.output('composed') },
      [width, height],
    );
    const timestampWrites = frame.timer?.timestampWrites('ui');
    this.draw(frame.encoder, io.output('composed'), { loadOp: 'load', storeOp: 'store' }, timestampWrites);
  }

  /**
   * Draws the UI layer alone over `background` into `target` at its size: the image of a headset's diegetic panel
   * (`world.panelTexture`). Counted like a frame of the pass.
   */
  renderPanel(encoder: GPUCommandEncoder, target: GPUTexture, background: GPUColor): void {
    this.draw(encoder, target, { loadOp: 'clear', clearValue: background, storeOp: 'store' });
  }

  private draw(
    encoder: GPUCommandEncoder,
    target: GPUTexture,
    ops: Omit<GPURenderPassColorAttachment, 'view'>,
    timestampWrites?: GPURenderPassTimestampWrites,
  ): void {
    SCREEN_SIZE.write(this.screenData, 0, [target.width, target.height]);
    this.device.queue.writeBuffer(this.screen, 0, this.screenData.bytes);
    const count = this.packer.pack();
    const bytes = count * FLOATS_PER_INSTANCE * 4;
    const instances = this.packer.instances;
    if (instances.byteLength > this.instanceBuffer.size) {
      this.instanceBuffer.destroy(); // the packer grew: a buffer to match
      this.instanceBuffer = this.makeInstanceBuffer();
    }
    if (count > 0) this.device.queue.writeBuffer(this.instanceBuffer, 0, instances.buffer, 0, bytes);
    const pass = encoder.beginRenderPass({
      label: 'ui',
      colorAttachments: [{ view: viewOf(target), ...ops }],
      ...(timestampWrites ? { timestampWrites } : {}),
    });
    if (count > 0) {
      pass.setPipeline(this.pipeline);
      pass.setBindGroup(0, this.group);
      pass.setVertexBuffer(0, this.instanceBuffer, 0, bytes);
      pass.draw(6, count);
    }
    pass.end();
    this.counters.instances = count;
    this.counters.drawCalls = count > 0 ? 1 : 0;
    this.counters.bytesUploaded = bytes + 16;
  }

  destroy(): void {
    this.instanceBuffer.destroy();
    this.screen.destroy();
    this.atlasTexture.destroy();
  }

  private makeInstanceBuffer(): GPUBuffer {
    return this.device.createBuffer({
      label: 'ui instances',
      size: this.packer.instances.byteLength,
      usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST,
    });
  }
}
