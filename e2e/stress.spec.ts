import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test('stress: renders N boxes under the fixed clock, publishes graph and budget, matches its baseline', async ({
  page,
}) => {
  await openDemo(page, 'stress/?n=400&moving=0.25&t=1&fps=10&seed=1');
  const handle = await page.evaluate(() => window.__armature!);
  expect(handle.frame).toBeGreaterThanOrEqual(11); // t = 0, 0.1, …, 1.0, then it holds until ready
  expect(handle.graph!.map((p) => [p.name, p.enabled, p.size])).toEqual([
    ['shadow', false, [1024, 1024]],
    ['world', true, [336, 240]],
    ['present', true, [672, 480]],
  ]);
  await expect(page.getByTestId('canvas')).toHaveScreenshot('stress-400.png');
  expect(handle.world!.drawn + handle.world!.culled).toBe(400);
  // One geometry, one material kind (eight colours): every box drawn is an instance of one draw call.
  expect(handle.world!.batches).toBe(1);
  expect(handle.stats!.drawCalls).toBe(1); // __armature.stats counts real draw calls
});

test('stress: an eye that turns (?turn=) leaves the boxes behind it out: culled and drawn add up to N', async ({
  page,
}) => {
  await openDemo(page, 'stress/?n=400&turn=0.8&t=1&fps=10&seed=1');
  const { drawn, culled } = await page.evaluate(() => window.__armature!.world!);
  expect(drawn + culled).toBe(400);
  expect(culled).toBeGreaterThan(50); // turned 0.8 rad (46°) from the field's middle
  expect(drawn).toBeGreaterThan(50);
  console.log(`stress turned: ${drawn} drawn, ${culled} culled`);
});

test('stress: culled on the GPU (?cull=gpu), the turned eye sees the same pixels as culled on the CPU', async ({
  page,
}) => {
  const shots: Buffer[] = [];
  for (const cull of ['cpu', 'gpu']) {
    await openDemo(page, `stress/?n=400&turn=0.8&t=1&fps=10&seed=1&cull=${cull}`);
    shots.push(await page.getByTestId('canvas').screenshot());
    // The GPU's counts come back a few frames late: the meshes it drew and culled then, 400 in all.
    const { drawn, culled, batches } = await page.evaluate(() => window.__armature!.world!);
    expect([cull, drawn + culled, batches]).toEqual([cull, 400, 1]);
    expect(culled).toBeGreaterThan(50);
  }
  expect(shots[1]!.equals(shots[0]!)).toBe(true);
});

test('stress: a bad URL parameter is a message on the page, not a blank canvas', async ({ page }) => {
  await page.goto('/demos/stress/?n=-3');
  await expect(page.getByTestId('armature-error')).toHaveText(/\?n=-3 must be a whole number of boxes ≥ 1/);
});
