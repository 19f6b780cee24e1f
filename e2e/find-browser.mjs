// Finds the Chromium that every browser test and `npm start` use, and holds the flags that give it WebGPU on a
// machine without a GPU (SwiftShader). Plain JavaScript so `node e2e/find-browser.mjs` runs it before anything builds.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Where Playwright's `channel: 'chrome'` looks for Google Chrome, per platform. */
const CHROME_CHANNEL_PATHS = {
  linux: ['/opt/google/chrome/chrome'],
  darwin: ['/Applications/Google Chrome.app/Contents/MacOS/Google Chrome'],
  win32: [`${process.env['PROGRAMFILES'] ?? 'C:\\Program Files'}\\Google\\Chrome\\Application\\chrome.exe`],
};

/** Launch flags that give headless Chromium WebGPU on SwiftShader (see shared/ARCHITECTURE.md). */
export const WEBGPU_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--enable-unsafe-webgpu',
  '--enable-unsafe-swiftshader',
  '--use-angle=swiftshader',
  '--use-vulkan=swiftshader',
  '--use-webgpu-adapter=swiftshader',
  '--enable-features=Vulkan',
  '--ignore-gpu-blocklist',
  '--disable-gpu-sandbox',
  '--disable-quic',
  '--no-first-run',
  // gc() for the soak's checkpoints: counts of GPU objects freed by the collector are only exact after one.
  '--js-flags=--expose-gc',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The browser to launch: `$CHROME_PATH`, else `/usr/bin/chromium`, else Google Chrome through Playwright's
 * `channel: 'chrome'`. Throws an error naming all three when none is there.
 * @returns {{ executablePath: string } | { channel: 'chrome' }}
 */
export function findBrowser() {
  const fromEnv = process.env['CHROME_PATH'];
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new Error(`CHROME_PATH is set to ${fromEnv}, but no file is there.`);
    return { executablePath: fromEnv };
  }
  if (existsSync('/usr/bin/chromium')) return { executablePath: '/usr/bin/chromium' };
  const chromePaths = CHROME_CHANNEL_PATHS[/** @type {'linux'} */ (process.platform)] ?? [];
  if (chromePaths.some((path) => existsSync(path))) return { channel: 'chrome' };
  throw new Error(
    'No Chromium or Chrome found. Armature looked for (1) the CHROME_PATH environment variable, ' +
      '(2) /usr/bin/chromium, (3) Google Chrome where Playwright\'s channel "chrome" finds it ' +
      `(${chromePaths.join(', ') || 'no known path on this platform'}). ` +
      'Install one (Debian/Ubuntu: `sudo apt-get install chromium`) or set CHROME_PATH to a Chrome/Chromium binary.',
  );
}

/** The executable path of the found browser, for tools that take a path (Vite's `open`). */
export function browserExecutable() {
  const found = findBrowser();
  if ('executablePath' in found) return found.executablePath;
  const chromePaths = CHROME_CHANNEL_PATHS[/** @type {'linux'} */ (process.platform)] ?? [];
  return chromePaths.find((path) => existsSync(path)) ?? 'chrome';
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  try {
    console.log(`browser: ${JSON.stringify(findBrowser())}`);
  } catch (error) {
    console.error(/** @type {Error} */ (error).message);
    process.exit(1);
  }
}
