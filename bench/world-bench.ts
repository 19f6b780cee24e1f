// npm run bench:world — CPU time of a frame of N boxes with a share of them moving, Armature vs three.js's
// WebGPURenderer and WebGLRenderer (each with meshes, and with one InstancedMesh) in the same headless Chromium
// (SwiftShader), cross-origin isolated so performance.now() is not rounded to 0.1 ms. Prints a table; see bench/README.md. BENCH_CASES=n:share[:churn],… picks the cases
// (churn: that many boxes leave the scene and join it again each frame).
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  n: number;
  moving: number;
  crossOriginIsolated: boolean;
  armatureDrawn: number;
  armatureDrawCalls: number;
  threeDrawn: number;
  threeInstancedMs: number;
  threeGlMs: number;
  threeGlInstancedMs: number;
  /** The frame's GPU time by timestamp query (SwiftShader), null without timestamps. */
  armatureGpuMs: number | null;

  armatureMs: number;
  armatureNoBundlesMs: number;
  threeMs: number;
  armatureFirstFrameMs: number;
  armatureDeviceMs: number;
  threeFirstFrameMs: number;
  error?: string;
}

const { browser, close } = await isolatedBrowser(5175);
const cases = (process.env['BENCH_CASES'] ?? '1000:0.01,10000:1,100000:0.01,100000:1').split(',').map((c) => {
  const [n, share, churn] = c.split(':').map(Number);
  return { n: n!, share: share ?? 0.01, churn: churn ?? 0 };
});
const rows: string[][] = [];
try {
  for (const { n, share, churn } of cases) {
    const page = await browser.newPage();
    page.on(
      'console',
      (message) =>
        message.text().startsWith('armature first frame') && console.log(`n=${n} ${message.text()}`),
    );
    const r = await benchResult<Result>(
      page,
      `http://127.0.0.1:5175/bench/world/?n=${n}&moving=${share}&churn=${churn}&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
    );
    console.log(`n=${n}: ${JSON.stringify(r)}`);
    // JS heap allocated per frame, read through the DevTools protocol around 10 frames (after a full collection),
    // less the same call with no frame (what the reading itself costs).
    const cdp = await page.context().newCDPSession(page);
    const heapAround = async (name: string, frames: number) => {
      await cdp.send('HeapProfiler.collectGarbage');
      const before = (await cdp.send('Runtime.getHeapUsage')).usedSize;
      await page.evaluate(
        ([subject, count]) =>
          (window as unknown as { __frames: (n: string, c: number) => void }).__frames(
            subject!,
            Number(count),
          ),
        [name, String(frames)],
      );
      return (await cdp.send('Runtime.getHeapUsage')).usedSize - before;
    };
    const perFrame = async (name: string) => {
      const control = await heapAround(name, 0);
      return Math.max(0, ((await heapAround(name, 10)) - control) / 10);
    };
    const allocated = { armature: await perFrame('armature'), three: await perFrame('three-webgpu') };
    if (!r.crossOriginIsolated)
      throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
    rows.push([
      String(n),
      churn > 0 ? `${r.moving} + ${churn} leave and join` : String(r.moving),
      `${r.armatureDrawn} / ${r.threeDrawn}`,
      formatMs(r.armatureMs),
      formatMs(r.armatureNoBundlesMs),
      formatMs(r.threeMs),
      `${(r.armatureMs / r.threeMs).toFixed(2)}×`,
      String(r.armatureDrawCalls),
      r.armatureGpuMs === null ? '—' : formatMs(r.armatureGpuMs),
      formatMs(r.threeInstancedMs),
      `${(r.armatureMs / r.threeInstancedMs).toFixed(2)}×`,
      formatMs(r.threeGlMs),
      `${(r.armatureMs / r.threeGlMs).toFixed(2)}×`,
      formatMs(r.threeGlInstancedMs),
      `${(r.armatureMs / r.threeGlInstancedMs).toFixed(2)}×`,
      formatMs(r.armatureDeviceMs),
      formatMs(r.armatureFirstFrameMs),
      formatMs(r.threeFirstFrameMs),
      `${Math.round(allocated.armature)} / ${Math.round(allocated.three)}`,
    ]);
    await page.close();
  }
} finally {
  await close();
}
console.log(
  'world frame CPU time (moving the boxes + render call, GPU wait excluded), median ms over interleaved rounds',
);
console.log(
  'first frame: scene built, pipelines created, frame drawn and done on the GPU; armature after its device',
);
printTable(
  [
    'boxes',
    'moving',
    'drawn (ours / three)',
    'armature',
    'armature without bundles',
    'three WebGPU',
    'ratio',
    'our draw calls',
    'our GPU ms (timestamps)',
    'three WebGPU InstancedMesh',
    'ratio to it',
    'three WebGL',
    'ratio to it',
    'three WebGL InstancedMesh',
    'ratio to it',
    'armature device',
    'armature first frame',
    'three first frame (incl. device)',
    'JS bytes allocated per frame (ours / three)',
  ],
  rows,
);
