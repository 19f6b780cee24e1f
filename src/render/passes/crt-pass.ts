import wgsl from '../../../wgsl/passes/crt.wgsl?raw';
import glsl from '../../../wgsl/passes/crt.glsl?raw';
import type { PassDecl, PassIO, ReadDecl, ResourceDecl } from '../../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import type { Device, RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/** A CRT look over the frame rectangle: scanlines per native row, an RGB aperture mask, slight barrel curvature. */
export class CrtPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'crt';
  readonly reads: ReadDecl[] = [{ name: 'framed', size: { relativeTo: 'canvas' } }];
  readonly writes: ResourceDecl[] = [{ name: 'crt', format: 'rgba8unorm', size: { relativeTo: 'canvas' } }];
  private readonly fields;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
  ) {
    this.fields = {
      rect: program.field('rect'),
      nativeHeight: program.field('nativeHeight'),
      scanlines: program.field('scanlines'),
      mask: program.field('mask'),
      curvature: program.field('curvature'),
    };
  }

  static async create(device: Device, settings: ChainSettings): Promise<CrtPass> {
    return new CrtPass(
      await FullscreenProgram.create(device, { label: 'crt', wgsl, glsl }, 'rgba8unorm'),
      settings,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const s = this.settings;
    const f = this.fields;
    this.program.set(f.rect, [s.rect.x, s.rect.y, s.rect.width, s.rect.height]);
    this.program.set(f.nativeHeight, s.rect.height / Math.max(s.rect.scale, 1e-6));
    this.program.set(f.scanlines, s.crt.scanlines);
    this.program.set(f.mask, s.crt.mask);
    this.program.set(f.curvature, s.crt.curvature);
    this.program.draw(frame, io, io.output('crt'), [io.input('framed')]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
