import { describe, expect, it } from 'vitest';
import { loadSpriteSheet } from './load-sprite-sheet';
import { loadTexture } from './load-texture';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).href;

describe('loadSpriteSheet', () => {
  it('finds an image named by a path on the artist machine beside the JSON; takes the image given in any form', async () => {
    const plain = await loadSpriteSheet(fixture('walker.json'));
    const texels = plain.texture.texels();
    // "C:\Users\artist\sprites\walker.png" in the JSON: read as walker.png beside it.
    expect((await loadSpriteSheet(fixture('walker-abs-path.json'))).texture.texels()).toEqual(texels);
    // No image named: the error says what to give; each form of `image` then loads the same texels.
    await expect(loadSpriteSheet(fixture('walker-no-image.json'))).rejects.toThrow(
      /walker-no-image\.json": its JSON names no image \(meta\.image\); give one: loadSpriteSheet\(url, \{ image \}\)/,
    );
    const png = fixture('walker.png');
    const element = new Image();
    element.src = png;
    const forms = [png, await (await fetch(png)).blob(), element, await loadTexture(png, { label: 'mine' })];
    for (const image of forms) {
      const sheet = await loadSpriteSheet(fixture('walker-no-image.json'), { image });
      expect(sheet.texture.texels()).toEqual(texels);
      expect(sheet.frames).toEqual(plain.frames);
    }
    // The image given wins over the one named; a wrong size is named.
    await expect(loadSpriteSheet(fixture('walker.json'), { image: fixture('checker.png') })).rejects.toThrow(
      /its image ".*checker\.png" is 4×4; the JSON says \d+×\d+ \(export them together\)/,
    );
  });

  it("TexturePacker's rotated frames are turned upright: every frame's texels as the upright sheet has them", async () => {
    const upright = await loadSpriteSheet(fixture('walker.json'));
    const packed = await loadSpriteSheet(fixture('walker-packed.json'));
    const texels = (sheet: typeof upright, f: number) => {
      const frame = sheet.frames[f]!;
      const all = sheet.texture.texels();
      const rows: number[] = [];
      for (let y = 0; y < frame.height; y++)
        for (let x = 0; x < frame.width; x++) {
          const at = ((frame.y + y) * sheet.texture.width + frame.x + x) * 4;
          rows.push(...all.subarray(at, at + 4));
        }
      return rows;
    };
    expect(packed.frames.length).toBe(upright.frames.length);
    for (let f = 0; f < upright.frames.length; f++) {
      const { width, height, offsetX, offsetY, sourceWidth, sourceHeight } = upright.frames[f]!;
      expect(packed.frames[f], `frame ${f}`).toMatchObject({
        width,
        height,
        offsetX,
        offsetY,
        sourceWidth,
        sourceHeight,
      });
      expect(texels(packed, f), `frame ${f}`).toEqual(texels(upright, f));
    }
  });
});
