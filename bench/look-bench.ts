// npm run bench:look — the pixel-art look's cost at 336×240 in headless Chromium (SwiftShader): the CPU time of a frame's
// render call and each pass's GPU time (timestamp queries) with each look option on alone, with all on, and without
// any (the chain as it was before them). Cross-origin isolated, so performance.now() is not rounded to 0.1 ms.
// BENCH_ROUNDS=n sets the rounds (default 5). See bench/README.md.
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  crossOriginIsolated: boolean;
  configs: { name: string; cpuMs: number; gpuMs: Record<string, number> }[];
  error?: string;
}

/** The GPU columns: a pass's own time (bloom's two draws added up), and the frame's first-start to last-end span. */
const COLUMNS: [string, string[]][] = [
  ['shadow', ['shadow']],
  ['point shadow', ['point shadow']],
  ['world', ['world']],
  ['outline', ['outline']],
  ['bloom', ['bloom across', 'bloom down']],
  ['grade', ['grade']],
  ['palette', ['palette']],
  ['upscale', ['upscale']],
  ['frame (GPU)', ['frame']],
];
/** The frame budget of a 90 Hz headset, whose CPU share the chain must stay inside. */
const BUDGET_MS = 11.1;

const { browser, close } = await isolatedBrowser(5177);
try {
  const page = await browser.newPage();
  const r = await benchResult<Result>(
    page,
    `http://127.0.0.1:5177/bench/look/?rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
  );
  if (!r.crossOriginIsolated)
    throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
  const before = r.configs[0]!.cpuMs;
  console.log(
    'the look at 336×240 (diorama, 27 meshes), median over the rounds; GPU times by timestamp query',
  );
  printTable(
    [
      'configuration',
      'CPU ms (render call)',
      'vs before',
      `share of ${BUDGET_MS} ms`,
      ...COLUMNS.map(([c]) => `${c} GPU ms`),
    ],
    r.configs.map((c) => [
      c.name,
      formatMs(c.cpuMs),
      `${(c.cpuMs / before).toFixed(2)}×`,
      `${((c.cpuMs / BUDGET_MS) * 100).toFixed(1)} %`,
      ...COLUMNS.map(([, labels]) => {
        const times = labels.map((l) => c.gpuMs[l]).filter((v): v is number => v !== undefined);
        return times.length ? formatMs(times.reduce((a, b) => a + b, 0)) : '—';
      }),
    ]),
  );
} finally {
  await close();
}
