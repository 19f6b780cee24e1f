import { expect, test, type Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 1200, height: 680 } });

const FIXED = 't=0&fps=30&seed=1';
/** The canvas is 960×640 CSS pixels at DPR 1: 336×240 upscaled ×2 (integer) into a 672×480 rectangle at (144, 80). */
const RECT = { x: 144, y: 80, width: 672, height: 480, scale: 2 };

const STATES: [string, string][] = [
  ['default', ''],
  ['pan-half', 'pan=0.5'],
  ['pan-half-sharp-bilinear-8-7', 'pan=0.5&upscale=sharp-bilinear&par=8:7&bars=blurred'],
  ['pan-quarter-nearest', 'pan=0.25&upscale=nearest'],
  ['plain', 'off=outline,palette,grade&bands=0&texel=0&snap=0'],
  ['outline-only', 'off=palette,grade&bands=0&texel=0'],
  ['game-boy-bayer8', 'palette=game-boy&dither=bayer8'],
  ['bloom-smooth', 'on=bloom&bands=0'],
  ['bars-image-tiled', 'bars=image-tiled'],
  ['blue-noise', 'dither=blue-noise'],
  ['shadows-off', 'shadows=0'],
  // The day of ?daynight=1 lasts 40 s: late afternoon at 8 s, the lanterns alone at midnight (20 s).
  ['afternoon', 'daynight=1&t=8&fps=2'],
  ['night', 'daynight=1&t=20&fps=2'],
];

for (const [name, query] of STATES) {
  test(`diorama ${name}`, async ({ page }) => {
    await openDemo(page, `diorama/?${query}&${FIXED}`);
    await expect(page.getByTestId('canvas')).toHaveScreenshot(`diorama-${name}.png`);
  });
}

async function canvasPixels(page: Page, query: string): Promise<PNG> {
  await openDemo(page, `diorama/?${query}&${FIXED}`);
  const png = await page
    .getByTestId('canvas')
    .screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
  return PNG.sync.read(png);
}

/** Whether b is a moved left by dx device pixels inside the frame rectangle, away from its edges and the UI panel. */
function movedBy(a: PNG, b: PNG, dx: number): boolean {
  const margin = 8;
  for (let y = RECT.y + margin; y < RECT.y + RECT.height - margin; y++)
    for (let x = RECT.x + margin; x < RECT.x + RECT.width - margin; x++) {
      if (y < RECT.y + 40 * RECT.scale && x < RECT.x + 170 * RECT.scale) continue; // the UI panel stays put
      const i = (y * a.width + x) * 4;
      const j = (y * a.width + x + dx) * 4;
      if (a.data[j] !== b.data[i] || a.data[j + 1] !== b.data[i + 1] || a.data[j + 2] !== b.data[i + 2])
        return false;
    }
  return true;
}

test('diorama: ?pan moves the view by whole device pixels (texels fixed to the world), the UI stays put', async ({
  page,
}) => {
  const still = await canvasPixels(page, '');
  // Palette and dither included: a whole-texel pan moves the dither with the image. Half texels: at scale 2 a half
  // texel is one device pixel whatever the camera's own fraction of a texel was before (a quarter would round either way).
  for (const [pan, pixels] of [
    [1, 2],
    [3, 6],
    [0.5, 1],
    [1.5, 3],
  ] as const) {
    const panned = await canvasPixels(page, `pan=${pan}`);
    expect(movedBy(still, panned, pixels), `pan=${pan}: moved ${pixels} device pixels`).toBe(true);
    // The UI panel (native 6…164 × 6…34, opaque) is the same pixels.
    for (let y = RECT.y + 6 * RECT.scale; y < RECT.y + 34 * RECT.scale; y++)
      for (let x = RECT.x + 6 * RECT.scale; x < RECT.x + 164 * RECT.scale; x++) {
        const i = (y * still.width + x) * 4;
        if (still.data[i] !== panned.data[i]) throw new Error(`pan=${pan}: UI pixel ${x},${y} changed`);
      }
  }
  // Without the snap, a fraction of a texel changes the picture other than by a move (the crawl).
  const a = await canvasPixels(page, 'snap=0&off=palette');
  const b = await canvasPixels(page, 'snap=0&off=palette&pan=0.5');
  expect([0, 1, 2].some((dx) => movedBy(a, b, dx))).toBe(false);
});

test('diorama: the graph names the look passes, and the URL and panel toggle them', async ({ page }) => {
  await openDemo(page, `diorama/?${FIXED}`);
  const graph = await page.evaluate(() => window.__armature!.graph!);
  const on = Object.fromEntries(graph.map((p) => [p.name, p.enabled]));
  expect(on).toMatchObject({
    outline: true,
    palette: true,
    grade: true,
    bloom: false,
    motionBlur: false,
    crt: false,
  });
  await page.keyboard.press('`');
  await page.getByTestId('pass-toggle-palette').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('off')).toBe('palette');
  await page.getByTestId('look-snap').click();
  await expect.poll(() => new URL(page.url()).searchParams.get('snap')).toBe('0');
  await expect(page.getByTestId('hud')).toBeAttached();
});

test('diorama: a bad look parameter is a clear message', async ({ page }) => {
  await page.goto('/demos/diorama/?palette=nes');
  await expect(page.getByTestId('armature-error')).toHaveText(/\?palette=nes: use one of pico-8, game-boy/);
});
