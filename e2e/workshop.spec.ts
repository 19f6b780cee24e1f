import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 1100, height: 520 } });

const deviations = (log: string) => [...log.matchAll(/deviation (\S+) m/g)].map((m) => Number(m[1]));

for (const [name, query] of [
  ['before-attach', 't=0.4&fps=30&attach=0.5&detach=1.5'],
  ['orbiting', 't=1.2&fps=30&attach=0.5&detach=1.5'],
  ['detached', 't=2&fps=30&attach=0.5&detach=1.5'],
] as const) {
  test(`workshop ${name}`, async ({ page }) => {
    await openDemo(page, `workshop/?${query}`);
    await expect(page.getByTestId('canvas')).toHaveScreenshot(`workshop-${name}.png`);
  });
}

test('workshop: attach and detach keep the gear in place (deviations logged ≤ 1e-5 m)', async ({ page }) => {
  await openDemo(page, 'workshop/?t=2&fps=30&attach=0.5&detach=1.5');
  const log = await page.getByTestId('log').textContent();
  expect(log).toMatch(/^attach big gear → axle: deviation .* m\ndetach big gear → top: deviation .* m\n$/);
  for (const d of deviations(log!)) expect(d).toBeLessThanOrEqual(1e-5);
});

test('workshop: the button attaches and detaches, dragging the table carries everything', async ({
  page,
}) => {
  await openDemo(page, 'workshop/');
  await page.getByTestId('attach-gear').click();
  await page.getByTestId('attach-gear').click();
  expect(deviations((await page.getByTestId('log').textContent())!)).toHaveLength(2);
  const before = await page.getByTestId('canvas').screenshot();
  const box = (await page.getByTestId('canvas').boundingBox())!;
  await page.mouse.move(box.x + 300, box.y + 300);
  await page.mouse.down();
  await page.mouse.move(box.x + 380, box.y + 300, { steps: 4 });
  await page.mouse.up();
  await page.waitForTimeout(300); // a few frames at the wall clock
  expect((await page.getByTestId('canvas').screenshot()).equals(before)).toBe(false);
});

test('solar-system under the fixed clock', async ({ page }) => {
  await openDemo(page, 'solar-system/?t=1&fps=30');
  await expect(page.getByTestId('canvas')).toHaveScreenshot('solar-system-t1.png');
});
