// npm run bench:alloc — where a frame of the world bench allocates: V8's sampling heap profiler (a sample every 64
// bytes, collected objects included) over 200 Armature frames of bench/world after its timed rounds, printed as bytes
// per frame by allocating stack (the last four frames). N= and SHARE= pick the case (default 10 000 boxes, 1 % moving),
// WARM= frames to run first.
// Sampled, so figures are estimates; the world bench's heap count is the exact total.
import { benchResult, isolatedBrowser } from './isolated-browser';
const { browser, close } = await isolatedBrowser(5176);
try {
  const n = Number(process.env['N'] ?? 10000),
    share = Number(process.env['SHARE'] ?? 0.01);
  const page = await browser.newPage();
  await benchResult(page, `http://127.0.0.1:5176/bench/world/?n=${n}&moving=${share}&rounds=3`);
  const cdp = await page.context().newCDPSession(page);
  // WARM= more frames first (default 0): V8 optimises a function only after many calls, and code not yet optimised
  // boxes its numbers, so a long-running page allocates less than a fresh one.
  const warm = Number(process.env['WARM'] ?? 0);
  if (warm > 0)
    await page.evaluate(
      (count) =>
        (window as unknown as { __frames: (n: string, c: number) => void }).__frames('armature', count),
      warm,
    );
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  await cdp.send('HeapProfiler.startSampling', {
    samplingInterval: 64,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  await page.evaluate(() =>
    (window as unknown as { __frames: (n: string, c: number) => void }).__frames('armature', 200),
  );
  const { profile } = (await cdp.send('HeapProfiler.stopSampling')) as { profile: { head: Node } };
  type Node = {
    callFrame: { functionName: string; url: string; lineNumber: number };
    selfSize: number;
    children: Node[];
  };
  const rows: [number, string][] = [];
  const walk = (node: Node, stack: string[]) => {
    const here = `${node.callFrame.functionName || '(anon)'} ${node.callFrame.url.split('/').slice(-2).join('/').replace(/\?.*/, '')}:${node.callFrame.lineNumber + 1}`;
    const s = [...stack, here];
    if (node.selfSize > 0) rows.push([node.selfSize, s.slice(-4).join(' < ')]);
    for (const c of node.children) walk(c, s);
  };
  walk(profile.head, []);
  rows.sort((a, b) => b[0] - a[0]);
  let total = 0;
  for (const r of rows) total += r[0];
  console.log(`total ${(total / 200).toFixed(0)} B/frame`);
  for (const [size, where] of rows.slice(0, 25))
    console.log(`${(size / 200).toFixed(0).padStart(7)} B/frame  ${where}`);
} finally {
  await close();
}
