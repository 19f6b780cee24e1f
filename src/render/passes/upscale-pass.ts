import wgsl from '../../../wgsl/passes/upscale.wgsl?raw';
import glsl from '../../../wgsl/passes/upscale.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl } from '../../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import type { Device, RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

const MODE_CODES = { integer: 0, nearest: 0, bilinear: 1, 'sharp-bilinear': 2 } as const;

/**
 * Scales the native image into the frame rectangle of the canvas (`settings.rect`), black outside it; with a margin
 * (`pad` texels around the image, a pixel-stable camera's) it reads `settings.shift` device pixels away.
 */
export class UpscalePass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'upscale';
  readonly reads: string[];
  readonly writes: ResourceDecl[] = [
    { name: 'upscaled', format: 'rgba8unorm', size: { relativeTo: 'canvas' } },
  ];
  private readonly rect;
  private readonly mode;
  private readonly shift;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    pad: number,
  ) {
    this.reads = [input];
    this.rect = program.field('rect');
    this.mode = program.field('mode');
    this.shift = program.field('shift');
    program.set(program.field('pad'), pad);
  }

  static async create(device: Device, settings: ChainSettings, input: string, pad = 0): Promise<UpscalePass> {
    return new UpscalePass(
      await FullscreenProgram.create(device, { label: 'upscale', wgsl, glsl }, 'rgba8unorm', 'linear'),
      settings,
      input,
      pad,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const r = this.settings.rect;
    this.program.set(this.rect, [r.x, r.y, r.width, r.height]);
    this.program.set(this.mode, MODE_CODES[this.settings.upscale]);
    this.program.set(this.shift, this.settings.shift);
    this.program.draw(frame, io, io.output('upscaled'), [io.input(this.input)]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
