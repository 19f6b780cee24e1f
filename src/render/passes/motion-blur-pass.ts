import wgsl from '../../../wgsl/passes/motion-blur.wgsl?raw';
import glsl from '../../../wgsl/passes/motion-blur.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import { NATIVE_SIZE, type ChainSettings } from './chain-settings';
import type { Device, RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/**
 * Feedback motion blur: output = mix(current, last output, k) with k = strength · exp(-dt / tau), so a trail fades by
 * the same amount per second at 30, 60 or 144 Hz. The output is a history resource in rgba16float (8 bits per channel
 * would round away a slow fade).
 */
export class MotionBlurPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'motionBlur';
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  readonly bypass: Record<string, string>;
  private readonly k;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    size: SizeRule,
  ) {
    this.writes = [{ name: 'blurred', format: 'rgba16float', size, history: true }];
    this.reads = [input, 'blurred@prev'];
    this.bypass = { blurred: input };
    this.k = program.field('k');
  }

  static async create(
    device: Device,
    settings: ChainSettings,
    input: string,
    size: SizeRule = NATIVE_SIZE,
  ): Promise<MotionBlurPass> {
    return new MotionBlurPass(
      await FullscreenProgram.create(device, { label: 'motionBlur', wgsl, glsl }, 'rgba16float'),
      settings,
      input,
      size,
    );
  }

  /** The blend factor for a frame of `delta` seconds. */
  factor(delta: number): number {
    const { blurStrength, blurPersistence } = this.settings;
    return blurStrength <= 0 || blurPersistence <= 0 ? 0 : blurStrength * Math.exp(-delta / blurPersistence);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    this.program.set(this.k, this.factor(frame.delta));
    this.program.draw(frame, io, io.output('blurred'), [io.input(this.input), io.history('blurred')]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
