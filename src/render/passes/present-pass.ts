import wgsl from '../../../wgsl/passes/present.wgsl?raw';
import glsl from '../../../wgsl/passes/present.glsl?raw';
import type { PassDecl, PassIO } from '../../graph/render-graph';
import type { Device, RenderTarget, TextureFormat } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/** Copies the graph's final image to the canvas (nearest texel, stretched): the last pass of every frame. */
export class PresentPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'present';
  readonly reads: { name: string }[];
  readonly writes = ['canvas'];
  private readonly targetSize;
  private targetWidth = 0;
  private targetHeight = 0;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly input: string,
  ) {
    this.reads = [{ name: input }];
    this.targetSize = program.field('targetSize');
  }

  /** `input` is the resource to show (e.g. `scene`); `format` is the canvas' format. */
  static async create(device: Device, input: string, format: TextureFormat): Promise<PresentPass> {
    return new PresentPass(
      await FullscreenProgram.create(device, { label: 'present', wgsl, glsl }, format),
      input,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
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
