import type { UiBox } from './ui-box';
import type { UiControl } from './ui-control';

/** A place focus can go by Tab: a control and the box that holds it. */
export interface TabStop {
  box: UiBox;
  c: UiControl;
}

/** The controls of `boxes` that can take focus, in tab order: boxes as given, each one's controls in reading order of its layout. */
export function tabOrder(boxes: readonly UiBox[]): TabStop[] {
  return boxes.flatMap((box) =>
    box.controls
      .filter((c) => c.takesFocus)
      .sort((a, b) => a.y - b.y || a.x - b.x)
      .map((c) => ({ box, c })),
  );
}

/**
 * The stop after `focus` in `order` (`step` 1, Tab) or before it (−1, Shift+Tab), wrapping; from a control not in the
 * order (or none), the first or the last. Null when the order is empty.
 */
export function nextTabStop(
  order: readonly TabStop[],
  focus: UiControl | null,
  step: 1 | -1,
): TabStop | null {
  if (order.length === 0) return null;
  const at = order.findIndex((stop) => stop.c === focus);
  if (at < 0) return order[step > 0 ? 0 : order.length - 1]!;
  return order[(at + step + order.length) % order.length]!;
}
