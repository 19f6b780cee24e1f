import wgsl from '../../../wgsl/passes/motion-blur.wgsl?raw';
import glsl from '../../../wgsl/passes/motion-blur.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { numberSetting } from './pass-setting';

/** Motion blur's settings. */
export interface MotionBlurSettings {
  /** Persistence time constant in seconds: k = strength · exp(-dt / tau) per frame. */
  blurPersistence: number;
  /** 0 (no trail, identical to the pass bypassed) … 1. */
  blurStrength: number;
}

const shader = { label: 'motionBlur', wgsl, glsl };

/**
 * Feedback motion blur: output = mix(current, last output, k) with k = strength · exp(-dt / tau), so a trail fades by
 * the same amount per second at 30, 60 or 144 Hz. The output is a history resource in rgba16float (8 bits per channel
 * would round away a slow fade).
 */
export const motionBlurPass = definePass<MotionBlurSettings>({
  name: 'motionBlur',
  summary: 'Blends each frame with the last output, fading by the same amount per second at any frame rate.',
  on: true,
  runs: 'canvas',
  reads: ['chain', 'blurred@prev'],
  writes: [{ name: 'blurred', format: 'rgba16float', size: 'native', history: true }],
  settings: {
    blurPersistence: numberSetting(0.08, {
      min: 0,
      above: true,
      max: 0.5,
      step: 0.01,
      url: 'blur',
      label: 'blur persistence (s)',
      doc: 'How long a trail lasts: the time constant in seconds of its exponential fade.',
    }),
    blurStrength: numberSetting(1, {
      min: 0,
      max: 1,
      doc: 'How much of the last frame is kept: 0 leaves no trail.',
    }),
  },
  shaders: [shader],
  create: async (kit) =>
    new MotionBlur(await FullscreenProgram.create(kit.device, shader, 'rgba16float'), kit),
});

/** The blend factor for a frame of `delta` seconds. */
export function blurFactor(settings: MotionBlurSettings, delta: number): number {
  const { blurStrength, blurPersistence } = settings;
  return blurStrength <= 0 || blurPersistence <= 0 ? 0 : blurStrength * Math.exp(-delta / blurPersistence);
}

class MotionBlur extends ProgramRunner<MotionBlurSettings> {
  private readonly k;

  constructor(program: FullscreenProgram, kit: PassKit<MotionBlurSettings>) {
    super(program, kit);
    this.k = program.field('k');
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    this.program.set(this.k, blurFactor(this.kit.settings, frame.delta));
    this.program.draw(frame, io, io.output('blurred'), [io.input(this.kit.chain), io.history('blurred')]);
  }
}
