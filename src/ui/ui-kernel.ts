import type { Action, InputEvent } from '../input/input-event';
import type { UiBox } from './ui-box';
import { nearestInDirection } from './nearest-in-direction';
import { nextTabStop, tabOrder, type TabStop } from './tab-order';
import type { UiControl } from './ui-control';
import { UiPointers, type PointerState } from './ui-pointers';

/** The kinds of event the kernel delivers (fixed names: apps and tests rely on them). */
export type UiEventType =
  | 'focus-in'
  | 'focus-out'
  | 'hover-in'
  | 'hover-out'
  | 'click'
  | 'capture-start'
  | 'capture-accept'
  | 'capture-cancel'
  | 'edit-start'
  | 'edit-accept'
  | 'edit-cancel'
  | 'text-change'
  | 'caret-move'
  | 'scroll'
  | 'value-change';

/** One thing that happened to a control (or, for `scroll`, to a box: `control` is null). */
export interface UiEvent {
  type: UiEventType;
  /** The control's name, or null for a box's `scroll`. */
  control: string | null;
  /** The name of the box it happened in. */
  box: string;
  /** `value-change`, `text-change`: the new value; `caret-move`: the caret; `scroll`: the box's scroll. */
  value?: number | string | boolean;
}

/** Which capture holds input: the mouse (a slider dragged, text selected), a text field's editing, or none. */
export type UiCapture = 'mouse' | 'text' | null;

/** The pointer shapes the kernel asks for, by what lies under it. */
export type CursorShape = 'arrow' | 'pointer' | 'grab' | 'grabbing' | 'text' | 'locked';

/** Pixels the box scrolls per wheel notch: plain, with Ctrl (one pixel) and with Shift (fast). */
export const SCROLL_STEP = { plain: 8, ctrl: 1, shift: 32 } as const;

const DIRECTIONS: Partial<Record<Action, [number, number]>> = {
  up: [0, -1],
  down: [0, 1],
  left: [-1, 0],
  right: [1, 0],
};

/**
 * Seed 004's UI kernel over flat `UiBox`es: focus and hover as two states, mouse capture (accept on release, cancel by
 * the right button or Esc with the change undone), text-edit capture asked before mouse capture, keyboard and pad
 * navigation between controls by direction, the wheel (a slider takes it; otherwise the box under the pointer
 * scrolls), the engine cursor shown by the mouse and hidden by navigation.
 *
 * Input is queued (`push`, or an `InputQueue`) and applied in arrival order by `update()` at the start of a frame,
 * before any game logic; the events it causes are then delivered, in the order they happened, to `onEvent`. Within
 * one change the order is fixed: a control being left gets `focus-out` then `hover-out`, one being entered `hover-in`
 * then `focus-in`; an edit or capture ends (`*-accept` / `*-cancel`) before focus leaves its control, and a cancel is
 * followed by the `value-change` / `text-change` that restores the value.
 *
 * Pointers other than the mouse (an input event's `pointer`, e.g. one per XR controller) each have their own hover,
 * press and capture: a capture belongs to the pointer that started it (another's press on that control, or on a field
 * whose text it selects, is ignored), and two pointers may each capture a control at once. A control is hovered while
 * any pointer is over it (`hover-in` when the first arrives, `hover-out` when the last leaves). Focus is one: it
 * follows the pointer that last entered a control or pressed, and holds still while any capture or edit does.
 */
export class UiKernel {
  readonly boxes: UiBox[] = [];
  /** Called once per event after each `update()`, in order. */
  onEvent: ((event: UiEvent) => void) | null = null;
  /** Whether the engine cursor shows (moving the mouse shows it; navigating by keys or pad hides it). */
  cursorVisible = false;
  /** Keys of the last `update()` that the UI did not use (no field editing, no action bound): the game's to read. */
  readonly unusedKeys: Extract<InputEvent, { kind: 'key' }>[] = [];
  /** The mouse pointer in native pixels (its last known place). */
  readonly pointer = { x: 0, y: 0 };
  private _focus: UiControl | null = null;
  private editing: { control: UiControl; before: string } | null = null;
  private readonly pointers = new UiPointers(this.pointer);
  private readonly mouse = this.pointers.mouse;
  /** The pointer focus follows: the last to enter a control or press. */
  private active = this.mouse;
  private readonly queue: InputEvent[] = [];
  private readonly out: UiEvent[] = [];
  /** The box each control that had an event was in: a control taken out still gets its leaving events under it. */
  private readonly lastBox = new WeakMap<UiControl, string>();
  /** Input events dropped because a position or wheel amount was not a finite number (NaN from a bad source). */
  ignoredInputs = 0;

