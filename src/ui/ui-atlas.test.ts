import { describe, expect, it } from 'vitest';
import { SpriteSheet } from '../scene/sprite-sheet';
import { Texture } from '../scene/texture';
import { UiAtlas } from './ui-atlas';

/** A 6×3 sheet of two 3×3 frames side by side, texel (x, y) of frame f = (x, y, f, 255), no padding between them. */
function sheet(): SpriteSheet {
  const texels = new Uint8Array(6 * 3 * 4);
  for (let y = 0; y < 3; y++)
    for (let x = 0; x < 6; x++) texels.set([x % 3, y, x >= 3 ? 1 : 0, 255], (y * 6 + x) * 4);
  return SpriteSheet.grid(Texture.fromPixels(6, 3, texels, { label: 'pair' }), 3, 3);
}

describe('UiAtlas with sprite sheets', () => {
  it('copies each frame texel for texel, a transparent texel apart from every other piece', () => {
    const pair = sheet();
    const atlas = new UiAtlas(
      { dot: { rows: ['#'], palette: { '#': [1, 1, 1, 1] } } },
      { sheets: [pair, pair] },
    );
    const frames = [atlas.sheetFrame(pair, 0), atlas.sheetFrame(pair, 1)];
    const dot = atlas.sprite('dot');
    for (const [f, frame] of frames.entries()) {
      expect([frame.width, frame.height]).toEqual([3, 3]);
      for (let y = -1; y <= 3; y++)
        for (let x = -1; x <= 3; x++) {
          const o = ((frame.y + y) * atlas.width + frame.x + x) * 4;
          const inside = x >= 0 && x < 3 && y >= 0 && y < 3;
          if (frame.y + y < 0 || frame.x + x < 0 || frame.y + y >= atlas.height) continue;
          expect([f, x, y, ...atlas.pixels.subarray(o, o + 4)]).toEqual([
            f,
            x,
            y,
            ...(inside ? [x, y, f, 255] : [0, 0, 0, 0]),
          ]);
        }
    }
    // The sheet given twice is copied once: the dot, then the two frames, on one shelf.
    expect([dot.x, frames[0]!.x, frames[1]!.x]).toEqual([0, 2, 6]);
  });

  it('names a sheet it does not hold and a frame the sheet lacks', () => {
    const pair = sheet();
    expect(() => new UiAtlas({}).sheetFrame(pair, 0)).toThrow(
      'The sprite sheet "pair" is not in the UI atlas; make it with new UiAtlas(sprites, { sheets: [sheet] }).',
    );
    expect(() => new UiAtlas({}, { sheets: [pair] }).sheetFrame(pair, 2)).toThrow(
      'Sprite sheet "pair" has no frame 2.',
    );
  });
});
