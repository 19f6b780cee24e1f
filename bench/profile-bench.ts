// npm run bench:profile — where a frame of the world bench spends its CPU time: V8's sampling CPU profiler (a sample
// every 50 µs) over FRAMES= Armature frames of bench/world (default 500) after WARM= frames (default 500), printed as
// ms per frame of self time by function. N= and SHARE= pick the case (default 100 000 boxes, 1 % moving).
// Sampled, so figures are estimates (and the profiler slows the page); bench:world's timings are the measure.
import { benchResult, isolatedBrowser } from './isolated-browser';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { browser, close } = await isolatedBrowser(5176);
try {
  const n = Number(process.env['N'] ?? 100_000),
    share = Number(process.env['SHARE'] ?? 0.01);
  const frames = Number(process.env['FRAMES'] ?? 500);
  const page = await browser.newPage();
  await benchResult(page, `http://127.0.0.1:5176/bench/world/?n=${n}&moving=${share}&rounds=3`);
  const run = (count: number) =>
    page.evaluate(
      (c) =>
        (window as unknown as { __frames: (n: string, c: number) => Promise<void> }).__frames('armature', c),
      count,
    );
  await run(Number(process.env['WARM'] ?? 500)); // V8 optimises only after many calls: profile the steady state
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
  await cdp.send('Profiler.start');
  await run(frames);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + profile.timeDeltas[i]!));
  const byFunction = new Map<string, number>();
  for (const { id, callFrame } of profile.nodes) {
    const file = callFrame.url.split('/').slice(-2).join('/').replace(/\?.*/, '');
    const key = `${callFrame.functionName || '(anonymous)'} ${file}:${callFrame.lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (selfUs.get(id) ?? 0));
  }
  const rows = [...byFunction].sort((a, b) => b[1] - a[1]);
  const perFrame = (us: number) => (us / 1000 / frames).toFixed(3).padStart(7);
  console.log(
    `${n} boxes, ${share * 100} % moving: ${perFrame(rows.reduce((s, r) => s + r[1], 0))} ms/frame sampled`,
  );
  for (const [where, us] of rows.slice(0, 25)) console.log(`${perFrame(us)} ms/frame  ${where}`);
} finally {
  await close();
}
