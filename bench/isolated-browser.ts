// The browser benches' setup: Vite serving the repository cross-origin isolated (COOP/COEP, so Chromium gives
// performance.now() its fine resolution) and the system Chromium with the WebGPU flags (SwiftShader).
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer, type ViteDevServer } from 'vite';
import { findBrowser, WEBGPU_ARGS } from '../e2e/find-browser.mjs';

/** Starts the server on `port` and the browser; `close()` stops both. */
export async function isolatedBrowser(
  port: number,
): Promise<{ server: ViteDevServer; browser: Browser; close: () => Promise<void> }> {
  const server = await createServer({
    server: {
      port,
      host: '127.0.0.1',
      strictPort: true,
      headers: {
        'Cross-Origin-Opener-Policy': 'same-origin',
        'Cross-Origin-Embedder-Policy': 'require-corp',
      },
    },
    logLevel: 'error',
  });
  await server.listen();
  const browser = await chromium.launch({ ...findBrowser(), args: WEBGPU_ARGS });
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}

/** Opens `url` and waits (up to 10 min) for the page's `window.__bench`; a page that reports `error` rejects with it. */
export async function benchResult<R extends { error?: string }>(page: Page, url: string): Promise<R> {
  await page.goto(url);
  await page.waitForFunction(
    () => (window as unknown as { __bench?: unknown }).__bench !== undefined,
    undefined,
    {
      timeout: 600_000,
    },
  );
  const result = await page.evaluate(() => (window as unknown as { __bench: unknown }).__bench as R);
  if (result.error) throw new Error(result.error);
  return result;
}
