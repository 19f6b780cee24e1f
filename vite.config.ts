// Vite serves the repository root (demos at /demos/<name>/) and builds every demo page (into dist-demos/); with
// `--mode lib` it builds the library (`npm run build:lib`: ESM in dist/, shaders inlined); Vitest runs the Node unit
// tests and the real-WebGPU tests in headless Chromium from the same file.
import { cpSync, readdirSync, readFileSync, existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import type { Plugin } from 'vite';
import { playwright } from '@vitest/browser-playwright';
import { findBrowser, browserExecutable, WEBGPU_ARGS } from './e2e/find-browser.mjs';

const root = import.meta.dirname;

/** Every `demos/<name>/index.html`, plus the index page itself, as build inputs. */
function demoPages(): Record<string, string> {
  const pages: Record<string, string> = { index: resolve(root, 'demos/index.html') };
  for (const entry of readdirSync(resolve(root, 'demos'), { withFileTypes: true })) {
    const page = resolve(root, 'demos', entry.name, 'index.html');
    if (entry.isDirectory() && existsSync(page)) pages[entry.name] = page;
  }
  return pages;
}

/** `npm start` opens the demos in Chromium/Chrome when one is found and a display exists; otherwise Vite prints the URL. */
function openTarget(): string | false {
  if (process.env['npm_lifecycle_event'] !== 'start' || process.env['CI']) return false;
  const hasDisplay =
    process.platform === 'darwin' ||
    process.platform === 'win32' ||
    Boolean(process.env['DISPLAY'] ?? process.env['WAYLAND_DISPLAY']);
  if (!hasDisplay) return false;
  try {
    process.env['BROWSER'] = browserExecutable();
    return '/demos/';
  } catch {
    return false;
  }
}

/** Prints where the demos are, since Vite's own banner names only the server root. */
const printDemosUrl: Plugin = {
  name: 'armature-print-demos-url',
  configureServer(server) {
    if (process.env['npm_lifecycle_event'] !== 'start') return; // only `npm start`: tests and benches serve quietly
    server.httpServer?.once('listening', () => {
      const { host, port } = server.config.server;
      console.log(`  Armature demos: http://${String(host)}:${port}/demos/`);
    });
  },
};

/** The packages the library bundles (see `library`), each with its licence file: their notices ship in dist/. */
const BUNDLED = [
  ['@gltf-transform/core', 'LICENSE.md'],
  ['@gltf-transform/extensions', 'LICENSE.md'],
  ['property-graph', 'LICENSE'],
  ['meshoptimizer', 'LICENSE.md'],
] as const;

/** Writes dist/THIRD-PARTY-LICENSES.md from the bundled packages' own licence files. */
const bundledLicenses: Plugin = {
  name: 'armature-bundled-licenses',
  generateBundle() {
    const notices = BUNDLED.map(
      ([name, file]) => `## ${name}\n\n${readFileSync(resolve(root, 'node_modules', name, file), 'utf8')}`,
    );
    this.emitFile({
      type: 'asset',
      fileName: 'THIRD-PARTY-LICENSES.md',
      source: `# Code bundled into this package\n\n${notices.join('\n')}`,
    });
  },
};

/**
 * The library: `armature` and `armature/debug` as ES modules, every shader inlined as a string (nothing is fetched at
 * run time), gl-matrix and Tweakpane left to the app's own install, glTF-Transform bundled. Not minified: the app's bundler does that.
 */
const library: ViteUserConfig = {
  root,
  plugins: [bundledLicenses],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    minify: false,
    sourcemap: true,
    lib: {
      entry: {
        armature: resolve(root, 'src/index.ts'),
        advanced: resolve(root, 'src/advanced.ts'),
        debug: resolve(root, 'src/debug.ts'),
      },
      formats: ['es'],
    },
    // glTF-Transform is bundled (into the chunk `loadGltf` imports on first use; meshopt's decoder into another, loaded
    // only for a file that uses it): its Node reader's `node:fs` and
    // `node:path` imports, never used in a browser, are then tree-shaken here, not reported by every app's bundler.
    rollupOptions: { external: [/^gl-matrix(\/|$)/, /^tweakpane(\/|$)/] },
  },
};

/** The demos load the project's art from src/assets/fixtures/ at run time: the built demos get a copy of it. */
const copyArt: Plugin = {
  name: 'armature-copy-art',
  apply: 'build',
  closeBundle() {
    cpSync(resolve(root, 'src/assets/fixtures'), resolve(root, 'dist-demos/src/assets/fixtures'), {
      recursive: true,
    });
  },
};

const app: ViteUserConfig = {
  root,
  plugins: [printDemosUrl, copyArt],
  // Pre-bundled up front so a first test run does not reload mid-way when Vite discovers them.
  optimizeDeps: {
    include: [
      'gl-matrix',
      // The glTF tests compare with three.js and decode with glTF-Transform's codecs.
      'three',
      'three/examples/jsm/loaders/GLTFLoader.js',
      'three/examples/jsm/loaders/DRACOLoader.js',
      'three/examples/jsm/libs/meshopt_decoder.module.js',
      '@gltf-transform/core',
      '@gltf-transform/extensions',
      'meshoptimizer/decoder',
    ],
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true, open: openTarget() },
  preview: { host: '127.0.0.1', port: 5173, strictPort: true },
  build: { outDir: 'dist-demos', emptyOutDir: true, rollupOptions: { input: demoPages() } },
  test: {
    projects: [
      {
        extends: true,
        // wgsl_reflect's "main" build is CommonJS inside a "type": "module" package; Node can only load its ES build.
        resolve: { alias: { wgsl_reflect: 'wgsl_reflect/wgsl_reflect.module.js' } },
        test: {
          name: 'unit',
          environment: 'node',
          execArgv: ['--expose-gc'], // allocation tests collect garbage before they measure
          include: [
            'src/**/*.test.ts',
            'e2e/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
            'demos/**/*.test.ts',
          ],
          exclude: ['src/**/*.gpu.test.ts', 'src/**/*.browser.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'gpu',
          include: ['src/**/*.gpu.test.ts', 'src/**/*.browser.test.ts'],
          testTimeout: 30_000,
          browser: {
            enabled: true,
            headless: true,
            // GPU_TEST_PORT moves the test server (a second checkout's tests beside a running CI).
            api: { host: '127.0.0.1', port: Number(process.env['GPU_TEST_PORT'] ?? 63315) },
            screenshotFailures: false,
            // `gc()` for the tests that measure the heap after a full collection.
            provider: playwright({
              launchOptions: { ...lazyBrowser(), args: [...WEBGPU_ARGS, '--js-flags=--expose-gc'] },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
};

export default defineConfig(({ mode }) => (mode === 'lib' ? library : app));

/** The browser for the GPU project; resolved lazily so `vite build` works on a machine without one. */
function lazyBrowser(): ReturnType<typeof findBrowser> | Record<string, never> {
  try {
    return findBrowser();
  } catch {
    return {};
  }
}
