import { UiBox } from './ui-box';
import { UiControl } from './ui-control';
import type { UiKernel } from './ui-kernel';

/** How an on-screen keyboard is laid out. */
export interface UiKeyPanelOptions {
  /**
   * Rows of characters, one key each, typed as written (default the digits, then QWERTY's three rows of capitals: the
   * pixel font draws capitals). A last row is added: DEL (Backspace), SPACE and OK (Enter, which accepts the edit).
   */
  rows?: readonly string[];
  /** One key's size in pixels (default 9 × 9). */
  keyWidth?: number;
  keyHeight?: number;
  /** Pixels between keys and around them (default 1 and 2). */
  gap?: number;
  padding?: number;
}

const DEFAULT_ROWS = ['1234567890', 'QWERTYUIOP', 'ASDFGHJKL', 'ZXCVBNM'];

/**
 * An on-screen keyboard for the kernel's text fields, where there is no keyboard to type on (a headset): a box of
 * `key` controls put up at (`x`, `y`) while a field is being edited and taken down when the edit ends. Pointers (the
 * mouse, controller rays) press its keys; a key's press does not end the edit and never takes focus from the field.
 * Call `update()` each frame after the kernel's.
 */
export class UiKeyPanel {
  readonly box: UiBox;
  /** Whether the panel comes up for an edit (e.g. only while in the headset); switched off, it goes at `update()`. */
  enabled = true;

  constructor(
    readonly kernel: UiKernel,
    name: string,
    x: number,
    y: number,
    options: UiKeyPanelOptions = {},
  ) {
    const rows = options.rows ?? DEFAULT_ROWS;
    const [w, h] = [options.keyWidth ?? 9, options.keyHeight ?? 9];
    const gap = options.gap ?? 1;
    const pad = options.padding ?? 2;
    const columns = Math.max(8, ...rows.map((row) => [...row].length));
    const width = 2 * pad + columns * (w + gap) - gap;
    const height = 2 * pad + (rows.length + 1) * (h + gap) - gap;
    this.box = new UiBox(name, { x, y, width, height });
    const key = (label: string, typed: string, column: number, row: number, span = 1) =>
      this.box.add(
        new UiControl(`${name} ${label.toLowerCase()}`, 'key', {
          x: pad + Math.round(column * (w + gap)),
          y: pad + row * (h + gap),
          width: span * (w + gap) - gap,
          height: h,
          label,
          key: typed,
        }),
      );
    rows.forEach((row, r) => {
      const chars = [...row];
      // Half a key's indent per missing key centres a shorter row under the longest.
      const indent = (columns - chars.length) / 2;
      chars.forEach((char, c) => key(char, char, indent + c, r));
    });
    // The last row: DEL and OK two keys wide at the ends, SPACE filling between them.
    const last = rows.length;
    key('DEL', 'Backspace', 0, last, 2);
    key('SPACE', ' ', 2, last, columns - 4);
    key('OK', 'Enter', columns - 2, last, 2);
  }

  /** Whether the panel is up (its box in the kernel). */
  get shown(): boolean {
    return this.kernel.boxes.includes(this.box);
  }

  /** Puts the panel up while a field is being edited (and `enabled`), takes it down otherwise. Returns `shown`. */
  update(): boolean {
    const want = this.enabled && this.kernel.editingControl !== null;
    if (want !== this.shown) {
      if (want) this.kernel.add(this.box);
      else this.kernel.remove(this.box);
    }
    return want;
  }
}
