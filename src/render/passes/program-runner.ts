import type { RenderTarget } from '../../device/device';
import type { PassIO } from '../../graph/render-graph';
import type { FrameContext } from '../frame-context';
import type { FullscreenProgram } from './fullscreen-program';
import type { PassKit, PassRunner } from './pass-descriptor';

/**
 * A chain pass that draws one full-screen program: it forgets the program's bind groups when bypassed and frees the
 * program with itself. Subclasses set the program's fields and draw in `execute`.
 */
export abstract class ProgramRunner<S> implements PassRunner {
  constructor(
    protected readonly program: FullscreenProgram,
    protected readonly kit: PassKit<S>,
  ) {}

  abstract execute(frame: FrameContext, io: PassIO<RenderTarget>): void;

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
