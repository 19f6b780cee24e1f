import { GpuInitError } from './gpu-init-error';
import type { GpuContext } from './request-gpu';

/** The formats a WebGPU canvas may be configured with (WebGPU spec, GPUCanvasConfiguration). */
const CANVAS_FORMATS: ReadonlySet<GPUTextureFormat> = new Set(['bgra8unorm', 'rgba8unorm', 'rgba16float']);

/** How a canvas is configured; the format defaults to the browser's preferred one. */
export interface CanvasOptions {
  format?: GPUTextureFormat;
  alphaMode?: GPUCanvasAlphaMode;
  /** Default RENDER_ATTACHMENT | COPY_SRC: copyable, so tests and screenshots can read the canvas back. */
  usage?: GPUTextureUsageFlags;
}

/** A canvas bound to the device, with the format its textures have. */
export interface ConfiguredCanvas {
  readonly context: GPUCanvasContext;
  readonly format: GPUTextureFormat;
}

/** Binds a canvas to the device for presenting, rejecting a canvas already in WebGL use or a format it cannot show. */
export function configureCanvas(
  gpu: GpuContext,
  canvas: HTMLCanvasElement | OffscreenCanvas,
  options: CanvasOptions = {},
): ConfiguredCanvas {
  const format = options.format ?? gpu.preferredCanvasFormat;
  if (!CANVAS_FORMATS.has(format)) {
    throw new GpuInitError(
      'canvas',
      `A canvas cannot be configured with format "${format}"; use one of ${[...CANVAS_FORMATS].join(', ')}.`,
    );
  }
  const context = canvas.getContext('webgpu');
  if (!context) {
    throw new GpuInitError(
      'canvas',
      'canvas.getContext("webgpu") returned null: this canvas already has another context (2d/webgl). ' +
        'Give WebGPU its own <canvas>.',
    );
  }
  context.configure({
    device: gpu.device,
    format,
    alphaMode: options.alphaMode ?? 'opaque',
    usage: options.usage ?? GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC,
  });
  return { context, format };
}
