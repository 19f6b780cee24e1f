import { TextEditor, type TextEditorOptions } from './text-editor';

/**
 * What a control does: `static` (drawn only: no hover, no focus, transparent to the mouse), `button` (hover, focus,
 * click), `slider` (a number: mouse capture, the wheel, left/right), `text` (a field: text-edit capture, and mouse
 * capture to select), `checkbox` (a boolean toggled by a click or accept), `key` (a key of an on-screen keyboard:
 * hover and click but never focus; its click types into the field being edited, which a press on it does not end).
 */
export type ControlKind = 'static' | 'button' | 'slider' | 'text' | 'checkbox' | 'key';

/** Where a control sits in its box and what it holds. */
export interface UiControlOptions {
  /** Its rectangle in the box's content pixels (scrolled with the box unless `pinned`). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** Stays put when the box scrolls (drawn and hit above the scrolled controls). */
  pinned?: boolean;
  /** An irregular shape: whether the point (x, y), in pixels from the control's top left, is on it (default all). */
  hitTest?: (x: number, y: number) => boolean;
  /** Slider: its range, step (default 0…100 by 1) and first value (default min). */
  min?: number;
  max?: number;
  step?: number;
  /** The first value: a slider's number, a field's text, a checkbox's state. */
  value?: number | string | boolean;
  /** Text field: the most characters and which characters it takes. */
  text?: TextEditorOptions;
  /**
   * Text field: the width in pixels of a run of its text as drawn, to put the caret under the pointer (default 4 a
   * character: the 3×5 font's advance). A view drawing it in a bitmap font sets it from that font.
   */
  measureText?: (text: string) => number;
  /** Text field: pixels from the control's left edge to its first character (default 2). */
  textInset?: number;
  /** The control's own colour, over the theme's for its kind. */
  color?: readonly [number, number, number, number];
  /** A label drawn on it (buttons, checkboxes, keys). */
  label?: string;
  /**
   * Key: what it types, as `KeyboardEvent.key` names it: one character is typed as text; a longer name is that key
   * pressed in the field (`Backspace`, `Delete`, `Enter`, `Escape`, `ArrowLeft`, `ArrowRight`, `Home`, `End`). Default
   * its label.
   */
  key?: string;
}

/**
 * One control of a `UiBox`: a rectangle with a kind, a value, and the two switches a game flips — `locked` (shown in
 * grey, takes no input) and `hidden`. A hidden or locked control loses focus, hover and any capture at the kernel's
 * next update.
 */
export class UiControl {
  x: number;
  y: number;
  width: number;
  height: number;
  readonly pinned: boolean;
  locked = false;
  hidden = false;
  readonly hitTest: ((x: number, y: number) => boolean) | null;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  measureText: (text: string) => number;
  readonly textInset: number;
  readonly color: readonly [number, number, number, number] | null;
  label: string;
  /** What a key types (keys only; see `UiControlOptions.key`). */
  readonly key: string;
  /** The field's editing state (text fields only). */
  readonly editor: TextEditor | null;
  private _value: number | boolean;

  constructor(
    readonly name: string,
    readonly kind: ControlKind,
    options: UiControlOptions,
  ) {
    const { x, y, width, height } = options;
    if (![x, y, width, height].every(Number.isFinite) || !(width > 0 && height > 0))
      throw new RangeError(
        `UiControl "${name}": rectangle ${x}, ${y}, ${width}×${height}; give finite numbers and a size above 0.`,
      );
    [this.x, this.y, this.width, this.height] = [x, y, width, height];
    this.pinned = options.pinned ?? false;
    this.hitTest = options.hitTest ?? null;
    this.min = options.min ?? 0;
    this.max = options.max ?? 100;
    this.step = options.step ?? 1;
    if (!(this.max > this.min && this.step > 0))
      throw new RangeError(
        `UiControl "${name}": range ${this.min}…${this.max} by ${this.step}; give min < max, step > 0.`,
      );
    this.measureText = options.measureText ?? ((text) => [...text].length * 4);
    this.textInset = options.textInset ?? 2;
    this.color = options.color ?? null;
    this.label = options.label ?? '';
    this.key = kind === 'key' ? (options.key ?? this.label) : '';
    if (kind === 'key' && this.key === '')
      throw new RangeError(`UiControl "${name}": a key needs the key it types (key or label).`);
    const value = options.value;
    if (kind === 'text') {
      this.editor = new TextEditor(typeof value === 'string' ? value : '', options.text);
      this._value = false;
    } else {
      this.editor = null;
      this._value =
        kind === 'slider' ? this.clamp(typeof value === 'number' ? value : this.min) : value === true;
    }
  }

  /** Takes hover, and focus but for keys (every kind but `static`). */
  get focusable(): boolean {
    return this.kind !== 'static';
  }
  /** Can take focus now: usable and not a key (keys type into the focused field, so they must not take its focus). */
  get takesFocus(): boolean {
    return this.usable && this.kind !== 'key';
  }
  /** Asks for mouse capture when pressed (sliders; text fields, to select). */
  get capturesMouse(): boolean {
    return this.kind === 'slider' || this.kind === 'text';
  }
  /** Turns the wheel into its value instead of letting the box scroll (sliders). */
  get takesWheel(): boolean {
    return this.kind === 'slider';
  }
  /** Can be focused, hovered and used now: focusable, shown and not locked. */
  get usable(): boolean {
    return this.focusable && !this.hidden && !this.locked;
  }

  /** A slider's number, a field's text, a checkbox's state; null for buttons and statics. */
  get value(): number | string | boolean | null {
    if (this.editor) return this.editor.text;
    return this.kind === 'slider' || this.kind === 'checkbox' ? this._value : null;
  }
  /** Sets the value (a slider's is clamped to its range and step); returns whether it changed. */
  setValue(value: number | string | boolean): boolean {
    if (this.editor) {
      if (value === this.editor.text) return false;
      this.editor.setText(String(value));
      return true;
    }
    const next = this.kind === 'slider' ? this.clamp(Number(value)) : Boolean(value);
    if (next === this._value || !(this.kind === 'slider' || this.kind === 'checkbox')) return false;
    this._value = next;
    return true;
  }

  /** The caret place (0…length) nearest to `x` pixels from the control's left edge (text fields). */
  caretAt(x: number): number {
    const chars = [...(this.editor?.text ?? '')];
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i <= chars.length; i++) {
      const distance = Math.abs(this.textInset + this.measureText(chars.slice(0, i).join('')) - x);
      if (distance < bestDistance) [best, bestDistance] = [i, distance];
    }
    return best;
  }

  private clamp(value: number): number {
    const stepped = this.min + Math.round((value - this.min) / this.step) * this.step;
    return Math.min(this.max, Math.max(this.min, stepped));
  }
}
