import wgsl from '../../../wgsl/passes/bloom.wgsl?raw';
import glsl from '../../../wgsl/passes/bloom.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit, type PassRunner } from './pass-descriptor';
import { numberSetting } from './pass-setting';
import { SettingFields } from './setting-fields';

/** Bloom's settings. */
export interface BloomSettings {
  /** What is brighter than `threshold` (luminance 0…1) glows, blurred by `sigma` texels, added at `strength`. */
  bloom: { threshold: number; sigma: number; strength: number };
}

/** Labelled apart: GPU times are kept per label. */
const across = { label: 'bloom across', wgsl, glsl };
const down = { label: 'bloom down', wgsl, glsl };

/**
 * Bloom at native resolution: what is brighter than the threshold is blurred (a separable Gaussian, across then down)
 * and added back at `strength`; strength 0 gives the image bit for bit. Two programs of one shader, each with its own
 * parameters: one uniform written twice in a frame would give both draws the second value.
 */
export const bloomPass = definePass<BloomSettings>({
  name: 'bloom',
  summary: 'Makes what is brighter than a threshold glow: blurred across and down, added back.',
  on: false,
  runs: 'view',
  reads: ['chain'],
  writes: [
    { name: 'bloomed', format: 'rgba16float', size: 'native' },
    { name: 'bloomAcross', format: 'rgba16float', size: 'native' },
  ],
  settings: {
    bloom: {
      threshold: numberSetting(0.7, { min: 0, max: 1, doc: 'The luminance above which a texel glows.' }),
      sigma: numberSetting(2.5, {
        min: 0.5,
        max: 8,
        doc: 'The glow’s spread, in texels (the blur’s sigma).',
      }),
      strength: numberSetting(0.6, {
        min: 0,
        max: 2,
        doc: 'How much glow is added back: 0 is the image unchanged.',
      }),
    },
  },
  shaders: [across, down],
  async create(kit) {
    const make = (shader: typeof across) => FullscreenProgram.create(kit.device, shader, 'rgba16float');
    const [a, d] = await Promise.all([make(across), make(down)]);
    return new Bloom(a, d, kit);
  },
});

class Bloom implements PassRunner {
  private readonly settings: SettingFields[];

  constructor(
    private readonly across: FullscreenProgram,
    private readonly down: FullscreenProgram,
    private readonly kit: PassKit<BloomSettings>,
  ) {
    across.set(across.field('direction'), [1, 0]);
    down.set(down.field('direction'), [0, 1]);
    this.settings = [across, down].map((program) => new SettingFields(program, () => kit.settings.bloom));
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    for (const settings of this.settings) settings.upload();
    const source = io.input(this.kit.chain);
    const across = io.output('bloomAcross');
    // The first draw reads no glow: its image stands in for the binding.
    this.across.draw(frame, io, across, [source, source]);
    this.down.draw(frame, io, io.output('bloomed'), [source, across]);
  }

  idle(): void {
    this.across.forget();
    this.down.forget();
  }

  destroy(): void {
    this.across.destroy();
    this.down.destroy();
  }
}
