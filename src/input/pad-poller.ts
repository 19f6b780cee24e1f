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
  private readonly held = new Map<number, boolean[]>();
  private readonly stick = new Map<number, Action | null>();

  constructor(private readonly mapper: ActionMapper) {}

  /** The actions of the presses since the last poll, pad by pad, in button order then the stick. */
  poll(pads: readonly (PadState | null)[]): Action[][] {
    const out: Action[][] = [];
    for (const pad of pads) {
      if (!pad) continue;
      const before = this.held.get(pad.index) ?? [];
      const now = pad.buttons.map((b) => b.pressed);
      now.forEach((pressed, i) => {
        const actions = this.mapper.ofButton(i);
        if (pressed && !before[i] && actions.length > 0) out.push([...actions]);
      });
      this.held.set(pad.index, now);
      const lean = this.mapper.ofStick(pad.axes[0] ?? 0, pad.axes[1] ?? 0);
      if (lean && lean !== this.stick.get(pad.index)) out.push([lean]);
      this.stick.set(pad.index, lean);
    }
    return out;
  }
}
