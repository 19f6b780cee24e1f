// Writes the parts of docs/ that are made from the code: the pass and settings tables of docs/passes.md, from the
// chain's pass descriptors (`npm run docs` runs it before TypeDoc). make-docs.test.ts checks the page is current.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { format, resolveConfig } from 'prettier';
import { BUILT_IN_PASSES } from '../src/render/passes/chain';
import { passTable } from '../src/render/passes/pass-table';

const BEGIN = '<!-- made by scripts/make-docs.ts: do not edit between these lines -->';
const END = '<!-- end of made -->';

/** `page` with the made part between its markers replaced by `made`. */
export function fillMade(page: string, made: string, where: string): string {
  const begin = page.indexOf(BEGIN);
  const end = page.indexOf(END);
  if (begin < 0 || end < begin) throw new Error(`${where}: the markers of the made part are missing.`);
  return `${page.slice(0, begin + BEGIN.length)}\n${made}\n${page.slice(end)}`;
}

/** Each made page: its path from the repository root, and its text as it should be (laid out by Prettier). */
export async function madeDocs(): Promise<Record<string, string>> {
  const path = 'docs/passes.md';
  const file = resolve(import.meta.dirname, '..', path);
  const page = fillMade(readFileSync(file, 'utf8'), passTable(BUILT_IN_PASSES), path);
  return { [path]: await format(page, { ...(await resolveConfig(file)), filepath: file }) };
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  for (const [path, text] of Object.entries(await madeDocs())) {
    writeFileSync(resolve(import.meta.dirname, '..', path), text);
    console.log(`wrote ${path}`);
  }
}
