// npm run bench:skin — CPU time of a frame of 100 skinned characters of 20 joints, each walking on its own mixer:
// Armature (WebGPU and WebGL2) vs three.js (AnimationMixer, WebGLRenderer) in the same headless Chromium
// (SwiftShader), cross-origin isolated so performance.now() is not rounded. Prints a table; see bench/README.md.
// BENCH_CHARACTERS=n and BENCH_ROUNDS=r change the run.
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  characters: number;
  joints: number;
  crossOriginIsolated: boolean;
  ms: Record<string, number>;
  mixersMs: Record<string, number>;
  error?: string;
}

const { browser, close } = await isolatedBrowser(5176);
let result: Result;
try {
  const page = await browser.newPage();
  result = await benchResult<Result>(
    page,
    `http://127.0.0.1:5176/bench/skin/?n=${process.env['BENCH_CHARACTERS'] ?? 100}` +
      `&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
  );
  if (!result.crossOriginIsolated)
    throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
} finally {
  await close();
}
const three = result.ms['three']!;
console.log(
  `${result.characters} skinned characters of ${result.joints} joints walking: frame CPU time (every mixer's update ` +
    'and the render call, GPU wait excluded), median ms over interleaved rounds',
);
printTable(
  ['library', 'ms / frame', 'vs three', 'of which mixers', 'mixers vs three'],
  Object.entries(result.ms).map(([name, ms]) => [
    name,
    formatMs(ms),
    `${(ms / three).toFixed(2)}×`,
    formatMs(result.mixersMs[name]!),
    `${(result.mixersMs[name]! / result.mixersMs['three']!).toFixed(2)}×`,
  ]),
);
