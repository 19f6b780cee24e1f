import { describe, expect, it } from 'vitest';
import { RefCache } from './ref-cache';

describe('RefCache', () => {
  it('frees a copy `keep` sweeps after its last release, and not while anything refers to it', () => {
    const freed: string[] = [];
    const cache = new RefCache<string, string>((value) => freed.push(value), 3);
    let made = 0;
    const make = (key: string) => `${key}#${++made}`;
    cache.retain('box');
    cache.retain('box');
    expect(cache.get('box', make)).toBe('box#1');
    cache.release('box');
    for (let i = 0; i < 5; i++) cache.sweep();
    expect(freed).toEqual([]); // one draw still refers to it
    cache.release('box');
    cache.sweep();
    cache.sweep();
    expect(freed).toEqual([]);
    cache.sweep();
    expect(freed).toEqual(['box#1']);
    expect(cache.size).toBe(0);
  });

  it('a key released and retained again within `keep` frames keeps its copy: nothing is made again', () => {
    const freed: string[] = [];
    const cache = new RefCache<string, string>((value) => freed.push(value), 3);
    let made = 0;
    const make = (key: string) => `${key}#${++made}`;
    cache.retain('tree');
    cache.get('tree', make);
    cache.release('tree'); // taken out…
    cache.sweep();
    cache.retain('tree'); // …and put back two frames later
    for (let i = 0; i < 10; i++) cache.sweep();
    expect([cache.get('tree', make), made, freed]).toEqual(['tree#1', 1, []]);
  });

  it('a copy asked for but never retained is swept; a release without a retain is an error; destroy frees all', () => {
    const freed: string[] = [];
    const cache = new RefCache<string, string>((value) => freed.push(value), 1);
    cache.get('stray', (k) => k);
    cache.sweep();
    expect(freed).toEqual(['stray']);
    expect(() => cache.release('ghost')).toThrow(/released more often than retained/);
    cache.retain('a');
    cache.get('a', (k) => k);
    cache.destroy();
    expect(freed).toEqual(['stray', 'a']);
  });
});
