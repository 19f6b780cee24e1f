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

/** A line (or lines, split at "\n") of text in the shipped pixel font. */
export class UiText extends UiElement {
  constructor(
    name: string,
    public text: string,
    color: [number, number, number, number] = [1, 1, 1, 1],
  ) {
    super(name);
    this.color = color;
  }
}