  /** Adds a box (drawn and hit above those added before); names are unique. */
  add(box: UiBox): this {
    if (this.boxes.some((b) => b.name === box.name))
      throw new Error(`The UI kernel already has a box named "${box.name}".`);
    this.boxes.push(box);
    return this;
  }

  /**
   * Takes a box out (its controls with it; what they hold is let go at the next `update()`, as `UiBox.remove` says).
   */
  remove(box: UiBox): this {
    const at = this.boxes.indexOf(box);
    if (at < 0) throw new Error(`The UI kernel has no box "${box.name}" to remove.`);
    this.boxes.splice(at, 1);
    return this;
  }

  /** The focused control: the one input goes to. */
  get focus(): UiControl | null {
    return this._focus;
  }
  /** The control under the shown mouse cursor (none while it is hidden). */
  get hover(): UiControl | null {
    return this.mouse.hover;
  }
  /** Whether a pointer captures a control (`'mouse'`, whichever pointer it is), else whether a field is edited. */
  get capture(): UiCapture {
    return this.pointers.anyCapture() ? 'mouse' : this.editing ? 'text' : null;
  }
  /** The control the left mouse button is held down on (a click in progress, or a mouse capture), if any. */
  get pressed(): UiControl | null {
    return this.mouse.capture?.control ?? this.mouse.pressed;
  }
  /** The control under pointer `id` (0: the mouse), if it is over a usable one. */
  hoverOf(id: number): UiControl | null {
    return this.pointers.get(id)?.hover ?? null;
  }
  /** The control pointer `id` captures (drags a slider of, selects text in), if any. */
  capturedBy(id: number): UiControl | null {
    return this.pointers.get(id)?.capture?.control ?? null;
  }
  /** Whether any pointer is over `control` (drawn hovered). */
  isHovered(control: UiControl): boolean {
    return this.pointers.isHovered(control);
  }
  /** Whether any pointer holds `control` down (a click in progress or a capture: drawn pressed). */
  isPressed(control: UiControl): boolean {
    return this.pointers.isPressed(control);
  }
  /** The text field being edited, if any. */
  get editingControl(): UiControl | null {
    return this.editing?.control ?? null;
  }
  /** The shape the cursor should have now. */
  get cursorShape(): CursorShape {
    const captured = this.mouse.capture?.control;
    if (captured) return captured.kind === 'slider' ? 'grabbing' : 'text';
    const c = this.mouse.hover ?? this.boxAndControlAt(this.pointer.x, this.pointer.y)?.control;
    if (!c) return 'arrow';
    if (c.locked) return 'locked';
    return c.kind === 'slider' ? 'grab' : c.kind === 'text' ? 'text' : 'pointer';
  }

  /** Queues an input event; it is applied at the next `update()`. */
  push(event: InputEvent): void {
    this.queue.push(event);
  }

  /** The box holding `control` (throws for a control of no box here). */
  boxOf(control: UiControl): UiBox {
    const box = this.boxes.find((b) => b.controls.includes(control));
    if (!box) throw new Error(`Control "${control.name}" is in no box of this UI kernel.`);
    return box;
  }

  /**
   * Applies every queued input event in order (and the effect of controls hidden or locked since), then delivers the
   * events that caused to `onEvent`. Returns them.
   */
  update(): UiEvent[] {
    this.unusedKeys.length = 0;
    this.settle();
    for (let i = 0; i < this.queue.length; i++) {
      this.apply(this.queue[i]!);
      this.settle();
    }
    this.queue.length = 0;
    const delivered = this.out.splice(0);
    if (this.onEvent) for (const event of delivered) this.onEvent(event);
    return delivered;
  }

