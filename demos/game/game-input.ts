// The player's input as the rules take it, one fixed step at a time: the directions held and whether act was pressed
// since the last step. Live keys and a replay go through it alike, so a recorded input plays the same game.
import { HeldActions, type ActionMapper, type InputEvent } from '../../src/index';
import type { StepInput } from './workshop-game';

/** A recorded input: each event at the fixed step it is applied before (`key` as `KeyboardEvent.key`). */
export interface Replay {
  /** The fixed step's length in seconds it was recorded at (the game's: 1/60). */
  step: number;
  events: [step: number, what: 'down' | 'up', key: string][];
}

/** Held directions and act presses, from input events, handed to the rules a step at a time. */
export class GameInput {
  private held = new HeldActions();
  private act = false;

  /** Applies input events (a frame's, or a replay's for a step): a new press of accept is one act. */
  apply(events: readonly InputEvent[]): void {
    for (const event of events) {
      const was = this.held.has('accept'); // a held key's repeats are not new presses
      this.held.apply(event);
      if ((event.kind === 'key' || event.kind === 'pad') && event.actions.includes('accept') && !was)
        this.act = true;
    }
  }

  /** The input for the next step: the directions held now, and act if pressed since the last step. */
  take(): StepInput {
    const input = { move: this.held.direction(), act: this.act };
    this.act = false;
    return input;
  }

  /** Lets go of everything (a new game). */
  reset(): void {
    this.held = new HeldActions();
    this.act = false;
  }
}

/** Plays a replay back a step at a time: the input events due before each step, as the keyboard would give them. */
export class ReplayCursor {
  private next = 0;

  constructor(
    readonly replay: Replay,
    private readonly mapper: ActionMapper,
  ) {
    for (let i = 1; i < replay.events.length; i++)
      if (replay.events[i]![0] < replay.events[i - 1]![0])
        throw new Error(
          `Replay: event ${i} (step ${replay.events[i]![0]}) comes before the one ahead of it; sort by step.`,
        );
  }

  /** The events of step `step` (steps are asked for in order; an earlier one starts over). */
  at(step: number): InputEvent[] {
    if (step === 0 || (this.next > 0 && this.replay.events[this.next - 1]![0] > step)) this.next = 0;
    const out: InputEvent[] = [];
    const events = this.replay.events;
    while (this.next < events.length && events[this.next]![0] <= step) {
      // An event of a step that never ran (dropped by the fixed step) comes with the next: a release is never lost.
      const [, what, key] = events[this.next++]!;
      const actions = this.mapper.ofKey(key);
      out.push(
        what === 'down'
          ? { kind: 'key', key, actions, shift: false, ctrl: false }
          : { kind: 'key-up', key, actions },
      );
    }
    return out;
  }

  /** Whether every event has been played. */
  get done(): boolean {
    return this.next >= this.replay.events.length;
  }
}
