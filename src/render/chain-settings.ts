import type { FrameRect, UpscaleMode } from './frame-rect';

/** How the letterbox bars are filled: black (`off`), a colour, or a darkened copy of the frame. */
export type BarFill = 'off' | 'solid' | 'pixelated' | 'blurred';

export const BAR_FILLS: readonly BarFill[] = ['off', 'solid', 'pixelated', 'blurred'];

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
  /** Multiplier of the copied frame in the bars. */
  barDarken: number;
  crt: { scanlines: number; mask: number; curvature: number };
  /** The frame rectangle of the current frame, in device pixels. */
  rect: FrameRect;
}

/** The defaults: 0.08 s persistence at full strength, integer upscale, square pixels, pixelated bars at 35 %. */
export function defaultChainSettings(): ChainSettings {
  return {
    blurPersistence: 0.08,
    blurStrength: 1,
    upscale: 'integer',
    pixelAspect: 1,
    barFill: 'pixelated',
    barColor: [0, 0, 0, 1],
    barDarken: 0.35,
    crt: { scanlines: 0.35, mask: 0.15, curvature: 0.03 },
    rect: { x: 0, y: 0, width: 1, height: 1, scale: 1 },
  };
}
