// The sprites demo: art brought in from files (a tiled texture, a glTF prop, an Aseprite sheet, a BMFont), under the
// fixed clock, the same pixels on WebGPU and WebGL2.
import { expect, test } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 700, height: 500 } });

for (const [name, backend] of [
  ['webgpu', ''],
  ['webgl2', '&backend=webgl2'],
] as const) {
  test(`sprites on ${name}: walkers by their tags, the glTF prop, the tiled ground, Polish text in the bitmap font`, async ({
    page,
  }) => {
    await openDemo(page, `sprites/?t=1.3&fps=30${backend}`);
    expect(await page.evaluate(() => window.__armature!.backend)).toBe(name);
    await expect(page.getByTestId('canvas')).toHaveScreenshot('sprites-t1.3.png');
    expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
  });
}
