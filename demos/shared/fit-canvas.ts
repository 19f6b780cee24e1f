// Shared by the demos whose canvas follows the page's layout: the drawing buffer is kept at the canvas's size in
// device pixels, through resizes and devicePixelRatio changes (zoom, a window moved to another screen).

/**
 * Sizes `canvas` to its CSS box in device pixels now and whenever that changes, then calls `resized`. Uses the
 * observer's device-pixel-content-box where the browser has it (exact), the CSS size × devicePixelRatio otherwise
 * and when only the ratio changes.
 */
export function fitCanvas(canvas: HTMLCanvasElement, resized: () => void = () => {}): void {
  const apply = (width: number, height: number) => {
    if (canvas.width === width && canvas.height === height) return;
    [canvas.width, canvas.height] = [width, height];
    resized();
  };
  const dpr = window.devicePixelRatio || 1;
  apply(Math.round(canvas.clientWidth * dpr), Math.round(canvas.clientHeight * dpr));
  const observer = new ResizeObserver(([entry]) => {
    const device = entry?.devicePixelContentBoxSize?.[0];
    if (device) apply(device.inlineSize, device.blockSize);
    else {
      const ratio = window.devicePixelRatio || 1;
      apply(Math.round(canvas.clientWidth * ratio), Math.round(canvas.clientHeight * ratio));
    }
  });
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas); // the box option is unknown here: the CSS size path above applies
  }
  // A DPR change alone does not always reach the observer (Chromium's emulated DPR does not): watch the resolution
  // media query too, re-armed for each new ratio.
  const watchRatio = () => {
    const ratio = window.devicePixelRatio || 1;
    matchMedia(`(resolution: ${ratio}dppx)`).addEventListener(
      'change',
      () => {
        const now = window.devicePixelRatio || 1;
        apply(Math.round(canvas.clientWidth * now), Math.round(canvas.clientHeight * now));
        watchRatio();
      },
      { once: true },
    );
  };
  watchRatio();
}
