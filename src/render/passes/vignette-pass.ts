import wgsl from '../../../wgsl/passes/vignette.wgsl?raw';
import glsl from '../../../wgsl/passes/vignette.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { SettingFields } from './setting-fields';
import { numberSetting } from './pass-setting';

/** The vignette's settings. */
export interface VignetteSettings {
  /** How dark the corners get (0 … 1), where the darkening starts (0 centre … 1 corner), and in how many bands. */
  vignette: { strength: number; radius: number; steps: number };
}

const shader = { label: 'vignette', wgsl, glsl };

/**
 * Darkens the native image towards its corners, texel by texel, smoothly or in flat bands (pixel art's stepped
 * falloff). Before the palette, so the darkened corners are quantized to the palette like the rest of the picture.
 */
export const vignettePass = definePass<VignetteSettings>({
  name: 'vignette',
  summary: 'Darkens the corners of the native image, smoothly or in flat bands; strength 0 changes nothing.',
  on: false,
  runs: 'view',
  reads: ['chain'],
  writes: [{ name: 'vignetted', format: 'input', size: 'input' }],
  settings: {
    vignette: {
      strength: numberSetting(0.5, {
        min: 0,
        max: 1,
        doc: 'How dark the corners get: 0 leaves the image as it is.',
      }),
      radius: numberSetting(0.55, {
        min: 0,
        max: 1,
        doc: 'Where the darkening starts: 0 at the centre, 1 at a corner.',
      }),
      steps: numberSetting(4, {
        min: 0,
        max: 16,
        step: 1,
        doc: 'Flat bands of the falloff (pixel art’s stepped look); 0 is smooth.',
      }),
    },
  },
  shaders: [shader],
  create: async (kit) => new Vignette(await FullscreenProgram.create(kit.device, shader, kit.format), kit),
});

class Vignette extends ProgramRunner<VignetteSettings> {
  private readonly fields;
  private readonly settings: SettingFields;

  constructor(program: FullscreenProgram, kit: PassKit<VignetteSettings>) {
    super(program, kit);
    this.fields = { view: program.field('view'), steps: program.field('steps') };
    this.settings = new SettingFields(program, () => kit.settings.vignette, ['steps']);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const { vignette } = this.kit.settings;
    const { pad } = this.kit;
    const [width, height] = io.size('vignetted');
    const f = this.fields;
    this.settings.upload();
    this.program.set(f.view, [pad, pad, width - 2 * pad, height - 2 * pad]);
    this.program.set(f.steps, Math.round(vignette.steps));
    this.program.draw(frame, io, io.output('vignetted'), [io.input(this.kit.chain)]);
  }
}
