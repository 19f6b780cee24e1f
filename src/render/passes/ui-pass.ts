import wgsl from '../../../wgsl/passes/ui.wgsl?raw';
import glsl from '../../../wgsl/passes/ui.glsl?raw';
import type {
  Bindings,
  Device,
  DeviceBuffer,
  DeviceTexture,
  Pipeline,
  RenderTarget,
} from '../../device/device';
import { structLayout } from '../../layout/struct-layout';
import { StructBuffer, StructWriter } from '../../layout/struct-writer';
import type { PassIO } from '../../graph/render-graph';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import type { FrameContext } from '../frame-context';
import { definePass, type PassRunner } from './pass-descriptor';
import { FLOATS_PER_INSTANCE, UiPacker } from './ui-packer';

const SCREEN = structLayout(wgsl, 'Screen', 'uniform');
const SCREEN_WRITER = new StructWriter(SCREEN);
const SCREEN_SIZE = SCREEN_WRITER.field('size');
const SCREEN_OFFSET = SCREEN_WRITER.field('offset');
const SCREEN_SCALE = SCREEN_WRITER.field('scale');
const SCREEN_BYTES = Math.ceil(SCREEN.size / 16) * 16;

/**
 * Where the UI goes in the chain: over the world's native image (`native`: it is then blurred, graded and upscaled
 * with it), or over the upscaled image in the frame rectangle (`canvas`: a pixel-stable camera's sub-texel shift
 * moves the world only, so the UI stays put; each UI pixel is a block of device pixels, as if upscaled).
 */
export type UiPlacement = 'native' | 'canvas';
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

const shader = { label: 'ui', wgsl, glsl };

/**
 * The UI layer in the chain: over the world's native image (blurred, graded and upscaled with it), or with a
 * pixel-stable camera over the upscaled image in the frame rectangle, where the camera's sub-texel shift does not
 * move it.
 */
export const uiPass = definePass({
  name: 'ui',
  summary:
    'Draws the UI layer (rects, sprites, text from one atlas) over the image, whole pixel for whole pixel.',
  on: true,
  runs: 'canvas',
  reads: ['chain'],
  writes: [{ name: 'composed', format: 'rgba8unorm', size: 'input' }],
  settings: {},
  shaders: [shader],
  applies: (options) => options.ui !== undefined,
  create(kit) {
    const { ui, frame } = kit;
    if (!ui) throw new Error('The ui pass needs a UI layer: give the renderer ui: { root, atlas }.');
    // Where the canvas-placed UI's native pixels land: the frame rectangle's corner, its size over the native size.
    const where: UiWhere = { offset: [0, 0], scale: [1, 1] };
    const place = () => {
      const { rect, native } = frame;
      [where.offset[0], where.offset[1]] = [rect.x, rect.y];
      [where.scale[0], where.scale[1]] = [rect.width / native[0], rect.height / native[1]];
      return where;
    };
    return UiPass.create(kit.device, ui.root, ui.atlas, kit.chain, ui.stage, place);
  },
});

/**
 * Draws the UI layer (its own scene root of `UiElement`s, so the world camera never touches it) over an image at
 * native resolution: one alpha-blended instanced draw of rects, sprites and glyphs from one atlas, pixel-exact for
 * whole-pixel positions. Written once over the device layer.
 */
export class UiPass implements PassRunner {
  /** Of the last frame. */
  readonly counters = { instances: 0, drawCalls: 0, bytesUploaded: 0 };
  private readonly packer: UiPacker;
  private instances: DeviceBuffer;
  private readonly screen: DeviceBuffer;
  private readonly screenData = new StructBuffer(new ArrayBuffer(SCREEN_BYTES));
  private readonly bindings: Bindings;
  /** Held (not only bound) so `destroy()` can free it and its count stays exact. */
  private readonly atlasTexture: DeviceTexture;

  private constructor(
    private readonly device: Device,
    private readonly pipeline: Pipeline,
    readonly root: Node,
    readonly atlas: UiAtlas,
    readonly input: string,
    readonly placement: UiPlacement,
    /** Where native pixel (0, 0) lands and the size of a native pixel there, this frame (canvas placement). */
    private readonly where: () => UiWhere,
  ) {
    this.packer = new UiPacker(root, atlas);
    this.instances = this.makeInstanceBuffer();
    this.screen = device.createBuffer({ label: 'ui screen', size: SCREEN_BYTES, usage: 'uniform' });
    this.atlasTexture = device.createTexture({
      label: 'ui atlas',
      format: 'rgba8unorm',
      width: atlas.width,
      height: atlas.height,
      pixels: atlas.pixels,
    });
    this.bindings = device.createBindings(pipeline, 0, { screen: this.screen, atlas: this.atlasTexture });
  }

  /**
   * `input` is the image the UI is drawn over (a copy of it: the input stays intact): the world's native image, or
   * with `placement` `canvas` the upscaled one, native pixel p then drawn at `where().offset + p · where().scale`
   * (the frame rectangle's corner, and its size over the native size).
   */
  static async create(
    device: Device,
    root: Node,
    atlas: UiAtlas,
    input: string,
    placement: UiPlacement = 'native',
    where: () => UiWhere = () => AT_NATIVE,
  ): Promise<UiPass> {
    const pipeline = await device.createPipeline({
      shader,
      format: 'rgba8unorm',
      blend: 'alpha',
      vertexBuffers: [{ stride: FLOATS_PER_INSTANCE * 4, step: 'instance', attributes: ATTRIBUTES }],
    });
    return new UiPass(device, pipeline, root, atlas, input, placement, where);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const [width, height] = io.size('composed');
    const composed = io.output('composed') as DeviceTexture;
    frame.device.copyTexture(io.input(this.input) as DeviceTexture, composed, width, height);
    const { offset, scale } = this.placement === 'native' ? AT_NATIVE : this.where();
    this.draw(composed, null, true, offset, scale);
  }

  /**
   * Draws the UI layer alone over `background` into `target` at its size: the image of a headset's diegetic panel
   * (`world.textures.panel`). Counted like a frame of the pass.
   */
  renderPanel(target: DeviceTexture, background: ArrayLike<number>): void {
    this.draw(target, background, false);
  }

  private draw(
    target: RenderTarget,
    clearColor: ArrayLike<number> | null,
    timed: boolean,
    offset: readonly [number, number] = [0, 0],
    scale: readonly [number, number] = [1, 1],
  ): void {
    SCREEN_SIZE.write(this.screenData, 0, [target.width, target.height]);
    SCREEN_OFFSET.write(this.screenData, 0, offset);
    SCREEN_SCALE.write(this.screenData, 0, scale);
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
    this.bindings.destroy();
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

/** Where the UI's native pixels land in its target: the corner of native pixel (0, 0), and a native pixel's size. */
export interface UiWhere {
  offset: [number, number];
  scale: [number, number];
}

const AT_NATIVE: UiWhere = { offset: [0, 0], scale: [1, 1] };
