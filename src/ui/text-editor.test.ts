import { describe, expect, it } from 'vitest';
import { TextEditor } from './text-editor';

describe('TextEditor', () => {
  it('counts characters as code points: a limit of 5 holds "Zażół", emoji one each', () => {
    const editor = new TextEditor('', { maxLength: 5 });
    expect(editor.insert('Zażółć gęślą')).toBe(true);
    expect([editor.text, editor.length, editor.caret]).toEqual(['Zażół', 5, 5]);
    expect(editor.insert('x')).toBe(false);
    const emoji = new TextEditor('😀a');
    expect([emoji.length, emoji.caret]).toEqual([2, 2]);
    emoji.delete(false);
    emoji.delete(false);
    expect(emoji.text).toBe('');
  });

  it('types over the selection, filters characters, and moves the caret as a text field does', () => {
    const digits = new TextEditor('12345', { accept: (c) => /[0-9]/.test(c) });
    digits.moveTo(1);
    digits.moveTo(3, true); // "23" selected
    expect(digits.selection).toEqual([1, 3]);
    expect(digits.insert('a9b')).toBe(true);
    expect([digits.text, digits.caret, digits.anchor]).toEqual(['1945', 2, 2]);
    expect(digits.moveBy(-1, true)).toBe(true);
    expect(digits.selection).toEqual([1, 2]);
    expect(digits.moveBy(1)).toBe(true); // collapses to the selection's end
    expect([digits.caret, digits.anchor]).toEqual([2, 2]);
    expect(digits.delete(true)).toBe(true);
    expect(digits.text).toBe('195');
    digits.moveTo(0);
    expect(digits.delete(false)).toBe(false);
    expect(digits.moveTo(-4)).toBe(false);
    expect(new TextEditor('a\nb').insert('\u0007')).toBe(false); // control characters are not typed
    expect(digits.selectAll()).toBe(true);
    expect(digits.insert('')).toBe(true);
    expect(digits.text).toBe('');
  });
});
