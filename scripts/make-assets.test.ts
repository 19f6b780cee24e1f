import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assets } from './make-assets';

describe('the committed assets', () => {
  it('are exactly what `npm run assets` makes (made by the project, made again byte for byte)', async () => {
    for (const [path, bytes] of Object.entries(await assets())) {
      expect(readFileSync(resolve(import.meta.dirname, '..', path)).equals(bytes), path).toBe(true);
    }
  });
});
