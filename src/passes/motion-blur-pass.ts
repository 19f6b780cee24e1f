import fragment from '../../wgsl/passes/motion-blur.wgsl?raw';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { ChainSettings } from './chain-settings';
import { FullscreenProgram } from './fullscreen-program';
import type { GpuFrame } from './gpu-frame';

/**
 * Feedback motion blur: output = mix(current, last output, k) with k = strength · exp(-dt / tau), so a trail fades by
 * the same amount per second at 30, 60 or 144 Hz. The output is a history resource in rgba16float (8 bits per channel
 * would round away a slow fade).
 */
export class MotionBlurPass implements PassDecl<GpuFrame, GPUTexture> {
  readonly name = 'motionBlur';
  readonly reads: string[];
  readonly writes: ResourceDecl[] = [
    { name: 'blurred', format: 'rgba16float', size: { relativeTo: 'native' }, history: true },
  ];
  readonly bypass: Record<string, string>;
  private readonly k;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
  ) {
    this.reads = [input, 'blurred@prev'];
    this.bypass = { blurred: input };
    this.k = program.field('k');
  }

  static async create(device: GPUDevice, settings: ChainSettings, input: string): Promise<MotionBlurPass> {
    return new MotionBlurPass(
      await FullscreenProgram.create(device, fragment, 'motionBlur', 'rgba16float'),
      settings,
      input,
    );
  }

  /** The blend factor for a frame of `delta` seconds. */
  factor(delta: number): number {
    const { blurStrength, blurPersistence } = this.settings;
    return blurStrength <= 0 || blurPersistence <= 0 ? 0 : blurStrength * Math.exp(-delta / blurPersistence);
  }

  execute(frame: GpuFrame, io: PassIO<GPUTexture>): void {
    this.program.set(this.k, this.factor(frame.delta));
    this.program.draw(frame, io, io.output('blurred'), [io.input(this.input), io.history('blurred')]);
  }

  destroy(): void {
    this.program.destroy();
  }
}
