// The public entries as a user meets them: the main entry stays small (what an app uses), and each name is public
// through one entry only, so an import line says which part of Armature it reaches.
import { resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ENTRIES = ['index', 'advanced', 'debug'] as const;

/** The names an entry exports (values and types), read by the TypeScript compiler. */
function exportedNames(): Record<(typeof ENTRIES)[number], string[]> {
  const files = ENTRIES.map((e) => resolve(import.meta.dirname, `${e}.ts`));
  const program = ts.createProgram(files, {
    module: ts.ModuleKind.ESNext,
    target: ts.ScriptTarget.ES2022,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const names = files.map((file) => {
    const symbol = checker.getSymbolAtLocation(program.getSourceFile(file)!)!;
    return checker.getExportsOfModule(symbol).map((s) => s.name);
  });
  return Object.fromEntries(ENTRIES.map((e, i) => [e, names[i]!])) as never;
}

describe('the public entries', () => {
  const names = exportedNames();

  it('armature exports at most 150 names: what an app uses', () => {
    expect(names.index.length).toBeGreaterThan(50);
    expect(names.index.length).toBeLessThanOrEqual(150);
  });

  it('no name is public through two entries', () => {
    const seen = new Map<string, string>();
    const twice: string[] = [];
    for (const entry of ENTRIES)
      for (const name of names[entry]) {
        if (seen.has(name)) twice.push(`${name} (${seen.get(name)} and ${entry})`);
        seen.set(name, entry);
      }
    expect(twice).toEqual([]);
  });
});
