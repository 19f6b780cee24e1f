// Armature as someone installs it: `npm pack` the library, install the tarball into a fresh Vite + TypeScript app
// (e2e/consumer/) whose src/main.ts is exactly the README's quick start in a bare <canvas>, type-check it with `strict`
// and `skipLibCheck: false` (TypeScript 6 as pinned, and 5.9 with @webgpu/types), build it with Vite (no warning about
// Node modules), open it in Chromium and read the canvas back. The app sees only the package: its dist/, never src/.
import { expect, test } from '@playwright/test';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';

const repo = fileURLToPath(new URL('..', import.meta.url));
// The built app's own server, beside the demos' (which `E2E_PORT` moves, taking this one along).
const PORT = Number(process.env['E2E_PORT'] ?? 5174) + 17;

/** The README's quick start: the first ```ts block after its marker. */
function quickStart(): string {
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const after = readme.slice(readme.indexOf('<!-- quick-start'));
  const code = /```ts\n([\s\S]*?)```/.exec(after)?.[1];
  if (!code) throw new Error('README.md has no ```ts block after its <!-- quick-start --> marker.');
  return code;
}

/** The version of a package the repository itself installed, so the app's install comes from npm's cache. */
function installed(name: string): string {
  return JSON.parse(readFileSync(join(repo, 'node_modules', name, 'package.json'), 'utf8')).version as string;
}

function sh(cwd: string, command: string, args: string[]): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

test.describe.configure({ mode: 'serial', timeout: 300_000 });

let app = '';
let server: ChildProcess | null = null;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  app = mkdtempSync(join(tmpdir(), 'armature-consumer-'));
  cpSync(join(repo, 'e2e/consumer'), app, { recursive: true });
  const started = Date.now();
  // A library built by `npm test` (build:lib) is packed as it is; otherwise `prepack` builds it.
  const built = existsSync(join(repo, 'dist/armature.js'));
  const packed = JSON.parse(
    sh(repo, 'npm', ['pack', '--json', '--pack-destination', app, ...(built ? ['--ignore-scripts'] : [])]),
  ) as { filename: string; files: { path: string }[] }[];
  const files = packed[0]!.files.map((f) => f.path);
  expect(files.some((f) => f.startsWith('src/'))).toBe(false); // the package ships dist/, not the sources
  expect(files).toContain('dist/armature.js');
  expect(files).toContain('dist/types/index.d.ts');
  writeFileSync(
    join(app, 'package.json'),
    JSON.stringify(
      {
        name: 'armature-consumer',
        private: true,
        type: 'module',
        dependencies: { 'armature-engine': `file:./${packed[0]!.filename}` },
        devDependencies: { vite: installed('vite'), typescript: installed('typescript') },
      },
      null,
      2,
    ),
  );
  mkdirSync(join(app, 'src'));
  writeFileSync(join(app, 'src/main.ts'), quickStart());
  sh(app, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
  console.log(`consumer: packed and installed in ${((Date.now() - started) / 1000).toFixed(1)} s (${app})`);
});

test.afterAll(() => {
  if (server?.pid) process.kill(-server.pid); // npx and the Vite it started: the whole process group
  if (app) rmSync(app, { recursive: true, force: true });
});

