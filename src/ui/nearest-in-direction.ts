import type { ScreenRect } from './ui-box';

/**
 * Spatial navigation: of `candidates` (with their screen rectangles), the one to focus next from `from` going in
 * direction (dx, dy) (one axis, ±1): only rectangles wholly past `from`'s edge that way count (right means their left ≥
 * its right), the straightest nearest first (distance along plus twice the distance across, between centres). With no
 * `from`, the first in reading order (top-most, then left-most). Null when nothing lies that way.
 */
export function nearestInDirection<T>(
  candidates: readonly { item: T; rect: ScreenRect }[],
  from: ScreenRect | null,
  dx: number,
  dy: number,
): T | null {
  const cx = (r: ScreenRect) => r.x + r.width / 2;
  const cy = (r: ScreenRect) => r.y + r.height / 2;
  if (candidates.length === 0) return null;
  if (!from)
    return candidates.reduce((a, b) =>
      cy(b.rect) < cy(a.rect) || (cy(b.rect) === cy(a.rect) && cx(b.rect) < cx(a.rect)) ? b : a,
    ).item;
  let best = Infinity;
  let next: T | null = null;
  for (const { item, rect: r } of candidates) {
    const past =
      dx > 0
        ? r.x >= from.x + from.width
        : dx < 0
          ? r.x + r.width <= from.x
          : dy > 0
            ? r.y >= from.y + from.height
            : r.y + r.height <= from.y;
    if (!past) continue;
    const [ox, oy] = [cx(r) - cx(from), cy(r) - cy(from)];
    const score = ox * dx + oy * dy + 2 * Math.abs(ox * dy - oy * dx);
    if (score < best) [best, next] = [score, item];
  }
  return next;
}
