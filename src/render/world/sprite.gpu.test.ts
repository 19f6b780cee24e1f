import { describe, expect, it } from 'vitest';
import { walkerFrame } from '../../../scripts/walker-art';
import { loadSpriteSheet } from '../../assets/load-sprite-sheet';
import type { BackendName } from '../../device/device';
import { pixelAt } from '../../device/webgpu/read-texture';
import { Camera } from '../../scene/camera';
import { Node } from '../../scene/node';
import { Sprite, type SpriteOptions } from '../../scene/sprite';
import { SpriteSheet } from '../../scene/sprite-sheet';
import { Texture } from '../../scene/texture';
import { UiAtlas } from '../../ui/ui-atlas';
import { UiSprite } from '../../ui/ui-element';
import { Renderer } from '../renderers/renderer';
import { nativeRenderer, TEST_BACKENDS, testCanvas, texelCamera } from '../renderers/test-backends';

/** The native image, 64×48: the camera shows 4×3 world units, so at 16 texels a unit a texel is one native pixel. */
const [W, H] = [64, 48];
const CLEAR = [10, 20, 30, 255];

/**
 * A 34×18 sheet of two 16×16 frames at (1, 1) and (18, 1), a texel of padding around each: frame f's texel (x, y) is
 * (16x, 16y, 100 + 100f), opaque, but texel (0, 0) is transparent. The padding is bright magenta, so a texel bleeding
 * in from outside a frame shows.
 */
function sheetTexture(): Texture {
  const [w, h] = [34, 18];
  const texels = new Uint8Array(w * h * 4);
  for (let i = 0; i < w * h; i++) texels.set([255, 0, 255, 255], i * 4);
  for (const f of [0, 1])
    for (let y = 0; y < 16; y++)
      for (let x = 0; x < 16; x++)
        texels.set(
          [16 * x, 16 * y, 100 + 100 * f, x + y === 0 ? 0 : 255],
          ((1 + y) * w + 1 + 17 * f + x) * 4,
        );
  return Texture.fromPixels(w, h, texels, { label: 'two frames' });
}

function twoFrames(): SpriteSheet {
  const frame = (f: number) => ({
    x: 1 + 17 * f,
    y: 1,
    width: 16,
    height: 16,
    offsetX: 0,
    offsetY: 0,
    sourceWidth: 16,
    sourceHeight: 16,
    duration: 0.1,
  });
  return new SpriteSheet(sheetTexture(), {
    frames: [frame(0), frame(1)],
    tags: [{ name: 'blink', from: 0, to: 1, direction: 'pingpong', repeat: 0 }],
  });
}

/** A sprite at the origin seen by an orthographic camera at `eye` (default 2 units along +Z) with `up` (default +Y). */
async function spriteScene(
  backend: BackendName,
  source: SpriteSheet | Texture,
  options: SpriteOptions = {},
  eye: [number, number, number] = [0, 0, 2],
  up: [number, number, number] = [0, 1, 0],
) {
  const root = new Node('root');
  const sprite = new Sprite('hero', source, options);
  root.add(sprite);
  const camera = texelCamera(W, H);
  camera.setPosition(...eye).lookAt([0, 0, 0], up);
  root.add(camera);
  const drawn = await nativeRenderer(backend, { root, camera, native: [W, H] });
  drawn.renderer.world.environment.setClearColor(
    CLEAR.map((c) => c / 255) as [number, number, number, number],
  );
  return { sprite, camera, ...drawn };
}

/**
 * Checks the 16×16 block whose top-left native pixel is (24, 16) (the centre-pivoted frame at the origin) against
 * `texel(x, y)` (null: the clear colour shows), and the ring of pixels around it against the clear colour (nothing of
 * a neighbour frame or the padding bleeds in). `at` maps a texel to the pixel showing it.
 */
function expectFrame(
  pixels: Uint8Array,
  texel: (x: number, y: number) => number[] | null,
  what: string,
  at: (x: number, y: number) => [number, number] = (x, y) => [24 + x, 16 + y],
): void {
  for (let y = 0; y < 16; y++)
    for (let x = 0; x < 16; x++)
      expect(pixelAt(pixels, W, ...at(x, y)), `${what}: texel ${x},${y}`).toEqual(texel(x, y) ?? CLEAR);
  for (let i = -1; i <= 16; i++)
    for (const [x, y] of [
      [i, -1],
      [i, 16],
      [-1, i],
      [16, i],
    ] as const)
      expect(pixelAt(pixels, W, 24 + x, 16 + y), `${what}: outside at ${x},${y}`).toEqual(CLEAR);
}

