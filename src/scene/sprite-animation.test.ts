import { describe, expect, it } from 'vitest';
import { SpriteAnimation } from './sprite-animation';
import { SpriteSheet, type SpriteTag, type TagDirection } from './sprite-sheet';
import { Texture } from './texture';

/** A sheet of 4 frames of 0.1 s, except frame 2 (0.3 s), with one tag per direction over all four. */
function sheet(repeat = 0): SpriteSheet {
  const texture = Texture.fromPixels(4, 1, new Uint8Array(16));
  const directions: TagDirection[] = ['forward', 'reverse', 'pingpong', 'pingpong_reverse'];
  const tags: SpriteTag[] = directions.map((direction) => ({
    name: direction,
    from: 0,
    to: 3,
    direction,
    repeat,
  }));
  const base = SpriteSheet.grid(texture, 1, 1, { tags });
  const frames = base.frames.map((f, i) => ({ ...f, duration: i === 2 ? 0.3 : 0.1 }));
  return new SpriteSheet(texture, { frames, tags });
}

/** The frame shown at the middle of each 0.1 s step from 0 to `seconds`. */
const frames = (animation: SpriteAnimation, seconds: number) =>
  Array.from({ length: Math.round(seconds * 10) }, (_, i) => animation.frameAt(i / 10 + 0.05));

describe('SpriteAnimation', () => {
  it('plays each direction by clock time, each frame for its own duration, looping', () => {
    const s = sheet();
    // Frame 2 shows three steps (0.3 s).
    expect(frames(new SpriteAnimation(s, 'forward'), 1.2)).toEqual([0, 1, 2, 2, 2, 3, 0, 1, 2, 2, 2, 3]);
    expect(frames(new SpriteAnimation(s, 'reverse'), 1.2)).toEqual([3, 2, 2, 2, 1, 0, 3, 2, 2, 2, 1, 0]);
    // There and back without doubling the ends: 0 1 2 3 2 1, then 0 again.
    expect(frames(new SpriteAnimation(s, 'pingpong'), 1.3)).toEqual([0, 1, 2, 2, 2, 3, 2, 2, 2, 1, 0, 1, 2]);
    expect(frames(new SpriteAnimation(s, 'pingpong_reverse'), 1.1)).toEqual([
      3, 2, 2, 2, 1, 0, 1, 2, 2, 2, 3,
    ]);
  });

  it('with a repeat count plays that many passes (ping-pong: each direction one), then holds the last frame', () => {
    const twice = sheet(2);
    const forward = new SpriteAnimation(twice, 'forward');
    expect(frames(forward, 1.5)).toEqual([0, 1, 2, 2, 2, 3, 0, 1, 2, 2, 2, 3, 3, 3, 3]);
    expect(forward.finished).toBe(false);
    expect(forward.update(1.2).finished).toBe(true);
    expect(forward.frame).toBe(3);
    // Two passes of ping-pong: out and back, ending on the first frame.
    expect(frames(new SpriteAnimation(twice, 'pingpong'), 1.3)).toEqual([
      0, 1, 2, 2, 2, 3, 2, 2, 2, 1, 0, 0, 0,
    ]);
    expect(frames(new SpriteAnimation(sheet(1), 'pingpong'), 0.8)).toEqual([0, 1, 2, 2, 2, 3, 3, 3]);
  });

  it('moves by update(dt) alone; replaying a tag keeps its time unless restarted', () => {
    const animation = new SpriteAnimation(sheet(), 'forward');
    expect(animation.update(0.15).frame).toBe(1);
    expect(animation.update(0.1).frame).toBe(2);
    animation.play('forward');
    expect(animation.time).toBeCloseTo(0.25);
    animation.play('forward', true);
    expect(animation.time).toBe(0);
    animation.play('reverse');
    expect(animation.frame).toBe(3);
    expect(() => animation.update(-1)).toThrow(/update\(-1\): give the seconds passed/);
    expect(() => animation.play('run')).toThrow(
      /no tag "run"; it has forward, reverse, pingpong, pingpong_reverse/,
    );
    // No tag: every frame, forward.
    expect(frames(new SpriteAnimation(sheet()), 0.6)).toEqual([0, 1, 2, 2, 2, 3]);
  });
});

describe('SpriteSheet', () => {
  it('cuts a grid left to right, top to bottom', () => {
    const s = SpriteSheet.grid(Texture.fromPixels(6, 4, new Uint8Array(96)), 2, 2, {
      count: 5,
      duration: 0.25,
    });
    expect(s.frames.map((f) => [f.x, f.y, f.width, f.height, f.duration])).toEqual([
      [0, 0, 2, 2, 0.25],
      [2, 0, 2, 2, 0.25],
      [4, 0, 2, 2, 0.25],
      [0, 2, 2, 2, 0.25],
      [2, 2, 2, 2, 0.25],
    ]);
    expect(() => SpriteSheet.grid(Texture.fromPixels(6, 4, new Uint8Array(96)), 2, 2, { count: 7 })).toThrow(
      /7 frames of 2×2 asked of a 6×4 image, which holds 6/,
    );
  });

  it('refuses frames outside the image, tags out of range, and no frames, naming the sheet', () => {
    const texture = Texture.fromPixels(4, 4, new Uint8Array(64), { label: 'hero.png' });
    const frame = {
      x: 0,
      y: 0,
      width: 4,
      height: 4,
      offsetX: 0,
      offsetY: 0,
      sourceWidth: 4,
      sourceHeight: 4,
      duration: 0.1,
    };
    expect(() => new SpriteSheet(texture, { frames: [] })).toThrow(
      /Sprite sheet "hero.png": it has no frames/,
    );
    expect(() => new SpriteSheet(texture, { frames: [{ ...frame, x: 1 }] })).toThrow(
      /frame 0 \(1, 0, 4×4\) is not inside its 4×4 image/,
    );
    expect(
      () =>
        new SpriteSheet(texture, {
          frames: [frame, frame],
          tags: [{ name: 'walk', from: 0, to: 1.5, direction: 'forward', repeat: 0 }],
        }),
    ).toThrow('Sprite sheet "hero.png": tag "walk" spans frames 0…1.5; a tag names whole frame numbers.');
    expect(
      () =>
        new SpriteSheet(texture, {
          frames: [frame],
          tags: [{ name: 'walk', from: 0, to: 3, direction: 'forward', repeat: 0 }],
        }),
    ).toThrow(/tag "walk" spans frames 0…3; the sheet has 0…0/);
  });
});
