import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 1200, height: 680 } });

// Few frames to reach t (each replay after a loss runs them again), the CRT on so every pass is rebuilt and used.
const PIXEL_CHAIN = 'pixel-chain/?on=crt&t=0.5&fps=10&seed=1';

test('device loss: 5 losses in a row, each followed by the very image shown before, resources and errors unchanged', async ({
  page,
}, testInfo) => {
  await openDemo(page, PIXEL_CHAIN);
  const canvas = page.getByTestId('canvas');
  const before = await canvas.screenshot();
  const resources = await page.evaluate(() => ({ ...window.__armature!.gpuResources! }));
  for (let i = 0; i < 5; i++) {
    const frame = await page.evaluate(() => window.__armature!.frame);
    await page.evaluate(() => window.__armature!.simulateDeviceLoss!());
    // Presented again on the new device (the replay's 6 frames, t = 0 to 0.5 at 10 fps), not a stale canvas.
    expect(await page.evaluate(() => window.__armature!.frame)).toBeGreaterThanOrEqual(frame + 6);
    expect(await canvas.screenshot(), `the frame after loss ${i + 1}`).toEqual(before);
  }
  const handle = await page.evaluate(() => ({
    recoveries: window.__armature!.recoveries,
    resources: window.__armature!.gpuResources,
    errors: window.__armature!.errors,
  }));
  expect(handle.recoveries).toHaveLength(5);
  expect(handle.recoveries.every((r) => r.reason === 'destroyed' && r.attempts === 1)).toBe(true);
  expect(handle.resources).toEqual(resources);
  expect(handle.errors).toEqual([]);
  const ms = handle.recoveries.map((r) => r.ms.toFixed(0)).join(', ');
  testInfo.annotations.push({ type: 'recovery ms', description: ms });
  console.log(`device-loss recovery (pixel-chain, SwiftShader): ${ms} ms`);
});

test('device loss under the wall clock: the stress demo keeps presenting frames after it', async ({
  page,
}) => {
  await openDemo(page, 'stress/?n=200');
  await page.evaluate(() => window.__armature!.simulateDeviceLoss!());
  const frame = await page.evaluate(() => window.__armature!.frame);
  await page.waitForFunction((f) => window.__armature!.frame >= f + 10, frame);
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

test('an adapter gone for good after a loss: a message on the page, not a blank canvas', async ({ page }) => {
  await openDemo(page, PIXEL_CHAIN);
  page.removeAllListeners('console'); // the page logs the failure it shows, as it should
  await page.evaluate(() => {
    // From now on the browser has WebGPU but no adapter: what a GPU process that cannot restart looks like.
    navigator.gpu.requestAdapter = () => Promise.resolve(null);
    void window.__armature!.simulateDeviceLoss!();
  });
  const message = page.getByTestId('armature-error');
  await expect(message).toContainText('The GPU device was lost');
  await expect(message).toContainText('Reload the page');
  expect(await page.evaluate(() => window.__armature!.error)).toMatch(/no adapter/);
});

test('a stalled main thread (paused debugger, long task): one capped step after it, no burst of catch-up frames', async ({
  page,
}) => {
  await openDemo(page, 'stress/?n=200');
  const after = await page.evaluate(async () => {
    const handle = window.__armature!;
    const frame = handle.frame;
    const stallEnd = performance.now() + 1500;
    while (performance.now() < stallEnd); // the main thread is stuck for 1.5 s
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return { frames: handle.frame - frame, clock: handle.clock! };
  });
  expect(after.frames).toBeLessThanOrEqual(2); // the frames of the two animation-frame callbacks, no more
  expect(after.clock.jumps).toBeGreaterThanOrEqual(1);
  expect(after.clock.maxDelta).toBe(0.25);
});
// A hidden tab is tested in src/time/frame-loop.test.ts with a fake frame source: headless Chromium here never hides a
// page (visibilityState stays 'visible' behind another tab) and CDP's frozen lifecycle state did not stop its frames.

test('devicePixelRatio 1 → 2 → 1.5 → 1 while shown: the canvas follows in device pixels, no error, steady textures', async ({
  page,
}) => {
  await openDemo(page, PIXEL_CHAIN);
  const cdp = await page.context().newCDPSession(page);
  const state = () =>
    page.evaluate(() => {
      const canvas = document.querySelector('canvas')!;
      return {
        width: canvas.width,
        expected: Math.round(canvas.getBoundingClientRect().width * devicePixelRatio),
        textures: window.__armature!.gpuResources!.textures,
      };
    });
  const start = await state();
  // Chromium's emulation delivers a ratio change to the page (resize, media query) only with a size change: the
  // window height moves by a pixel each step, as a real zoom or a move to another screen also re-lays the page out.
  for (const [dpr, height] of [
    [2, 679],
    [1.5, 680],
    [1, 679],
  ] as const) {
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width: 1200,
      height,
      deviceScaleFactor: dpr,
      mobile: false,
    });
    await page.waitForFunction((d) => devicePixelRatio === d, dpr);
    await expect.poll(async () => (await state()).width).toBe((await state()).expected);
    await page.waitForFunction(() => window.__armature!.ready);
  }
  expect((await state()).width).toBe(start.width);
  expect((await state()).textures).toBe(start.textures);
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});
