import wgsl from '../../../wgsl/passes/crt.wgsl?raw';
import glsl from '../../../wgsl/passes/crt.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { SettingFields } from './setting-fields';
import { numberSetting } from './pass-setting';

/** The CRT pass's settings. */
export interface CrtSettings {
  crt: { scanlines: number; mask: number; curvature: number };
}

const shader = { label: 'crt', wgsl, glsl };

/** A CRT look over the frame rectangle: scanlines per native row, an RGB aperture mask, slight barrel curvature. */
export const crtPass = definePass<CrtSettings>({
  name: 'crt',
  summary: 'A CRT look over the frame: scanlines per native row, an aperture mask, a slight curvature.',
  on: false,
  runs: 'canvas',
  reads: [{ name: 'chain', size: 'canvas' }],
  writes: [{ name: 'crt', format: 'rgba8unorm', size: 'canvas' }],
  needs: ['upscale'],
  settings: {
    crt: {
      scanlines: numberSetting(0.35, {
        min: 0,
        max: 1,
        label: 'CRT scanlines',
        doc: 'How dark the gaps between rows are.',
      }),
      mask: numberSetting(0.15, {
        min: 0,
        max: 1,
        label: 'CRT mask',
        doc: 'The strength of the RGB aperture mask.',
      }),
      curvature: numberSetting(0.03, {
        min: 0,
        max: 0.1,
        label: 'CRT curvature',
        doc: 'The barrel bulge of the screen.',
      }),
    },
  },
  shaders: [shader],
  create: async (kit) => new Crt(await FullscreenProgram.create(kit.device, shader, 'rgba8unorm'), kit),
});

class Crt extends ProgramRunner<CrtSettings> {
  private readonly fields;

  constructor(program: FullscreenProgram, kit: PassKit<CrtSettings>) {
    super(program, kit);
    this.fields = {
      rect: program.field('rect'),
      nativeHeight: program.field('nativeHeight'),
    };
    this.settings = new SettingFields(program, () => kit.settings.crt);
  }
  private readonly settings: SettingFields;

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const { rect } = this.kit.frame;
    const f = this.fields;
    this.program.set(f.rect, [rect.x, rect.y, rect.width, rect.height]);
    this.program.set(f.nativeHeight, rect.height / Math.max(rect.scale, 1e-6));
    this.settings.upload();
    this.program.draw(frame, io, io.output('crt'), [io.input(this.kit.chain)]);
  }
}
