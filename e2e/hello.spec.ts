import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test('hello: draws through WebGPU and matches its baseline', async ({ page }) => {
  await openDemo(page, 'hello/');
  const handle = await page.evaluate(() => window.__armature);
  expect(handle).toMatchObject({ backend: 'webgpu', ready: true, error: null });
  expect(handle!.frame).toBeGreaterThanOrEqual(1);
  await expect(page.getByTestId('canvas')).toHaveScreenshot('hello.png');
});

test('hello on WebGL2 (?backend=webgl2): the same image as the WebGPU baseline', async ({ page }) => {
  await openDemo(page, 'hello/?backend=webgl2');
  expect(await page.evaluate(() => window.__armature!.backend)).toBe('webgl2');
  await expect(page.getByTestId('canvas')).toHaveScreenshot('hello.png');
});

test('hello: the frame loop runs and publishes the budget', async ({ page }) => {
  await openDemo(page, 'hello/?frames=30');
  await page.waitForFunction(() => (window.__armature?.stats?.samples ?? 0) >= 29);
  const stats = await page.evaluate(() => window.__armature!.stats!);
  expect(stats.ceilingMs).toBeCloseTo(1000 / 90, 6);
  expect(stats).toMatchObject({ drawCalls: 1, triangles: 1 });
  expect(stats.cost.max).toBeGreaterThan(0);
  expect(stats.interval.p50).toBeGreaterThan(0);
  expect(stats.gpuMs).not.toBeNull(); // SwiftShader has timestamp-query
  expect(await page.evaluate(() => window.__armature!.frame)).toBe(30);
});

test('index: lists every demo with a thumbnail', async ({ page }) => {
  await page.goto('/demos/');
  const links = page.getByTestId('demo-list').getByRole('link');
  expect(await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual([
    './game/',
    './pixel-chain/',
    './diorama/',
    './workshop/',
    './xr/?xr=emulate',
    './sprites/',
    './animation/',
    './ui-kernel/',
    './solar-system/',
    './stress/',
    './hello/',
  ]);
  await page.waitForFunction(() => [...document.images].every((i) => i.complete));
  const loaded = await page
    .locator('img')
    .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0));
  expect(loaded).toEqual(Array(11).fill(true)); // one thumbnail per demo, each loaded
});
