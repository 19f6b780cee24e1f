import type { ScreenRect } from './ui-box';

/**
 * Spatial navigation: of `candidates` (with their screen rectangles), the one to focus next from `from` going in
 * direction (dx, dy) (one axis, ±1): only rectangles wholly past `from`'s edge that way count (down means their top ≥
 * its bottom). Nearest first by the gap along the way plus twice the gap across (none where the two overlap across it,
 * so a wide field right below a button is the next one down, not the button under the field); ties by the distance
 * across between centres. With no `from`, the first in reading order (top-most, then left-most). Null when nothing
 * lies that way.
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
  /** The gap between [a0, a1) and [b0, b1): 0 when they overlap. */
  const gap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, b0 - a1, a0 - b1);
  let best = Infinity;
  let bestAcross = Infinity;
  let next: T | null = null;
  for (const { item, rect: r } of candidates) {
    const along =
      dx > 0
        ? r.x - (from.x + from.width)
        : dx < 0
          ? from.x - (r.x + r.width)
          : dy > 0
            ? r.y - (from.y + from.height)
            : from.y - (r.y + r.height);
    if (along < 0) continue; // not wholly past the edge
    const across =
      dx !== 0
        ? gap(from.y, from.y + from.height, r.y, r.y + r.height)
        : gap(from.x, from.x + from.width, r.x, r.x + r.width);
    const score = along + 2 * across;
    const centres = dx !== 0 ? Math.abs(cy(r) - cy(from)) : Math.abs(cx(r) - cx(from));
    if (score < best || (score === best && centres < bestAcross))
      [best, bestAcross, next] = [score, centres, item];
  }
  return next;
}
