import type { ControlKind, UiControl } from '../ui/ui-control';
import type { UiCapture, UiEventType, UiKernel } from '../ui/ui-kernel';

/** What `window.__armature.ui` holds on pages with a UI kernel: read live from the kernel on each access. */
export interface UiHandle {
  readonly controls: { name: string; kind: ControlKind; locked: boolean; hidden: boolean; pinned: boolean }[];
  /** The focused and hovered controls' names, or null. */
  readonly focus: string | null;
  readonly hover: string | null;
  readonly capture: UiCapture;
  readonly cursorVisible: boolean;
  /** Each control's value by name: a slider's number, a field's text, a checkbox's state (buttons and statics: null). */
  readonly values: Record<string, number | string | boolean | null>;
  /** Every event delivered so far, in order. */
  readonly events: { type: UiEventType; control: string | null }[];
  /** A control's rectangle now, in page CSS pixels. */
  rectOf(name: string): { x: number; y: number; width: number; height: number };
}

/**
 * Makes the page's UI handle over `kernel`: its state read on access, its delivered events recorded (chained after any
 * `onEvent` the page set). `toClient` maps a native pixel position to page CSS pixels (`renderer.nativeToClient`).
 */
export function uiHandle(
  kernel: UiKernel,
  toClient: (x: number, y: number) => readonly [number, number],
): UiHandle {
  const events: UiHandle['events'] = [];
  const previous = kernel.onEvent;
  kernel.onEvent = (event) => {
    events.push({ type: event.type, control: event.control });
    previous?.(event);
  };
  const all = () => kernel.boxes.flatMap((box) => box.controls);
  const find = (name: string): UiControl => {
    const control = all().find((c) => c.name === name);
    if (!control)
      throw new Error(
        `No control named "${name}"; there are ${all()
          .map((c) => c.name)
          .join(', ')}.`,
      );
    return control;
  };
  return {
    get controls() {
      return all().map(({ name, kind, locked, hidden, pinned }) => ({ name, kind, locked, hidden, pinned }));
    },
    get focus() {
      return kernel.focus?.name ?? null;
    },
    get hover() {
      return kernel.hover?.name ?? null;
    },
    get capture() {
      return kernel.capture;
    },
    get cursorVisible() {
      return kernel.cursorVisible;
    },
    get values() {
      return Object.fromEntries(all().map((c) => [c.name, c.value]));
    },
    events,
    rectOf(name) {
      const control = find(name);
      const r = kernel.boxOf(control).screenRect(control);
      const [x0, y0] = toClient(r.x, r.y);
      const [x1, y1] = toClient(r.x + r.width, r.y + r.height);
      return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
    },
  };
}
