import { describe, expect, it } from 'vitest';
import { ActionMapper } from './action-mapper';
import { HeldActions } from './held-actions';
import type { Action, InputEvent } from './input-event';
import { PadPoller, type PadState } from './pad-poller';

const mapper = new ActionMapper().bindKey('d', 'right').bindKey('w', 'up');
const down = (key: string): InputEvent => ({
  kind: 'key',
  key,
  actions: mapper.ofKey(key),
  shift: false,
  ctrl: false,
});
const up = (key: string): InputEvent => ({ kind: 'key-up', key, actions: mapper.ofKey(key) });
const pad = (index: number, pressed: number[], axes: number[] = [0, 0]): PadState => ({
  index,
  buttons: Array.from({ length: 16 }, (_, i) => ({ pressed: pressed.includes(i) })),
  axes,
});

describe('HeldActions', () => {
  it('holds a key’s actions from its press to its release; two keys of one action hold it while either is down', () => {
    const held = new HeldActions();
    const holding = () => (['up', 'down', 'left', 'right', 'accept'] as Action[]).filter((a) => held.has(a));
    held.apply(down('ArrowRight'));
    held.apply(down('ArrowRight')); // the key's auto-repeat
    held.apply(down('d'));
    expect(holding()).toEqual(['right']);
    held.apply(up('ArrowRight'));
    expect(holding()).toEqual(['right']); // D still down
    held.apply(up('d'));
    expect(holding()).toEqual([]);
    // Shift let go in between: the press was "W", the release "w".
    held.apply(down('W'));
    held.apply(down('ArrowLeft'));
    expect(holding()).toEqual(['up', 'left']);
    for (const v of held.direction()) expect(v).toBeCloseTo(-Math.SQRT1_2, 12);
    held.apply(up('w'));
    expect(held.direction()).toEqual([-1, 0]);
    held.apply({ kind: 'blur' }); // the page lost input: nothing is held any more
    expect([holding(), held.direction()]).toEqual([[], [0, 0]]);
  });

  it('holds a pad’s button or stick lean until its release, its other lean, or its pad going away', () => {
    const poller = new PadPoller(new ActionMapper());
    const held = new HeldActions();
    const poll = (pads: PadState[]) => {
      const presses = poller.poll(pads);
      for (const actions of poller.released) held.apply({ kind: 'pad-up', actions });
      for (const actions of presses) held.apply({ kind: 'pad', actions });
      return [presses, [...poller.released]];
    };
    expect(poll([pad(0, [0], [0.9, 0])])).toEqual([[['accept'], ['right']], []]);
    expect([held.has('accept'), held.has('right')]).toEqual([true, true]);
    expect(poll([pad(0, [], [0.1, 0.8])])).toEqual([[['down']], [['accept'], ['right']]]);
    expect([held.has('accept'), held.has('right'), held.has('down')]).toEqual([false, false, true]);
    // A second pad holds down too; the first going away leaves it held by the second.
    expect(poll([pad(0, [], [0, 0.8]), pad(1, [13])])).toEqual([[['down']], []]);
    expect(poll([pad(1, [13])])).toEqual([[], [['down']]]);
    expect(held.has('down')).toBe(true);
    expect(poll([])).toEqual([[], [['down']]]);
    expect(held.has('down')).toBe(false);
  });

  it('with stickDiagonals a diagonal lean holds two directions, let go of one by one: eight ways to walk', () => {
    const eight = new ActionMapper();
    eight.stickDiagonals = true;
    const poller = new PadPoller(eight);
    const held = new HeldActions();
    const poll = (x: number, y: number) => {
      const presses = poller.poll([pad(0, [], [x, y])]);
      for (const actions of poller.released) held.apply({ kind: 'pad-up', actions });
      for (const actions of presses) held.apply({ kind: 'pad', actions });
      return [presses, [...poller.released]];
    };
    expect(poll(0.9, 0.1)).toEqual([[['right']], []]);
    expect(poll(0.7, -0.6)).toEqual([[['up']], []]); // into the up-right sector
    const [dx, dy] = held.direction();
    expect([dx, dy].map((v) => Math.round(v * 1000) / 1000)).toEqual([0.707, -0.707]);
    expect(poll(0.2, -0.9)).toEqual([[], [['right']]]); // on toward up: right goes
    expect(poll(0, 0)).toEqual([[], [['up']]]);
    expect(held.direction()).toEqual([0, 0]);
    // Four ways (the default): the same lean holds the larger axis only.
    expect(new ActionMapper().ofStickDirections(0.7, -0.6)).toEqual(['right']);
    expect(eight.ofStickDirections(0.7, -0.2)).toEqual(['right']); // 16° off the axis: not a diagonal
  });
});