  private apply(event: InputEvent): void {
    if (!finiteInput(event)) {
      this.ignoredInputs++;
      return;
    }
    switch (event.kind) {
      case 'pointer-move':
        return this.pointerMove(this.pointers.of(event.pointer), event.x, event.y);
      case 'pointer-down':
        return this.pointerDown(this.pointers.of(event.pointer), event.button, event.x, event.y);
      case 'pointer-up':
        return this.pointerUp(this.pointers.of(event.pointer), event.button, event.x, event.y);
      case 'wheel':
        return this.wheel(event.deltaY, event.ctrl, event.shift);
      case 'pointer-leave':
        return this.leave(this.pointers.of(event.pointer));
      case 'blur':
        for (const p of this.pointers.values()) this.leave(p);
        return;
      case 'key':
        if (event.key === 'Tab' && !this.pointers.anyCapture() && this.tab(event.shift ? -1 : 1)) return;
        if (!this.pointers.anyCapture() && !this.editing && event.actions.length === 0)
          this.unusedKeys.push(event);
        return this.key(event.key, event.actions, event.shift, event.ctrl);
      case 'pad':
        return this.actions(event.actions);
      case 'text':
        return this.text(event.text);
    }
  }

  // --- pointers ----------------------------------------------------------------------------------------------------

  private pointerMove(p: PointerState, x: number, y: number): void {
    const moved = x !== p.at.x || y !== p.at.y || (p === this.mouse && !this.cursorVisible);
    p.at.x = x;
    p.at.y = y;
    if (p === this.mouse) this.cursorVisible = true;
    if (!moved) return;
    if (p.capture) return this.dragCapture(p);
    this.followPointer(p);
  }

  /**
   * The pointer's hover to the usable control under it, or to none; focus with it when the pointer enters a control
   * or is the one focus follows, unless a field edits or a pointer captures.
   */
  private followPointer(p: PointerState): void {
    const hit = this.boxAndControlAt(p.at.x, p.at.y);
    const target = hit && hit.control.usable ? hit.control : null;
    if (this.editing || this.pointers.anyCapture() || target?.kind === 'key') return this.setHover(p, target);
    if (target !== p.hover) this.active = p;
    if (target !== this._focus && p === this.active) {
      this.setFocus(null);
      this.setHover(p, target);
      this.setFocus(target);
    } else this.setHover(p, target);
  }

  private pointerDown(p: PointerState, button: number, x: number, y: number): void {
    if (p.capture) {
      if (button === 2) this.endCapture(p, false);
      return;
    }
    if (button !== 0) return;
    this.pointerMove(p, x, y);
    const hit = this.boxAndControlAt(x, y);
    const target = hit && hit.control.usable ? hit.control : null;
    // What another pointer captures is its own, and so is the edit of a field whose text it selects.
    if (
      (target && this.pointers.capturer(target)) ||
      (this.editing && this.pointers.capturer(this.editing.control))
    )
      return;
    // A key types into the field being edited: pressing it neither ends the edit nor moves focus.
    if (target?.kind === 'key') {
      p.pressed = target;
      return;
    }
    this.active = p;
    // A click anywhere but on the field being edited ends its edit, accepted; focus then follows the pointer.
    if (this.editing && this.editing.control !== target) {
      this.endEdit(true);
      this.followPointer(p);
    }
    if (!target) return;
    p.pressed = target;
    // Text-edit capture is asked first, then mouse capture (a field does both: edit and select with the pointer).
    if (target.editor && !this.editing) this.startEdit(target);
    if (target.capturesMouse) {
      p.pressed = null;
      p.capture = {
        control: target,
        before: target.value,
        caret: target.editor ? [target.editor.caret, target.editor.anchor] : [],
      };
      this.emit('capture-start', target);
      this.dragCapture(p, false);
    }
  }

  private pointerUp(p: PointerState, button: number, x: number, y: number): void {
    p.at.x = x;
    p.at.y = y;
    if (button !== 0) return;
    if (p.capture) return this.endCapture(p, true);
    const pressed = p.pressed;
    p.pressed = null;
    if (!pressed || !pressed.usable) return;
    const hit = this.boxAndControlAt(x, y);
    if (hit?.control === pressed) this.activate(pressed);
  }

