// Helpers every e2e spec shares: open a demo, wait until it has presented, fail on any console error.
import { expect, type Page } from '@playwright/test';

/** Opens `/demos/<path>` and resolves once `window.__armature.ready` is true; throws the page's own error if it failed. */
export async function openDemo(page: Page, path: string): Promise<void> {
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  page.on('pageerror', (error) => consoleErrors.push(error.message));
  await page.goto(`/demos/${path}`);
  await page.waitForFunction(() => window.__armature?.ready === true || window.__armature?.error != null);
  const error = await page.evaluate(() => window.__armature?.error ?? null);
  expect(error, 'the demo reported a start-up error').toBeNull();
  expect(consoleErrors, 'console errors while the demo started').toEqual([]);
  expect(await page.evaluate(() => window.__armature?.errors ?? []), 'uncaptured WebGPU errors').toEqual([]);
}
