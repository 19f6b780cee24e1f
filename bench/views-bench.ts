// npm run bench:views — a headset's two-eye frame beside the canvas frame of the same scene, in one page (headless
// Chromium, SwiftShader): the CPU time of each render call and the per-eye share, with no look and with the look on
// (the eyes run it per eye, the shadow map once), and the GPU objects a headset frame after the first one made (the
// goal: none). BENCH_ROUNDS=n sets the rounds (default 5). See bench/README.md.
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  crossOriginIsolated: boolean;
  configs: { name: string; canvasMs: number; headsetMs: number; madeAfterFirst: number }[];
  error?: string;
}

const { browser, close } = await isolatedBrowser(5178);
try {
  const page = await browser.newPage();
  const r = await benchResult<Result>(
    page,
    `http://127.0.0.1:5178/bench/views/?rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
  );
  if (!r.crossOriginIsolated)
    throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
  console.log('the diorama at 336×240: canvas frame vs two 336×240 eyes, median CPU ms of the render call');
  printTable(
    [
      'configuration',
      'canvas ms',
      'headset ms (2 eyes)',
      'per eye',
      'per eye / canvas',
      'GPU objects made by frame 2+',
    ],
    r.configs.map((c) => [
      c.name,
      formatMs(c.canvasMs),
      formatMs(c.headsetMs),
      formatMs(c.headsetMs / 2),
      `${(c.headsetMs / 2 / c.canvasMs).toFixed(2)}×`,
      String(c.madeAfterFirst),
    ]),
  );
} finally {
  await close();
}
