import wgsl from '../../../wgsl/passes/background.wgsl?raw';
import glsl from '../../../wgsl/passes/background.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { DeviceTexture, RenderTarget } from '../../device/device';
import { Texture } from '../../scene/texture';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit, type PassRunner } from './pass-descriptor';
import { choiceSetting, numberSetting, valueSetting, vectorSetting } from './pass-setting';

/**
 * How the letterbox bars are filled: black (`off`), a colour, a darkened copy of the frame, or an image
 * (`settings.barImage`), tiled from the frame's corner at the frame's pixel size or stretched over the canvas.
 */
export type BarFill = 'off' | 'solid' | 'pixelated' | 'blurred' | 'image-tiled' | 'image-stretched';

export const BAR_FILLS: readonly BarFill[] = [
  'off',
  'solid',
  'pixelated',
  'blurred',
  'image-tiled',
  'image-stretched',
];

/** The bars' settings. */
export interface BackgroundSettings {
  barFill: BarFill;
  barColor: [number, number, number, number];
  /** Multiplier of the copied frame (or the image) in the bars. */
  barDarken: number;
  /** The image of the `image-tiled` and `image-stretched` fills; null: a pattern of the engine's own. */
  barImage: Texture | null;
}

const FILL_CODES = {
  off: 0,
  solid: 0,
  pixelated: 1,
  blurred: 2,
  'image-tiled': 3,
  'image-stretched': 4,
} as const;

const shader = { label: 'background', wgsl, glsl };

/** Fills the letterbox bars (solid, or a darkened pixelated or blurred copy of the frame); never touches the frame. */
export const backgroundPass = definePass<BackgroundSettings>({
  name: 'background',
  summary:
    'Fills the letterbox bars: a colour, a darkened pixelated or blurred copy of the frame, or an image.',
  on: true,
  runs: 'canvas',
  // The upscaled image must be canvas-sized: with upscale bypassed there are no bars to fill.
  reads: [{ name: 'chain', size: 'canvas' }, 'native'],
  writes: [{ name: 'framed', format: 'rgba8unorm', size: 'canvas' }],
  needs: ['upscale'],
  settings: {
    barFill: choiceSetting(BAR_FILLS, 'pixelated', 'What fills the bars around the frame.', { url: 'bars' }),
    barColor: vectorSetting<[number, number, number, number]>([0, 0, 0, 1], {
      min: 0,
      max: 1,
      doc: 'The colour of the `solid` fill (RGBA, 0…1).',
    }),
    barDarken: numberSetting(0.35, {
      min: 0,
      max: 1,
      doc: 'How bright the copied frame (or the image) is in the bars.',
    }),
    barImage: valueSetting<Texture | null>(null, {
      doc: 'The image of the image fills; null: a pattern of the engine’s own.',
      check: (v) =>
        v === null || v instanceof Texture
          ? null
          : 'give a Texture (Texture.fromPixels, loadTexture) or null',
    }),
  },
  shaders: [shader],
  create: async (kit) =>
    new Background(await FullscreenProgram.create(kit.device, shader, 'rgba8unorm', 'linear'), kit),
});

class Background implements PassRunner {
  private readonly fields;
  /** The bar image on the device, and what it was made from (a texture and its version). */
  private image: DeviceTexture | null = null;
  private imageOf: { texture: Texture | null; version: number } | null = null;

  constructor(
    private readonly program: FullscreenProgram,
    private readonly kit: PassKit<BackgroundSettings>,
  ) {
    this.fields = {
      rect: program.field('rect'),
      color: program.field('color'),
      mode: program.field('mode'),
      darken: program.field('darken'),
      scale: program.field('scale'),
    };
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const s = this.kit.settings;
    const { rect } = this.kit.frame;
    const f = this.fields;
    this.program.set(f.rect, [rect.x, rect.y, rect.width, rect.height]);
    this.program.set(f.color, s.barFill === 'off' ? [0, 0, 0, 1] : s.barColor);
    this.program.set(f.mode, FILL_CODES[s.barFill]);
    this.program.set(f.darken, s.barDarken);
    this.program.set(f.scale, rect.scale);
    this.program.draw(frame, io, io.output('framed'), [
      io.input(this.kit.chain),
      io.input(this.kit.native),
      this.barImage(s.barImage),
    ]);
  }

  /** The bar image on the device: made again when the texture or its texels change; the built-in pattern without one. */
  private barImage(texture: Texture | null): DeviceTexture {
    const version = texture?.version ?? 0;
    if (this.image && this.imageOf?.texture === texture && this.imageOf.version === version)
      return this.image;
    if (texture && !(texture instanceof Texture))
      throw new Error('settings.barImage: give a Texture (Texture.fromPixels, loadTexture) or null.');
    this.image?.destroy();
    const pattern = texture ? null : barPattern();
    this.image = this.kit.device.createTexture({
      label: 'bar image',
      format: 'rgba8unorm',
      width: texture?.width ?? BAR_PATTERN_SIZE,
      height: texture?.height ?? BAR_PATTERN_SIZE,
      pixels: texture ? texture.texels() : pattern!,
    });
    this.imageOf = { texture, version };
    return this.image;
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.image?.destroy();
    this.image = null;
    this.program.destroy();
  }
}

const BAR_PATTERN_SIZE = 8;

/** The engine's own bar image: an 8×8 pattern of dark diagonal stripes with a lighter stud (RGBA8, top row first). */
function barPattern(): Uint8Array {
  const pixels = new Uint8Array(BAR_PATTERN_SIZE * BAR_PATTERN_SIZE * 4);
  for (let y = 0; y < BAR_PATTERN_SIZE; y++)
    for (let x = 0; x < BAR_PATTERN_SIZE; x++) {
      const stripe = (x + y) % 8 < 3;
      const stud = x === 5 && y === 1;
      const v = stud ? 120 : stripe ? 70 : 40;
      pixels.set([v, v, Math.round(v * 1.3), 255], (y * BAR_PATTERN_SIZE + x) * 4);
    }
  return pixels;
}
