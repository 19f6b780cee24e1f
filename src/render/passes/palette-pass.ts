import wgsl from '../../../wgsl/passes/palette.wgsl?raw';
import glsl from '../../../wgsl/passes/palette.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { Device, DeviceTexture, RenderTarget } from '../../device/device';
import { bayerPattern, blueNoisePattern, type DitherPattern } from '../../math/dither-pattern';
import { PALETTE_LUT_LEVELS, type Palette } from '../../scene/palette';
import { NATIVE_SIZE, type ChainSettings, type DitherMode } from './chain-settings';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/** The threshold pattern of each dither mode ('none' keeps one, at spread 0); blue noise is made once, on first use. */
const PATTERNS: Record<DitherMode, () => DitherPattern> = {
  none: () => bayerPattern(2),
  bayer4: () => bayerPattern(4),
  bayer8: () => bayerPattern(8),
  'blue-noise': () => blueNoisePattern(64),
};

/**
 * Quantizes the native image to `settings.palette.colors` (every pixel comes out a palette member) through the
 * palette's lookup image, after an ordered dither whose pattern is anchored to the world by `settings.palette.origin`
 * (the snapped camera's whole-texel position): under a camera that moves by whole texels, the pattern moves with the
 * image instead of swimming over it.
 */
export class PalettePass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'palette';
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  private readonly fields;
  private readonly lut: DeviceTexture;
  private lutOf: Palette;
  private pattern: DeviceTexture;
  private patternOf: DitherMode;

  private constructor(
    private readonly device: Device,
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    size: SizeRule,
  ) {
    this.writes = [{ name: 'paletted', format: 'rgba8unorm', size }];
    this.reads = [input];
    this.fields = {
      origin: program.field('origin'),
      spread: program.field('spread'),
      levels: program.field('levels'),
      lutLevels: program.field('lutLevels'),
    };
    const { palette, dither } = settings.palette;
    this.lutOf = palette;
    this.lut = device.createTexture({ label: 'palette lut', format: 'rgba8unorm', ...palette.lut() });
    this.patternOf = dither;
    this.pattern = this.createPattern(dither);
    program.set(this.fields.lutLevels, PALETTE_LUT_LEVELS);
  }

  static async create(
    device: Device,
    settings: ChainSettings,
    input: string,
    size: SizeRule = NATIVE_SIZE,
  ): Promise<PalettePass> {
    return new PalettePass(
      device,
      await FullscreenProgram.create(device, { label: 'palette', wgsl, glsl }, 'rgba8unorm'),
      settings,
      input,
      size,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const s = this.settings.palette;
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
    this.program.set(f.origin, s.origin);
    this.program.set(f.spread, s.dither === 'none' ? 0 : s.spread);
    this.program.draw(frame, io, io.output('paletted'), [io.input(this.input), this.lut, this.pattern]);
  }

  /** The pattern as an image: each cell's rank in red (high byte) and green (low byte), exact. */
  private createPattern(mode: DitherMode): DeviceTexture {
    const pattern = PATTERNS[mode]();
    const count = pattern.ranks.length;
    const pixels = new Uint8Array(count * 4);
    pattern.ranks.forEach((rank, i) => pixels.set([rank >> 8, rank & 255, 0, 255], i * 4));
    this.program.set(this.fields.levels, count);
    return this.device.createTexture({
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
