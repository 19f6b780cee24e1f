import { expect, test, type Page } from '@playwright/test';
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

type Probe = {
  screenOf(n: string): [number, number];
  parentOf(n: string): string | null;
  worldOf(n: string): number[];
};
const probe = <T>(page: Page, fn: (bench: Probe, arg: string) => T, arg: string) =>
  page.evaluate(
    ([source, a]) =>
      new Function('bench', 'arg', `return (${source})(bench, arg)`)(
        (window as unknown as { __bench: Probe }).__bench,
        a,
      ) as T,
    [fn.toString(), arg] as const,
  );

for (const demo of ['workshop', 'xr'] as const) {
  test(`${demo}: a piece picked by the pointer snaps into a socket over it, and is put down anywhere else`, async ({
    page,
  }) => {
    await openDemo(page, `${demo}/`);
    // The cap: pressed, carried over socket 1, released: it takes the socket's frame exactly.
    await page.mouse.move(...(await probe(page, (b, n) => b.screenOf(n), 'cap')));
    await page.mouse.down();
    await page.mouse.move(...(await probe(page, (b, n) => b.screenOf(n), 'socket 1')), { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(
      () => (window as unknown as { __bench: Probe }).__bench.parentOf('cap') === 'socket 1',
    );
    const [cap, socket] = [
      await probe(page, (b, n) => b.worldOf(n), 'cap'),
      await probe(page, (b, n) => b.worldOf(n), 'socket 1'),
    ];
    for (let i = 0; i < 3; i++) expect(Math.abs(cap[i]! - socket[i]!)).toBeLessThan(1e-6);
    // The spring, carried 40 pixels right: put down on the table top at the height it had.
    const before = await probe(page, (b, n) => b.worldOf(n), 'spring');
    const [x, y] = await probe(page, (b, n) => b.screenOf(n), 'spring');
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 40, y, { steps: 4 });
    await page.mouse.up();
    await page.waitForFunction(
      (x0) => (window as unknown as { __bench: Probe }).__bench.worldOf('spring')[0]! > x0 + 0.05,
      before[0]!,
    );
    const after = await probe(page, (b, n) => b.worldOf(n), 'spring');
    expect(await probe(page, (b, n) => b.parentOf(n), 'spring')).toBe('top');
    expect(after[1]).toBeCloseTo(before[1]!, 5);
  });
}
