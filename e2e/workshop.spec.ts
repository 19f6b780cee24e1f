import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { PIXEL_FONT } from '../src/ui/pixel-font';
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
  screenOfTexel(n: string, column: number, row: number): [number, number];
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

/**
 * Reads line `line` of the world text `name` back from the canvas: for each glyph cell, the colour at each of its 3×5
 * font texels' centres (placed by the page's camera), ink where it differs from the panel beside the text, matched
 * against the font's bits; a cell with no ink is a space. The panel holds 11 cells a line.
 */
async function readWorldText(page: Page, name: string, line: number): Promise<string> {
  const canvas = page.getByTestId('canvas');
  const box = (await canvas.boundingBox())!;
  const png = PNG.sync.read(await canvas.screenshot());
  const texels = await page.evaluate(
    ([n, row0]) => {
      const bench = (window as unknown as { __bench: Probe }).__bench;
      const cells = [];
      for (let c = 0; c < 11; c++) {
        const cell = [];
        for (let gy = 0; gy < 5; gy++)
          for (let gx = 0; gx < 3; gx++) cell.push(bench.screenOfTexel(n, c * 4 + gx, row0 + gy));
        cells.push(cell);
      }
      return { cells, panel: bench.screenOfTexel(n, -2, row0 + 2) };
    },
    [name, line * PIXEL_FONT.lineHeight] as const,
  );
  const rgb = ([x, y]: [number, number]) => {
    const i =
      (Math.floor(((y - box.y) * png.height) / box.height) * png.width +
        Math.floor(((x - box.x) * png.width) / box.width)) *
      4;
    return [png.data[i]!, png.data[i + 1]!, png.data[i + 2]!];
  };
  const panel = rgb(texels.panel);
  const ink = (at: [number, number]) => Math.hypot(...rgb(at).map((v, i) => v - panel[i]!)) > 80;
  let text = '';
  for (const cell of texels.cells) {
    const bits = [0, 1, 2, 3, 4].map((gy) =>
      [0, 1, 2].reduce((row, gx) => row | (ink(cell[gy * 3 + gx]!) ? 4 >> gx : 0), 0),
    );
    const char = Object.entries(PIXEL_FONT.glyphs).find(([, g]) => g.every((b, i) => b === bits[i]));
    text += char ? char[0] : `[${bits.join(',')}]`;
  }
  return text.trimEnd();
}

for (const demo of ['workshop', 'xr'] as const) {
  test(`${demo}: the budget readout on the bench shows __armature.stats' cost beside the ceiling, and rides with the table`, async ({
    page,
  }) => {
    await openDemo(page, `${demo}/?t=1&fps=30&readout=live`);
    // Under the fixed clock the readout follows scene time: once the clock holds, so does the snapshot shown.
    const stats = await page.evaluate(() => window.__armature!.stats!);
    const shown = `${stats.cost.p95.toFixed(2)}/${stats.ceilingMs.toFixed(2)}`;
    expect(stats.samples).toBeGreaterThan(0);
    expect(stats.ceilingMs.toFixed(2)).toBe('11.11');
    expect(await readWorldText(page, 'budget readout', 0)).toBe('COST P95 MS');
    expect(await readWorldText(page, 'budget readout', 1)).toBe(shown);
    // It belongs to the bench: the panel on the table top.
    const chain = [];
    for (
      let node: string | null = 'budget readout';
      node;
      node = await probe(page, (b, n) => b.parentOf(n), node)
    )
      chain.push(node);
    expect(chain).toEqual(['budget readout', 'panel', 'top', 'table', 'scene']);
    // Drag the table 100 pixels right (pressing on the floor beside it): the readout moves with it, still legible.
    const before = await probe(page, (b, n) => b.screenOfTexel(n, 0, 0), 'budget readout');
    const box = (await page.getByTestId('canvas').boundingBox())!;
    await page.mouse.move(box.x + 60, box.y + 420);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, box.y + 420, { steps: 5 });
    await page.mouse.up();
    const frame = await page.evaluate(() => window.__armature!.frame);
    await page.waitForFunction((f) => window.__armature!.frame > f + 2, frame);
    const after = await probe(page, (b, n) => b.screenOfTexel(n, 0, 0), 'budget readout');
    expect(after[0] - before[0]).toBeGreaterThan(30);
    expect(await page.evaluate(() => window.__armature!.stats!.cost.p95)).toBe(stats.cost.p95);
    expect(await readWorldText(page, 'budget readout', 1)).toBe(shown);
  });
}
