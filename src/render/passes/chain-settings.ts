import { Palette } from '../../scene/palette';
import type { Texture } from '../../scene/texture';
import type { SizeRule } from '../../graph/render-graph';
import type { FrameRect, UpscaleMode } from './frame-rect';

/** The size of the chain's native images: the native resolution, plus a pixel-stable camera's margin when it has one. */
export const NATIVE_SIZE: SizeRule = { relativeTo: 'native' };

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

/**
 * How the palette pass dithers before it quantizes: not at all, by the ordered 4×4 or 8×8 Bayer pattern, or by a
 * 64×64 blue-noise pattern (an even grain without the Bayer cross-hatch).
 */
export type DitherMode = 'none' | 'bayer4' | 'bayer8' | 'blue-noise';

export const DITHER_MODES: readonly DitherMode[] = ['none', 'bayer4', 'bayer8', 'blue-noise'];

/** The pixel-art chain's parameters, shared by its passes; the renderer writes `rect` every frame. */
export interface ChainSettings {
  /** Motion-blur persistence time constant in seconds: k = strength · exp(-dt / tau) per frame. */
  blurPersistence: number;
  /** 0 (no trail, identical to the pass bypassed) … 1. */
  blurStrength: number;
  upscale: UpscaleMode;
  /** Width over height of one native pixel (1 for square pixels, 8/7 for the SNES look). */
  pixelAspect: number;
  barFill: BarFill;
  barColor: readonly [number, number, number, number];
  /** Multiplier of the copied frame (or the image) in the bars. */
  barDarken: number;
  /** The image of the `image-tiled` and `image-stretched` fills; null: a pattern of the engine's own. */
  barImage: Texture | null;
  crt: { scanlines: number; mask: number; curvature: number };
  /**
   * The palette pass: the colours to quantize to, the dither, how far its threshold moves a colour (0…1; about the
   * gap between neighbouring palette colours looks right), and the pattern's origin in whole texels (the renderer
   * keeps it on a pixel-stable camera's grid position, so the pattern moves with the world).
   */
  palette: { palette: Palette; dither: DitherMode; spread: number; origin: [number, number] };
  /** Bloom: what is brighter than `threshold` (luminance 0…1) glows, blurred by `sigma` texels, added at `strength`. */
  bloom: { threshold: number; sigma: number; strength: number };
  /**
   * Outlines: a depth step of more than `depth` texels (at that depth, raised at grazing angles) or a crease of more
   * than `crease` (1 − cos of the angle between normals) draws a line; `highlight` > 0 lightens convex creases by
   * that much instead. Line colour and strength are each material's (`setParam('outline', [r, g, b, strength])`).
   */
  outline: { depth: number; crease: number; highlight: number };
  /** The world camera's lens for the outline pass (depths to distances, texel size); the renderer writes it. */
  eye: { near: number; far: number; perspective: boolean; texel: number };
  /** Colour grading per channel (r, g, b): the identity is lift 0, gamma 1, gain 1. */
  grade: {
    lift: [number, number, number];
    gamma: [number, number, number];
    gain: [number, number, number];
  };
  /** The frame rectangle of the current frame, in device pixels. */
  rect: FrameRect;
  /**
   * A pixel-stable renderer's camera snapping (`RendererOptions.pixelStable`): on, the camera is drawn from the texel
   * grid and its sub-texel rest applied at the upscale; off, from where it is (the same margin, no shift). No effect
   * otherwise.
   */
  snap: boolean;
  /** The upscale's read-ahead of the current frame in device pixels (the snap's rest, rounded); written per frame. */
  shift: [number, number];
}

/**
 * The defaults: 0.08 s persistence at full strength, integer upscale, square pixels, pixelated bars at 35 %; PICO-8's
 * palette with a 4×4 Bayer dither, a soft bloom, the identity grade (those three passes start bypassed).
 */
export function defaultChainSettings(): ChainSettings {
  return {
    blurPersistence: 0.08,
    blurStrength: 1,
    upscale: 'integer',
    pixelAspect: 1,
    barFill: 'pixelated',
    barColor: [0, 0, 0, 1],
    barDarken: 0.35,
    barImage: null,
    crt: { scanlines: 0.35, mask: 0.15, curvature: 0.03 },
    palette: { palette: Palette.named('pico-8'), dither: 'bayer4', spread: 0.125, origin: [0, 0] },
    bloom: { threshold: 0.7, sigma: 2.5, strength: 0.6 },
    grade: { lift: [0, 0, 0], gamma: [1, 1, 1], gain: [1, 1, 1] },
    outline: { depth: 1.5, crease: 0.3, highlight: 0 },
    eye: { near: 0.1, far: 100, perspective: false, texel: 1 },
    rect: { x: 0, y: 0, width: 1, height: 1, scale: 1 },
    snap: true,
    shift: [0, 0],
  };
}
