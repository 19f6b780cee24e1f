import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test('hello: draws through WebGPU and matches its baseline', async ({ page }) => {
  await openDemo(page, 'hello/');
  const handle = await page.evaluate(() => window.__armature);
  expect(handle).toMatchObject({ backend: 'webgpu', frame: 1, ready: true, error: null });
  await expect(page.getByTestId('canvas')).toHaveScreenshot('hello.png');
});

test('index: lists the hello demo', async ({ page }) => {
  await page.goto('/demos/');
  await expect(page.getByTestId('demo-list').getByRole('link', { name: 'hello' })).toHaveAttribute(
    'href',
    './hello/',
  );
});
