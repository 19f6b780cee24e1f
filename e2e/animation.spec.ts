// The animation demo: a skinned character of the project's own walking, cross-fading to idle and back, a banner
// fluttering by its morph targets; under the fixed clock the same pixels on WebGPU and WebGL2.
import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 700, height: 500 } });

for (const [name, backend] of [
  ['webgpu', ''],
  ['webgl2', '&backend=webgl2'],
] as const) {
  for (const [moment, t] of [
    ['walking', 1.5],
    ['idling', 4.4],
  ] as const)
    test(`animation on ${name}: the kit ${moment}, the banner fluttering`, async ({ page }) => {
      await openDemo(page, `animation/?t=${t}&fps=30${backend}`);
      expect(await page.evaluate(() => window.__armature!.backend)).toBe(name);
      await expect(page.getByTestId('canvas')).toHaveScreenshot(`animation-${moment}.png`);
      expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
    });
}

test('animation: the debug panel lists the actions, their weights summing to 1 mid cross-fade', async ({
  page,
}) => {
  // The walk ends at 3.2 s and cross-fades to idle over 0.35 s: at 3.3 s idle weighs 0.1 / 0.35.
  await openDemo(page, 'animation/?t=3.3&fps=30&debug=1');
  const readout = page.getByTestId('animation-actions').locator('textarea');
  await expect(readout).toHaveValue(/walk/);
  const weightIn = (lines: string[], clip: string) =>
    Number(/weight ([\d.]+)/.exec(lines.find((l) => l.startsWith(clip))!)![1]);
  const read = async () => (await readout.inputValue()).split('\n');
  // The panel refreshes at 4 Hz: its first readout may come from before the demo's first frame.
  await expect.poll(async () => weightIn(await read(), 'idle')).toBeCloseTo(0.1 / 0.35, 2);
  const lines = await read();
  const weight = (clip: string) => weightIn(lines, clip);
  expect(lines.map((l) => l.split(':')[0])).toEqual(['walk', 'idle', 'flutter']);
  expect(weight('walk') + weight('idle')).toBeCloseTo(1, 2);
  expect(weight('flutter')).toBe(1);
});
