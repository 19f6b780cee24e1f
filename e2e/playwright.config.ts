// Playwright runs the demos in the system Chromium with WebGPU on SwiftShader, against a Vite server on 127.0.0.1.
// Screenshot policy: pixel-exact (SwiftShader renders deterministically here); see README "Visual regression".
import { defineConfig } from '@playwright/test';
import { findBrowser, WEBGPU_ARGS } from './find-browser.mjs';

/** The demos' server; `E2E_PORT` moves it (a second checkout running its own e2e at the same time). */
const PORT = Number(process.env['E2E_PORT'] ?? 5174);

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  outputDir: './artifacts',
  snapshotPathTemplate: '{testDir}/baselines/{testFilePath}/{arg}{ext}',
  // SwiftShader on 2 cores: the longest specs (20 pass toggles, a soak) take 25-31 s when the machine is busy.
  timeout: 90_000,
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './report', open: 'never' }]],
  expect: {
    // A screenshot of a page that goes on drawing (the game, the workshop) can take over 5 s on a busy machine: the
    // last CI run lost three baselines to that 5 s default, never to a pixel.
    timeout: 15_000,
    toHaveScreenshot: { maxDiffPixels: 0, threshold: 0, animations: 'disabled', caret: 'hide', scale: 'css' },
  },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 640, height: 480 },
    deviceScaleFactor: 1,
    launchOptions: { ...findBrowser(), args: WEBGPU_ARGS },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `npx vite --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/demos/`,
    cwd: '..',
    reuseExistingServer: false,
    timeout: 60_000,
  },
});
