import { describe, expect, it } from 'vitest';
import type { SpriteFrame } from '../scene/sprite-sheet';
import { unrotateFrames } from './unrotate-frames';

/** A frame's texels as rows of single-letter ids (R of each texel), from an RGBA8 image. */
function read(pixels: Uint8Array, width: number, frame: SpriteFrame): string[] {
  const rows: string[] = [];
  for (let y = 0; y < frame.height; y++) {
    let row = '';
    for (let x = 0; x < frame.width; x++)
      row += String.fromCharCode(pixels[((frame.y + y) * width + frame.x + x) * 4]!);
    rows.push(row);
  }
  return rows;
}

const frame = (x: number, y: number, width: number, height: number): SpriteFrame => ({
  x,
  y,
  width,
  height,
  offsetX: 0,
  offsetY: 0,
  sourceWidth: width,
  sourceHeight: height,
  duration: 0.1,
});

describe('unrotateFrames', () => {
  it('turns a frame stored 90° clockwise upright, into a strip below the image; upright frames stay put', () => {
    // The sprite "abc/def" (3×2) turned clockwise is 2×3: "da/eb/fc", stored at (4, 0); "xy" upright at (0, 0).
    const image = ['xy..da', '....eb', '....fc'];
    const width = 6;
    const pixels = new Uint8Array(width * image.length * 4);
    image.forEach((row, y) =>
      [...row].forEach((c, x) => pixels.set([c.charCodeAt(0), 0, 0, 255], (y * width + x) * 4)),
    );
    const frames = [frame(0, 0, 2, 1), frame(4, 0, 3, 2)];
    const sheet = unrotateFrames(pixels, width, 3, frames, new Set([1]));
    expect([sheet.width, sheet.height]).toEqual([6, 3 + 1 + 2]); // the strip, a texel below the image
    expect(read(sheet.pixels, sheet.width, sheet.frames[1]!)).toEqual(['abc', 'def']);
    expect(sheet.frames[1]).toMatchObject({ x: 0, y: 4, width: 3, height: 2 });
    expect(read(sheet.pixels, sheet.width, sheet.frames[0]!)).toEqual(['xy']);
    expect(sheet.frames[0]).toEqual(frames[0]);
    // No rotated frame: the same texels, the same frames.
    const same = unrotateFrames(pixels, width, 3, frames, new Set());
    expect([same.width, same.height, same.pixels]).toEqual([6, 3, pixels]);
  });
});
