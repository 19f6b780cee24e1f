import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/seeded-random';
import { InstanceBatches, InstanceState } from './instance-batches';

/**
 * 200 draws from list index 300 in runs of 1-40 (a batch each), gathered from table entry 1000 in random states, then
 * moved between states at random: after every move each batch's drawn entries hold exactly its drawn draws' slots.
 */
describe('InstanceBatches', () => {
  const FROM = 300;
  const REGION = 1000;
  const DRAWS = 200;

  function gathered(seed: number) {
    const random = seededRandom(seed);
    const batches = new InstanceBatches();
    const entries = new Uint32Array(REGION + DRAWS + 8).fill(0xdead);
    const states: InstanceState[] = [];
    const batchOf: number[] = [];
    const slot = (i: number) => 5000 + i * 3; // any one-to-one map from draws to slots
    const pickState = () =>
      [InstanceState.Drawn, InstanceState.Culled, InstanceState.Hidden][Math.floor(random() * 3)]!;
    batches.begin(FROM, REGION, DRAWS);
    let left = 0;
    for (let i = FROM; i < FROM + DRAWS; i++) {
      if (left === 0) {
        batches.open(i, i % 7);
        left = 1 + Math.floor(random() * 40);
      }
      left--;
      const state = pickState();
      states[i] = state;
      batchOf[i] = batches.length - 1;
      batches.add(i, slot(i), state, entries);
    }
    return { random, batches, entries, states, batchOf, slot, pickState };
  }

  /** Each batch's drawn entries as the sorted slots, against the slots of its draws drawn now. */
  function check(g: ReturnType<typeof gathered>) {
    const { batches, entries, states, batchOf, slot } = g;
    let culled = 0;
    for (let b = 0; b < batches.length; b++) {
      const start = batches.start[b]!;
      const held = [...entries.subarray(start, start + batches.count[b]!)].sort((x, y) => x - y);
      const drawn: number[] = [];
      for (let i = FROM; i < FROM + DRAWS; i++)
        if (batchOf[i] === b && states[i] === InstanceState.Drawn) drawn.push(slot(i));
      expect([b, held]).toEqual([b, drawn.sort((x, y) => x - y)]);
      expect(batches.count[b]).toBeLessThanOrEqual(batches.capacity[b]!);
      if (b > 0) expect(start).toBe(batches.start[b - 1]! + batches.capacity[b - 1]!);
    }
    for (let i = FROM; i < FROM + DRAWS; i++) if (states[i] === InstanceState.Culled) culled++;
    expect(batches.culled).toBe(culled);
  }

  it('gathers runs into batches whose capacities tile the region, drawn entries first', () => {
    const g = gathered(1);
    expect(g.batches.start[0]).toBe(REGION);
    expect(g.batches.entries).toBe(DRAWS);
    check(g);
  });

  it('moves one entry per state change, sends every entry it wrote, and keeps every batch exact', () => {
    const g = gathered(2);
    const { random, batches, entries, states, slot, pickState } = g;
    // What the GPU holds: the gathered entries, then what each flush sends.
    const gpu = entries.slice();
    const sent: number[][] = [];
    const table = {
      upload: (start: number, count: number) => {
        sent.push([start, count]);
        gpu.set(entries.subarray(start, start + count), start);
      },
    };
    for (let step = 0; step < 2000; step++) {
      const before = entries.slice();
      const i = FROM + Math.floor(random() * DRAWS);
      const state = pickState();
      const wasDrawn = states[i] === InstanceState.Drawn;
      const changed = batches.set(i, slot(i), state, entries);
      expect(changed).toBe(wasDrawn !== (state === InstanceState.Drawn));
      states[i] = state;
      expect(batches.stateOf(i)).toBe(state);
      // At most one entry is written (appended, or the batch's last drawn one moved into the hole).
      const written = [...entries.keys()].filter((e) => entries[e] !== before[e]);
      expect(written.length).toBeLessThanOrEqual(1);
      check(g);
      if (step % 10 === 9) {
        sent.length = 0;
        batches.flush(table);
        expect(batches.hasWritten).toBe(false);
        expect([...gpu]).toEqual([...entries]);
        // Ten steps move at most ten entries: at most ten writes, each short (runs joined across gaps under 16).
        expect(sent.length).toBeLessThanOrEqual(10);
        for (const [, count] of sent) expect(count).toBeLessThanOrEqual(10 * 16);
      }
    }
    // Entries outside the region were never touched.
    expect(entries[REGION - 1]).toBe(0xdead);
    expect(entries[REGION + DRAWS]).toBe(0xdead);
  });
});
