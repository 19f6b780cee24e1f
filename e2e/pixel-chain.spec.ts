import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 1200, height: 680 } });

const FIXED = 't=1.5&fps=30&seed=1';
const STATES: [string, string][] = [
  ['all-on', 'on=crt'],
  ['default', ''],
  ['ui-off', 'off=ui'],
  ['motionBlur-off', 'off=motionBlur'],
  ['upscale-off', 'off=upscale'],
  ['background-off', 'off=background'],
  ['crt-on-bars-blurred', 'on=crt&bars=blurred'],
  ['nearest', 'upscale=nearest'],
  ['sharp-bilinear', 'upscale=sharp-bilinear'],
  ['bilinear', 'upscale=bilinear'],
  ['par-8-7', 'par=8:7'],
  ['par-4-3-nearest', 'par=4:3&upscale=nearest&bars=solid'],
];

for (const [name, query] of STATES) {
  test(`pixel-chain ${name}`, async ({ page }) => {
    await openDemo(page, `pixel-chain/?${query}&${FIXED}`);
    await expect(page.getByTestId('canvas')).toHaveScreenshot(`pixel-chain-${name}.png`);
  });
}

test('pixel-chain: the graph shows disabled passes as bypassed, and upscale off takes the bar passes with it', async ({
  page,
}) => {
  await openDemo(page, `pixel-chain/?off=upscale&${FIXED}`);
  const graph = await page.evaluate(() => window.__armature!.graph!);
  expect(graph.map((p) => `${p.name}:${p.enabled}`)).toEqual([
    'shadow:false',
    'world:true',
    'outline:false',
    'ui:true',
    'motionBlur:true',
    'bloom:false',
    'grade:false',
    'vignette:false',
    'palette:false',
    'upscale:false',
    'background:false',
    'crt:false',
    'present:true',
  ]);
  expect(graph.find((p) => p.name === 'present')!.inputs).toEqual(['blurred']);
  await expect(page.getByTestId('pass-toggle-background')).toBeDisabled();
});

test('pixel-chain: an unknown pass in the URL is a clear message', async ({ page }) => {
  await page.goto('/demos/pixel-chain/?off=sparkle');
  await expect(page.getByTestId('armature-error')).toHaveText(
    /\?off=sparkle: no such pass to turn off\. Passes: shadow, outline, ui, motionBlur/,
  );
});
