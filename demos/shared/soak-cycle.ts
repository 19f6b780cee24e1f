/** Frames in each cycle of a soak (see `soakStep`); the e2e spec reads it without loading the engine. */
export const CYCLE = 250;
