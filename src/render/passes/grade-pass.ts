import wgsl from '../../../wgsl/passes/grade.wgsl?raw';
import glsl from '../../../wgsl/passes/grade.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { SettingFields } from './setting-fields';
import { vectorSetting } from './pass-setting';

type Rgb = [number, number, number];

/** Colour grading's settings. */
export interface GradeSettings {
  /** Per channel (r, g, b): the identity is lift 0, gamma 1, gain 1. */
  grade: { lift: Rgb; gamma: Rgb; gain: Rgb };
}

const shader = { label: 'grade', wgsl, glsl };

/**
 * Colour grading of the native image by lift, gamma and gain per channel; the identity grade (lift 0, gamma 1,
 * gain 1) gives the image bit for bit.
 */
export const gradePass = definePass<GradeSettings>({
  name: 'grade',
  summary: 'Grades colour by lift, gamma and gain per channel; the identity grade changes nothing.',
  on: false,
  runs: 'view',
  reads: ['chain'],
  writes: [{ name: 'graded', format: 'rgba16float', size: 'native' }],
  settings: {
    grade: {
      lift: vectorSetting<Rgb>([0, 0, 0], { min: -1, max: 1, doc: 'Added to the shadows, per channel.' }),
      gamma: vectorSetting<Rgb>([1, 1, 1], { min: 0.1, max: 4, doc: 'The midtones’ exponent, per channel.' }),
      gain: vectorSetting<Rgb>([1, 1, 1], { min: 0, max: 4, doc: 'Multiplies the highlights, per channel.' }),
    },
  },
  shaders: [shader],
  create: async (kit) => new Grade(await FullscreenProgram.create(kit.device, shader, 'rgba16float'), kit),
});

class Grade extends ProgramRunner<GradeSettings> {
  /** Lift, gamma and gain: each rgb setting into its vec4 field (its w unused). */
  private readonly settings: SettingFields;

  constructor(program: FullscreenProgram, kit: PassKit<GradeSettings>) {
    super(program, kit);
    this.settings = new SettingFields(program, () => kit.settings.grade);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    this.settings.upload();
    this.program.draw(frame, io, io.output('graded'), [io.input(this.kit.chain)]);
  }
}
