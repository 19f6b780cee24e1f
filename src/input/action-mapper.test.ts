import { describe, expect, it } from 'vitest';
import { ActionMapper } from './action-mapper';
import { PadPoller, type PadState } from './pad-poller';

const pad = (pressed: number[], axes: number[] = [0, 0]): PadState => ({
  index: 0,
  buttons: Array.from({ length: 16 }, (_, i) => ({ pressed: pressed.includes(i) })),
  axes,
});

describe('ActionMapper', () => {
  it('binds the defaults and rebinds', () => {
    const mapper = new ActionMapper();
    expect([' ', 'Enter', 'Escape', 'ArrowLeft', 'x'].map((k) => mapper.ofKey(k))).toEqual([
      ['accept'],
      ['accept'],
      ['reject'],
      ['left'],
      [],
    ]);
    expect([0, 1, 2, 3, 12, 15].map((b) => mapper.ofButton(b))).toEqual([
      ['accept'],
      ['reject'],
      ['accept'],
      ['reject'],
      ['up'],
      ['right'],
    ]);
    mapper.bindKey('w', 'up').bindKey(' ');
    expect([mapper.ofKey('W'), mapper.ofKey(' ')]).toEqual([['up'], []]);
    expect(new ActionMapper(false).ofKey('Enter')).toEqual([]);
    expect(() => mapper.bindButton(-1, 'up')).toThrow('pad button -1');
  });

  it('pads give actions on presses, not while held; the stick once per lean', () => {
    const poller = new PadPoller(new ActionMapper());
    expect(poller.poll([pad([0])])).toEqual([['accept']]);
    expect(poller.poll([pad([0])])).toEqual([]);
    expect(poller.poll([pad([0, 13])])).toEqual([['down']]);
    expect(poller.poll([pad([], [0.9, 0.2])])).toEqual([['right']]);
    expect(poller.poll([pad([], [0.8, 0.1])])).toEqual([]);
    expect(poller.poll([pad([], [0.1, -0.7])])).toEqual([['up']]);
    expect(poller.poll([pad([], [0, 0]), null])).toEqual([]);
    expect(poller.poll([pad([], [0, 0.6])])).toEqual([['down']]);
  });
});
