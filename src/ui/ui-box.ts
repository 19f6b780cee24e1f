import type { UiControl } from './ui-control';

/** A rectangle on screen, in native pixels. */
export interface ScreenRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * A flat list of controls over a rectangle of the native image: the rectangle bounds where hover is found, the wheel
 * scrolls the controls that are not pinned (never past the first or the last), and later controls lie over earlier
 * ones, pinned ones over all. Several boxes may be on screen; the kernel holds them.
 */
export class UiBox {
  /** Pixels the content is scrolled up by (0…`maxScroll`). */
  scroll = 0;
  readonly controls: UiControl[] = [];
  private readonly names = new Set<string>();

  constructor(
    readonly name: string,
    public rect: ScreenRect,
  ) {}

  /** Adds a control; names are unique in the box (events and tests name controls). */
  add(control: UiControl): this {
    if (this.names.has(control.name))
      throw new Error(`UiBox "${this.name}" already has a control named "${control.name}".`);
    this.names.add(control.name);
    this.controls.push(control);
    return this;
  }

  /**
   * Takes a control out of the box. A kernel holding it (focus, hover, a capture or an edit) lets go at its next
   * `update()`: a capture or edit is cancelled (the value restored), then focus and hover move out, with their events.
   */
  remove(control: UiControl): this {
    const at = this.controls.indexOf(control);
    if (at < 0) throw new Error(`UiBox "${this.name}" has no control "${control.name}" to remove.`);
    this.controls.splice(at, 1);
    this.names.delete(control.name);
    return this;
  }

  /** How far the content scrolls: its lowest scrolled control's bottom below the box's height. */
  get maxScroll(): number {
    let bottom = 0;
    for (const c of this.controls) if (!c.pinned && !c.hidden) bottom = Math.max(bottom, c.y + c.height);
    return Math.max(0, bottom - this.rect.height);
  }

  /** Scrolls to `scroll` (clamped); returns whether it moved. */
  scrollTo(scroll: number): boolean {
    const next = Math.max(0, Math.min(this.maxScroll, Math.round(scroll)));
    if (next === this.scroll) return false;
    this.scroll = next;
    return true;
  }

  /** Where a control of this box is on screen now. */
  screenRect(control: UiControl): ScreenRect {
    return {
      x: this.rect.x + control.x,
      y: this.rect.y + control.y - (control.pinned ? 0 : this.scroll),
      width: control.width,
      height: control.height,
    };
  }

  /** Whether the native pixel point (x, y) lies in the box's rectangle. */
  contains(x: number, y: number): boolean {
    const r = this.rect;
    return x >= r.x && y >= r.y && x < r.x + r.width && y < r.y + r.height;
  }

  /**
   * The top-most shown, non-static control at (x, y) inside the box's rectangle (locked ones included: they stop the
   * pointer but take nothing), or null.
   */
  controlAt(x: number, y: number): UiControl | null {
    if (!this.contains(x, y)) return null;
    for (const pinned of [true, false])
      for (let i = this.controls.length - 1; i >= 0; i--) {
        const c = this.controls[i]!;
        if (c.pinned !== pinned || c.hidden || !c.focusable) continue;
        const r = this.screenRect(c);
        const [lx, ly] = [x - r.x, y - r.y];
        if (lx >= 0 && ly >= 0 && lx < r.width && ly < r.height && (!c.hitTest || c.hitTest(lx, ly)))
          return c;
      }
    return null;
  }
}
