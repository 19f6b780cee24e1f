// How much deformation one mesh may carry: what the world pass's vertex stage reads (world.wgsl's `Deform` struct).
// The scene refuses more when it is given, so a frame never meets it; the world pass checks these against the WGSL
// when it starts.

/** The most joints a mesh's skin may have (`Deform.joints`). */
export const MAX_SKIN_JOINTS = 128;

/** The most morph targets a mesh's geometry may blend (`Deform.morphWeights`, four a vec4). */
export const MAX_MORPH_TARGETS = 16;
