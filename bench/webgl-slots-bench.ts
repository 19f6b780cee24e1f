// npm run bench:webgl-slots — WebGL2's two homes for per-object data compared on the same boxes in one headless
// Chromium page: integer images read with texelFetch (one instanced draw; what Armature does) against std140 uniform
// block arrays (one instanced draw per block). BENCH_CASES=n:share,… picks the cases; see bench/README.md.
import { formatMs, printTable } from './bench-table';
import { benchResult, isolatedBrowser } from './isolated-browser';

interface Result {
  n: number;
  moving: number;
  crossOriginIsolated: boolean;
  maxUniformBlockSize: number;
  litPixels: number;
  ways: { name: string; drawCalls: number; differingBytes: number; cpuMs: number; doneMs: number }[];
  error?: string;
}

const { browser, close } = await isolatedBrowser(5179);
const cases = (process.env['BENCH_CASES'] ?? '10000:0.01,10000:1,100000:0.01,100000:1')
  .split(',')
  .map((c) => {
    const [n, share] = c.split(':').map(Number);
    return { n: n!, share: share ?? 0.01 };
  });
const rows: string[][] = [];
try {
  for (const { n, share } of cases) {
    const page = await browser.newPage();
    const r = await benchResult<Result>(
      page,
      `http://127.0.0.1:5179/bench/webgl-slots/?n=${n}&moving=${share}&rounds=${process.env['BENCH_ROUNDS'] ?? 5}`,
    );
    if (!r.crossOriginIsolated)
      throw new Error('the bench page is not cross-origin isolated: its timer is coarse');
    // Every way must draw the picture the image way draws (and that picture must show the boxes).
    if (r.litPixels < 1000)
      throw new Error(`n=${n}: the picture shows almost nothing (${r.litPixels} lit pixels)`);
    for (const way of r.ways)
      if (way.differingBytes > 0)
        throw new Error(`n=${n}: ${way.name} draws ${way.differingBytes} bytes otherwise`);
    const [image] = r.ways;
    for (const way of r.ways)
      rows.push([
        String(n),
        String(r.moving),
        way.name,
        String(way.drawCalls),
        formatMs(way.cpuMs),
        `${(way.cpuMs / image!.cpuMs).toFixed(2)}×`,
        formatMs(way.doneMs),
        `${(way.doneMs / image!.doneMs).toFixed(2)}×`,
      ]);
    console.log(`n=${n}: MAX_UNIFORM_BLOCK_SIZE ${r.maxUniformBlockSize}`);
    await page.close();
  }
} finally {
  await close();
}
console.log(
  'WebGL2 per-object data, 128 bytes an object; median ms a frame over interleaved rounds (SwiftShader)',
);
printTable(
  ['boxes', 'moving', 'per-object data in', 'draw calls', 'CPU', 'vs image', 'GPU done', 'vs image'],
  rows,
);
