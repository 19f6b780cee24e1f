import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../math/seeded-random';
import { InstanceBatches, InstanceState, type BatchMember } from './instance-batches';

interface Draw extends BatchMember {
  /** Whether it is a member now (left draws are not). */
  member: boolean;
}

/**
 * 200 draws in runs of 1-40 (a batch each), gathered from table entry 1000 into 300 entries in random states, then
 * moved between states, leaving and joining at random: after every move each batch's drawn entries hold exactly its
 * drawn members' slots.
 */
describe('InstanceBatches', () => {
  const REGION = 1000;
  const DRAWS = 200;
  const SIZE = 300;

  function gathered(seed: number) {
    const random = seededRandom(seed);
    const batches = new InstanceBatches<Draw>();
    const entries = new Uint32Array(REGION + SIZE + 8).fill(0xdead);
    const draws: Draw[] = [];
    const pickState = () =>
      [InstanceState.Drawn, InstanceState.Culled, InstanceState.Hidden][Math.floor(random() * 3)]!;
    batches.begin(REGION, DRAWS, SIZE);
    let left = 0;
    for (let i = 0; i < DRAWS; i++) {
      if (left === 0) {
        batches.open(i % 7);
        left = 1 + Math.floor(random() * 40);
      }
      left--;
      // Any one-to-one map from draws to slots.
      const draw: Draw = {
        slot: 5000 + i * 3,
        batch: -1,
        batchEntry: -1,
        batchState: InstanceState.Hidden,
        member: true,
      };
      draws.push(draw);
      batches.addMember(draw, pickState(), entries);
    }
    return { random, batches, entries, draws, pickState };
  }

  /** Each batch's drawn entries as the sorted slots, against the slots of its members drawn now. */
  function check(g: ReturnType<typeof gathered>) {
    const { batches, entries, draws } = g;
    const members: Draw[][] = Array.from({ length: batches.length }, () => []);
    const wrong: string[] = [];
    let culled = 0;
    for (const d of draws) {
      if (!d.member) continue;
      members[d.batch]!.push(d);
      if (d.batchState === InstanceState.Culled) culled++;
      if (d.batchState === InstanceState.Drawn ? entries[d.batchEntry] !== d.slot : d.batchEntry !== -1)
        wrong.push(`slot ${d.slot}: entry ${d.batchEntry}`);
    }
    let end = REGION;
    for (let b = 0; b < batches.length; b++) {
      const start = batches.start[b]!;
      const held = entries.slice(start, start + batches.count[b]!).sort();
      const drawn = members[b]!.filter((d) => d.batchState === InstanceState.Drawn).map((d) => d.slot);
      if (`${[...held]}` !== `${drawn.sort((x, y) => x - y)}`)
        wrong.push(`batch ${b}: ${[...held]} ≠ ${drawn}`);
      if (batches.members[b] !== members[b]!.length) wrong.push(`batch ${b}: ${batches.members[b]} members`);
      if (batches.members[b]! > batches.capacity[b]!) wrong.push(`batch ${b}: over capacity`);
      if (batches.count[b]! > 0 && batches.drawOf(b)!.batch !== b)
        wrong.push(`batch ${b}: drawn as another's`);
      if (start !== end) wrong.push(`batch ${b} starts at ${start}, not ${end}`);
      end = start + batches.capacity[b]!;
    }
    expect(wrong).toEqual([]);
    expect(end).toBeLessThanOrEqual(REGION + SIZE);
    expect(batches.culled).toBe(culled);
  }

  it('gathers runs into batches that tile the region, drawn entries first, the spare entries shared out', () => {
    const g = gathered(1);
    expect(g.batches.start[0]).toBe(REGION);
    // Each batch keeps half as many entries again as it has members (rounded down): 100 spare for 200 draws.
    expect(g.batches.entries).toBeGreaterThan(DRAWS + 100 - g.batches.length);
    expect(g.batches.entries).toBeLessThanOrEqual(SIZE);
    for (let b = 0; b < g.batches.length; b++)
      expect(g.batches.capacity[b]).toBe(g.batches.members[b]! + Math.floor(g.batches.members[b]! / 2));
    check(g);
  });

  it('moves one entry per state change, join or leave, sends every entry it wrote, and keeps every batch exact', () => {
    const g = gathered(2);
    const { random, batches, entries, draws, pickState } = g;
    // What the GPU holds: the gathered entries, then what each flush sends.
    const gpu = entries.slice();
    const sent: number[][] = [];
    const table = {
      upload: (start: number, count: number) => {
        sent.push([start, count]);
        gpu.set(entries.subarray(start, start + count), start);
      },
    };
    let joins = 0;
    let refused = 0;
    for (let step = 0; step < 3000; step++) {
      const before = entries.slice();
      const draw = draws[Math.floor(random() * draws.length)]!;
      const move = random();
      if (draw.member && move < 0.15) {
        batches.leave(draw, entries);
        draw.member = false;
        expect(draw.batch).toBe(-1);
      } else if (!draw.member || move < 0.3) {
        // A new draw (or one that left) joins a batch at random; a full batch refuses it and changes nothing.
        const joiner: Draw = draw.member
          ? {
              slot: 90_000 + step,
              batch: -1,
              batchEntry: -1,
              batchState: InstanceState.Hidden,
              member: false,
            }
          : draw;
        const b = Math.floor(random() * batches.length);
        const full = batches.members[b] === batches.capacity[b];
        const joined = batches.join(joiner, b, pickState(), entries);
        expect(joined).toBe(!full);
        if (joined) {
          joiner.member = true;
          if (joiner !== draw) draws.push(joiner);
          joins++;
        } else {
          refused++;
          expect([...entries]).toEqual([...before]);
        }
      } else {
        const state = pickState();
        const wasDrawn = draw.batchState === InstanceState.Drawn;
        expect(batches.set(draw, state, entries)).toBe(wasDrawn !== (state === InstanceState.Drawn));
        expect(draw.batchState).toBe(state);
      }
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
    // Both happened many times: joins into batches with room, and refusals of full ones.
    expect(joins).toBeGreaterThan(300);
    expect(refused).toBeGreaterThan(10);
    // Entries outside the region were never touched.
    expect(entries[REGION - 1]).toBe(0xdead);
    expect(entries[REGION + SIZE]).toBe(0xdead);
  });

  it('gathers an encode’s draws one entry each, without touching their member fields', () => {
    const batches = new InstanceBatches<Draw>();
    const entries = new Uint32Array(16);
    const draws = [7, 8, 9].map((slot) => ({
      slot,
      batch: 5,
      batchEntry: 6,
      batchState: InstanceState.Culled,
      member: true,
    }));
    batches.begin(2, 3);
    batches.open(0);
    batches.add(draws[0]!, entries);
    batches.add(draws[1]!, entries);
    batches.open(1);
    batches.add(draws[2]!, entries);
    expect([...entries.subarray(2, 5)]).toEqual([7, 8, 9]);
    expect(batches.entries).toBe(3);
    expect([batches.drawOf(0), batches.drawOf(1)]).toEqual([draws[0], draws[2]]);
    for (const d of draws)
      expect([d.batch, d.batchEntry, d.batchState]).toEqual([5, 6, InstanceState.Culled]);
  });
});
