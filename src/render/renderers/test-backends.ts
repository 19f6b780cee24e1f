// For the GPU tests: what running one test on both backends takes. Not part of the engine's public surface.
import type { BackendName, Device, ResourceTracker } from '../../device/device';
import { Camera } from '../../scene/camera';
import { Renderer, type RendererOptions } from './renderer';

/** Both backends, for `for (const backend of TEST_BACKENDS)` around a test. */
export const TEST_BACKENDS: readonly BackendName[] = ['webgpu', 'webgl2'];

/** A detached canvas of the given size (each renderer needs its own: a canvas holds one context). */
export function testCanvas(width: number, height: number): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [width, height];
  return canvas;
}

/**
 * Collects a device's errors: pass `onDevice` when making it, read `errors()` after. WebGPU: every uncaptured error of
 * every GPU device it had; WebGL2: the context's error flag, read (and cleared) when asked.
 */
export function errorWatch(): { onDevice: (device: Device) => void; errors: () => string[] } {
  const seen: string[] = [];
  let tracker: ResourceTracker | null = null;
  return {
    onDevice: (device) => {
      tracker = device.trackResources(seen);
    },
    errors: () => tracker?.errors() ?? seen,
  };
}

/**
 * A renderer on `backend` with its errors watched, and `draw()`: render a frame and read the native `scene` image back.
 * The canvas is twice the native size: at the same size `scene` would share its texture with a later pass's output,
 * and reading it back after the frame is refused (`RenderGraph.textureOf`).
 */
export async function nativeRenderer(
  backend: BackendName,
  options: Omit<RendererOptions, 'backend' | 'onDevice'> & { native: readonly [number, number] },
): Promise<{ renderer: Renderer; draw: () => Promise<Uint8Array>; watch: ReturnType<typeof errorWatch> }> {
  const watch = errorWatch();
  const [width, height] = options.native;
  const renderer = await Renderer.create(testCanvas(2 * width, 2 * height), {
    ...options,
    backend,
    onDevice: watch.onDevice,
  });
  const draw = async () => {
    renderer.render();
    return renderer.readPixels('scene');
  };
  return { renderer, draw, watch };
}

/**
 * A renderer with the chain whose canvas is the native size (integer upscale ×1, no bars) and motion blur off, so
 * the canvas shows the native image each frame as the chain's passes left it; `frame()` renders and reads it back.
 */
export async function canvasIsNativeRenderer(
  backend: BackendName,
  options: Omit<RendererOptions, 'backend' | 'chain'> & { native: readonly [number, number] },
): Promise<{ renderer: Renderer; frame: () => Promise<Uint8Array> }> {
  const [width, height] = options.native;
  const renderer = await Renderer.create(testCanvas(width, height), {
    ...options,
    backend,
    chain: { upscale: 'integer', barFill: 'off' },
  });
  renderer.graph.setEnabled('motionBlur', false);
  const frame = async () => {
    renderer.render(0, 0);
    return renderer.readPixels();
  };
  return { renderer, frame };
}

/**
 * An orthographic camera centred on the origin that shows `width` × `height` native pixels at `pixelsPerUnit` to a world
 * unit (a sprite or font texel at that density is exactly one pixel), at z = 2 looking down −Z.
 */
export function texelCamera(width: number, height: number, pixelsPerUnit = 16): Camera {
  const [x, y] = [width / pixelsPerUnit / 2, height / pixelsPerUnit / 2];
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -x,
    right: x,
    bottom: -y,
    top: y,
    near: 0.1,
    far: 10,
  });
  return camera.setPosition(0, 0, 2);
}

/** The first few pixels (index, then both RGBA) where `a` and `b` differ: a diff of two whole images is too large to print. */
export function differingPixels(a: Uint8Array, b: Uint8Array): string[] {
  const found: string[] = [];
  for (let p = 0; p < a.length / 4 && found.length < 5; p++)
    if ([0, 1, 2, 3].some((c) => a[p * 4 + c] !== b[p * 4 + c]))
      found.push(
        `${p}: ${a.subarray(p * 4, p * 4 + 4).join(' ')} vs ${b.subarray(p * 4, p * 4 + 4).join(' ')}`,
      );
  return found;
}
