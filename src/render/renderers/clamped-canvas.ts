/** Canvases clamped so far (one warning each). */
const clampWarned = new WeakSet<object>();

/**
 * The canvas's size within the GPU's largest texture: a larger canvas is clamped, as browsers clamp a drawing buffer
 * they cannot make, with one warning, instead of a validation error every frame.
 */
export function clampedCanvas(canvas: { width: number; height: number }, max: number): [number, number] {
  const { width, height } = canvas;
  if (width <= max && height <= max) return [width, height];
  const clamped: [number, number] = [Math.min(width, max), Math.min(height, max)];
  canvas.width = clamped[0];
  canvas.height = clamped[1];
  if (!clampWarned.has(canvas)) {
    clampWarned.add(canvas);
    console.warn(
      `Renderer: the canvas is ${width}×${height}, beyond this GPU's largest texture (${max}); it is drawn at ` +
        `${clamped[0]}×${clamped[1]}.`,
    );
  }
  return clamped;
}
