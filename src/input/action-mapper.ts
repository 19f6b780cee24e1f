import type { Action } from './input-event';

/** Standard-mapping pad buttons (the Gamepad API's `standard` layout): face buttons 0-3, the D-pad 12-15. */
const DPAD: Record<number, Action> = { 12: 'up', 13: 'down', 14: 'left', 15: 'right' };

/**
 * Named actions bound to keys and pad buttons, rebindable. Defaults: Enter and Space accept, Escape rejects, the arrows
 * navigate; on a pad the first four buttons accept and reject (0 and 2 accept, 1 and 3 reject), the D-pad and the left
 * stick navigate.
 */
export class ActionMapper {
  private readonly keys = new Map<string, Action[]>();
  private readonly buttons = new Map<number, Action[]>();
  /** How far the left stick must lean (0…1) to count as a direction. */
  stickThreshold = 0.5;
  /**
   * Whether a diagonal lean of the left stick holds two directions (up and right: eight ways, for walking) or only the
   * one of the larger axis (four ways, the default: a menu's focus moves one step).
   */
  stickDiagonals = false;

  constructor(defaults = true) {
    if (!defaults) return;
    this.bindKey('Enter', 'accept').bindKey(' ', 'accept').bindKey('Escape', 'reject');
    this.bindKey('ArrowUp', 'up')
      .bindKey('ArrowDown', 'down')
      .bindKey('ArrowLeft', 'left')
      .bindKey('ArrowRight', 'right');
    this.bindButton(0, 'accept').bindButton(2, 'accept').bindButton(1, 'reject').bindButton(3, 'reject');
    for (const [button, action] of Object.entries(DPAD)) this.bindButton(Number(button), action);
  }

  /** Binds a key (`KeyboardEvent.key`, e.g. `'Enter'`, `' '`, `'w'`) to actions; none unbinds it. */
  bindKey(key: string, ...actions: Action[]): this {
    if (actions.length === 0) this.keys.delete(key);
    else this.keys.set(key, actions);
    return this;
  }

  /** Binds a pad button (standard-mapping index) to actions; none unbinds it. */
  bindButton(button: number, ...actions: Action[]): this {
    if (!(Number.isInteger(button) && button >= 0))
      throw new RangeError(`ActionMapper: pad button ${button}; give the button's index, 0 or more.`);
    if (actions.length === 0) this.buttons.delete(button);
    else this.buttons.set(button, actions);
    return this;
  }

  /** The actions of a key (single characters match either case). */
  ofKey(key: string): readonly Action[] {
    return this.keys.get(key) ?? (key.length === 1 ? this.keys.get(key.toLowerCase()) : undefined) ?? [];
  }

  ofButton(button: number): readonly Action[] {
    return this.buttons.get(button) ?? [];
  }

  /** The direction the left stick leans past the threshold (the larger axis wins), or null. */
  ofStick(x: number, y: number): Action | null {
    const t = this.stickThreshold;
    if (Math.abs(x) < t && Math.abs(y) < t) return null;
    return Math.abs(x) > Math.abs(y) ? (x > 0 ? 'right' : 'left') : y > 0 ? 'down' : 'up';
  }

  /**
   * The directions the left stick leans past the threshold: `ofStick`'s one, or with `stickDiagonals` both axes' when
   * it leans within 22.5° of a diagonal (eight sectors of 45°).
   */
  ofStickDirections(x: number, y: number): Action[] {
    const main = this.ofStick(x, y);
    if (!main || !this.stickDiagonals) return main ? [main] : [];
    // An axis counts when it is at least tan 22.5° of the other: the lean is in a diagonal's sector.
    const [ax, ay] = [Math.abs(x), Math.abs(y)];
    if (Math.min(ax, ay) < Math.tan(Math.PI / 8) * Math.max(ax, ay)) return [main];
    return [x > 0 ? 'right' : 'left', y > 0 ? 'down' : 'up'];
  }
}
