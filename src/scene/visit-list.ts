/**
 * The children of a wide node that the next sweep must visit (see WIDE in node.ts): each added when it gained a change
 * mark or joined, so a frame where k of the node's children changed visits k, not all. Reused with a count, so marking
 * allocates nothing per frame.
 *
 * Emptied lazily: an entry added before the owner's world was last recomputed is covered by that recompute (it covered
 * every child, or marked them all to be visited), so the next `add` after a recompute drops the old entries first. The
 * sweep's all-moving loop then pays nothing for lists; until that next add, an old entry may keep a removed child alive.
 */
export class VisitList<T extends { readonly parent: unknown }> {
  private readonly items: (T | null)[] = [];
  private count = 0;
  /** The owner's world version when the entries were added. */
  private version = -1;

  /** Adds `child`; `ownerVersion` is the owner's world version now. */
  add(child: T, ownerVersion: number): void {
    if (this.version !== ownerVersion) {
      this.clear();
      this.version = ownerVersion;
    }
    this.items[this.count++] = child;
  }

  /** Empties the list, holding no child past it. */
  clear(): void {
    if (this.count === 0) return;
    this.items.fill(null, 0, this.count);
    this.count = 0;
  }

  /** Moves the entries still children of `owner` onto `stack` from `top`, empties the list, and returns the new top. */
  drainInto(stack: T[], top: number, owner: unknown): number {
    const items = this.items;
    for (let k = 0; k < this.count; k++) {
      const child = items[k]!;
      items[k] = null;
      if (child.parent === owner) stack[top++] = child; // a child removed since is no longer this sweep's
    }
    this.count = 0;
    return top;
  }
}
