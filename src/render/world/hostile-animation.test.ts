import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import type { CaseResult } from './hostile-animation-cases';

/** A case must answer within this, or it counts as a hang (each takes well under 5 s here). */
const DEADLINE_MS = 30_000;
const BOOT = new URL('../../../scripts/ts-worker.mjs', import.meta.url);
const CASES = new URL('./hostile-animation-cases.ts', import.meta.url).href;

/** Runs case `name` in a worker thread: its answer, or a failure when it throws or does not answer by the deadline. */
function runCase(name: string): Promise<CaseResult> {
  const worker = new Worker(BOOT, { workerData: { module: CASES, hostileCase: name } });
  return new Promise<CaseResult>((resolve, reject) => {
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new Error(`"${name}" did not finish in ${DEADLINE_MS / 1000} s: a hang.`));
    }, DEADLINE_MS);
    worker.once('message', (message: { result?: CaseResult; error?: string }) => {
      clearTimeout(timer);
      void worker.terminate();
      if (message.error) reject(new Error(`"${name}" threw: ${message.error}`));
      else resolve(message.result!);
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

describe(
  'hostile animation data: every case ends (a worker each, killed at a deadline), its work bounded by what the file holds',
  { timeout: DEADLINE_MS + 10_000 },
  () => {
    it('a clip of 10 000 channels plays: 10 000 samples a frame, 300 properties written, packed validated', async () => {
      const r = await runCase('a clip of 10 000 channels');
      expect(r).toMatchObject({ channels: 10_000, sampled: 10_000, draws: 1 });
      expect(r['written']).toBeLessThanOrEqual(300); // 100 nodes × 3 properties: written once each at most
      expect(r['written']).toBeGreaterThan(0);
    });

    it('a skin of 300 joints is refused before anything is made, naming the mesh and the limit', async () => {
      expect(await runCase('a skin of 300 joints')).toEqual({
        refused:
          'mesh "triangle" (node "body") is skinned by "chain" of 300 joints; Armature draws skins of up to 128 joints ' +
          '(split the skeleton in the exporter, or leave out joints no vertex follows).',
      });
    });

    it('a skin of 128 joints plays: 128 joint matrices a frame at most, one sample a joint', async () => {
      const r = await runCase('a skin of 128 joints');
      expect(r).toMatchObject({ sampled: 128, jointMatrices: 128, draws: 1 });
    });

    it('20 morph targets: applied at the file weights and said so (16 are blended live), the rest plays', async () => {
      const r = await runCase('a mesh of 20 morph targets');
      expect(r['unsupported']).toEqual([
        'more than 16 morph targets (applied at the file\'s weights, not animated), first in mesh "triangle #0"',
      ]);
      expect(r).toMatchObject({ sampled: 1, draws: 1 }); // the weights channel, sampled once a frame
    });

    it('a clip of 1e-30 s asked for an hour in: one loop event a frame, the rounds counted in it', async () => {
      const r = await runCase('a clip of 1e-30 s an hour in');
      expect(r['events']).toBe(1);
      expect(r['loops']).toBeGreaterThan(1e33);
    });

    it('the rig played with its materials swapped every frame for 240 frames: validated each frame', async () => {
      const r = await runCase('the rig with its materials swapped every frame');
      // Three clips: 14 channels sampled a frame, at most one event each (4 s of a 1 s walk: its loops said).
      expect(r).toMatchObject({ draws: 3, sampled: 14, events: 3 });
      expect(r['jointMatrices']).toBe(7); // the kit's seven joints, computed again each frame it moves
    });
  },
);
