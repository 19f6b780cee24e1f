import { describe, expect, it } from 'vitest';
import { UiText } from './ui-element';

describe('UiText in the shipped pixel font', () => {
  it('refuses a character the font lacks when the text is set, naming it, and keeps the text it had', () => {
    expect(() => new UiText('title', 'CAFÉ')).toThrow(
      /UiText "title": the pixel font has no glyph for "É" \(U\+00C9\); the text is unchanged\. It has 0123/,
    );
    const label = new UiText('label', 'score 10'); // lower case draws as upper case
    expect(() => (label.text = 'naïve')).toThrow(/no glyph for "ï" \(U\+00EF\)/);
    expect(label.text).toBe('score 10');
    label.text = 'LINE 1\nLINE 2';
    expect(label.text).toBe('LINE 1\nLINE 2');
    expect(() => (label.text = 42 as unknown as string)).toThrow(
      'UiText "label": text must be a string, not number.',
    );
  });
});
