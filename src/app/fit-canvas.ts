/**
 * Keeps `canvas`'s drawing buffer at its CSS box in device pixels, now and whenever that changes (a resize, zoom, the
 * window moved to a screen with another devicePixelRatio), then calls `resized`. Uses the observer's
 * device-pixel-content-box where the browser has it (exact), the CSS size × devicePixelRatio otherwise and when only
 * the ratio changes. Returns the function that stops following.
 */
export function fitCanvas(canvas: HTMLCanvasElement, resized: () => void = () => {}): () => void {
  let stopped = false;
  const apply = (width: number, height: number) => {
    if (stopped || (canvas.width === width && canvas.height === height)) return;
    [canvas.width, canvas.height] = [width, height];
    resized();
  };
  const fromCss = () => {
    const ratio = window.devicePixelRatio || 1;
    apply(Math.round(canvas.clientWidth * ratio), Math.round(canvas.clientHeight * ratio));
  };
  fromCss();
  const observer = new ResizeObserver(([entry]) => {
    const device = entry?.devicePixelContentBoxSize?.[0];
    if (device) apply(device.inlineSize, device.blockSize);
    else fromCss();
  });
  try {
    observer.observe(canvas, { box: 'device-pixel-content-box' });
  } catch {
    observer.observe(canvas); // the box option is unknown here: the CSS size path above applies
  }
  // A DPR change alone does not always reach the observer (Chromium's emulated DPR does not): watch the resolution
  // media query too, re-armed for each new ratio.
  let query: MediaQueryList | null = null;
  const onRatio = () => {
    fromCss();
    watchRatio();
  };
  const watchRatio = () => {
    query?.removeEventListener('change', onRatio);
    query = matchMedia(`(resolution: ${window.devicePixelRatio || 1}dppx)`);
    query.addEventListener('change', onRatio, { once: true });
  };
  watchRatio();
  return () => {
    stopped = true;
    observer.disconnect();
    query?.removeEventListener('change', onRatio);
  };
}
