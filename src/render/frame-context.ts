import type { Device } from '../device/device';

/** What every pass gets while the graph runs a frame, on either backend. */
export interface FrameContext {
  device: Device;
  /** Seconds of scene time (the clock's elapsed). */
  time: number;
  /** Seconds this frame advanced the scene by (the clock's delta). */
  delta: number;
}
