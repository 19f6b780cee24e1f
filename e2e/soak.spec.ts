// The soak: a long fixed-clock run of the stress, pixel-chain and game demos (?soak=N), cycle after cycle of levels
// loaded and unloaded, an effect added and removed, a device lost, passes flipped and the canvas resized
// (demos/shared/soak.ts). `npm test` runs 500 frames (two cycles) each; `npm run soak` runs 10 000 (SOAK_FRAMES) and
// the game's replay for about an hour on each backend (SOAK_GAME_FRAMES). GL object counts stand in for GPU ones on WebGL2
// (trackGlResources).
import { expect, test, type Page } from '@playwright/test';
import { openDemo } from './demo-page';
import type { SoakReport } from '../demos/shared/soak';
import { CYCLE } from '../demos/shared/soak-cycle';

const FRAMES = Number(process.env['SOAK_FRAMES'] ?? 500);
/** The game's soak (its replay looped): 500 frames in `npm test`, about an hour here in `npm run soak`. */
const GAME_FRAMES = Number(process.env['SOAK_GAME_FRAMES'] ?? 500);
/** The second cycle's sampling frame (the soak counts its frames after a warm-up): the scene is as it began. */
const WARM_AT = CYCLE + 30;
/**
 * JS heap growth allowed from the warmed-up page (`WARM_AT`) to the end, after a full collection at both points: 1 MB
 * per 10 minutes of soak, and never less than 2 MB (a short run's growth is mostly the page settling).
 */
const HEAP_FLOOR_BYTES = 2 * 1024 * 1024;
const HEAP_BYTES_PER_10_MIN = 1024 * 1024;

test.use({ viewport: { width: 480, height: 340 } });
test.setTimeout(60_000 + FRAMES * 200); // ~60 ms a frame here; room for a loaded machine

async function heapUsed(page: Page): Promise<number> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  await cdp.detach();
  return usedSize;
}

/**
 * The short run in `npm test`, for CI's 45-minute budget, leaves out the game on WebGL2 (the WebGL2 path of the soak is
 * the pixel-chain's) and the pixel-chain on WebGPU (the game's soak has a chain); `npm run soak` (any
 * SOAK_GAME_FRAMES) runs all five.
 */
const LONG = process.env['SOAK_GAME_FRAMES'] !== undefined;
const DEMOS: [string, number][] = [
  ['stress/?n=200', FRAMES],
  // On WebGPU the game's soak goes through the same cycle with a chain (the effect, the toggles, the loss).
  ...(LONG ? [['pixel-chain/?on=crt', FRAMES] as [string, number]] : []),
  ['pixel-chain/?on=crt&backend=webgl2', FRAMES],
  ['game/?replay=playthrough', GAME_FRAMES],
  ...(LONG ? [['game/?replay=playthrough&backend=webgl2', GAME_FRAMES] as [string, number]] : []),
];

for (const [demo, FRAMES] of DEMOS) {
  test(`soak ${demo} for ${FRAMES} frames: steady GPU objects, bounded heap, no WebGPU error`, async ({
    page,
  }, testInfo) => {
    test.setTimeout(60_000 + FRAMES * 400);
    // Not openDemo: it waits for the end of the run, and the heap is first measured part way.
    const opening = openDemo(page, `${demo}&soak=${FRAMES}`);
    await page.waitForFunction(
      (at) => ((window.__armature as unknown as { soak?: SoakReport } | undefined)?.soak?.frames ?? 0) >= at,
      WARM_AT,
      { timeout: 0 },
    );
    const warm = await heapUsed(page);
    const warmAt = Date.now();
    await opening;
    const end = await heapUsed(page);
    const soak = await page.evaluate(() => (window.__armature as unknown as { soak: SoakReport }).soak);
    expect(soak.frames).toBeGreaterThanOrEqual(FRAMES);
    // Each cycle: a level and (with a chain) an effect came and went, the device was lost (once more in the warm-up),
    // two passes were flipped and back, the canvas took four sizes.
    const cycles = Math.floor(FRAMES / CYCLE);
    expect(soak).toMatchObject({
      levels: cycles,
      effects: demo.startsWith('stress') ? 0 : cycles,
      losses: cycles + 1,
      toggles: 4 * cycles,
      resizes: 4 * cycles,
    });
    expect(soak.samples.map((s) => s.frame)).toEqual(
      Array.from({ length: cycles + 1 }, (_, i) => i * CYCLE + 30),
    );
    // The first cycle is the warm-up's (a kind's pipelines, pooled textures made once); from the second, no change.
    // The graph's pool keeps spare textures (and their framebuffers) up to what its passes could use at once, so how
    // many it holds at a sample follows which passes ran since it last shrank: those may only fall. A leak grows.
    const steady = soak.samples[1]!.resources as unknown as Record<string, number>;
    for (const sample of soak.samples.slice(2)) {
      const counts = sample.resources as unknown as Record<string, number>;
      for (const [kind, count] of Object.entries(counts))
        if (kind === 'textures' || kind === 'framebuffers')
          expect(count, `frame ${sample.frame}: ${kind}`).toBeLessThanOrEqual(steady[kind]!);
        else expect(count, `frame ${sample.frame}: ${kind}`).toBe(steady[kind]);
    }
    expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
    const growth = end - warm;
    const minutes = (Date.now() - warmAt) / 60_000;
    const bound = Math.max(HEAP_FLOOR_BYTES, (minutes / 10) * HEAP_BYTES_PER_10_MIN);
    const line = `${demo}: ${soak.frames} frames, heap ${(warm / 1e6).toFixed(2)} → ${(end / 1e6).toFixed(2)} MB over ${minutes.toFixed(1)} min, resources ${JSON.stringify(soak.samples.at(-1)!.resources)}`;
    testInfo.annotations.push({ type: 'soak', description: line });
    console.log(`soak ${line}`);
    expect(growth).toBeLessThan(bound);
  });
}
