import type { SpriteSheet, SpriteTag } from './sprite-sheet';

/**
 * Plays a sheet's tag (or all its frames) by clock time, never by frame count: `update(dt)` moves the time on, and
 * `frame` is the frame shown then, each for its own duration. Directions and repeats follow Aseprite: `pingpong` goes
 * to the last frame and back without showing a turning frame twice, and with a repeat count each direction is one
 * repeat; a finite tag then holds its last frame (`finished`).
 */
export class SpriteAnimation {
  /** Seconds since the tag started. */
  time = 0;
  private _tag: SpriteTag | null = null;
  /** The frames in the order shown (one loop of a looping tag, every pass of a finite one) and when each ends. */
  private order: number[] = [];
  private ends: number[] = [];
  private loops = true;

  constructor(
    readonly sheet: SpriteSheet,
    tag: string | null = null,
  ) {
    this.play(tag);
  }

  /** The tag playing; null: every frame of the sheet, forward, looping. */
  get tag(): SpriteTag | null {
    return this._tag;
  }

  /** Starts `tag` (null: every frame) from its beginning; the same tag again keeps playing unless `restart`. */
  play(tag: string | null, restart = false): this {
    const next = tag === null ? null : this.sheet.tag(tag);
    if (next === this._tag && !restart && this.order.length > 0) return this;
    this._tag = next;
    this.time = 0;
    const t = next ?? {
      name: '',
      from: 0,
      to: this.sheet.frames.length - 1,
      direction: 'forward',
      repeat: 0,
    };
    this.loops = t.repeat === 0;
    this.order = sequence(t);
    let end = 0;
    this.ends = this.order.map((frame) => (end += this.sheet.frames[frame]!.duration));
    return this;
  }

  /** Moves the time on by `dt` seconds. */
  update(dt: number): this {
    if (!(dt >= 0))
      throw new RangeError(`SpriteAnimation.update(${dt}): give the seconds passed, 0 or more.`);
    this.time += dt;
    return this;
  }

  /** The sheet frame shown now. */
  get frame(): number {
    return this.frameAt(this.time);
  }

  /** The sheet frame shown `time` seconds after the tag started. */
  frameAt(time: number): number {
    const total = this.ends[this.ends.length - 1]!;
    if (!this.loops && time >= total) return this.order[this.order.length - 1]!;
    const t = this.loops ? time - Math.floor(time / total) * total : Math.max(0, time);
    // Few frames per tag: a linear search beats bookkeeping.
    let i = 0;
    while (i < this.ends.length - 1 && t >= this.ends[i]!) i++;
    return this.order[i]!;
  }

  /** True once a tag with a repeat count has played them all. */
  get finished(): boolean {
    return !this.loops && this.time >= this.ends[this.ends.length - 1]!;
  }
}

/** The frames of one loop (repeat 0) or of every pass (repeat n), in the order shown. */
function sequence(tag: SpriteTag): number[] {
  const up: number[] = [];
  for (let f = tag.from; f <= tag.to; f++) up.push(f);
  const down = [...up].reverse();
  const pingpong = tag.direction === 'pingpong' || tag.direction === 'pingpong_reverse';
  const first = tag.direction === 'reverse' || tag.direction === 'pingpong_reverse' ? down : up;
  const second = first === up ? down : up;
  if (!pingpong) return Array.from({ length: Math.max(1, tag.repeat) }, () => first).flat();
  if (tag.repeat === 0) return up.length === 1 ? first : [...first, ...second.slice(1, -1)];
  // Each pass turns back; the turning frame is shown once.
  const order = [...first];
  for (let pass = 1; pass < tag.repeat; pass++) order.push(...(pass % 2 ? second : first).slice(1));
  return order;
}
