import wgsl from '../../wgsl/passes/ui.wgsl?raw';
import glsl from '../../wgsl/passes/ui.glsl?raw';
import type { Bindings, Device, DeviceBuffer, DeviceTexture, Pipeline, RenderTarget } from '../device/device';
import { structLayout } from '../layout/struct-layout';
import { StructBuffer, StructWriter } from '../layout/struct-writer';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { Node } from '../scene/node';
import type { UiAtlas } from '../scene/ui-atlas';
import type { FrameContext } from './frame-context';
import { FLOATS_PER_INSTANCE, UiPacker } from './ui-packer';

const SCREEN = structLayout(wgsl, 'Screen', 'uniform');
const SCREEN_SIZE = new StructWriter(SCREEN).field('size');
/** The instance attributes as ui.wgsl declares them: location, first float, format. */
const ATTRIBUTES = (
  [
    [0, 0, 'float32x2'],
    [1, 2, 'float32x2'],
    [2, 4, 'float32x2'],
    [3, 6, 'float32x2'],
    [4, 8, 'float32x4'],
    [5, 12, 'float32x4'],
    [6, 16, 'float32'],
  ] as const
).map(([location, float, format]) => ({ location, offset: float * 4, format }));

/**
 * Draws the UI layer (its own scene root of `UiElement`s, so the world camera never touches it) over the world at
 * native resolution: one alpha-blended instanced draw of rects, sprites and glyphs from one atlas, pixel-exact for
 * whole-pixel positions. Written once over the device layer.
 */
export class UiPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'ui';
  readonly reads: string[];
  readonly writes: ResourceDecl[] = [
    { name: 'composed', format: 'rgba8unorm', size: { relativeTo: 'native' } },
  ];
  readonly bypass: Record<string, string>;
  /** Of the last frame. */
  readonly counters = { instances: 0, drawCalls: 0, bytesUploaded: 0 };
  private readonly packer: UiPacker;
  private instances: DeviceBuffer;
  private readonly screen: DeviceBuffer;
  private readonly screenData = new StructBuffer(new ArrayBuffer(16));
  private readonly bindings: Bindings;
  /** Held (not only bound) so `destroy()` can free it and its count stays exact. */
  private readonly atlasTexture: DeviceTexture;

  private constructor(
    private readonly device: Device,
    private readonly pipeline: Pipeline,
    readonly root: Node,
    readonly atlas: UiAtlas,
    readonly input: string,
  ) {
    this.reads = [input];
    this.bypass = { composed: input };
    this.packer = new UiPacker(root, atlas);
    this.instances = this.makeInstanceBuffer();
    this.screen = device.createBuffer({ label: 'ui screen', size: 16, usage: 'uniform' });
    this.atlasTexture = device.createTexture({
      label: 'ui atlas',
      format: 'rgba8unorm',
      width: atlas.width,
      height: atlas.height,
      pixels: atlas.pixels,
    });
    this.bindings = device.createBindings(pipeline, 0, { screen: this.screen, atlas: this.atlasTexture });
  }

  /** `input` is the world's image the UI is drawn over (a copy of it: the world's own stays intact). */
  static async create(device: Device, root: Node, atlas: UiAtlas, input: string): Promise<UiPass> {
    const pipeline = await device.createPipeline({
      shader: { label: 'ui', wgsl, glsl },
      format: 'rgba8unorm',
      blend: 'alpha',
      vertexBuffers: [{ stride: FLOATS_PER_INSTANCE * 4, step: 'instance', attributes: ATTRIBUTES }],
    });
    return new UiPass(device, pipeline, root, atlas, input);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const [width, height] = io.size('composed');
    const composed = io.output('composed') as DeviceTexture;
    frame.device.copyTexture(io.input(this.input) as DeviceTexture, composed, width, height);
    this.draw(composed, null, true);
  }

  /**
   * Draws the UI layer alone over `background` into `target` at its size: the image of a headset's diegetic panel
   * (`world.textures.panel`). Counted like a frame of the pass.
   */
  renderPanel(target: DeviceTexture, background: ArrayLike<number>): void {
    this.draw(target, background, false);
  }

  private draw(target: RenderTarget, clearColor: ArrayLike<number> | null, timed: boolean): void {
    SCREEN_SIZE.write(this.screenData, 0, [target.width, target.height]);
    this.screen.write(0, this.screenData.bytes);
    const count = this.packer.pack();
    const bytes = count * FLOATS_PER_INSTANCE * 4;
    const instances = this.packer.instances;
    if (instances.byteLength > this.instances.size) {
      this.instances.destroy(); // the packer grew: a buffer to match
      this.instances = this.makeInstanceBuffer();
    }
    if (count > 0) this.instances.write(0, instances, 0, bytes);
    const pass = this.device.beginPass({
      label: 'ui',
      color: target,
      ...(clearColor ? { clearColor } : {}),
      timed,
    });
    if (count > 0) {
      pass.setPipeline(this.pipeline);
      pass.setBindings(0, this.bindings);
      pass.setVertexBuffer(0, this.instances, bytes);
      pass.draw(6, count);
    }
    pass.end();
    this.counters.instances = count;
    this.counters.drawCalls = count > 0 ? 1 : 0;
    this.counters.bytesUploaded = bytes + 16;
  }

  destroy(): void {
    this.instances.destroy();
    this.screen.destroy();
    this.atlasTexture.destroy();
  }

  private makeInstanceBuffer(): DeviceBuffer {
    return this.device.createBuffer({
      label: 'ui instances',
      size: this.packer.instances.byteLength,
      usage: 'vertex',
    });
  }
}
