// npm run bench:lights — a frame of 400 boxes lit by 1, 16 and 64 point lights plus a shadow-mapped directional light
// (1024² map), Armature vs three.js WebGPURenderer in the same headless Chromium (SwiftShader), cross-origin isolated so
// performance.now() is not rounded to 0.1 ms: the render call's CPU time and the time until the GPU finished the
// frame, each the median over interleaved rounds. BENCH_LIGHTS=1,16,64 and BENCH_ROUNDS=n pick the cases.
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  lights: number;
  shadows: boolean;
  crossOriginIsolated: boolean;
  lightLinks: number;
  armatureCpuMs: number;
  threeCpuMs: number;
  armatureFrameMs: number;
  threeFrameMs: number;
  error?: string;
}

const { browser, close } = await isolatedBrowser(5178);
const cases = (process.env['BENCH_LIGHTS'] ?? '1,16,64').split(',').map(Number);
const rows: string[][] = [];
try {
  for (const lights of cases)
    for (const shadows of [false, true]) {
      const page = await browser.newPage();
      const r = await benchResult<Result>(
        page,
        `http://127.0.0.1:5178/bench/lights/?lights=${lights}&shadows=${shadows ? 1 : 0}&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
      );
      if (!r.crossOriginIsolated)
        throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
      rows.push([
        String(lights),
        shadows ? 'yes' : 'no',
        String(r.lightLinks),
        formatMs(r.armatureCpuMs),
        formatMs(r.threeCpuMs),
        `${(r.armatureCpuMs / r.threeCpuMs).toFixed(2)}×`,
        formatMs(r.armatureFrameMs),
        formatMs(r.threeFrameMs),
        `${(r.armatureFrameMs / r.threeFrameMs).toFixed(2)}×`,
      ]);
      await page.close();
    }
} finally {
  await close();
}
console.log(
  '400 boxes on a ground, point lights bobbing every frame, median ms over interleaved rounds (SwiftShader)',
);
printTable(
  [
    'point lights',
    'shadow map',
    'light lists (ours)',
    'armature CPU',
    'three CPU',
    'ratio',
    'armature frame (GPU done)',
    'three frame (GPU done)',
    'ratio',
  ],
  rows,
);
