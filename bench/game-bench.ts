// npm run bench:game — the game's frame (demos/game) on this machine: the recorded play-through (?replay=playthrough)
// played on the wall clock in the system Chromium (SwiftShader, cross-origin isolated so the timer is fine), the frame
// budget's readout sampled once a second over the game: CPU cost per frame (p50 and p95 of the budget's window: the
// loop's work for a frame — input, rules, animation, the render call), the GPU time of the frame and of each pass
// (timestamp queries). BACKEND=webgl2 runs the WebGL2 path (no timestamps there). Figures in bench/README.md.
import { formatMs, median, printTable } from './bench-table';
import { isolatedBrowser } from './isolated-browser';

type Stats = { cost: { p50: number; p95: number }; gpuMs: number | null; drawCalls: number; samples: number };
const backend = process.env['BACKEND'] ?? 'webgpu';
const seconds = Number(process.env['SECONDS'] ?? 30); // the play-through's 23.4 s of game and the page's start
const { browser, close } = await isolatedBrowser(5177);
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`http://127.0.0.1:5177/demos/game/?replay=playthrough&backend=${backend}`);
  await page.waitForFunction(() => window.__armature?.ready === true || window.__armature?.error != null);
  const error = await page.evaluate(() => window.__armature!.error);
  if (error) throw new Error(error);
  const samples: { stats: Stats; passes: Record<string, number> | null }[] = [];
  for (let s = 0; s < seconds; s++) {
    await page.waitForTimeout(1000);
    const sample = await page.evaluate(() => ({
      stats: window.__armature!.stats as unknown as Stats,
      passes: window.__armature!.gpuPasses,
    }));
    if (s >= 2 && sample.stats?.samples > 0) samples.push(sample); // the first seconds warm up
  }
  const state = await page.evaluate(
    () => (window as unknown as { __armature: { game: { state: string; placed: number } } }).__armature.game,
  );
  const isolated = await page.evaluate(() => crossOriginIsolated);
  if (!isolated) throw new Error('the page is not cross-origin isolated: its timer is coarse');
  const of = (pick: (s: (typeof samples)[number]) => number | null | undefined) =>
    samples.map(pick).filter((v): v is number => typeof v === 'number');
  const rows = [
    ['cost p50 (CPU ms a frame)', formatMs(median(of((s) => s.stats.cost.p50)))],
    ['cost p95 (CPU ms a frame)', formatMs(median(of((s) => s.stats.cost.p95)))],
    ['GPU ms a frame', of((s) => s.stats.gpuMs).length ? formatMs(median(of((s) => s.stats.gpuMs))) : '—'],
    ['draw calls', String(median(of((s) => s.stats.drawCalls)))],
  ];
  const names = new Set(samples.flatMap((s) => Object.keys(s.passes ?? {})));
  for (const name of names) rows.push([`GPU ms: ${name}`, formatMs(median(of((s) => s.passes?.[name])))]);
  console.log(
    `game on ${backend}, ${samples.length} readings a second apart (medians of them); the game ended ${state.state} with ${state.placed} placed`,
  );
  printTable(['measure', 'value'], rows);
} finally {
  await close();
}