  /** A press released on the control it began on, or accept on the focused control. */
  private activate(control: UiControl): void {
    if (control.kind === 'checkbox' && control.setValue(!control.value))
      this.emit('value-change', control, control.value!);
    if (control.kind === 'button' || control.kind === 'checkbox' || control.kind === 'key')
      this.emit('click', control);
    // A key's click is that key typed (a character as text, a name as the key pressed): it reaches a field being
    // edited only, as the keyboard's would.
    if (control.kind === 'key' && this.editing)
      if ([...control.key].length === 1) this.text(control.key);
      else this.key(control.key, [], false, false);
  }

  /** What the captured control does with the pointer where it is now. */
  private dragCapture(p: PointerState, moved = true): void {
    const control = p.capture!.control;
    const r = this.boxOf(control).screenRect(control);
    const local = p.at.x - r.x;
    if (control.kind === 'slider') {
      const t = control.width > 1 ? local / (control.width - 1) : 0;
      if (control.setValue(control.min + t * (control.max - control.min)))
        this.emit('value-change', control, control.value!);
    } else if (control.editor) {
      // The pointer places the caret; dragging extends the selection from where the press put it.
      if (control.editor.moveTo(control.caretAt(local), moved))
        this.emit('caret-move', control, control.editor.caret);
    }
  }

  private endCapture(p: PointerState, accept: boolean): void {
    const { control, before, caret } = p.capture!;
    p.capture = null;
    this.emit(accept ? 'capture-accept' : 'capture-cancel', control);
    if (!accept) {
      if (control.editor) {
        const anchorMoved = control.editor.moveTo(caret[1]!);
        if (control.editor.moveTo(caret[0]!, true) || anchorMoved)
          this.emit('caret-move', control, control.editor.caret);
      } else if (before !== null && control.setValue(before))
        this.emit('value-change', control, control.value!);
    }
    if (p !== this.mouse || this.cursorVisible) this.followPointer(p);
  }

  private wheel(deltaY: number, ctrl: boolean, shift: boolean): void {
    if (this.pointers.anyCapture() || !this.cursorVisible || deltaY === 0) return;
    const hit = this.boxAndControlAt(this.pointer.x, this.pointer.y);
    const control = hit?.control;
    if (control && control.usable && control.takesWheel) {
      // Wheel toward the user lowers a slider, away raises it: one step per notch.
      if (control.setValue(Number(control.value) - Math.sign(deltaY) * control.step))
        this.emit('value-change', control, control.value!);
      return;
    }
    const box = hit?.box ?? [...this.boxes].reverse().find((b) => b.contains(this.pointer.x, this.pointer.y));
    if (!box) return;
    const step = ctrl ? SCROLL_STEP.ctrl : shift ? SCROLL_STEP.shift : SCROLL_STEP.plain;
    if (box.scrollTo(box.scroll + deltaY * step)) {
      this.emitBox('scroll', box, box.scroll);
      this.followPointer(this.mouse);
    }
  }

  /**
   * The pointer is gone (off the canvas, off the panel, or input lost): its capture is cancelled. A pointer other than
   * the mouse is forgotten (it holds nothing now, and sources that come and go would otherwise pile up); if it shows
   * again it starts afresh.
   */
  private leave(p: PointerState): void {
    if (p.capture) this.endCapture(p, false);
    // Focus leaves with the pointer it follows, unless another pointer is still over the focused control.
    let held = false;
    for (const q of this.pointers.values()) held ||= q !== p && q.hover !== null && q.hover === this._focus;
    if (!this.editing && !held && (p === this.active || p.hover === this._focus)) this.setFocus(null);
    this.setHover(p, null);
    p.pressed = null;
    if (p === this.mouse) return;
    this.pointers.forget(p);
    if (this.active === p) this.active = this.mouse;
  }

  /** How many pointers the kernel holds state for (the mouse and each other one since it last showed). */
  get pointerCount(): number {
    return this.pointers.size;
  }

