import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';
import type { GpuResourceCounts } from '../src/debug';

test.use({ viewport: { width: 1200, height: 680 } });

test('debug panel: opens with backquote and its button, lists the passes in chain order', async ({
  page,
}) => {
  await openDemo(page, 'pixel-chain/?t=0.5&fps=30');
  const toggle = page.getByTestId('pass-toggle-motionBlur');
  await expect(toggle).toBeHidden();
  await page.keyboard.press('`');
  await expect(toggle).toBeVisible();
  await page.getByTestId('debug-toggle').click();
  await expect(toggle).toBeHidden();
  await page.getByTestId('debug-toggle').click();
  const labels = await page
    .locator('[data-testid^="pass-toggle-"]')
    .evaluateAll((inputs) => inputs.map((i) => i.getAttribute('data-testid')));
  expect(labels).toEqual([
    'pass-toggle-shadow',
    'pass-toggle-outline',
    'pass-toggle-ui',
    'pass-toggle-motionBlur',
    'pass-toggle-bloom',
    'pass-toggle-grade',
    'pass-toggle-vignette',
    'pass-toggle-palette',
    'pass-toggle-upscale',
    'pass-toggle-background',
    'pass-toggle-crt',
  ]);
  for (const off of ['shadow', 'outline', 'bloom', 'grade', 'vignette', 'palette', 'crt'])
    await expect(page.getByTestId(`pass-toggle-${off}`)).not.toBeChecked();
});

test('debug panel: a toggle bypasses the pass, lands in the URL, and renders what the URL alone renders', async ({
  page,
}) => {
  await openDemo(page, 'pixel-chain/?t=1.5&fps=30&seed=1&debug=1');
  await page.getByTestId('pass-toggle-motionBlur').click();
  await page.waitForFunction(
    () =>
      window.__armature!.ready &&
      window.__armature!.graph!.find((p) => p.name === 'motionBlur')!.enabled === false,
  );
  expect(page.url()).toContain('off=motionBlur');
  await page.getByTestId('debug-toggle').click(); // close it: the screenshot is of the canvas only anyway
  // Replayed from t = 0 with history cleared: pixel-identical to loading the state from the URL.
  const shot = await page
    .getByTestId('canvas')
    .screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  const baseline = readFileSync(
    new URL('./baselines/pixel-chain.spec.ts/pixel-chain-motionBlur-off.png', import.meta.url),
  );
  expect(shot.equals(baseline), 'the panel-driven frame equals the URL-loaded baseline byte for byte').toBe(
    true,
  );
});

test('debug panel: parameters drive the renderer and the URL; reading the URL sets the panel', async ({
  page,
}) => {
  await openDemo(page, 'pixel-chain/?t=0.2&fps=30&upscale=nearest&debug=1');
  await expect(page.getByTestId('upscale-mode')).toHaveValue('nearest');
  await page.getByTestId('bar-fill').selectOption('solid');
  await page.waitForFunction(() => window.__armature!.ready);
  expect(new URL(page.url()).searchParams.get('bars')).toBe('solid');
  await expect(page.getByTestId('pass-toggle-upscale')).toBeChecked();
  await page.getByTestId('pass-toggle-upscale').click();
  await page.waitForFunction(
    () => window.__armature!.graph!.find((p) => p.name === 'background')!.enabled === false,
  );
  await expect(page.getByTestId('pass-toggle-background')).toBeDisabled();
});

test('debug panel: toggling passes 20 times leaves GPU buffers, textures and pipelines flat, with no WebGPU error', async ({
  page,
}) => {
  await openDemo(page, 'pixel-chain/?t=0.2&fps=10&debug=1');
  const counts = () => page.evaluate(() => ({ ...(window.__armature!.gpuResources as GpuResourceCounts) }));
  const before = await counts();
  expect(before.textures).toBeGreaterThan(0);
  for (let i = 0; i < 20; i++) {
    await page.getByTestId(i % 2 ? 'pass-toggle-ui' : 'pass-toggle-motionBlur').click();
    await page.waitForFunction(() => window.__armature!.ready);
  }
  const after = await counts();
  expect({ buffers: after.buffers, textures: after.textures, pipelines: after.pipelines }).toEqual({
    buffers: before.buffers,
    textures: before.textures,
    pipelines: before.pipelines,
  });
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

test('debug panel: its fullscreen button puts the canvas alone fullscreen, at its new size, and back', async ({
  page,
}) => {
  await openDemo(page, 'diorama/?t=0&fps=30');
  await page.keyboard.press('`'); // the panel's button
  await page.getByTestId('fullscreen-toggle').click();
  await page.waitForFunction(() => document.fullscreenElement?.getAttribute('data-testid') === 'canvas');
  // The canvas follows its fullscreen size in device pixels, and the frame is drawn again into it.
  await page.waitForFunction(() => {
    const canvas = document.querySelector('canvas')!;
    return canvas.width === Math.round(screen.width * devicePixelRatio);
  });
  expect(await page.getByTestId('fullscreen-toggle').getAttribute('title')).toBe('');
  // Only the canvas shows now (the button is under it): a browser's own Escape leaves; headless Chromium has no such
  // key handling, so the API call it makes stands in for it. The canvas goes back to its page size.
  await page.evaluate(() => document.exitFullscreen());
  await page.waitForFunction(
    () => document.fullscreenElement === null && document.querySelector('canvas')!.width === 960,
  );
});

test('debug panel: the budget names its target devices and counts the frames the display repeated', async ({
  page,
}) => {
  await openDemo(page, 'pixel-chain/?debug=1');
  await page.waitForFunction(() => (window.__armature!.stats?.samples ?? 0) > 10);
  const stats = await page.evaluate(() => window.__armature!.stats!);
  expect(stats.refreshMs).toBeGreaterThan(0);
  expect(stats.missedFrames).toBeGreaterThanOrEqual(0);
  expect(stats.targets.map((t) => t.device)).toEqual([
    '90 Hz headset (Meta Quest 3, Valve Index)',
    '60 Hz laptop display',
  ]);
  // Tweakpane shows a monitor's value in an input (a textarea when multiline).
  await expect(page.getByTestId('budget-missed').locator('input')).toHaveValue(
    /\d+ in \d+ frames \(refresh \d+\.\d\d ms\)/,
  );
  await expect(page.getByTestId('budget-targets').locator('textarea')).toHaveValue(/60 Hz laptop display/);
});
