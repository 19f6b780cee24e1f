import type { Action, InputEvent } from './input-event';

/**
 * Which actions are held now, from the frame's input events (`RunOptions.input.events`): a key's actions from its
 * press to its release, a pad button's or stick direction's from `pad` to `pad-up`; the page losing input (`blur`)
 * lets go of everything. Two keys bound to one action (an arrow and WASD) hold it while either is down. Events, not
 * the DOM, so a recorded input replays to the same holds.
 */
export class HeldActions {
  /** The keys down now, with their actions. */
  private readonly keys = new Map<string, readonly Action[]>();
  /** Pad holds per action (two pads may hold one action). */
  private readonly pads = new Map<Action, number>();

  /** Applies one input event (others than keys, pads and blur change nothing). */
  apply(event: InputEvent): void {
    switch (event.kind) {
      case 'key':
        if (event.actions.length > 0) this.keys.set(keyName(event.key), event.actions);
        return;
      case 'key-up':
        this.keys.delete(keyName(event.key));
        return;
      case 'pad':
      case 'pad-up':
        for (const action of event.actions) {
          const n = (this.pads.get(action) ?? 0) + (event.kind === 'pad' ? 1 : -1);
          if (n > 0) this.pads.set(action, n);
          else this.pads.delete(action);
        }
        return;
      case 'blur':
        this.keys.clear();
        this.pads.clear();
        return;
      default:
    }
  }

  /** Whether `action` is held. */
  has(action: Action): boolean {
    if (this.pads.has(action)) return true;
    for (const actions of this.keys.values()) if (actions.includes(action)) return true;
    return false;
  }

  /** The held directions as a vector of length 0 or 1 (x right, y down, as the screen's; diagonals normalised). */
  direction(out: [number, number] = [0, 0]): [number, number] {
    const x = Number(this.has('right')) - Number(this.has('left'));
    const y = Number(this.has('down')) - Number(this.has('up'));
    const length = Math.hypot(x, y) || 1;
    out[0] = x / length;
    out[1] = y / length;
    return out;
  }
}

/** A key's name with single characters in lower case: Shift let go between a press and its release changes its case. */
function keyName(key: string): string {
  return [...key].length === 1 ? key.toLowerCase() : key;
}
