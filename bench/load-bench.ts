// npm run bench:load — a glTF of 1 000 nodes and 100 000 triangles, from the load call to its first frame done on the
// GPU: Armature's loadGltf + Renderer vs three.js GLTFLoader + WebGPURenderer, in the system Chromium with the WebGPU
// flags (SwiftShader). A fresh browser per sample (no shader or HTTP cache carried over), who goes first alternating.
// Prints a table; see bench/README.md.
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { findBrowser, WEBGPU_ARGS } from '../e2e/find-browser.mjs';
import { formatMs, median, printTable, spread } from './bench-table';
import type { LoadResult } from './load/main';

const rounds = Number(process.env['BENCH_ROUNDS'] ?? 5);
const server = await createServer({
  server: { port: 5176, host: '127.0.0.1', strictPort: true },
  logLevel: 'error',
  // three's GLTFLoader imports 'three'; the WebGPU build must be that same module, or its meshes are foreign objects.
  resolve: { alias: [{ find: /^three$/, replacement: 'three/webgpu' }] },
});
await server.listen();

async function sample(who: string): Promise<LoadResult> {
  const browser = await chromium.launch({ ...findBrowser(), args: WEBGPU_ARGS });
  try {
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:5176/bench/load/?who=${who}`);
    await page.waitForFunction(() => '__bench' in window, undefined, { timeout: 300_000 });
    const r = await page.evaluate(() => (window as unknown as { __bench: LoadResult }).__bench);
    if (r.error) throw new Error(`${who}: ${r.error}`);
    return r;
  } finally {
    await browser.close();
  }
}

const samples: Record<string, LoadResult[]> = { armature: [], three: [] };
try {
  await sample('armature'); // the first page makes Vite transform and cache the modules: not measured
  for (let r = 0; r < rounds; r++)
    for (const who of r % 2 ? ['three', 'armature'] : ['armature', 'three']) {
      const result = await sample(who);
      samples[who]!.push(result);
      console.log(
        `round ${r + 1} ${who}: ${formatMs(result.totalMs)} ms (load ${formatMs(result.loadMs)}, render ` +
          `${formatMs(result.renderMs)}, GPU ${formatMs(result.gpuMs)})`,
      );
    }
} finally {
  await server.close();
}

const cell = (who: string, key: 'totalMs' | 'loadMs' | 'renderMs' | 'gpuMs') => {
  const values = samples[who]!.map((s) => s[key]);
  return `${formatMs(median(values))} ±${Math.round(spread(values) * 100)}%`;
};
const ratio = (key: 'totalMs' | 'loadMs' | 'renderMs' | 'gpuMs') =>
  `${(median(samples['armature']!.map((s) => s[key])) / median(samples['three']!.map((s) => s[key]))).toFixed(2)}×`;
console.log(`\nglTF of 1 000 nodes, 100 000 triangles: median ms over ${rounds} fresh browsers each`);
printTable(
  ['span', 'armature', 'three.js', 'ratio'],
  (
    [
      ['load → first frame done', 'totalMs'],
      ['load (parse, decode)', 'loadMs'],
      ['first render (CPU)', 'renderMs'],
      ['GPU until done', 'gpuMs'],
    ] as const
  ).map(([label, key]) => [label, cell('armature', key), cell('three', key), ratio(key)]),
);
