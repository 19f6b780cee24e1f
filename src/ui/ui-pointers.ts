import type { UiControl } from './ui-control';

/** What a pointer holds while it captures a control: the value (and caret) to restore on cancel. */
export interface PointerCapture {
  control: UiControl;
  before: number | string | boolean | null;
  caret: number[];
}

/** One pointer's state: the mouse (id 0) or another one (an XR controller's ray on a panel). */
export interface PointerState {
  readonly id: number;
  /** Its last known place in native pixels. */
  readonly at: { x: number; y: number };
  hover: UiControl | null;
  /** The control its button went down on without capturing (a click needs its release there too). */
  pressed: UiControl | null;
  capture: PointerCapture | null;
}

/**
 * The UI kernel's pointers, each with its own hover, press and capture: the mouse (id 0, always held) and every other
 * pointer since it last showed; and what holds across them (a control hovered or held down by any, a capture by any).
 */
export class UiPointers {
  readonly mouse: PointerState;
  private readonly all = new Map<number, PointerState>();

  /** `mouseAt`: the mouse's place, kept by the kernel (`UiKernel.pointer`). */
  constructor(mouseAt: { x: number; y: number }) {
    this.mouse = { id: 0, at: mouseAt, hover: null, pressed: null, capture: null };
    this.all.set(0, this.mouse);
  }

  /** The state of pointer `id` (absent: the mouse), made when it first shows. */
  of(id = 0): PointerState {
    let p = this.all.get(id);
    if (!p) {
      p = { id, at: { x: 0, y: 0 }, hover: null, pressed: null, capture: null };
      this.all.set(id, p);
    }
    return p;
  }

  /** Pointer `id`'s state if it has shown (and not left since). */
  get(id: number): PointerState | undefined {
    return this.all.get(id);
  }

  /** Forgets a pointer other than the mouse (it left: if it shows again it starts afresh). */
  forget(p: PointerState): void {
    if (p !== this.mouse) this.all.delete(p.id);
  }

  /** How many pointers are held (the mouse and each other one since it last showed). */
  get size(): number {
    return this.all.size;
  }

  values(): IterableIterator<PointerState> {
    return this.all.values();
  }

  /** Whether any pointer captures a control. */
  anyCapture(): boolean {
    for (const p of this.all.values()) if (p.capture) return true;
    return false;
  }

  /** The pointer capturing `control`, if one does. */
  capturer(control: UiControl): PointerState | null {
    for (const p of this.all.values()) if (p.capture?.control === control) return p;
    return null;
  }

  /** Whether any pointer is over `control`. */
  isHovered(control: UiControl): boolean {
    for (const p of this.all.values()) if (p.hover === control) return true;
    return false;
  }

  /** Whether any pointer holds `control` down (a click in progress or a capture). */
  isPressed(control: UiControl): boolean {
    for (const p of this.all.values()) if ((p.capture?.control ?? p.pressed) === control) return true;
    return false;
  }
}
