import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { madeDocs } from './make-docs';

describe('the made parts of docs/', () => {
  it('are what `npm run docs` makes from the code (the pass tables from the descriptors)', async () => {
    for (const [path, text] of Object.entries(await madeDocs()))
      expect(
        readFileSync(resolve(import.meta.dirname, '..', path), 'utf8'),
        `${path}: run npm run docs`,
      ).toBe(text);
  });
});
