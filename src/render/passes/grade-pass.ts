import wgsl from '../../../wgsl/passes/grade.wgsl?raw';
import glsl from '../../../wgsl/passes/grade.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { Device, RenderTarget } from '../../device/device';
import { NATIVE_SIZE, type ChainSettings } from './chain-settings';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

const GRADE_KEYS = ['lift', 'gamma', 'gain'] as const;

/**
 * Colour grading of the native image by lift, gamma and gain per channel (`settings.grade`); the identity grade (lift
 * 0, gamma 1, gain 1) gives the image bit for bit.
 */
export class GradePass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'grade';
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  private readonly fields;
  /** A vec4 to write each vec3 setting through (its w is unused). */
  private readonly scratch = new Float32Array(4);

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    size: SizeRule,
  ) {
    this.writes = [{ name: 'graded', format: 'rgba16float', size }];
    this.reads = [input];
    this.fields = { lift: program.field('lift'), gamma: program.field('gamma'), gain: program.field('gain') };
  }

  static async create(
    device: Device,
    settings: ChainSettings,
    input: string,
    size: SizeRule = NATIVE_SIZE,
  ): Promise<GradePass> {
    return new GradePass(
      await FullscreenProgram.create(device, { label: 'grade', wgsl, glsl }, 'rgba16float'),
      settings,
      input,
      size,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const grade = this.settings.grade;
    for (const key of GRADE_KEYS) {
      this.scratch.set(grade[key]);
      this.program.set(this.fields[key], this.scratch);
    }
    this.program.draw(frame, io, io.output('graded'), [io.input(this.input)]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
