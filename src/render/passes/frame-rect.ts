/** How the native image is scaled into the canvas. */
export type UpscaleMode = 'integer' | 'nearest' | 'sharp-bilinear' | 'bilinear';

export const UPSCALE_MODES: readonly UpscaleMode[] = ['integer', 'nearest', 'sharp-bilinear', 'bilinear'];

/** Where the native image lands in the canvas, in device pixels, and the vertical scale factor used. */
export interface FrameRect {
  x: number;
  y: number;
  width: number;
  height: number;
  scale: number;
}

/**
 * The frame rectangle: the native image fitted into the canvas keeping its aspect × the pixel aspect ratio (`par`,
 * width of a pixel over its height, e.g. 8/7), centred. `integer` takes the largest whole multiple (vertically; the
 * width is that times `par`, rounded), falling back to a fit only when the canvas is smaller than the native image.
 */
export function frameRect(
  native: readonly [number, number],
  canvas: readonly [number, number],
  par: number,
  mode: UpscaleMode,
): FrameRect {
  const [w, h] = native;
  const [W, H] = canvas;
  if (!(par > 0) || !Number.isFinite(par))
    throw new RangeError(`Pixel aspect ratio must be a positive number, got ${par}.`);
  const fit = Math.min(W / (w * par), H / h);
  const scale = mode === 'integer' && fit >= 1 ? Math.floor(fit) : fit;
  const width = Math.min(W, Math.round(w * par * scale));
  const height = Math.min(H, Math.round(h * scale));
  return { x: Math.floor((W - width) / 2), y: Math.floor((H - height) / 2), width, height, scale };
}

/** Parses a pixel aspect ratio written `8:7`, `1:1` or `1.1428`, with an error saying the accepted forms. */
export function parsePixelAspect(text: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(?::\s*(\d+(?:\.\d+)?))?\s*$/.exec(text);
  const value = match ? Number(match[1]) / (match[2] === undefined ? 1 : Number(match[2])) : NaN;
  if (!(value > 0) || !Number.isFinite(value)) {
    throw new RangeError(
      `Pixel aspect "${text}" is not a ratio; write it as 8:7, 1:1 or a number like 1.14.`,
    );
  }
  return value;
}
