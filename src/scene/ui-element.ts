import type { BitmapFont } from './bitmap-font';
import { layoutText, type TextLayout } from './text-layout';
import { Node } from './node';

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

/** A sprite: a named frame of the UI atlas, drawn at its own pixel size (scale it with setScale). */
export class UiSprite extends UiElement {
  constructor(
    name: string,
    public sprite: string,
  ) {
    super(name);
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
  font: BitmapFont | null;
  wrap: number | undefined;
  private laid: { text: string; font: BitmapFont; wrap: number | undefined; layout: TextLayout } | null =
    null;

  constructor(
    name: string,
    public text: string,
    color: [number, number, number, number] = [1, 1, 1, 1],
    options: UiTextOptions = {},
  ) {
    super(name);
    this.color = color;
    this.font = options.font ?? null;
    this.wrap = options.wrap;
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
