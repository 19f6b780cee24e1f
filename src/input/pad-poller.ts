import type { ActionMapper } from './action-mapper';
import type { Action } from './input-event';

/** What the Gamepad API gives, narrowed to what the poller reads (so tests can hand it plain objects). */
export interface PadState {
  readonly index: number;
  readonly buttons: readonly { readonly pressed: boolean }[];
  readonly axes: readonly number[];
}

/**
 * Turns polled pad states into actions on edges: a button's press (not while it is held), the left stick's lean into
 * a direction (again only after it returns or changes direction), for every connected pad.
 */
export class PadPoller {
  /**
   * The actions let go of in the last poll (a button released, the stick back or leaning another way; a pad gone lets
   * go of all it held), in the order `poll` lists presses: what `HeldActions` needs to end a hold.
   */
  readonly released: Action[][] = [];
  private readonly held = new Map<number, boolean[]>();
  private readonly stick = new Map<number, readonly Action[]>();

  constructor(private readonly mapper: ActionMapper) {}

  /** The actions of the presses since the last poll, pad by pad, in button order then the stick. */
  poll(pads: readonly (PadState | null)[]): Action[][] {
    const out: Action[][] = [];
    this.released.length = 0;
    const seen = new Set<number>();
    for (const pad of pads) {
      if (!pad) continue;
      seen.add(pad.index);
      const before = this.held.get(pad.index) ?? [];
      const now = pad.buttons.map((b) => b.pressed);
      now.forEach((pressed, i) => {
        const actions = this.mapper.ofButton(i);
        if (actions.length === 0) return;
        if (pressed && !before[i]) out.push([...actions]);
        else if (!pressed && before[i]) this.released.push([...actions]);
      });
      this.held.set(pad.index, now);
      // Each direction the stick holds is pressed and let go of on its own (a diagonal holds two).
      const lean = this.mapper.ofStickDirections(pad.axes[0] ?? 0, pad.axes[1] ?? 0);
      const was = this.stick.get(pad.index) ?? [];
      for (const action of was) if (!lean.includes(action)) this.released.push([action]);
      for (const action of lean) if (!was.includes(action)) out.push([action]);
      this.stick.set(pad.index, lean);
    }
    // A pad unplugged (or an XR controller gone) lets go of what it held.
    for (const [index, buttons] of this.held) {
      if (seen.has(index)) continue;
      buttons.forEach((pressed, i) => {
        const actions = this.mapper.ofButton(i);
        if (pressed && actions.length > 0) this.released.push([...actions]);
      });
      for (const action of this.stick.get(index) ?? []) this.released.push([action]);
      this.held.delete(index);
      this.stick.delete(index);
    }
    return out;
  }
}
