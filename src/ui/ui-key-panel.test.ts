import { describe, expect, it } from 'vitest';
import type { InputEvent } from '../input/input-event';
import { UiBox } from './ui-box';
import { UiControl } from './ui-control';
import { UiKernel } from './ui-kernel';
import { UiKeyPanel } from './ui-key-panel';
import { UiView } from './ui-view';

/** A field 60×11 at (4, 4) holding "AB", and a key panel under it at (0, 20). */
function bench() {
  const field = new UiControl('name', 'text', { x: 4, y: 4, width: 60, height: 11, value: 'AB' });
  const kernel = new UiKernel().add(new UiBox('card', { x: 0, y: 0, width: 120, height: 20 }).add(field));
  const keys = new UiKeyPanel(kernel, 'keys', 0, 20);
  const view = new UiView(kernel);
  const events: string[] = [];
  kernel.onEvent = (e) => events.push(`${e.type} ${e.control}${e.value === undefined ? '' : ` ${e.value}`}`);
  /** One frame: the input, the kernel, the panel, the view. */
  const frame = (...input: InputEvent[]) => {
    events.length = 0;
    for (const event of input) kernel.push(event);
    kernel.update();
    keys.update();
    view.update();
    return [...events];
  };
  /** A press and release at the centre of `control` (a key of the panel, or the field), by pointer 1. */
  const tap = (control: UiControl): InputEvent[] => {
    const r = kernel.boxOf(control).screenRect(control);
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    return [
      { kind: 'pointer-down', button: 0, x, y, pointer: 1 },
      { kind: 'pointer-up', button: 0, x, y, pointer: 1 },
    ];
  };
  const key = (label: string) => keys.box.controls.find((c) => c.label === label)!;
  return { field, kernel, keys, view, frame, tap, key };
}

describe('UiKeyPanel', () => {
  it('lays the rows out inside its box, shorter rows centred, and a last row of DEL, SPACE and OK', () => {
    const { keys } = bench();
    const { rect, controls } = keys.box;
    // 10 keys of 9 pixels with 1 between, 2 around; 5 rows.
    expect(rect).toEqual({ x: 0, y: 20, width: 103, height: 53 });
    expect(controls.map((c) => c.label).join('')).toBe('1234567890QWERTYUIOPASDFGHJKLZXCVBNMDELSPACEOK');
    for (const c of controls) {
      expect(c.kind).toBe('key');
      expect(c.x + c.width <= rect.width - 2 && c.y + c.height <= rect.height - 2).toBe(true);
    }
    const at = (label: string) => {
      const c = controls.find((k) => k.label === label)!;
      return [c.x, c.y, c.width, c.key];
    };
    expect([at('1'), at('Q'), at('A'), at('Z')]).toEqual([
      [2, 2, 9, '1'],
      [2, 12, 9, 'Q'],
      [7, 22, 9, 'A'],
      [17, 32, 9, 'Z'],
    ]);
    expect([at('DEL'), at('SPACE'), at('OK')]).toEqual([
      [2, 42, 19, 'Backspace'],
      [22, 42, 59, ' '],
      [82, 42, 19, 'Enter'],
    ]);
  });

  it('comes up when a field is edited; its keys type into the field; OK accepts and it goes, from the view too', () => {
    const { field, kernel, keys, view, frame, tap, key } = bench();
    expect([keys.shown, view.root.find('keys box')]).toEqual([false, null]);
    frame(...tap(field));
    expect([keys.shown, kernel.editingControl]).toEqual([true, field]);
    expect(view.root.find('keys box')).not.toBe(null);
    expect(view.root.find('keys h text')).not.toBe(null);
    // The caret went where the press was (after "AB"): H, I, SPACE, DEL, then 2.
    const typed = [key('H'), key('I'), key('SPACE'), key('DEL'), key('2')].map(
      (k) => frame(...tap(k)).filter((e) => e.startsWith('text-change'))[0],
    );
    expect(typed).toEqual([
      'text-change name ABH',
      'text-change name ABHI',
      'text-change name ABHI ',
      'text-change name ABHI',
      'text-change name ABHI2',
    ]);
    expect(kernel.focus).toBe(field);
    expect(frame(...tap(key('OK')))).toEqual([
      'hover-out keys 2',
      'hover-in keys ok',
      'click keys ok',
      'edit-accept name',
    ]);
    expect([keys.shown, field.value]).toEqual([false, 'ABHI2']);
    // Taken down at the frame the edit ended: the pointer's hover on OK is let go at the next update.
    expect(frame()).toEqual(['hover-out keys ok']);
    expect([view.root.find('keys box'), view.root.find('keys h text')]).toEqual([null, null]);
  });

  it('disabled, it stays down for an edit (a desk has a keyboard); Esc cancels the edit the panel came up for', () => {
    const { field, keys, frame, tap } = bench();
    keys.enabled = false;
    frame(...tap(field));
    expect(keys.shown).toBe(false);
    keys.enabled = true;
    frame();
    expect(keys.shown).toBe(true);
    frame({ kind: 'key', key: 'Escape', actions: ['reject'], shift: false, ctrl: false });
    expect([keys.shown, field.value]).toEqual([false, 'AB']);
  });
});
