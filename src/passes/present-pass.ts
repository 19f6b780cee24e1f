import wgsl from '../../wgsl/passes/present.wgsl?raw';
import glsl from '../../wgsl/passes/present.glsl?raw';
import type { PassDecl, PassIO } from '../graph/render-graph';
import type { PostBackend, PostProgram } from './post-program';

/** Copies the graph's final image to the canvas (nearest texel, stretched): the last pass of every frame. */
export class PresentPass<
  F = unknown,
  T extends { width: number; height: number } = GPUTexture,
> implements PassDecl<F, T> {
  readonly name = 'present';
  readonly reads: { name: string }[];
  readonly writes = ['canvas'];
  private readonly targetSize;
  private targetWidth = 0;
  private targetHeight = 0;

  private constructor(
    private readonly program: PostProgram<F, T>,
    readonly input: string,
  ) {
    this.reads = [{ name: input }];
    this.targetSize = program.field('targetSize');
  }

  /** `input` is the resource to show (e.g. `scene`); `format` is the canvas' format. */
  static async create<F, T extends { width: number; height: number }>(
    backend: PostBackend<F, T>,
    input: string,
    format: string,
  ): Promise<PresentPass<F, T>> {
    return new PresentPass(await backend.program({ wgsl, glsl }, 'present', format), input);
  }

  execute(frame: F, io: PassIO<T>): void {
    const target = io.output('canvas');
    if (target.width !== this.targetWidth || target.height !== this.targetHeight) {
      this.targetWidth = target.width;
      this.targetHeight = target.height;
      this.program.set(this.targetSize, [target.width, target.height]);
    }
    this.program.draw(frame, io, target, [io.input(this.input)]);
  }

  destroy(): void {
    this.program.destroy();
  }
}
