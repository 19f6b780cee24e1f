import wgsl from '../../../wgsl/passes/palette.wgsl?raw';
import glsl from '../../../wgsl/passes/palette.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { DeviceTexture, RenderTarget } from '../../device/device';
import { bayerPattern, blueNoisePattern, type DitherPattern } from '../../math/dither-pattern';
import { Palette, PALETTE_LUT_LEVELS, PALETTE_NAMES, type PaletteName } from '../../scene/palette';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit, type PassRunner } from './pass-descriptor';
import { choiceSetting, numberSetting, valueSetting } from './pass-setting';

/**
 * How the palette pass dithers before it quantizes: not at all, by the ordered 4×4 or 8×8 Bayer pattern, or by a
 * 64×64 blue-noise pattern (an even grain without the Bayer cross-hatch).
 */
export type DitherMode = 'none' | 'bayer4' | 'bayer8' | 'blue-noise';

export const DITHER_MODES: readonly DitherMode[] = ['none', 'bayer4', 'bayer8', 'blue-noise'];

/** The palette pass's settings. */
export interface PaletteSettings {
  /**
   * The colours to quantize to, the dither, and how far its threshold moves a colour (0…1; about the gap between
   * neighbouring palette colours looks right).
   */
  palette: { palette: Palette; dither: DitherMode; spread: number };
}

/** The threshold pattern of each dither mode ('none' keeps one, at spread 0); blue noise is made once, on first use. */
const PATTERNS: Record<DitherMode, () => DitherPattern> = {
  none: () => bayerPattern(2),
  bayer4: () => bayerPattern(4),
  bayer8: () => bayerPattern(8),
  'blue-noise': () => blueNoisePattern(64),
};

const shader = { label: 'palette', wgsl, glsl };

/**
 * Quantizes the native image to a palette (every pixel comes out a palette member) through the palette's lookup
 * image, after a dither whose pattern is anchored to the world (the snapped camera's whole-texel position): under a
 * camera that moves by whole texels, the pattern moves with the image instead of swimming over it.
 */
export const palettePass = definePass<PaletteSettings>({
  name: 'palette',
  summary: 'Quantizes every pixel to a palette, after a dither fixed to the world.',
  on: false,
  runs: 'view',
  reads: ['chain'],
  writes: [{ name: 'paletted', format: 'rgba8unorm', size: 'native' }],
  settings: {
    palette: {
      palette: valueSetting(() => Palette.named('pico-8'), {
        doc: 'The colours: a shipped palette by name in the URL, any `Palette` from code.',
        check: (v) =>
          v instanceof Palette ? null : `give a Palette (Palette.named: ${PALETTE_NAMES.join(', ')})`,
        parse: (text) => Palette.named(text as PaletteName),
        format: (v) => (PALETTE_NAMES.includes(v.name as PaletteName) ? v.name : undefined),
      }),
      dither: choiceSetting(DITHER_MODES, 'bayer4', 'The dither pattern before the colours are quantized.'),
      spread: numberSetting(0.125, { min: 0, max: 1, doc: 'How far the dither moves a colour.' }),
    },
  },
  shaders: [shader],
  create: async (kit) =>
    new PaletteRunner(await FullscreenProgram.create(kit.device, shader, 'rgba8unorm'), kit),
});

class PaletteRunner implements PassRunner {
  private readonly fields;
  private readonly lut: DeviceTexture;
  private lutOf: Palette;
  private pattern: DeviceTexture;
  private patternOf: DitherMode;

  constructor(
    private readonly program: FullscreenProgram,
    private readonly kit: PassKit<PaletteSettings>,
  ) {
    this.fields = {
      origin: program.field('origin'),
      spread: program.field('spread'),
      levels: program.field('levels'),
      lutLevels: program.field('lutLevels'),
    };
    const { palette, dither } = kit.settings.palette;
    this.lutOf = palette;
    const { width, height, data } = palette.lut();
    this.lut = kit.device.createTexture({
      label: 'palette lut',
      format: 'rgba8unorm',
      width,
      height,
      pixels: data,
    });
    this.patternOf = dither;
    this.pattern = this.createPattern(dither);
    program.set(this.fields.lutLevels, PALETTE_LUT_LEVELS);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const s = this.kit.settings.palette;
    if (s.palette !== this.lutOf) {
      this.lut.write(s.palette.lut().data);
      this.lutOf = s.palette;
    }
    if (s.dither !== this.patternOf) {
      this.pattern.destroy();
      this.pattern = this.createPattern(s.dither);
      this.patternOf = s.dither;
    }
    const f = this.fields;
    this.program.set(f.origin, this.kit.frame.ditherOrigin);
    this.program.set(f.spread, s.dither === 'none' ? 0 : s.spread);
    this.program.draw(frame, io, io.output('paletted'), [io.input(this.kit.chain), this.lut, this.pattern]);
  }

  /** The pattern as an image: each cell's rank in red (high byte) and green (low byte), exact. */
  private createPattern(mode: DitherMode): DeviceTexture {
    const pattern = PATTERNS[mode]();
    const count = pattern.ranks.length;
    const pixels = new Uint8Array(count * 4);
    pattern.ranks.forEach((rank, i) => pixels.set([rank >> 8, rank & 255, 0, 255], i * 4));
    this.program.set(this.fields.levels, count);
    return this.kit.device.createTexture({
      label: `dither ${mode}`,
      format: 'rgba8unorm',
      width: pattern.size,
      height: pattern.size,
      pixels,
    });
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
    this.lut.destroy();
    this.pattern.destroy();
  }
}
