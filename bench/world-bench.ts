// npm run bench:world — CPU time to encode and submit a frame of 1 000 and 10 000 boxes (1 % moving), Armature vs
// three.js WebGPURenderer in the same headless Chromium (SwiftShader). Prints a table; see bench/README.md.
import { chromium } from '@playwright/test';
import { createServer } from 'vite';
import { findBrowser, WEBGPU_ARGS } from '../e2e/find-browser.mjs';
import { formatMs, printTable } from './bench-table';

interface Result {
  n: number;
  armatureMs: number;
  armatureNoBundlesMs: number;
  threeMs: number;
  armatureFirstFrameMs: number;
  armatureDeviceMs: number;
  threeFirstFrameMs: number;
  error?: string;
}

const server = await createServer({
  server: { port: 5175, host: '127.0.0.1', strictPort: true },
  logLevel: 'error',
});
await server.listen();
const browser = await chromium.launch({ ...findBrowser(), args: WEBGPU_ARGS });
const rows: string[][] = [];
try {
  for (const n of (process.env['BENCH_SIZES'] ?? '1000,10000').split(',').map(Number)) {
    const page = await browser.newPage();
    page.on(
      'console',
      (message) =>
        message.text().startsWith('armature first frame') && console.log(`n=${n} ${message.text()}`),
    );
    await page.goto(`http://127.0.0.1:5175/bench/world/?n=${n}&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`);
    await page.waitForFunction(
      () => (window as unknown as { __bench?: unknown }).__bench !== undefined,
      undefined,
      {
        timeout: 600_000,
      },
    );
    const r = await page.evaluate(() => (window as unknown as { __bench: Result }).__bench);
    if (r.error) throw new Error(r.error);
    rows.push([
      String(n),
      formatMs(r.armatureMs),
      formatMs(r.armatureNoBundlesMs),
      formatMs(r.threeMs),
      `${(r.armatureMs / r.threeMs).toFixed(2)}×`,
      formatMs(r.armatureDeviceMs),
      formatMs(r.armatureFirstFrameMs),
      formatMs(r.threeFirstFrameMs),
    ]);
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
console.log('world frame CPU time (render call only, GPU wait excluded), median ms over interleaved rounds');
console.log(
  'first frame: scene built, pipelines created, frame drawn and done on the GPU; armature after its device',
);
printTable(
  [
    'boxes',
    'armature',
    'armature without bundles',
    'three WebGPU',
    'ratio',
    'armature device',
    'armature first frame',
    'three first frame (incl. device)',
  ],
  rows,
);