test('consumer: the README quick start type-checks (strict, skipLibCheck off) and builds with Vite, without Tweakpane', () => {
  expect(existsSync(join(app, 'node_modules/armature-engine/src'))).toBe(false);
  // TypeScript 6's own DOM library has WebGPU's types: nothing else is installed for them, and none clash.
  expect(existsSync(join(app, 'node_modules/@webgpu/types'))).toBe(false);
  sh(app, 'npx', ['tsc', '-p', '.']); // throws with the compiler's output on any error
  const build = sh(app, 'npx', ['vite', 'build']);
  // glTF-Transform's Node reader (node:fs, node:path) is not left for the app's bundler to find.
  expect(build).not.toMatch(/externalized|node:/);
  const bundle = readdirSync(join(app, 'dist/assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => readFileSync(join(app, 'dist/assets', f), 'utf8'))
    .join('\n');
  expect(bundle).toContain('var<uniform> frame: Frame'); // the shaders came inlined
  expect(bundle).not.toContain('tweakpane'); // armature-engine/debug, and so Tweakpane, is not loaded by the app
});

test('consumer: the types check on TypeScript 5.9 too, with @webgpu/types installed by the app', () => {
  const older = join(app, 'ts5');
  mkdirSync(older, { recursive: true });
  writeFileSync(
    join(older, 'package.json'),
    JSON.stringify({
      private: true,
      devDependencies: { typescript: '5.9.3', '@webgpu/types': installed('@webgpu/types') },
    }),
  );
  sh(older, 'npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error']);
  const config = JSON.parse(readFileSync(join(app, 'tsconfig.json'), 'utf8')) as {
    compilerOptions: { types: string[] };
  };
  config.compilerOptions.types = [...config.compilerOptions.types, '@webgpu/types'];
  writeFileSync(join(app, 'tsconfig.ts5.json'), JSON.stringify(config));
  // The app's own packages, and @webgpu/types from the side install (TypeScript 5's DOM library has no WebGPU).
  cpSync(join(older, 'node_modules/@webgpu'), join(app, 'node_modules/@webgpu'), { recursive: true });
  try {
    expect(sh(older, 'npx', ['tsc', '--version'])).toMatch(/^Version 5\.9\./);
    sh(app, join(older, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.ts5.json']);
  } finally {
    rmSync(join(app, 'node_modules/@webgpu'), { recursive: true, force: true });
  }
});

test('consumer: the built app draws the lit, turning box in Chromium, crisp in a bare canvas', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  server = spawn('npx', ['vite', 'preview', '--host', '127.0.0.1', '--port', String(PORT), '--strictPort'], {
    cwd: app,
    stdio: 'ignore',
    detached: true,
  });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  for (let i = 0; ; i++) {
    try {
      await page.goto(`http://127.0.0.1:${PORT}/`);
      break;
    } catch (error) {
      if (i > 100) throw error;
      await page.waitForTimeout(100);
    }
  }
  // Lit faces of the orange box: red well above blue, at several brightnesses (the light falls on them differently).
  let shades = 0;
  for (let i = 0; i < 60 && shades < 2; i++) {
    await page.waitForTimeout(250);
    const png = PNG.sync.read(await page.locator('canvas').screenshot());
    const seen = new Set<number>();
    for (let p = 0; p < png.data.length; p += 4) {
      const [r, g, b] = [png.data[p]!, png.data[p + 1]!, png.data[p + 2]!];
      if (r > 60 && r > b * 2 && g > b && g < r) seen.add(r >> 4);
    }
    shades = seen.size;
  }
  expect(shades, 'orange faces in more than one brightness').toBeGreaterThanOrEqual(2);
  // A bare <canvas> is shown 300×150; run() gave it the largest whole multiple of 336×240 that fits 1280×800: 3×.
  const size = await page
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => [c.width, c.height, c.clientWidth]);
  expect(size).toEqual([1008, 720, 1008]);
  // Every native pixel is a 3×3 block of one colour: the picture is the native image, whole multiples, not resampled.
  const png = PNG.sync.read(await page.locator('canvas').screenshot());
  for (let y = 0; y < 720; y++)
    for (let x = 0; x < 1008; x++) {
      const at = (y * 1008 + x) * 4;
      const block = ((y - (y % 3)) * 1008 + (x - (x % 3))) * 4;
      if (png.data.readUInt32BE(at) !== png.data.readUInt32BE(block))
        throw new Error(
          `pixel ${x},${y} differs from its block's corner: the upscale is not a whole multiple`,
        );
    }
  expect(errors).toEqual([]);
});

test('consumer: armature-engine/debug without Tweakpane installed fails the build naming the package', () => {
  writeFileSync(
    join(app, 'src/main.ts'),
    "import { DebugPanel } from 'armature-engine/debug';\nconsole.log(DebugPanel);\n",
  );
  let output = '';
  try {
    sh(app, 'npx', ['vite', 'build', '--logLevel', 'error', '--outDir', 'dist-debug']); // the app's dist/ stays served
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
  expect(output).toMatch(/tweakpane/);
  writeFileSync(join(app, 'src/main.ts'), quickStart());
});

test('consumer: no WebGPU and no WebGL2: the page says so in place of the canvas', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'gpu', { get: () => undefined });
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (
      this: HTMLCanvasElement,
      kind: string,
      ...rest: unknown[]
    ) {
      return kind === 'webgl2'
        ? null
        : (getContext as (...a: unknown[]) => unknown).call(this, kind, ...rest);
    } as typeof getContext;
  });
  await page.goto(`http://127.0.0.1:${PORT}/`);
  await expect(page.getByTestId('armature-error')).toContainText('Neither WebGPU nor WebGL2 can draw here');
  expect(await page.locator('canvas').count()).toBe(0);
});
