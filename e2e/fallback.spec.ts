// WebGL2 by itself where WebGPU exists but cannot start: navigator.gpu is there, but requestAdapter() resolves null,
// or rejects, or the adapter's requestDevice() rejects (a blocklisted GPU, Linux without Vulkan, a driver crash). Every
// demo must come up on WebGL2 with exactly the pixels it shows when WebGL2 is asked for (the committed WebGL2
// baseline where one exists), and say why in window.__armature.fallbackReason.
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { openDemo } from './demo-page';

/** Each fault, installed before the page's scripts run. */
const FAULTS = {
  'no-adapter': () => {
    navigator.gpu.requestAdapter = async () => null;
  },
  'adapter-failed': () => {
    navigator.gpu.requestAdapter = async () => {
      throw new Error('adapter blocked by the test');
    };
  },
  'device-failed': () => {
    const real = navigator.gpu.requestAdapter.bind(navigator.gpu);
    navigator.gpu.requestAdapter = async (options) => {
      const adapter = await real(options);
      if (adapter)
        adapter.requestDevice = async () => {
          throw new Error('device blocked by the test');
        };
      return adapter;
    };
  },
} as const;

const WIDE = { width: 1200, height: 680 };
/** Every demo in a fixed state; `baseline` is its committed WebGL2 (or backend-equal) screenshot, when it has one. */
const DEMOS: { path: string; viewport: { width: number; height: number }; baseline?: string }[] = [
  { path: 'hello/?frames=1', viewport: { width: 640, height: 480 }, baseline: 'hello.spec.ts/hello.png' },
  {
    path: 'pixel-chain/?t=1.5&fps=30&seed=1',
    viewport: WIDE,
    baseline: 'webgl2.spec.ts/webgl2-pixel-chain-default.png',
  },
  {
    path: 'workshop/?t=1.2&fps=30&attach=0.5&detach=1.5',
    viewport: { width: 1100, height: 520 },
    baseline: 'webgl2.spec.ts/webgl2-workshop-orbiting.png',
  },
  {
    path: 'stress/?n=400&moving=0.25&t=1&fps=10&seed=1',
    viewport: { width: 640, height: 480 },
    baseline: 'webgl2.spec.ts/webgl2-stress-400.png',
  },
  {
    path: 'solar-system/?t=1&fps=30',
    viewport: { width: 1100, height: 520 },
    baseline: 'workshop.spec.ts/solar-system-t1.png',
  },
  { path: 'xr/?t=1&fps=30', viewport: { width: 640, height: 480 } },
];

async function shot(page: Page): Promise<Buffer> {
  return page.getByTestId('canvas').screenshot({ animations: 'disabled', caret: 'hide', scale: 'css' });
}

// Every fault on the first demo; one each on the rest, in turn (the fallback path is the same for all three, and each
// page load of the pixel chain on WebGL2 costs ~10 s here).
const FAULT_LIST = Object.entries(FAULTS);

for (const [index, demo] of DEMOS.entries()) {
  const name = demo.path.split('/')[0]!;
  const faults = index === 0 ? FAULT_LIST : [FAULT_LIST[index % FAULT_LIST.length]!];
  test(`fallback: ${name} comes up on WebGL2 with its WebGL2 pixels when WebGPU cannot start, and says why`, async ({
    browser,
  }) => {
    test.setTimeout(150_000); // up to four page loads, the pixel chain's at ~10 s each here
    const open = async (path: string, fault?: () => void) => {
      const page = await browser.newPage({ viewport: demo.viewport });
      if (fault) await page.addInitScript(fault);
      await openDemo(page, path);
      const image = await shot(page);
      const handle = await page.evaluate(() => ({
        backend: window.__armature!.backend,
        fallbackReason: window.__armature!.fallbackReason,
      }));
      await page.close();
      return { image, ...handle };
    };
    const join = demo.path.includes('?') ? '&' : '?';
    const asked = await open(`${demo.path}${join}backend=webgl2`);
    expect(asked).toMatchObject({ backend: 'webgl2', fallbackReason: null });
    if (demo.baseline) {
      const committed = readFileSync(fileURLToPath(new URL(`./baselines/${demo.baseline}`, import.meta.url)));
      expect(asked.image.equals(committed), `${name} on WebGL2 matches ${demo.baseline}`).toBe(true);
    }
    for (const [reason, fault] of faults) {
      const fallen = await open(demo.path, fault);
      expect(fallen.backend, reason).toBe('webgl2');
      expect(fallen.fallbackReason, reason).toMatch(new RegExp(`^${reason}: `));
      expect(fallen.image.equals(asked.image), `${name} after ${reason}: the same pixels`).toBe(true);
    }
  });
}

test('fallback: forcing WebGPU where it cannot start is an error on the page that says so', async ({
  page,
}) => {
  await page.addInitScript(FAULTS['no-adapter']);
  await page.goto('/demos/stress/?n=10&backend=webgpu');
  await page.waitForFunction(() => window.__armature?.error != null);
  expect(await page.evaluate(() => window.__armature!.error)).toMatch(
    /requestAdapter\(\) returned no adapter/,
  );
  await expect(page.getByTestId('armature-error')).toContainText('returned no adapter');
});
