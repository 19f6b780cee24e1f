import { describe, expect, it } from 'vitest';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { Node } from '../../scene/node';
import { PIXEL_FONT } from '../../ui/pixel-font';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiRect, UiSprite, UiText } from '../../ui/ui-element';
import { Renderer } from '../renderers/renderer';
import { TEST_BACKENDS, testCanvas } from '../renderers/test-backends';

for (const backend of TEST_BACKENDS)
  describe(`UI composite on real ${backend}`, () => {
    it('puts rects, sprites and glyphs at their exact native pixels, blended over the world', async () => {
      // Twice the native size: at the same size "composed" shares its texture with a later pass's output.
      const canvas = testCanvas(168, 120);
      const world = new Node('world');
      const camera = Camera.pixels('eye', 84, 60, 10);
      world.add(camera);
      const ui = new Node('ui');
      const panel = new UiRect('panel', 5, 3, [1, 0, 0, 1]).setPosition(10, 7, 0);
      const glass = new UiRect('glass', 4, 4, [0, 0, 1, 0.5]).setPosition(40, 40, 0);
      const label = new UiText('label', 'A1', [0, 1, 0, 1]).setPosition(30, 20, 0);
      const star = new UiSprite('star', 'star').setPosition(60, 10, 0);
      const big = new UiRect('big', 2, 2, [1, 1, 0, 1]).setPosition(70, 40, 0).setScale(3, 3, 1);
      big.pivot = [1, 1]; // scaled about its centre: covers 67..72
      const leaning = new UiRect('leaning', 2, 4, [1, 0, 1, 1]).setPosition(5, 50, 0);
      leaning.skew = [Math.PI / 4, 0]; // x' = x + y: each row one pixel further right
      ui.add(panel).add(glass).add(label).add(star).add(big).add(leaning);
      const atlas = new UiAtlas({ star: { rows: ['.#.', '###', '.#.'], palette: { '#': [1, 1, 1, 1] } } });
      const renderer = await Renderer.create(canvas, {
        backend,
        root: world,
        camera,
        native: [84, 60],
        clearColor: { r: 0, g: 0, b: 0, a: 1 },
        chain: { blurStrength: 0 },
        ui: { root: ui, atlas },
      });
      renderer.render(0, 0);
      const pixels = await renderer.readPixels('composed');
      const at = (x: number, y: number) => pixelAt(pixels, 84, x, y);
      const red = [255, 0, 0, 255];
      const black = [0, 0, 0, 255];
      for (let y = 6; y <= 10; y++) {
        for (let x = 9; x <= 15; x++) {
          const inside = x >= 10 && x < 15 && y >= 7 && y < 10;
          expect([x, y, ...at(x, y)]).toEqual([x, y, ...(inside ? red : black)]);
        }
      }
      expect(at(41, 41)).toEqual([0, 0, 128, 255]); // half-transparent blue over black
      // "A" in the pico font: rows 010 101 111 101 101, drawn green at (30, 20); "1" one advance to the right.
      const glyphA = PIXEL_FONT.glyphs['A']!;
      for (let row = 0; row < 5; row++) {
        for (let col = 0; col < 3; col++) {
          const on = (glyphA[row]! >> (2 - col)) & 1;
          expect([col, row, ...at(30 + col, 20 + row)]).toEqual([
            col,
            row,
            ...(on ? [0, 255, 0, 255] : black),
          ]);
        }
      }
      expect(at(30 + PIXEL_FONT.advance + 1, 20)).toEqual([0, 255, 0, 255]); // top of the "1"
      expect([at(60, 10), at(61, 10), at(60, 11)]).toEqual([
        black,
        [255, 255, 255, 255],
        [255, 255, 255, 255],
      ]);
      expect([at(66, 40), at(67, 37), at(72, 42), at(73, 42)]).toEqual([
        black,
        [255, 255, 0, 255],
        [255, 255, 0, 255],
        black,
      ]);
      for (let r = 0; r < 4; r++) {
        expect([r, at(6 + r, 50 + r), at(4 + r, 50 + r), at(8 + r, 50 + r)]).toEqual([
          r,
          [255, 0, 255, 255],
          black,
          black,
        ]);
      }
      expect(renderer.render(0, 0).drawCalls).toBe(1); // the whole UI is one instanced draw
      renderer.destroy();
    });
  });
