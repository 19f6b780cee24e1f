import code from '../../wgsl/passes/ui.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import { structLayout } from '../gpu/struct-layout';
import { StructBuffer, StructWriter } from '../gpu/struct-writer';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { Node } from '../scene/node';
import { PIXEL_FONT } from '../scene/pixel-font';
import type { AtlasFrame, UiAtlas } from '../scene/ui-atlas';
import { UiElement, UiRect, UiSprite, UiText } from '../scene/ui-element';
import { updateWorldMatrices } from '../scene/update-world-matrices';
import type { GpuFrame } from './gpu-frame';
import { viewOf } from './view-of';

const SCREEN = structLayout(code, 'Screen', 'uniform');
const SCREEN_SIZE = new StructWriter(SCREEN).field('size');
const FLOATS_PER_INSTANCE = 17; // axisX 2, axisY 2, origin 2, size 2, frame 4, color 4, textured 1

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
  private instances = new Float32Array(FLOATS_PER_INSTANCE * 256);
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
    SCREEN_SIZE.write(this.screenData, 0, [width, height]);
    this.device.queue.writeBuffer(this.screen, 0, this.screenData.bytes);
    const count = this.pack();
    const bytes = count * FLOATS_PER_INSTANCE * 4;
    if (count > 0) this.device.queue.writeBuffer(this.instanceBuffer, 0, this.instances.buffer, 0, bytes);
    // The UI draws over a copy of the world, so the world's own target stays intact for whoever else reads it.
    frame.encoder.copyTextureToTexture(
      { texture: io.input(this.input) },
      { texture: io.output('composed') },
      [width, height],
    );
    const timestampWrites = frame.timer?.timestampWrites('ui');
    const pass = frame.encoder.beginRenderPass({
      label: 'ui',
      colorAttachments: [{ view: viewOf(io.output('composed')), loadOp: 'load', storeOp: 'store' }],
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

  /** Writes one instance per visible rect, sprite and glyph, in tree order (later draws over earlier). */
  private pack(): number {
    updateWorldMatrices(this.root);
    this.count = 0;
    this.packNode(this.root);
    return this.count;
  }

  private count = 0;

  /** Depth-first; a hidden element hides its children. Allocates nothing per frame. */
  private packNode(node: Node): void {
    if (node instanceof UiElement) {
      if (!node.visible) return;
      if (node instanceof UiRect) this.push(node, 0, 0, node.width, node.height, null);
      else if (node instanceof UiSprite) {
        const f = this.atlas.sprite(node.sprite);
        this.push(node, 0, 0, f.width, f.height, f);
      } else if (node instanceof UiText) {
        let column = 0;
        let row = 0;
        for (let k = 0; k < node.text.length; k++) {
          const char = node.text.charAt(k);
          if (char === '\n') {
            row++;
            column = 0;
            continue;
          }
          if (char !== ' ') {
            const f = this.atlas.glyph(char);
            this.push(node, column * PIXEL_FONT.advance, row * PIXEL_FONT.lineHeight, f.width, f.height, f);
          }
          column++;
        }
      }
    }
    const children = node.children;
    for (let i = 0; i < children.length; i++) this.packNode(children[i]!);
  }

  /** One quad: point q of the w×h quad maps to M · Skew · (q + (x, y) − pivot); a frame makes it textured. */
  private push(e: UiElement, x: number, y: number, w: number, h: number, frame: AtlasFrame | null): void {
    if ((this.count + 1) * FLOATS_PER_INSTANCE > this.instances.length) this.grow();
    const m = e.worldMatrix;
    const tx = Math.tan(e.skew[0]);
    const ty = Math.tan(e.skew[1]);
    const axX = m[0]! + ty * m[4]!;
    const axY = m[1]! + ty * m[5]!;
    const ayX = tx * m[0]! + m[4]!;
    const ayY = tx * m[1]! + m[5]!;
    const ox = x - e.pivot[0];
    const oy = y - e.pivot[1];
    const d = this.instances;
    const o = this.count * FLOATS_PER_INSTANCE;
    d[o] = axX;
    d[o + 1] = axY;
    d[o + 2] = ayX;
    d[o + 3] = ayY;
    d[o + 4] = m[12]! + axX * ox + ayX * oy;
    d[o + 5] = m[13]! + axY * ox + ayY * oy;
    d[o + 6] = w;
    d[o + 7] = h;
    d[o + 8] = frame?.x ?? 0;
    d[o + 9] = frame?.y ?? 0;
    d[o + 10] = frame?.width ?? 0;
    d[o + 11] = frame?.height ?? 0;
    d.set(e.color, o + 12);
    d[o + 16] = frame ? 1 : 0;
    this.count++;
  }

  private grow(): void {
    const bigger = new Float32Array(this.instances.length * 2);
    bigger.set(this.instances);
    this.instances = bigger;
    this.instanceBuffer.destroy();
    this.instanceBuffer = this.makeInstanceBuffer();
  }

  private makeInstanceBuffer(): GPUBuffer {
    return this.device.createBuffer({
      label: 'ui instances',
      size: this.instances.byteLength,
      usage: GPUBufferUsage.VERTEX | GPUBufferUsage.COPY_DST,
    });
  }
}
