/**
 * The frame budget of a 90 Hz headset (Quest 2/3, Index at 90 Hz): 1000 ms / 90 frames. The default ceiling, because a
 * budget is set by the tightest device we ship to.
 */
export const HEADSET_90HZ_MS = 1000 / 90;

/** The frame budget of a 60 Hz desktop display: 1000 ms / 60 frames. */
export const DESKTOP_60HZ_MS = 1000 / 60;
