import wgsl from '../../../wgsl/passes/background.wgsl?raw';
import glsl from '../../../wgsl/passes/background.glsl?raw';
import type { PassDecl, PassIO, ReadDecl, ResourceDecl } from '../../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import type { Device, DeviceTexture, RenderTarget } from '../../device/device';
import { Texture } from '../../scene/texture';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

const FILL_CODES = {
  off: 0,
  solid: 0,
  pixelated: 1,
  blurred: 2,
  'image-tiled': 3,
  'image-stretched': 4,
} as const;

/** Fills the letterbox bars (solid, or a darkened pixelated or blurred copy of the frame); never touches the frame. */
export class BackgroundPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'background';
  readonly reads: ReadDecl[];
  readonly writes: ResourceDecl[] = [
    { name: 'framed', format: 'rgba8unorm', size: { relativeTo: 'canvas' } },
  ];
  readonly bypass: Record<string, string>;
  private readonly fields;
  /** The bar image on the device, and what it was made from (a texture and its version). */
  private image: DeviceTexture | null = null;
  private imageOf: { texture: Texture | null; version: number } | null = null;

  private constructor(
    private readonly device: Device,
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly native: string,
    readonly framed: string,
  ) {
    // The upscaled image must be canvas-sized: with upscale bypassed there are no bars to fill.
    this.reads = [{ name: framed, size: { relativeTo: 'canvas' } }, { name: native }];
    this.bypass = { framed };
    this.fields = {
      rect: program.field('rect'),
      color: program.field('color'),
      mode: program.field('mode'),
      darken: program.field('darken'),
      scale: program.field('scale'),
    };
  }

  /** Fills the bars of `framed` (the upscaled image, or the UI drawn over it) from the `native` image. */
  static async create(
    device: Device,
    settings: ChainSettings,
    native: string,
    framed = 'upscaled',
  ): Promise<BackgroundPass> {
    return new BackgroundPass(
      device,
      await FullscreenProgram.create(device, { label: 'background', wgsl, glsl }, 'rgba8unorm', 'linear'),
      settings,
      native,
      framed,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const s = this.settings;
    const f = this.fields;
    this.program.set(f.rect, [s.rect.x, s.rect.y, s.rect.width, s.rect.height]);
    this.program.set(f.color, s.barFill === 'off' ? [0, 0, 0, 1] : s.barColor);
    this.program.set(f.mode, FILL_CODES[s.barFill]);
    this.program.set(f.darken, s.barDarken);
    this.program.set(f.scale, s.rect.scale);
    this.program.draw(frame, io, io.output('framed'), [
      io.input(this.framed),
      io.input(this.native),
      this.barImage(s.barImage),
    ]);
  }

  /** The bar image on the device: made again when the texture or its texels change; the built-in pattern without one. */
  private barImage(texture: Texture | null): DeviceTexture {
    const version = texture?.version ?? 0;
    if (this.image && this.imageOf?.texture === texture && this.imageOf.version === version)
      return this.image;
    if (texture && !(texture instanceof Texture))
      throw new Error('settings.barImage: give a Texture (Texture.fromPixels, loadTexture) or null.');
    this.image?.destroy();
    const pattern = texture ? null : barPattern();
    this.image = this.device.createTexture({
      label: 'bar image',
      format: 'rgba8unorm',
      width: texture?.width ?? BAR_PATTERN_SIZE,
      height: texture?.height ?? BAR_PATTERN_SIZE,
      pixels: texture ? texture.texels() : pattern!,
    });
    this.imageOf = { texture, version };
    return this.image;
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.image?.destroy();
    this.image = null;
    this.program.destroy();
  }
}

const BAR_PATTERN_SIZE = 8;

/** The engine's own bar image: an 8×8 pattern of dark diagonal stripes with a lighter stud (RGBA8, top row first). */
function barPattern(): Uint8Array {
  const pixels = new Uint8Array(BAR_PATTERN_SIZE * BAR_PATTERN_SIZE * 4);
  for (let y = 0; y < BAR_PATTERN_SIZE; y++)
    for (let x = 0; x < BAR_PATTERN_SIZE; x++) {
      const stripe = (x + y) % 8 < 3;
      const stud = x === 5 && y === 1;
      const v = stud ? 120 : stripe ? 70 : 40;
      pixels.set([v, v, Math.round(v * 1.3), 255], (y * BAR_PATTERN_SIZE + x) * 4);
    }
  return pixels;
}