const frameTexel = (f: number) => (x: number, y: number) =>
  x + y === 0 ? null : [16 * x, 16 * y, 100 + 100 * f, 255];

describe('sprites on real WebGPU and WebGL2', () => {
  it('show a sheet frame texel for texel at 16 texels a unit, cut out, nothing bleeding in; both backends alike', async () => {
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const { renderer, sprite, draw, watch } = await spriteScene(backend, twoFrames());
      const pixels = await draw();
      expectFrame(pixels, frameTexel(0), `${backend} frame 0`);
      sprite.frame = 1;
      expectFrame(await draw(), frameTexel(1), `${backend} frame 1`);
      sprite.flipX = true;
      expectFrame(await draw(), (x, y) => frameTexel(1)(15 - x, y), `${backend} frame 1 mirrored`);
      expect(() => (sprite.frame = 2)).toThrow(/Sprite "hero": frame 2; its sheet "two frames" has 0…1/);
      expect(watch.errors()).toEqual([]);
      images.push(pixels);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
  });

  it('billboard: faces the eye from any side and roll; fixed: turns with its node', async () => {
    for (const backend of TEST_BACKENDS) {
      // Seen from 60° to the side and from above, the camera-facing sprite is the same picture.
      for (const eye of [
        [2 * Math.sin(Math.PI / 3), 0, 2 * Math.cos(Math.PI / 3)],
        [0, 1.2, 1.6],
      ] as [number, number, number][]) {
        const { renderer, draw } = await spriteScene(backend, twoFrames(), {}, eye);
        expectFrame(await draw(), frameTexel(0), `${backend} billboard from ${eye.join(',')}`);
        renderer.destroy();
      }
      // The camera rolled a quarter (its up along +X): the sprite turns with the eye, so it is upright on screen.
      const rolled = await spriteScene(backend, twoFrames(), {}, [0, 0, 2], [1, 0, 0]);
      expectFrame(await rolled.draw(), frameTexel(0), `${backend} billboard, camera rolled`);
      rolled.renderer.destroy();
      // Its node turned a quarter about Z: a billboard ignores it, a fixed sprite turns (texel x, y at 24 + y, 31 − x).
      const { renderer, sprite, draw } = await spriteScene(backend, twoFrames());
      sprite.setRotationFromEuler(0, 0, Math.PI / 2);
      expectFrame(await draw(), frameTexel(0), `${backend} billboard turned`);
      const fixed = await spriteScene(backend, twoFrames(), { billboard: false });
      fixed.sprite.setRotationFromEuler(0, 0, Math.PI / 2);
      expectFrame(await fixed.draw(), frameTexel(0), `${backend} fixed turned`, (x, y) => [24 + y, 31 - x]);
      renderer.destroy();
      fixed.renderer.destroy();
    }
  });

  it('never reads a texel outside its frame, at any scale or sub-pixel position', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, sprite, draw } = await spriteScene(backend, twoFrames(), { pixelsPerUnit: 13.3 });
      for (const [x, f] of [
        [0.013, 0],
        [0.031, 1],
        [-0.047, 1],
      ] as const) {
        sprite.setPosition(x, x / 3, 0);
        sprite.frame = f;
        const pixels = await draw();
        let magenta = 0;
        let drawn = 0;
        for (let i = 0; i < pixels.length; i += 4) {
          if (pixels[i] === 255 && pixels[i + 1] === 0 && pixels[i + 2] === 255) magenta++;
          if (pixels[i + 2] === 100 + 100 * f) drawn++;
        }
        expect(magenta, `${backend}: padding texels shown at x ${x}`).toBe(0);
        expect(drawn).toBeGreaterThan(150); // the frame is there, about 13×13 pixels
      }
      renderer.destroy();
    }
  });

  it('animates by clock time: the frame shown after update(dt) follows the tag', async () => {
    for (const backend of TEST_BACKENDS) {
      const { renderer, sprite, draw } = await spriteScene(backend, twoFrames());
      const animation = sprite.play('blink');
      expect(sprite.frame).toBe(0);
      sprite.update(0.15);
      expectFrame(await draw(), frameTexel(1), `${backend} at 0.15 s`);
      sprite.update(0.1); // pingpong of two frames: 0, 1, 0, 1…
      expectFrame(await draw(), frameTexel(0), `${backend} at 0.25 s`);
      expect(animation.time).toBeCloseTo(0.25);
      renderer.destroy();
    }
  });

  it('an Aseprite export with trimmed frames: each frame where its untrimmed frame puts it', async () => {
    const url = new URL('../../assets/fixtures/walker.json', import.meta.url).href;
    for (const backend of TEST_BACKENDS) {
      const sheet = await loadSpriteSheet(url);
      expect([...sheet.tags.keys()]).toEqual(['idle', 'walk']);
      const { renderer, sprite, draw } = await spriteScene(backend, sheet);
      for (let f = 0; f < sheet.frames.length; f++) {
        sprite.frame = f;
        const expected = walkerFrame(f);
        expectFrame(
          await draw(),
          (x, y) => {
            const t = [...expected.subarray((y * 16 + x) * 4, (y * 16 + x) * 4 + 4)];
            return t[3] === 0 ? null : t;
          },
          `${backend} walker frame ${f}`,
        );
      }
      renderer.destroy();
    }
  });

  it("UiSprite shows an image sheet's frames in the UI: each untrimmed frame at its pixels, by tag over time", async () => {
    const url = new URL('../../assets/fixtures/walker.json', import.meta.url).href;
    const sheet = await loadSpriteSheet(url);
    const atlas = new UiAtlas({}, { sheets: [sheet] });
    const images: Uint8Array[] = [];
    for (const backend of TEST_BACKENDS) {
      const world = new Node('world');
      const camera = Camera.pixels('eye', W, H, 10);
      world.add(camera);
      const walker = new UiSprite('walker', sheet).setPosition(5, 7, 0);
      const renderer = await Renderer.create(testCanvas(2 * W, 2 * H), {
        backend,
        root: world,
        camera,
        native: [W, H],
        clearColor: { r: CLEAR[0]! / 255, g: CLEAR[1]! / 255, b: CLEAR[2]! / 255, a: 1 },
        chain: { blurStrength: 0 },
        ui: { root: new Node('ui').add(walker), atlas },
      });
      const draw = async () => {
        renderer.render(0, 0);
        return renderer.readPixels('composed');
      };
      const expectUiFrame = (pixels: Uint8Array, f: number, what: string) => {
        const expected = walkerFrame(f);
        for (let y = 0; y < H; y++)
          for (let x = 0; x < W; x++) {
            const [fx, fy] = [x - 5, y - 7];
            const inside = fx >= 0 && fx < 16 && fy >= 0 && fy < 16;
            const o = (fy * 16 + fx) * 4;
            const texel = inside && expected[o + 3] !== 0 ? [...expected.subarray(o, o + 4)] : CLEAR;
            expect(pixelAt(pixels, W, x, y), `${what} at ${x},${y}`).toEqual(texel);
          }
      };
      for (let f = 0; f < sheet.frames.length; f++) {
        walker.frame = f;
        const pixels = await draw();
        expectUiFrame(pixels, f, `${backend} frame ${f}`);
        if (f === 3) images.push(pixels);
      }
      walker.play('walk'); // frames 2…5, each for its own duration
      const walk = sheet.tag('walk');
      walker.update(sheet.frames[walk.from]!.duration + 0.001);
      expectUiFrame(await draw(), walk.from + 1, `${backend} walking`);
      renderer.destroy();
    }
    expect(images[1]).toEqual(images[0]);
    expect(() => new UiSprite('walker', sheet, { frame: 6 })).toThrow(
      /UiSprite "walker": frame 6; its sheet ".*walker\.json" has 0…5/,
    );
  });

  it('a UiSprite whose sheet the atlas lacks is an error saying how to give it', async () => {
    const world = new Node('world');
    const camera = Camera.pixels('eye', W, H, 10);
    world.add(camera);
    const renderer = await Renderer.create(testCanvas(2 * W, 2 * H), {
      backend: TEST_BACKENDS[0]!,
      root: world,
      camera,
      native: [W, H],
      ui: { root: new Node('ui').add(new UiSprite('lost', twoFrames())), atlas: new UiAtlas({}) },
    });
    expect(() => renderer.render(0, 0)).toThrow(
      /sprite sheet "two frames" is not in the UI atlas; make it with new UiAtlas\(sprites, \{ sheets: \[sheet\] \}\)/,
    );
    renderer.destroy();
  });
});
