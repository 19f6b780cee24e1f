import type { BitmapFont } from './bitmap-font';
import { PIXEL_FONT } from './pixel-font';
import { layoutText, type TextLayout } from './text-layout';
import { Node } from '../scene/node';
import { SpriteAnimation } from '../scene/sprite-animation';
import type { SpriteSheet } from '../scene/sprite-sheet';

/**
 * A 2D node of the UI layer, in native pixels (x right, y down): placed by its T·R·S like any node (rotation about
 * the screen's z), plus a pivot (the point in its own pixels that sits at its position) and a skew (radians).
 */
export class UiElement extends Node {
  pivot: [number, number] = [0, 0];
  skew: [number, number] = [0, 0];
  /** RGBA 0..1; multiplies sprite and glyph pixels. */
  color: [number, number, number, number] = [1, 1, 1, 1];
  visible = true;
}

/** A filled rectangle (a panel, a bar). */
export class UiRect extends UiElement {
  constructor(
    name: string,
    public width: number,
    public height: number,
    color: [number, number, number, number],
  ) {
    super(name);
    this.color = color;
  }
}

/** How a `UiSprite` showing a sheet starts. */
export interface UiSpriteOptions {
  /** The sheet frame shown first (default 0). */
  frame?: number;
}

/**
 * A sprite of the UI, drawn at its own pixel size (scale it with setScale): a named text-row sprite of the UI atlas, or
 * a frame of a sprite sheet the atlas holds (`new UiAtlas(sprites, { sheets: [sheet] })`), trimmed frames placed where
 * the untrimmed frame would be, animated by its tags like a world `Sprite` (`play`, `update(dt)`).
 */
export class UiSprite extends UiElement {
  /** The atlas sprite's name; ignored when `sheet` is given. */
  sprite: string;
  readonly sheet: SpriteSheet | null;
  /** Set by `play`; `update(dt)` advances it and shows its frame. */
  animation: SpriteAnimation | null = null;
  private _frame = 0;

  constructor(name: string, source: string | SpriteSheet, options: UiSpriteOptions = {}) {
    super(name);
    this.sprite = typeof source === 'string' ? source : '';
    this.sheet = typeof source === 'string' ? null : source;
    this.frame = options.frame ?? 0;
  }

  /** The sheet frame shown (0 for an atlas sprite). */
  get frame(): number {
    return this._frame;
  }
  set frame(index: number) {
    const count = this.sheet?.frames.length ?? 1;
    if (!(Number.isInteger(index) && index >= 0 && index < count))
      throw new RangeError(
        this.sheet
          ? `UiSprite "${this.name}": frame ${index}; its sheet "${this.sheet.label}" has 0…${count - 1}.`
          : `UiSprite "${this.name}": frame ${index}; an atlas sprite has only frame 0.`,
      );
    this._frame = index;
  }

  /** Plays a tag of the sheet (null: all its frames) by clock time; the one playing already keeps going. */
  play(tag: string | null, restart = false): SpriteAnimation {
    if (!this.sheet)
      throw new Error(`UiSprite "${this.name}" shows the atlas sprite "${this.sprite}", not a sheet.`);
    if (this.animation) this.animation.play(tag, restart);
    else this.animation = new SpriteAnimation(this.sheet, tag);
    this.frame = this.animation.frame;
    return this.animation;
  }

  /** Advances the animation by `dt` seconds and shows its frame. */
  update(dt: number): this {
    if (this.animation) this.frame = this.animation.update(dt).frame;
    return this;
  }
}

/** How a `UiText` is set. */
export interface UiTextOptions {
  /** A bitmap font (`loadBitmapFont`) that the UI atlas holds; default: the shipped 3×5 pixel font. */
  font?: BitmapFont | null;
  /** Wrap words to this many pixels (bitmap fonts only); default: lines break only at "\n". */
  wrap?: number;
}

/**
 * Text in the shipped 3×5 pixel font (upper case; lines split at "\n") or in a bitmap font: kerning, the font's line
 * height, "\n" and word wrap to `wrap` pixels, every character it has; one it lacks is drawn as a replacement box and
 * reported once.
 */
export class UiText extends UiElement {
  wrap: number | undefined;
  private _text = '';
  private _font: BitmapFont | null = null;
  private laid: { text: string; font: BitmapFont; wrap: number | undefined; layout: TextLayout } | null =
    null;

  constructor(
    name: string,
    text: string,
    color: [number, number, number, number] = [1, 1, 1, 1],
    options: UiTextOptions = {},
  ) {
    super(name);
    this.color = color;
    this._font = options.font ?? null;
    this.text = text;
    this.wrap = options.wrap;
  }

  /**
   * What it shows. In the shipped pixel font (no `font`), a character the font lacks is refused here, naming it, and
   * the text is unchanged (a bitmap font draws its replacement box instead, and warns once).
   */
  get text(): string {
    return this._text;
  }
  set text(text: string) {
    if (typeof text !== 'string')
      throw new TypeError(`UiText "${this.name}": text must be a string, not ${typeof text}.`);
    if (!this._font) checkPixelFontText(this.name, text);
    this._text = text;
  }

  /** The bitmap font it is drawn in, or null for the shipped pixel font (then the text is checked against it). */
  get font(): BitmapFont | null {
    return this._font;
  }
  set font(font: BitmapFont | null) {
    if (!font) checkPixelFontText(this.name, this._text);
    this._font = font;
  }

  /** The text laid out in its bitmap font (null for the shipped font), made again only when text, font or wrap change. */
  get layout(): TextLayout | null {
    const { text, font, wrap } = this;
    if (!font) return null;
    const laid = this.laid;
    if (laid?.text === text && laid.font === font && laid.wrap === wrap) return laid.layout;
    const layout = layoutText(font, text, wrap);
    this.laid = { text, font, wrap, layout };
    return layout;
  }
}

/** Refuses text the shipped pixel font cannot draw (lower case draws as upper case; spaces and line breaks are not glyphs). */
function checkPixelFontText(name: string, text: string): void {
  for (const char of text) {
    if (char === ' ' || char === '\n' || char.toUpperCase() in PIXEL_FONT.glyphs) continue;
    const code = char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    throw new Error(
      `UiText "${name}": the pixel font has no glyph for "${char}" (U+${code}); the text is unchanged. ` +
        `It has ${Object.keys(PIXEL_FONT.glyphs).join('')}; give the text a bitmap font (options.font) for others.`,
    );
  }
}
