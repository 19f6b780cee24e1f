/** A named thing a player wants, whatever key, button or stick asked for it (the action mapper decides which). */
export type Action = 'accept' | 'reject' | 'up' | 'down' | 'left' | 'right';

/**
 * One input event as the engine applies it at the start of a frame, in arrival order: browser events already mapped
 * (pointer positions into native pixels, keys and pad buttons into actions). The UI kernel and the loop's steps read
 * these, never the DOM.
 */
export type InputEvent =
  /**
   * The pointer moved to native pixel (x, y) (fractions kept; may lie outside the native image). `pointer` tells
   * pointers apart: absent or 0 is the mouse, another number another pointer (an XR controller's ray), with a hover,
   * press and capture of its own.
   */
  | { kind: 'pointer-move'; x: number; y: number; pointer?: number }
  /** A mouse button went down (0 left, 1 middle, 2 right) at (x, y). */
  | { kind: 'pointer-down'; button: number; x: number; y: number; pointer?: number }
  | { kind: 'pointer-up'; button: number; x: number; y: number; pointer?: number }
  /** The wheel turned: `deltaY` in notches (positive: toward the user, content moves up), with the modifiers held. */
  | { kind: 'wheel'; deltaY: number; ctrl: boolean; shift: boolean }
  /** The pointer left the canvas (or an XR ray the panel): a capture it holds is cancelled. */
  | { kind: 'pointer-leave'; pointer?: number }
  /** The page lost input (window blur, tab hidden): whatever the mouse held is cancelled. */
  | { kind: 'blur' }
  /**
   * A key went down: `key` as `KeyboardEvent.key`, the actions it is bound to (none when unbound), the modifiers held.
   */
  | { kind: 'key'; key: string; actions: readonly Action[]; shift: boolean; ctrl: boolean }
  /** A key went up: its actions end (for `HeldActions`: a game moves while an arrow is held). */
  | { kind: 'key-up'; key: string; actions: readonly Action[] }
  /** A pad button or stick direction was pressed: its actions. */
  | { kind: 'pad'; actions: readonly Action[] }
  /** A pad button was released, or the stick came back or leant another way (or its pad went): those actions end. */
  | { kind: 'pad-up'; actions: readonly Action[] }
  /** Text typed, pasted or composed (IME, dead keys): whole characters, as `beforeinput` gives them. */
  | { kind: 'text'; text: string };
