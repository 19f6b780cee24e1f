// The WebGL2 backend (?backend=webgl2) against its own baselines (pixel-exact, like every screenshot here) and against
// the WebGPU baselines of the same states within the stated tolerance: at most 0.5 % of the pixels may differ. Measured
// here: none differ (both backends run on SwiftShader, and the WebGL2 one keeps its textures top row first like WebGPU,
// so even rasterization ties at pixel centres break the same way). The margin is for a GL driver whose fill rule or
// float rounding differs.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { openDemo } from './demo-page';

const TOLERANCE = 0.005;

const WIDE = { width: 1200, height: 680 };
/** Each state is a screenshot its demo's own spec takes on WebGPU, under the same name. */
const STATES: { name: string; path: string; viewport: { width: number; height: number } }[] = [
  { name: 'pixel-chain-default', path: 'pixel-chain/?t=1.5&fps=30&seed=1', viewport: WIDE },
  {
    name: 'pixel-chain-crt-on-bars-blurred',
    path: 'pixel-chain/?on=crt&bars=blurred&t=1.5&fps=30&seed=1',
    viewport: WIDE,
  },
  {
    name: 'pixel-chain-par-4-3-nearest',
    path: 'pixel-chain/?par=4:3&upscale=nearest&bars=solid&t=1.5&fps=30&seed=1',
    viewport: WIDE,
  },
  { name: 'diorama-default', path: 'diorama/?t=0&fps=30&seed=1', viewport: WIDE },
  {
    name: 'diorama-game-boy-bayer8',
    path: 'diorama/?palette=game-boy&dither=bayer8&t=0&fps=30&seed=1',
    viewport: WIDE,
  },
  {
    name: 'workshop-orbiting',
    path: 'workshop/?t=1.2&fps=30&attach=0.5&detach=1.5',
    viewport: { width: 1100, height: 520 },
  },
  {
    name: 'stress-400',
    path: 'stress/?n=400&moving=0.25&t=1&fps=10&seed=1',
    viewport: { width: 640, height: 480 },
  },
];

/** The WebGPU baseline of a state: `<demo>.spec.ts/<name>.png`. */
const webgpuBaseline = (state: (typeof STATES)[number]) =>
  `${state.path.split('/')[0]}.spec.ts/${state.name}.png`;

/** Share of pixels that differ between two PNGs of the same size (any channel). */
function differingShare(a: Buffer, b: Buffer): number {
  const x = PNG.sync.read(a);
  const y = PNG.sync.read(b);
  expect([y.width, y.height]).toEqual([x.width, x.height]);
  let differing = 0;
  for (let i = 0; i < x.data.length; i += 4)
    if (x.data.readUInt32LE(i) !== y.data.readUInt32LE(i)) differing++;
  return differing / (x.width * x.height);
}

async function shot(page: Page): Promise<Buffer> {
  return page.getByTestId('canvas').screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

for (const state of STATES) {
  test(`webgl2: ${state.name} matches its baseline, and the WebGPU one within ${TOLERANCE * 100} %`, async ({
    page,
  }) => {
    await page.setViewportSize(state.viewport);
    await openDemo(page, `${state.path}&backend=webgl2`);
    expect(await page.evaluate(() => window.__armature!.backend)).toBe('webgl2');
    await expect(page.getByTestId('canvas')).toHaveScreenshot(`webgl2-${state.name}.png`);
    const webgpu = readFileSync(
      fileURLToPath(new URL(`./baselines/${webgpuBaseline(state)}`, import.meta.url)),
    );
    const share = differingShare(await shot(page), webgpu);
    console.log(`webgl2 vs webgpu, ${state.name}: ${(share * 100).toFixed(3)} % of pixels differ`);
    expect(share).toBeLessThanOrEqual(TOLERANCE);
  });
}

test('webgl2: a page without navigator.gpu runs on WebGL2 by itself', async ({ page }) => {
  await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined }));
  await openDemo(page, 'stress/?n=400&t=1&fps=30&seed=1');
  expect(await page.evaluate(() => window.__armature!.backend)).toBe('webgl2');
});

test('webgl2: a context loss (WEBGL_lose_context) rebuilds from the scene: the same image, 5 times over', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 680 });
  await openDemo(page, 'pixel-chain/?on=crt&t=0.5&fps=10&seed=1&backend=webgl2');
  const before = await shot(page);
  for (let i = 0; i < 5; i++) {
    await page.evaluate(() => window.__armature!.simulateDeviceLoss!());
    expect(await shot(page), `after context loss ${i + 1}`).toEqual(before);
  }
  const recoveries = await page.evaluate(() => window.__armature!.recoveries);
  expect(recoveries.map((r) => r.reason)).toEqual(Array(5).fill('context-lost'));
  console.log(`webgl2 context-loss recovery: ${recoveries.map((r) => r.ms.toFixed(0)).join(', ')} ms`);
});
