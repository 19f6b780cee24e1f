/**
 * A list emptied and refilled every frame that keeps its memory: `clear()` only resets the count, where
 * `array.length = 0` makes V8 drop the backing store and grow a new one on the next frame's pushes (garbage per
 * frame). Items past the count stay referenced until overwritten.
 */
export class FrameList<T> {
  readonly items: T[] = [];
  length = 0;

  push(item: T): void {
    if (this.length < this.items.length) this.items[this.length] = item;
    else this.items.push(item);
    this.length++;
  }

  /** Item `i`, for `i` below `length`. */
  at(i: number): T {
    return this.items[i]!;
  }

  clear(): void {
    this.length = 0;
  }
}
