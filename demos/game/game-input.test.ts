import { describe, expect, it } from 'vitest';
import { ActionMapper } from '../../src/index';
import { GameInput, ReplayCursor, type Replay } from './game-input';

const replay: Replay = {
  step: 1 / 60,
  events: [
    [2, 'down', 'ArrowRight'],
    [2, 'down', ' '],
    [3, 'up', ' '],
    [5, 'up', 'ArrowRight'],
  ],
};

describe('GameInput and ReplayCursor', () => {
  it('a replay gives each step its events as the keyboard would; act once per press; a skipped step’s come with the next', () => {
    const cursor = new ReplayCursor(replay, new ActionMapper());
    const input = new GameInput();
    const steps = [0, 1, 2, 3, 4, 6].map((step) => {
      input.apply(cursor.at(step));
      const { move, act } = input.take();
      return [step, move[0], act];
    });
    // Step 5 never ran (dropped): its release of ArrowRight comes with step 6.
    expect(steps).toEqual([
      [0, 0, false],
      [1, 0, false],
      [2, 1, true],
      [3, 1, false],
      [4, 1, false],
      [6, 0, false],
    ]);
    expect(cursor.done).toBe(true);
    // Asked for step 0 again (a fixed-clock replay from the start): it plays from the top.
    expect(cursor.at(0)).toEqual([]);
    expect(cursor.at(2).map((e) => e.kind)).toEqual(['key', 'key']);
  });

  it('refuses events out of order, naming the one', () => {
    expect(
      () =>
        new ReplayCursor(
          {
            step: 1 / 60,
            events: [
              [4, 'down', 'a'],
              [3, 'up', 'a'],
            ],
          },
          new ActionMapper(),
        ),
    ).toThrow('event 1 (step 3)');
  });
});
