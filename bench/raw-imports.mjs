// Lets the Node benchmarks import shader sources the way Vite does (`import text from './x.wgsl?raw'`):
// `node --import ./bench/raw-imports.mjs` (the bench scripts pass it to tsx).
import { register } from 'node:module';

register(
  'data:text/javascript,' +
    encodeURIComponent(`
import { readFile } from 'node:fs/promises';
export async function resolve(specifier, context, next) {
  if (!specifier.endsWith('?raw')) return next(specifier, context);
  const url = new URL(specifier, context.parentURL);
  return { url: url.href, shortCircuit: true };
}
export async function load(url, context, next) {
  if (!url.endsWith('?raw')) return next(url, context);
  const text = await readFile(new URL(url.slice(0, -4)), 'utf8');
  return { format: 'module', source: 'export default ' + JSON.stringify(text) + ';', shortCircuit: true };
}`),
);
