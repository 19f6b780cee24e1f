// npm run bench:cull — culling on the CPU against culling on the GPU (a compute pass and indirect draws), the same N
// boxes seen by an eye turning every frame, two Armature renderers in one headless Chromium page (SwiftShader: its
// "GPU" is the CPU, so GPU times here weigh the two against each other, not against a real GPU). Prints a table; see
// bench/README.md. BENCH_CASES=n:share,… picks the cases; BENCH_ROUNDS the rounds; BENCH_TURN the eye's turn
// (radians a second, default 0.5; 0: a still eye).
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Side {
  cpuMs: number;
  gpuFrameMs: number | null;
  gpuWorldMs: number | null;
  gpuCullMs: number | null;
  drawCalls: number;
  drawn: number;
  culled: number;
  bundlesPerFrame: number;
}
interface Result {
  n: number;
  crossOriginIsolated: boolean;
  cpu: Side;
  gpu: Side;
  error?: string;
}

const { browser, close } = await isolatedBrowser(5176);
const cases = (process.env['BENCH_CASES'] ?? '10000:0.01,100000:0.01').split(',').map((c) => {
  const [n, share] = c.split(':').map(Number);
  return { n: n!, share: share ?? 0.01 };
});
const rows: string[][] = [];
const ms = (v: number | null) => (v === null ? '—' : formatMs(v));
try {
  for (const { n, share } of cases) {
    const page = await browser.newPage();
    const r = await benchResult<Result>(
      page,
      `http://127.0.0.1:5176/bench/cull/?n=${n}&moving=${share}&turn=${process.env['BENCH_TURN'] ?? 0.5}&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
    );
    console.log(`n=${n}: ${JSON.stringify(r)}`);
    if (!r.crossOriginIsolated)
      throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
    for (const [name, side] of [
      ['CPU cull', r.cpu],
      ['GPU cull', r.gpu],
    ] as const)
      rows.push([
        String(n),
        name,
        ms(side.cpuMs),
        `${(side.cpuMs / r.cpu.cpuMs).toFixed(2)}×`,
        ms(side.gpuFrameMs),
        ms(side.gpuWorldMs),
        ms(side.gpuCullMs),
        String(side.drawCalls),
        side.bundlesPerFrame.toFixed(1),
        `${side.drawn} / ${side.culled}`,
      ]);
    await page.close();
  }
} finally {
  await close();
}
console.log(
  'a frame with the eye turning: CPU time (moving boxes + render call, GPU wait excluded), median ms over',
);
console.log(
  'interleaved rounds; GPU ms by timestamp query (SwiftShader); drawn / culled as the last frame counted them',
);
printTable(
  [
    'boxes',
    'culled on',
    'CPU ms',
    'to the CPU cull',
    'GPU frame ms',
    'GPU world pass ms',
    'GPU cull ms',
    'draw calls',
    'bundles recorded a frame',
    'drawn / culled',
  ],
  rows,
);