  // --- keys and pad ------------------------------------------------------------------------------------------------

  private key(key: string, actions: readonly Action[], shift: boolean, ctrl: boolean): void {
    if (this.pointers.anyCapture()) {
      if (key === 'Escape') for (const p of this.pointers.values()) if (p.capture) this.endCapture(p, false);
      return; // keys are ignored while a pointer captures
    }
    const field = this.editing?.control;
    if (field) {
      const editor = field.editor!;
      if (key === 'Enter' || key === 'ArrowUp' || key === 'ArrowDown') return this.endEdit(true);
      if (key === 'Escape') return this.endEdit(false);
      let moved = false;
      if (key === 'ArrowLeft' || key === 'ArrowRight')
        moved = editor.moveBy(key === 'ArrowLeft' ? -1 : 1, shift);
      else if (key === 'Home' || key === 'End')
        moved = editor.moveTo(key === 'Home' ? 0 : editor.length, shift);
      else if (ctrl && key.toLowerCase() === 'a') moved = editor.selectAll();
      else if (key === 'Backspace' || key === 'Delete') {
        if (editor.delete(key === 'Delete')) this.emit('text-change', field, editor.text);
        return;
      }
      if (moved) this.emit('caret-move', field, editor.caret);
      return; // typed characters arrive as text events
    }
    this.actions(actions);
  }

  /** Typed text into the field being edited (none while a pointer captures). */
  private text(text: string): void {
    if (this.editing && !this.pointers.anyCapture() && this.editing.control.editor!.insert(text))
      this.emit('text-change', this.editing.control, this.editing.control.editor!.text);
  }

  private actions(actions: readonly Action[]): void {
    if (this.pointers.anyCapture()) return; // the pad is ignored while a pointer captures
    for (const action of actions) {
      const field = this.editing?.control;
      if (field) {
        // Keys reach here only when not editing; the pad edits by actions.
        if (action === 'accept' || action === 'up' || action === 'down') this.endEdit(true);
        else if (action === 'reject') this.endEdit(false);
        else if (field.editor!.moveBy(action === 'left' ? -1 : 1))
          this.emit('caret-move', field, field.editor!.caret);
        continue;
      }
      const direction = DIRECTIONS[action];
      if (direction) {
        this.hideCursor();
        const focused = this._focus;
        if (focused?.kind === 'slider' && direction[1] === 0) {
          if (focused.setValue(Number(focused.value) + direction[0] * focused.step))
            this.emit('value-change', focused, focused.value!);
        } else this.navigate(direction);
      } else if (action === 'accept' && this._focus) {
        if (this._focus.editor) this.startEdit(this._focus);
        else this.activate(this._focus);
      }
    }
  }

  /**
   * Tab (`step` 1) or Shift+Tab (−1): focus to the next or previous usable control in tab order, wrapping (from none:
   * the first or the last); a field being edited accepts its edit first. False when no control can take focus (the
   * key is then the page's).
   */
  private tab(step: 1 | -1): boolean {
    const next = nextTabStop(this.tabOrder(), this._focus, step);
    if (!next) return false;
    if (this.editing) this.endEdit(true);
    this.hideCursor();
    this.setFocus(next.c);
    this.scrollIntoView(next.box, next.c);
    return true;
  }

  /**
   * Whether the kernel takes `key` from the browser now, bound to no action or not: Tab and Shift+Tab while a control
   * can take focus (for `InputQueueOptions.takesKey`, so the page's own buttons do not take the keyboard focus).
   */
  takesKey(key: string): boolean {
    return key === 'Tab' && this.boxes.some((box) => box.controls.some((c) => c.takesFocus));
  }

  /** The controls that can take focus, in tab order: boxes as added, each one's in reading order of its layout. */
  tabOrder(): TabStop[] {
    return tabOrder(this.boxes);
  }

  private hideCursor(): void {
    this.cursorVisible = false;
    this.setHover(this.mouse, null);
  }

