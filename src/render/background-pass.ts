import wgsl from '../../wgsl/passes/background.wgsl?raw';
import glsl from '../../wgsl/passes/background.glsl?raw';
import type { PassDecl, PassIO, ReadDecl, ResourceDecl } from '../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import type { Device, RenderTarget } from '../device/device';
import type { FrameContext } from './frame-context';
import { FullscreenProgram } from './fullscreen-program';

const FILL_CODES = { off: 0, solid: 0, pixelated: 1, blurred: 2 } as const;

/** Fills the letterbox bars (solid, or a darkened pixelated or blurred copy of the frame); never touches the frame. */
export class BackgroundPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'background';
  readonly reads: ReadDecl[];
  readonly writes: ResourceDecl[] = [
    { name: 'framed', format: 'rgba8unorm', size: { relativeTo: 'canvas' } },
  ];
  readonly bypass: Record<string, string>;
  private readonly fields;

  private constructor(
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
    this.program.draw(frame, io, io.output('framed'), [io.input(this.framed), io.input(this.native)]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
