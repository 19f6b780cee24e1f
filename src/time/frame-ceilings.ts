/**
 * The frame budget of a 90 Hz headset (Quest 2/3, Index at 90 Hz): 1000 ms / 90 frames. The default ceiling, because a
 * budget is set by the tightest device we ship to.
 */
export const HEADSET_90HZ_MS = 1000 / 90;

/** The frame budget of a 60 Hz desktop display: 1000 ms / 60 frames. */
export const DESKTOP_60HZ_MS = 1000 / 60;

/** A device a frame must be ready for, its time ceiling, and where the figure comes from. */
export interface FrameTarget {
  readonly device: string;
  readonly ceilingMs: number;
  readonly provenance: string;
}

/** The two targets the budget is read against: the tightest one we ship to, and the common desktop. */
export const FRAME_TARGETS: readonly FrameTarget[] = [
  {
    device: '90 Hz headset (Meta Quest 3, Valve Index)',
    ceilingMs: HEADSET_90HZ_MS,
    provenance:
      'the headsets’ default display refresh rate, 90 Hz (Meta: Quest 3 display specifications; Valve: Index ' +
      'headset 80/90/120/144 Hz, 90 by default): one frame every 1000/90 ms, or the compositor reprojects',
  },
  {
    device: '60 Hz laptop display',
    ceilingMs: DESKTOP_60HZ_MS,
    provenance:
      'the refresh rate of most laptop and office panels (VESA/EDID 60 Hz modes, Chrome’s requestAnimationFrame ' +
      'follows the display): one frame every 1000/60 ms',
  },
];
