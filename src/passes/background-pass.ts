import wgsl from '../../wgsl/passes/background.wgsl?raw';
import glsl from '../../wgsl/passes/background.glsl?raw';
import type { PassDecl, PassIO, ReadDecl, ResourceDecl } from '../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import type { PostBackend, PostProgram } from './post-program';

const FILL_CODES = { off: 0, solid: 0, pixelated: 1, blurred: 2 } as const;

/** Fills the letterbox bars (solid, or a darkened pixelated or blurred copy of the frame); never touches the frame. */
export class BackgroundPass<F = unknown, T = unknown> implements PassDecl<F, T> {
  readonly name = 'background';
  readonly reads: ReadDecl[];
  readonly writes: ResourceDecl[] = [
    { name: 'framed', format: 'rgba8unorm', size: { relativeTo: 'canvas' } },
  ];
  readonly bypass = { framed: 'upscaled' };
  private readonly fields;

  private constructor(
    private readonly program: PostProgram<F, T>,
    readonly settings: ChainSettings,
    readonly native: string,
  ) {
    // The upscaled image must be canvas-sized: with upscale bypassed there are no bars to fill.
    this.reads = [{ name: 'upscaled', size: { relativeTo: 'canvas' } }, { name: native }];
    this.fields = {
      rect: program.field('rect'),
      color: program.field('color'),
      mode: program.field('mode'),
      darken: program.field('darken'),
    };
  }

  static async create<F, T>(
    backend: PostBackend<F, T>,
    settings: ChainSettings,
    native: string,
  ): Promise<BackgroundPass<F, T>> {
    return new BackgroundPass(
      await backend.program({ wgsl, glsl }, 'background', 'rgba8unorm', 'linear'),
      settings,
      native,
    );
  }

  execute(frame: F, io: PassIO<T>): void {
    const s = this.settings;
    const f = this.fields;
    this.program.set(f.rect, [s.rect.x, s.rect.y, s.rect.width, s.rect.height]);
    this.program.set(f.color, s.barFill === 'off' ? [0, 0, 0, 1] : s.barColor);
    this.program.set(f.mode, FILL_CODES[s.barFill]);
    this.program.set(f.darken, s.barDarken);
    this.program.draw(frame, io, io.output('framed'), [io.input('upscaled'), io.input(this.native)]);
  }

  destroy(): void {
    this.program.destroy();
  }
}
