/** What a text editor lets in: the most characters it holds, and which characters it takes. */
export interface TextEditorOptions {
  /** The most characters (Unicode code points, not UTF-16 units or bytes); default unlimited. */
  maxLength?: number;
  /** Whether a character may be typed (default: any but control characters). */
  accept?: (char: string) => boolean;
}

const printable = (char: string) => !/\p{Cc}/u.test(char);

/**
 * The editing state of one text field: its text as code points, a caret and a selection (between `anchor` and
 * `caret`), a length limit and a character filter. Counts characters as code points, so "ż" and "😀" are one each.
 * Every method reports what it changed, for the UI kernel's `text-change` and `caret-move` events.
 */
export class TextEditor {
  readonly maxLength: number;
  private readonly accept: (char: string) => boolean;
  private chars: string[];
  private _caret: number;
  private _anchor: number;

  constructor(text = '', options: TextEditorOptions = {}) {
    this.maxLength = options.maxLength ?? Infinity;
    if (!(this.maxLength >= 0))
      throw new RangeError(`TextEditor: maxLength ${this.maxLength}; give a count of characters, 0 or more.`);
    this.accept = options.accept ?? printable;
    this.chars = [...text].slice(0, this.maxLength);
    this._caret = this._anchor = this.chars.length;
  }

  get text(): string {
    return this.chars.join('');
  }
  /** Characters (code points) held. */
  get length(): number {
    return this.chars.length;
  }
  /** The caret's place: before character `caret` (0…length). */
  get caret(): number {
    return this._caret;
  }
  /** The other end of the selection (equal to `caret` when nothing is selected). */
  get anchor(): number {
    return this._anchor;
  }
  /** The selected characters as [start, end). */
  get selection(): [number, number] {
    return [Math.min(this._caret, this._anchor), Math.max(this._caret, this._anchor)];
  }

  /** Replaces the whole text (caret at its end, nothing selected); the limit and filter do not apply. */
  setText(text: string): void {
    this.chars = [...text];
    this._caret = this._anchor = this.chars.length;
  }

  /**
   * Types `text` over the selection: characters the filter refuses are left out, and what would pass the length limit
   * is cut. Returns whether the text changed.
   */
  insert(text: string): boolean {
    const [start, end] = this.selection;
    const room = this.maxLength - (this.chars.length - (end - start));
    const typed = [...text].filter(this.accept).slice(0, Math.max(0, room));
    if (typed.length === 0 && start === end) return false;
    this.chars.splice(start, end - start, ...typed);
    this._caret = this._anchor = start + typed.length;
    return true;
  }

  /** Deletes the selection, else the character before the caret (Backspace) or after it (Delete). */
  delete(forward: boolean): boolean {
    let [start, end] = this.selection;
    if (start === end) {
      if (forward ? end >= this.chars.length : start === 0) return false;
      if (forward) end++;
      else start--;
    }
    this.chars.splice(start, end - start);
    this._caret = this._anchor = start;
    return true;
  }

  /** Puts the caret at `index` (clamped), extending the selection from the anchor or not. Returns whether it moved. */
  moveTo(index: number, extend = false): boolean {
    const caret = Math.max(0, Math.min(this.chars.length, Math.round(index)));
    const anchor = extend ? this._anchor : caret;
    if (caret === this._caret && anchor === this._anchor) return false;
    this._caret = caret;
    this._anchor = anchor;
    return true;
  }

  /**
   * Moves the caret by `step` characters; without `extend`, a selection collapses to its end in that direction
   * instead (as text fields do).
   */
  moveBy(step: number, extend = false): boolean {
    const [start, end] = this.selection;
    if (!extend && start !== end) return this.moveTo(step < 0 ? start : end);
    return this.moveTo(this._caret + step, extend);
  }

  /** Selects every character. */
  selectAll(): boolean {
    if (this._anchor === 0 && this._caret === this.chars.length) return false;
    this._anchor = 0;
    this._caret = this.chars.length;
    return true;
  }
}
