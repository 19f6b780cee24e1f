import wgsl from '../../../wgsl/passes/upscale.wgsl?raw';
import glsl from '../../../wgsl/passes/upscale.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { parsePixelAspect, UPSCALE_MODES, type UpscaleMode } from './frame-rect';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { choiceSetting, flagSetting, Setting } from './pass-setting';

/** The upscale's settings. */
export interface UpscaleSettings {
  /** How the native image is scaled into the canvas. */
  upscale: UpscaleMode;
  /** Width over height of one native pixel (1 for square pixels, 8/7 for the SNES look). */
  pixelAspect: number;
  /**
   * A pixel-stable renderer's camera snapping (`RendererOptions.pixelStable`): on, the camera is drawn from the texel
   * grid and its sub-texel rest applied at the upscale; off, from where it is (the same margin, no shift). No effect
   * otherwise.
   */
  snap: boolean;
}

const MODE_CODES = { integer: 0, nearest: 0, bilinear: 1, 'sharp-bilinear': 2 } as const;
/** The pixel aspects the panel offers; the URL takes any ratio. */
const ASPECTS: Record<string, number> = { '1:1': 1, '8:7': 8 / 7, '4:3': 4 / 3 };

const shader = { label: 'upscale', wgsl, glsl };

/**
 * Scales the native image into the frame rectangle of the canvas, black outside it; with a margin (a pixel-stable
 * camera's texels around the image) it reads the frame's shift, in device pixels, away.
 */
export const upscalePass = definePass<UpscaleSettings>({
  name: 'upscale',
  summary:
    'Scales the native image into the frame rectangle of the canvas: whole multiples, nearest or smooth.',
  on: true,
  runs: 'canvas',
  reads: ['chain'],
  writes: [{ name: 'upscaled', format: 'rgba8unorm', size: 'canvas' }],
  settings: {
    upscale: choiceSetting(UPSCALE_MODES, 'integer', 'How the native image is scaled into the canvas.', {
      id: 'upscale-mode',
    }),
    pixelAspect: new Setting<number>({
      default: 1,
      doc: 'Width over height of one native pixel: 1:1 square, 8:7 for the SNES look.',
      url: 'par',
      control: { kind: 'list', options: ASPECTS },
      check: (v) => (typeof v === 'number' && v > 0 && Number.isFinite(v) ? null : 'give a ratio above 0'),
      parse: parsePixelAspect,
      format: (v) => Object.keys(ASPECTS).find((k) => ASPECTS[k] === v) ?? String(v),
    }),
    snap: flagSetting(true, 'A pixel-stable camera snaps to the texel grid (the rest applied here).'),
  },
  shaders: [shader],
  create: async (kit) =>
    new Upscale(await FullscreenProgram.create(kit.device, shader, 'rgba8unorm', 'linear'), kit),
});

class Upscale extends ProgramRunner<UpscaleSettings> {
  private readonly rect;
  private readonly mode;
  private readonly shift;

  constructor(program: FullscreenProgram, kit: PassKit<UpscaleSettings>) {
    super(program, kit);
    this.rect = program.field('rect');
    this.mode = program.field('mode');
    this.shift = program.field('shift');
    program.set(program.field('pad'), kit.pad);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const r = this.kit.frame.rect;
    this.program.set(this.rect, [r.x, r.y, r.width, r.height]);
    this.program.set(this.mode, MODE_CODES[this.kit.settings.upscale]);
    this.program.set(this.shift, this.kit.frame.shift);
    this.program.draw(frame, io, io.output('upscaled'), [io.input(this.kit.chain)]);
  }
}
