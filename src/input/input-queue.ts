import { ActionMapper } from './action-mapper';
import type { InputEvent } from './input-event';
import { PadPoller, type PadState } from './pad-poller';

/** How browser events become the engine's input events. */
export interface InputQueueOptions {
  /** A client (CSS pixel) position as native pixels, fractions kept, outside the image allowed (`renderer.clientToNative`). */
  toNative: (clientX: number, clientY: number) => readonly [number, number];
  /** Keys and pad buttons to actions (default: `new ActionMapper()`). */
  mapper?: ActionMapper;
  /** Where the pads come from (default `navigator.getGamepads`; tests stub it). */
  pads?: () => readonly (PadState | null)[];
  /**
   * Whether the game takes a key the mapper leaves unbound from the browser now (its default action prevented): Tab
   * while a UI kernel has controls (`(key) => kernel.takesKey(key)`), so the page's own buttons do not take the
   * keyboard focus. Default: none.
   */
  takesKey?: (key: string) => boolean;
}

/** Pixels of `WheelEvent.deltaY` per wheel notch (Chromium and Firefox in pixel mode) and lines per notch. */
const PIXELS_PER_NOTCH = 100;
const LINES_PER_NOTCH = 3;

/**
 * Collects browser input as it arrives — pointer, wheel and keys on the element (the canvas), keys on the window,
 * text through `beforeinput` and composition (IME, dead keys, paste) on a hidden text area focused while text is
 * being edited, pads polled — and hands it over in arrival order once a frame (`drain`), so all input is applied
 * before any logic (seed 004). Pointer positions are mapped into native pixels as they arrive.
 */
export class InputQueue {
  readonly mapper: ActionMapper;
  private readonly queue: InputEvent[] = [];
  private readonly poller: PadPoller;
  private readonly pads: () => readonly (PadState | null)[];
  private readonly toNative: InputQueueOptions['toNative'];
  private readonly textArea: HTMLTextAreaElement;
  private readonly off: (() => void)[] = [];

  constructor(
    private readonly element: HTMLElement,
    options: InputQueueOptions,
  ) {
    this.mapper = options.mapper ?? new ActionMapper();
    this.poller = new PadPoller(this.mapper);
    this.toNative = options.toNative;
    this.pads = options.pads ?? (() => (navigator.getGamepads?.() ?? []) as readonly (PadState | null)[]);
    const takesKey = options.takesKey ?? (() => false);
    // Text arrives only in an editable element: an invisible one, focused while a field edits.
    const area = (this.textArea = document.createElement('textarea'));
    area.setAttribute('aria-hidden', 'true');
    area.setAttribute('autocomplete', 'off');
    area.tabIndex = -1;
    Object.assign(area.style, {
      position: 'fixed',
      left: '0',
      top: '0',
      width: '1px',
      height: '1px',
      opacity: '0',
    });
    document.body.append(area);
    /** Keys typed into the page's own fields (a debug panel's, a form's) are theirs, not the game's. */
    const pageField = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      return (
        target !== area &&
        target !== null &&
        (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))
      );
    };

    const listen = <K extends keyof HTMLElementEventMap>(
      target: HTMLElement | Window,
      type: K,
      handler: (event: HTMLElementEventMap[K]) => void,
      passive = true,
    ) => {
      target.addEventListener(type, handler as EventListener, { passive });
      this.off.push(() => target.removeEventListener(type, handler as EventListener));
    };
    listen(element, 'pointermove', (e) => this.push({ kind: 'pointer-move', ...this.at(e) }));
    listen(element, 'pointerdown', (e) => {
      // The pointer stays ours while a button is held, even past the canvas (mouse capture follows it anywhere).
      element.setPointerCapture?.(e.pointerId);
      this.push({ kind: 'pointer-down', button: e.button, ...this.at(e) });
    });
    listen(element, 'pointerup', (e) => this.push({ kind: 'pointer-up', button: e.button, ...this.at(e) }));
    listen(element, 'pointerleave', () => this.push({ kind: 'pointer-leave' }));
    listen(element, 'contextmenu', (e) => e.preventDefault(), false); // the right button cancels a capture
    listen(
      element,
      'wheel',
      (e) => {
        e.preventDefault(); // the page does not scroll under the canvas
        const per = e.deltaMode === 0 ? PIXELS_PER_NOTCH : e.deltaMode === 1 ? LINES_PER_NOTCH : 1;
        const notches = e.deltaY / per;
        if (notches !== 0)
          this.push({
            kind: 'wheel',
            deltaY: Math.sign(notches) * Math.max(1, Math.round(Math.abs(notches))),
            ctrl: e.ctrlKey,
            shift: e.shiftKey,
          });
      },
      false,
    );
    listen(
      window,
      'keydown',
      (e) => {
        if (pageField(e)) return;
        const actions = this.mapper.ofKey(e.key);
        const typing = e.target === area;
        // Bound keys do not scroll the page; while typing, Space and the rest must still reach the text area.
        if ((actions.length > 0 || takesKey(e.key)) && !(typing && e.key.length === 1)) e.preventDefault();
        this.push({ kind: 'key', key: e.key, actions, shift: e.shiftKey, ctrl: e.ctrlKey || e.metaKey });
      },
      false,
    );
    listen(window, 'keyup', (e) => {
      if (pageField(e)) return;
      this.push({ kind: 'key-up', key: e.key, actions: this.mapper.ofKey(e.key) });
    });
    listen(window, 'blur', () => this.push({ kind: 'blur' }));
    listen(
      area,
      'beforeinput',
      (e) => {
        if (e.isComposing || e.inputType === 'insertCompositionText') return; // the composition ends with its text
        // A text area gives pasted and dropped text in `data`; an editable element in `dataTransfer`.
        const inserts =
          e.inputType.startsWith('insert') && !/^insert(LineBreak|Paragraph)$/.test(e.inputType);
        const text = inserts ? (e.data ?? e.dataTransfer?.getData('text/plain') ?? '') : '';
        e.preventDefault(); // the text area stays empty: the field's editor holds the text
        if (text) this.push({ kind: 'text', text });
      },
      false,
    );
    listen(area, 'compositionend', (e) => {
      if (e.data) this.push({ kind: 'text', text: e.data });
      area.value = '';
    });
  }

  /** Queues an event as if it came from the browser (a test, a replay, an on-screen keyboard). */
  push(event: InputEvent): void {
    this.queue.push(event);
  }

  /**
   * The pads' releases and presses since the last call, then every event queued since, in arrival order; the queue
   * empties.
   */
  drain(): InputEvent[] {
    const presses = this.poller.poll(this.pads());
    for (const actions of this.poller.released) this.queue.push({ kind: 'pad-up', actions });
    for (const actions of presses) this.queue.push({ kind: 'pad', actions });
    return this.queue.splice(0);
  }

  /**
   * Whether typed text is wanted (a field is being edited): focuses the hidden text area so that keyboards, IMEs and
   * paste deliver text, or gives the focus back to the page.
   */
  set textInput(active: boolean) {
    if (active === (document.activeElement === this.textArea)) return;
    if (active) this.textArea.focus({ preventScroll: true });
    else this.textArea.blur();
  }

  /** Removes every listener and the hidden text area. */
  dispose(): void {
    for (const off of this.off.splice(0)) off();
    this.textArea.remove();
  }

  private at(e: PointerEvent): { x: number; y: number } {
    const [x, y] = this.toNative(e.clientX, e.clientY);
    return { x, y };
  }
}
