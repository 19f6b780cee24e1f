import type { GpuTimer } from '../gpu/gpu-timer';

/** What every WebGPU pass gets while the graph runs a frame. */
export interface GpuFrame {
  device: GPUDevice;
  encoder: GPUCommandEncoder;
  timer: GpuTimer | null;
  /** Seconds of scene time (the clock's elapsed). */
  time: number;
  /** Seconds this frame advanced the scene by (the clock's delta). */
  delta: number;
}