  /** Focus to the nearest usable control in `direction` from the focused one (the first in reading order if none). */
  private navigate([dx, dy]: [number, number]): void {
    const focus = this._focus;
    const candidates = this.boxes.flatMap((box) =>
      box.controls
        .filter((c) => c.takesFocus && c !== focus)
        .map((c) => ({ item: { box, c }, rect: box.screenRect(c) })),
    );
    const next = nearestInDirection(candidates, focus && this.boxOf(focus).screenRect(focus), dx, dy);
    if (!next) return;
    this.setFocus(next.c);
    this.scrollIntoView(next.box, next.c);
  }

  private scrollIntoView(box: UiBox, c: UiControl): void {
    if (c.pinned) return;
    const top = c.y;
    const bottom = c.y + c.height - box.rect.height;
    const target = box.scroll > top ? top : box.scroll < bottom ? bottom : box.scroll;
    if (box.scrollTo(target)) this.emitBox('scroll', box, box.scroll);
  }

  // --- edit, focus, hover --------------------------------------------------------------------------------------------

  private startEdit(field: UiControl): void {
    this.editing = { control: field, before: field.editor!.text };
    this.emit('edit-start', field);
  }

  private endEdit(accept: boolean): void {
    const { control, before } = this.editing!;
    this.editing = null;
    this.emit(accept ? 'edit-accept' : 'edit-cancel', control);
    if (!accept && control.setValue(before)) this.emit('text-change', control, before);
  }

  private setFocus(control: UiControl | null): void {
    if (control === this._focus) return;
    if (this._focus) {
      const old = this._focus;
      this._focus = null;
      this.emit('focus-out', old);
    }
    if (control) {
      this._focus = control;
      this.emit('focus-in', control);
    }
  }

  /** Pointer `p` over `control` (or none): hover-out when the last pointer leaves a control, hover-in when the first comes. */
  private setHover(p: PointerState, control: UiControl | null): void {
    if (control === p.hover) return;
    const old = p.hover;
    p.hover = null;
    if (old && !this.isHovered(old)) this.emit('hover-out', old);
    const first = control !== null && !this.isHovered(control);
    p.hover = control;
    if (first) this.emit('hover-in', control);
  }

  /** A control hidden or locked (or taken out of its box) loses its capture, edit, focus and hover, in that order. */
  private settle(): void {
    const gone = (c: UiControl) => !c.usable || !this.boxes.some((b) => b.controls.includes(c));
    for (const p of this.pointers.values())
      if (p.capture && gone(p.capture.control)) this.endCapture(p, false);
    if (this.editing && gone(this.editing.control)) this.endEdit(false);
    if (this._focus && gone(this._focus)) this.setFocus(null);
    for (const p of this.pointers.values()) {
      if (p.hover && gone(p.hover)) this.setHover(p, null);
      if (p.pressed && gone(p.pressed)) p.pressed = null;
    }
  }

  private boxAndControlAt(x: number, y: number): { box: UiBox; control: UiControl } | null {
    for (let i = this.boxes.length - 1; i >= 0; i--) {
      const box = this.boxes[i]!;
      const control = box.controlAt(x, y);
      if (control) return { box, control };
      if (box.contains(x, y)) return null; // a box's empty area stops the pointer too
    }
    return null;
  }

  private emit(type: UiEventType, control: UiControl, value?: number | string | boolean): void {
    const box = this.boxes.find((b) => b.controls.includes(control))?.name ?? this.lastBox.get(control);
    if (box === undefined) throw new Error(`Control "${control.name}" is in no box of this UI kernel.`);
    this.lastBox.set(control, box);
    const event: UiEvent = { type, control: control.name, box };
    if (value !== undefined) event.value = value;
    this.out.push(event);
  }

  private emitBox(type: UiEventType, box: UiBox, value: number): void {
    this.out.push({ type, control: null, box: box.name, value });
  }
}

/** Whether an input event's numbers are finite (a pointer at NaN would move hover and sliders to nonsense for good). */
function finiteInput(event: InputEvent): boolean {
  switch (event.kind) {
    case 'pointer-move':
    case 'pointer-down':
    case 'pointer-up':
      return Number.isFinite(event.x) && Number.isFinite(event.y);
    case 'wheel':
      return Number.isFinite(event.deltaY);
    default:
      return true;
  }
}
