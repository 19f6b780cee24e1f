import type { Texture } from './texture';

/** One frame of a sheet: where it lies in the texture, where it sits in the untrimmed frame, and how long it shows. */
export interface SpriteFrame {
  /** The texels in the sheet's texture (top-left origin). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Where those texels sit in the untrimmed frame (`sourceWidth` × `sourceHeight`): 0, 0 unless trimmed. */
  offsetX: number;
  offsetY: number;
  sourceWidth: number;
  sourceHeight: number;
  /** Seconds. */
  duration: number;
}

/** How a tag plays its frames (Aseprite's directions): `pingpong` goes there and back without doubling the ends. */
export type TagDirection = 'forward' | 'reverse' | 'pingpong' | 'pingpong_reverse';

/** A named run of frames (an Aseprite frame tag): an animation. */
export interface SpriteTag {
  name: string;
  /** First and last frame, inclusive. */
  from: number;
  to: number;
  direction: TagDirection;
  /** Plays this many times, then holds its last frame; 0: loops for ever. */
  repeat: number;
}

/** A named rectangle of the frame (an Aseprite slice): a hit box, a hand to hold something, a pivot. */
export interface SpriteSlice {
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  /** A point in the frame's texels (Aseprite's slice pivot), when given. */
  pivot: [number, number] | null;
}

/** What a sheet holds besides its texture. */
export interface SpriteSheetData {
  frames: readonly SpriteFrame[];
  tags?: readonly SpriteTag[];
  slices?: readonly SpriteSlice[];
}

/**
 * A texture cut into frames, with the tags that animate them and the slices that mark points in them: from Aseprite's
 * JSON export (`loadSpriteSheet`, `parseAseprite`) or a plain grid (`SpriteSheet.grid`). Checked when made: every
 * frame inside the texture, every tag's frames in range.
 */
export class SpriteSheet {
  readonly frames: readonly SpriteFrame[];
  readonly tags: ReadonlyMap<string, SpriteTag>;
  readonly slices: ReadonlyMap<string, SpriteSlice>;

  constructor(
    readonly texture: Texture,
    data: SpriteSheetData,
    /** Named in errors: the file the sheet came from. */
    readonly label = texture.label,
  ) {
    const fail = (why: string): never => {
      throw new Error(`Sprite sheet "${label}": ${why}`);
    };
    if (data.frames.length === 0) fail('it has no frames.');
    data.frames.forEach((f, i) => {
      if (
        !(f.width > 0 && f.height > 0 && f.x >= 0 && f.y >= 0) ||
        f.x + f.width > texture.width ||
        f.y + f.height > texture.height
      )
        fail(
          `frame ${i} (${f.x}, ${f.y}, ${f.width}×${f.height}) is not inside its ${texture.width}×${texture.height} image.`,
        );
      if (!(f.duration > 0)) fail(`frame ${i} lasts ${f.duration} s; give it a duration above 0.`);
    });
    const tags = new Map<string, SpriteTag>();
    for (const tag of data.tags ?? []) {
      if (!Number.isInteger(tag.from) || !Number.isInteger(tag.to))
        fail(`tag "${tag.name}" spans frames ${tag.from}…${tag.to}; a tag names whole frame numbers.`);
      if (!(tag.from >= 0 && tag.from <= tag.to && tag.to < data.frames.length))
        fail(
          `tag "${tag.name}" spans frames ${tag.from}…${tag.to}; the sheet has 0…${data.frames.length - 1}.`,
        );
      if (tags.has(tag.name)) fail(`two tags are named "${tag.name}".`);
      tags.set(tag.name, tag);
    }
    this.frames = data.frames;
    this.tags = tags;
    this.slices = new Map((data.slices ?? []).map((slice) => [slice.name, slice]));
  }

  /**
   * A sheet of equal frames in rows, left to right then top to bottom: `count` of them (default: as many as fit),
   * each `duration` seconds (default 0.1).
   */
  static grid(
    texture: Texture,
    frameWidth: number,
    frameHeight: number,
    options: { count?: number; duration?: number; tags?: readonly SpriteTag[] } = {},
  ): SpriteSheet {
    const columns = Math.floor(texture.width / frameWidth);
    const fit = columns * Math.floor(texture.height / frameHeight);
    const count = options.count ?? fit;
    if (!(Number.isInteger(frameWidth) && Number.isInteger(frameHeight) && frameWidth > 0 && frameHeight > 0))
      throw new RangeError(
        `SpriteSheet.grid: a frame of ${frameWidth}×${frameHeight}; give whole texels above 0.`,
      );
    if (count > fit || count < 1)
      throw new RangeError(
        `SpriteSheet.grid: ${count} frames of ${frameWidth}×${frameHeight} asked of a ` +
          `${texture.width}×${texture.height} image, which holds ${fit}.`,
      );
    const frames = Array.from({ length: count }, (_, i) => ({
      x: (i % columns) * frameWidth,
      y: Math.floor(i / columns) * frameHeight,
      width: frameWidth,
      height: frameHeight,
      offsetX: 0,
      offsetY: 0,
      sourceWidth: frameWidth,
      sourceHeight: frameHeight,
      duration: options.duration ?? 0.1,
    }));
    return new SpriteSheet(texture, { frames, tags: options.tags ?? [] });
  }

  /** The tag of that name; a missing one throws, listing those there are. */
  tag(name: string): SpriteTag {
    return this.named(this.tags, 'tag', name);
  }

  /** The slice of that name; a missing one throws, listing those there are. */
  slice(name: string): SpriteSlice {
    return this.named(this.slices, 'slice', name);
  }

  private named<T>(map: ReadonlyMap<string, T>, what: string, name: string): T {
    const found = map.get(name);
    if (found === undefined)
      throw new Error(
        `Sprite sheet "${this.label}" has no ${what} "${name}"; it has ${[...map.keys()].join(', ') || 'none'}.`,
      );
    return found;
  }
}
