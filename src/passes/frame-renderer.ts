import type { GpuTimes } from '../gpu/gpu-timer';
import type { RenderGraph } from '../graph/render-graph';
import type { FrameCounters } from '../time/frame-loop';
import type { ChainSettings } from './chain-settings';
import type { WorldLight } from './world-packer';

/** One device (WebGPU) or context (WebGL2) loss a renderer came back from: why the device went, and how long the rebuild took. */
export interface DeviceRecovery {
  reason: string;
  message: string;
  /** From the loss being reported to the new device's pipelines, arena and graph being ready. */
  ms: number;
  /** Devices tried before one held (1 unless a new device was itself lost while building). */
  attempts: number;
}

/**
 * What pages, the frame loop and the debug panel use of a renderer, on either backend (`Renderer` on WebGPU,
 * `GlRenderer` on WebGL2): draw a frame, re-present it, survive a loss, report.
 */
export interface FrameRenderer {
  readonly backend: 'webgpu' | 'webgl2';
  readonly canvas: HTMLCanvasElement | OffscreenCanvas;
  readonly settings: ChainSettings;
  readonly graph: RenderGraph<unknown, unknown>;
  /** The world pass's light (direction and colours), to change between frames. */
  readonly world: WorldLight;
  readonly recoveries: readonly DeviceRecovery[];
  readonly lostFrames: number;
  readonly skippedFrames: number;
  readonly redraws: number;
  readonly failure: Error | null;
  /** The GPU as the backend names it (adapter vendor and architecture, or the GL renderer string). */
  readonly adapter: string;
  /** Per-pass GPU times where the backend measures them (WebGPU with timestamp-query), else null. */
  readonly gpuTimes: GpuTimes | null;
  onRecovered: ((recovery: DeviceRecovery) => void) | undefined;
  onUnrecoverable: ((error: Error) => void) | undefined;
  render(time?: number, delta?: number): FrameCounters;
  redraw(): void;
  resetHistory(): void;
  /** Resolves once the GPU has done the work submitted so far (the frame is ready to be seen). */
  finished(): Promise<void>;
  /** Loses the device (WebGPU) or the context (WebGL2) as a real fault would; recovery follows by itself. */
  simulateLoss(): void;
  destroy(): void;
}
