const views = new WeakMap<GPUTexture, GPUTextureView>();

/**
 * The default view of a texture, made once per texture: the graph's textures live across frames, so their views do
 * too (a canvas texture is new each frame and gets a new view, dropped with it).
 */
export function viewOf(texture: GPUTexture): GPUTextureView {
  let view = views.get(texture);
  if (!view) views.set(texture, (view = texture.createView()));
  return view;
}
