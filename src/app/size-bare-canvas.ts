/**
 * The whole multiple of the native image that fits `available` CSS pixels at `ratio` device pixels per CSS pixel,
 * never below 1: each native pixel then covers exactly `scale` × `scale` device pixels.
 */
export function bareCanvasScale(
  native: readonly [number, number],
  available: readonly [number, number],
  ratio: number,
): number {
  const fit = Math.min((available[0] * ratio) / native[0], (available[1] * ratio) / native[1]);
  return Math.max(1, Math.floor(fit));
}

/** Whether CSS leaves `canvas` at its intrinsic size (its width and height attributes, 300×150 when it has none). */
export function isBareCanvas(canvas: HTMLCanvasElement): boolean {
  return canvas.clientWidth === canvas.width && canvas.clientHeight === canvas.height;
}

/**
 * Sizes a canvas that CSS does not size (a bare `<canvas>`, shown 300×150 and so soft when the native image is drawn
 * into it) at the largest whole multiple of the native resolution that fits: its container's width, and the window's
 * height less the space above the canvas (as much again below). Follows the container and the window from then on.
 * The CSS size is set so that it is a whole multiple in device pixels. Returns the function that stops following.
 */
export function sizeBareCanvas(
  canvas: HTMLCanvasElement,
  native: () => readonly [number, number],
): () => void {
  const apply = () => {
    const ratio = window.devicePixelRatio || 1;
    const container = canvas.parentElement ?? document.documentElement;
    const style = getComputedStyle(container);
    const width = container.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const top = canvas.getBoundingClientRect().top + window.scrollY;
    const [w, h] = native();
    const scale = bareCanvasScale([w, h], [width, window.innerHeight - 2 * top], ratio);
    const css = (texels: number) => `${(texels * scale) / ratio}px`;
    if (canvas.style.width !== css(w)) canvas.style.width = css(w);
    if (canvas.style.height !== css(h)) canvas.style.height = css(h);
  };
  apply();
  const observer = new ResizeObserver(apply);
  observer.observe(canvas.parentElement ?? document.documentElement);
  window.addEventListener('resize', apply);
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', apply);
  };
}
