import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '..');
const shaders = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? shaders(join(dir, entry.name))
      : /\.(wgsl|glsl)$/.test(entry.name)
        ? [join(dir, entry.name)]
        : [],
  );

describe('shaders in wgsl/', () => {
  const files = shaders(join(ROOT, 'wgsl'));

  it('each names its one owner in src/ on its first line, and that owner imports it', () => {
    expect(files.length).toBeGreaterThan(10);
    for (const file of files) {
      const name = relative(join(ROOT, 'wgsl'), file);
      const owner = /^\/\/ Owner: (src\/\S+\.ts)\./.exec(readFileSync(file, 'utf8'))?.[1];
      expect(owner, `${name}: first line must be "// Owner: src/….ts. …"`).toBeDefined();
      expect(existsSync(join(ROOT, owner!)), `${name}: owner ${owner} does not exist`).toBe(true);
      expect(readFileSync(join(ROOT, owner!), 'utf8'), `${owner} does not import ${name}`).toContain(
        name.split('/').pop()!,
      );
    }
  });

  it('pairs at a glance: a shader in wgsl/<folder>/ is owned by a file in a src/ folder of that name', () => {
    for (const file of files) {
      const folder = relative(join(ROOT, 'wgsl'), file).split('/')[0]!;
      const owner = /^\/\/ Owner: (src\/\S+\.ts)\./.exec(readFileSync(file, 'utf8'))?.[1] ?? '';
      expect(owner.split('/').slice(0, -1).pop(), `${relative(ROOT, file)} is owned by ${owner}`).toBe(
        folder,
      );
    }
  });

  it('has a GLSL ES twin beside every WGSL shader (the WebGL2 backend), with the same name; compute alone has none', () => {
    const wgsl = files.filter((f) => f.endsWith('.wgsl'));
    for (const file of wgsl) {
      const twin = file.replace(/\.wgsl$/, '.glsl');
      // WebGL2 has no compute shaders: a compute-only module (its work done on the CPU there) has no twin.
      const compute =
        /@compute/.test(readFileSync(file, 'utf8')) && !/@vertex|@fragment/.test(readFileSync(file, 'utf8'));
      expect(existsSync(twin), file).toBe(!compute);
    }
  });
});
