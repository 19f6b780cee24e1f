import { describe, expect, it } from 'vitest';
import type { Sprite } from '../scene/sprite';
import { WorldText } from './world-text';

const glyphs = (text: WorldText) => text.children as readonly Sprite[];
const shown = (text: WorldText) =>
  glyphs(text)
    .filter((g) => g.visible)
    .map((g) => [g.frame, g.position[0], g.position[1]]);

describe('WorldText', () => {
  it('lays glyphs out left to right and down a line per "\\n", a node per character, spaces taking none', () => {
    const text = new WorldText('label', 'A1 B\nC', { pixelsPerUnit: 4 }); // a 4-texel advance is one unit
    expect(text.capacity).toBe(4);
    const frame = (char: string) => new WorldText('one', char).children.map((g) => (g as Sprite).frame)[0];
    // A1 on the first line, B after the space, C at the start of the second (6 texels lower: 1.5 units).
    expect(shown(text)).toEqual([
      [frame('A'), 0, 0],
      [frame('1'), 1, 0],
      [frame('B'), 3, 0],
      [frame('C'), 0, -1.5],
    ]);
    expect(frame('a')).toBe(frame('A'));
  });

  it('rewriting re-frames only the glyphs that differ; the same text changes nothing', () => {
    const text = new WorldText('cost', '4.21/11.11', { capacity: 12 });
    const before = glyphs(text).map((g) => g.material.version);
    text.text = '4.21/11.11';
    expect(glyphs(text).map((g) => g.material.version)).toEqual(before);
    text.text = '4.37/11.11';
    const changed = glyphs(text).filter((g, i) => g.material.version !== before[i]);
    expect(changed.map((g) => g.name)).toEqual(['cost glyph 2', 'cost glyph 3']);
    text.text = '9';
    expect(glyphs(text).filter((g) => g.visible)).toHaveLength(1);
    expect(glyphs(text)).toHaveLength(12); // no node made or dropped
  });

  it('refuses text over its capacity or outside the font, showing what it showed before', () => {
    const text = new WorldText('cost', 'OK', { capacity: 3 });
    const before = shown(text);
    expect(() => (text.text = 'FOUR')).toThrow(/"FOUR" has 4 characters; it was made for 3/);
    expect(() => (text.text = 'a~')).toThrow(/no glyph for "~"/);
    expect(text.text).toBe('OK');
    expect(shown(text)).toEqual(before);
    expect(() => new WorldText('bad', 'x', { capacity: 1.5 })).toThrow(/capacity 1.5/);
  });

  it('colours every glyph', () => {
    const text = new WorldText('cost', 'AB').setColor(1, 0, 0);
    expect(glyphs(text).map((g) => [...g.material.color])).toEqual([
      [1, 0, 0, 1],
      [1, 0, 0, 1],
    ]);
  });
});
