import type { SpriteFrame } from '../scene/sprite-sheet';

/** A sheet's texels with every frame upright: the image, grown by a strip holding the frames that were rotated. */
export interface UprightSheet {
  width: number;
  height: number;
  pixels: Uint8Array;
  frames: SpriteFrame[];
}

/**
 * Turns the frames a packer stored rotated (TexturePacker's `rotated: true`: the frame turned 90° clockwise, so its
 * `width × height` texels fill a `height × width` place at `x, y`) upright once, at load: each is copied, turned back,
 * into a strip below the image, and its frame moved there. Every renderer then reads all frames the same way, with no
 * rotation in any shader; the strip costs the texels of the rotated frames only. Frames are a texel apart, so
 * neither nearest reads nor the UI atlas's copies bleed.
 */
export function unrotateFrames(
  pixels: Uint8Array,
  width: number,
  height: number,
  frames: readonly SpriteFrame[],
  rotated: ReadonlySet<number>,
): UprightSheet {
  // Shelves, left to right, as wide as the image (or the widest frame).
  const stripWidth = Math.max(width, ...[...rotated].map((i) => frames[i]!.width));
  const places = new Map<number, { x: number; y: number }>();
  let x = 0;
  let y = height + 1;
  let shelf = 0;
  for (const i of rotated) {
    const frame = frames[i]!;
    if (x > 0 && x + frame.width > stripWidth) [x, y, shelf] = [0, y + shelf + 1, 0];
    places.set(i, { x, y });
    x += frame.width + 1;
    shelf = Math.max(shelf, frame.height);
  }
  const outWidth = stripWidth;
  const outHeight = rotated.size > 0 ? y + shelf : height;
  const out = new Uint8Array(outWidth * outHeight * 4);
  for (let row = 0; row < height; row++)
    out.set(pixels.subarray(row * width * 4, (row + 1) * width * 4), row * outWidth * 4);
  const upright = frames.map((frame, i) => {
    const place = places.get(i);
    if (!place) return { ...frame };
    // Stored turned clockwise: the upright texel (u, v) is at column height−1−v, row u of the stored place.
    for (let v = 0; v < frame.height; v++)
      for (let u = 0; u < frame.width; u++) {
        const from = ((frame.y + u) * width + frame.x + frame.height - 1 - v) * 4;
        out.set(pixels.subarray(from, from + 4), ((place.y + v) * outWidth + place.x + u) * 4);
      }
    return { ...frame, x: place.x, y: place.y };
  });
  return { width: outWidth, height: outHeight, pixels: out, frames: upright };
}
