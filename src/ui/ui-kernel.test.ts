import { describe, expect, it } from 'vitest';
import type { Action, InputEvent } from '../input/input-event';
import { UiBox } from './ui-box';
import { UiControl, type ControlKind } from './ui-control';
import { UiCursor } from './ui-cursor';
import { UiKernel, type UiEvent } from './ui-kernel';

/**
 * One box (100×60 at 10, 10) holding: a static, a button, a slider 0…40 (41 wide: one unit a pixel), a text field
 * (4 pixels a character), a checkbox, a pinned button, and a button far below (so the box scrolls).
 */
function scene() {
  const box = new UiBox('main', { x: 10, y: 10, width: 100, height: 60 });
  const make = (name: string, kind: ControlKind, x: number, y: number, width = 20, extra = {}) =>
    new UiControl(name, kind, { x, y, width, height: 10, ...extra });
  const controls = {
    yellow: make('yellow', 'static', 0, 0),
    green: make('green', 'button', 0, 12),
    red: make('red', 'slider', 0, 24, 41, { min: 0, max: 40, value: 10 }),
    blue: make('blue', 'text', 0, 36, 40, { value: 'abc', text: { maxLength: 8 } }),
    check: make('check', 'checkbox', 30, 0, 10),
    pin: make('pin', 'button', 80, 0, 10, { pinned: true }),
    low: make('low', 'button', 0, 100),
  };
  for (const c of Object.values(controls)) box.add(c);
  const kernel = new UiKernel().add(box);
  const run = (...events: InputEvent[]) => {
    for (const e of events) kernel.push(e);
    return kernel.update().map(show);
  };
  return { kernel, box, run, ...controls };
}

const show = (e: UiEvent) =>
  `${e.type} ${e.control ?? e.box}${e.value === undefined ? '' : ` ${String(e.value)}`}`;
/** Native pixel (x, y) of the box's content pixel (x, y) with the box unscrolled. */
const move = (x: number, y: number): InputEvent => ({ kind: 'pointer-move', x: 10 + x, y: 10 + y });
const down = (x: number, y: number, button = 0): InputEvent => ({
  kind: 'pointer-down',
  button,
  x: 10 + x,
  y: 10 + y,
});
const up = (x: number, y: number, button = 0): InputEvent => ({
  kind: 'pointer-up',
  button,
  x: 10 + x,
  y: 10 + y,
});
const key = (name: string, actions: Action[] = [], shift = false): InputEvent => ({
  kind: 'key',
  key: name,
  actions,
  shift,
  ctrl: false,
});
const pad = (...actions: Action[]): InputEvent => ({ kind: 'pad', actions });
const wheel = (deltaY: number, mods: { ctrl?: boolean; shift?: boolean } = {}): InputEvent => ({
  kind: 'wheel',
  deltaY,
  ctrl: mods.ctrl ?? false,
  shift: mods.shift ?? false,
});

describe('UI kernel: no capture (case 3)', () => {
  it('the pointer moves hover and focus together; a static is transparent; empty space clears both', () => {
    const { kernel, run } = scene();
    expect(run(move(5, 5))).toEqual([]); // the static passes the pointer through to the box's empty area
    expect(kernel.cursorVisible).toBe(true);
    expect(run(move(5, 15))).toEqual(['hover-in green', 'focus-in green']);
    expect(run(move(6, 16))).toEqual([]);
    expect(run(move(5, 28))).toEqual(['focus-out green', 'hover-out green', 'hover-in red', 'focus-in red']);
    expect(run(move(60, 50))).toEqual(['focus-out red', 'hover-out red']);
    expect([kernel.focus, kernel.hover]).toEqual([null, null]);
  });

  it('a click is a press and a release on the same control; a checkbox toggles first', () => {
    const { kernel, check, green, run } = scene();
    expect(run(move(5, 15), down(5, 15))).toEqual(['hover-in green', 'focus-in green']);
    expect(kernel.pressed).toBe(green); // held: drawn pressed
    expect(run(up(6, 16))).toEqual(['click green']);
    expect(kernel.pressed).toBe(null);
    expect(run(down(5, 15), move(60, 50), up(60, 50))).toEqual(['focus-out green', 'hover-out green']);
    expect(run(move(35, 5), down(35, 5), up(35, 5))).toEqual([
      'hover-in check',
      'focus-in check',
      'value-change check true',
      'click check',
    ]);
    expect(check.value).toBe(true);
  });

  it('keys and pad move focus by direction and hide the cursor; accept clicks; the mouse shows it again', () => {
    const { kernel, run } = scene();
    run(move(5, 15));
    expect(run(key('ArrowDown', ['down']))).toEqual(['hover-out green', 'focus-out green', 'focus-in red']);
    expect(kernel.cursorVisible).toBe(false);
    expect(run(pad('down'), pad('up'), pad('up'))).toEqual([
      'focus-out red',
      'focus-in blue',
      'focus-out blue',
      'focus-in red',
      'focus-out red',
      'focus-in green',
    ]);
    expect(run(key(' ', ['accept']), pad('right'))).toEqual([
      'click green',
      'focus-out green',
      'focus-in check',
    ]);
    expect(run(move(5, 28))).toEqual(['focus-out check', 'hover-in red', 'focus-in red']);
    expect(kernel.cursorVisible).toBe(true);
  });

  it('Tab and Shift+Tab move focus through the usable controls in reading order, wrapping; hidden and locked skipped', () => {
    const { kernel, box, green, low, run } = scene();
    // Reading order of the box's layout (top, then left): check and pin share the first row.
    const order = ['check', 'pin', 'green', 'red', 'blue', 'low'];
    const tabs: string[] = [];
    for (let i = 0; i < order.length + 1; i++) {
      run(key('Tab'));
      tabs.push(kernel.focus!.name);
    }
    expect(tabs).toEqual([...order, 'check']);
    expect(kernel.cursorVisible).toBe(false);
    expect(run(key('Tab', [], true), key('Tab', [], true))).toEqual([
      'focus-out check',
      'focus-in low',
      'scroll main 50', // the control far below is scrolled into view, and back up to the field
      'focus-out low',
      'focus-in blue',
      'scroll main 36',
    ]);
    run(key('Tab'));
    expect([kernel.focus, box.scroll]).toEqual([low, 50]);
    green.locked = true;
    low.hidden = true;
    run(key('Tab'), key('Tab'));
    expect(kernel.focus!.name).toBe('pin');
    expect(run(key('Tab'))).toEqual(['focus-out pin', 'focus-in red']);
    // The kernel took the keys: none is left for the page.
    expect(kernel.unusedKeys).toEqual([]);
  });

  it('Tab out of a text field being edited accepts the edit, then moves on; Tab during a mouse capture is ignored', () => {
    const { kernel, blue, run } = scene();
    run(key('Tab'), key('Tab'), key('Tab'), key('Tab'), key('Tab'));
    expect(kernel.focus).toBe(blue);
    expect(run(key(' ', ['accept']), { kind: 'text', text: 'd' }, key('Tab'))).toEqual([
      'edit-start blue',
      'text-change blue abcd',
      'edit-accept blue',
      'focus-out blue',
      'focus-in low',
      'scroll main 50',
    ]);
    expect(blue.value).toBe('abcd');
    const dragging = scene();
    dragging.run(move(5, 28), down(5, 28)); // the slider captures the mouse
    expect(dragging.run(key('Tab'))).toEqual([]);
    expect(dragging.kernel.focus).toBe(dragging.red);
  });

  it('ArrowDown from a button goes to the wide field right below it, not past it to the row under the field', () => {
    const box = new UiBox('rows', { x: 0, y: 0, width: 200, height: 100 });
    // The ui-kernel demo's first rows: a button, then a field as wide as the row under it, then the next button.
    box.add(new UiControl('ok-0', 'button', { x: 38, y: 4, width: 40, height: 13 }));
    box.add(new UiControl('field-0', 'text', { x: 4, y: 20, width: 156, height: 13, value: '' }));
    box.add(new UiControl('ok-1', 'button', { x: 38, y: 38, width: 40, height: 13 }));
    box.add(new UiControl('slider-1', 'slider', { x: 82, y: 38, width: 61, height: 13, min: 0, max: 1 }));
    const kernel = new UiKernel().add(box);
    const press = (name: string, action: Action) => {
      kernel.push(key(name, [action]));
      kernel.update();
      return kernel.focus!.name;
    };
    kernel.push(key('Tab'));
    kernel.update();
    expect(kernel.focus!.name).toBe('ok-0');
    expect(press('ArrowDown', 'down')).toBe('field-0');
    expect(press('ArrowDown', 'down')).toBe('ok-1'); // the nearer of the two under the field's middle
    expect(press('ArrowUp', 'up')).toBe('field-0');
    expect(press('ArrowUp', 'up')).toBe('ok-0');
  });

  it('a focused slider takes left and right; the wheel over it changes it instead of scrolling', () => {
    const { box, red, run } = scene();
    run(move(5, 28));
    expect(run(key('ArrowRight', ['right']), pad('left'), pad('left'))).toEqual([
      'hover-out red',
      'value-change red 11',
      'value-change red 10',
      'value-change red 9',
    ]);
    run(move(5, 29));
    expect(run(wheel(-1), wheel(2))).toEqual(['value-change red 10', 'value-change red 9']);
    expect([red.value, box.scroll]).toEqual([9, 0]);
  });

  it('the wheel scrolls the box under the pointer (Ctrl 1 px, Shift fast), never past its ends; pinned stay', () => {
    const { kernel, box, run } = scene();
    expect(box.maxScroll).toBe(50);
    expect(run(move(60, 50), wheel(1))).toEqual(['scroll main 8']);
    expect(run(wheel(1, { ctrl: true }))).toEqual(['scroll main 9']);
    expect(run(wheel(1, { shift: true }))).toEqual(['scroll main 41']);
    expect(run(wheel(1, { shift: true }))).toEqual(['scroll main 50']);
    expect(run(wheel(1))).toEqual([]);
    // Scrolled by 50: the low button (content y 100) is at box y 50; the pinned one has not moved.
    expect(run(move(5, 55))).toEqual(['hover-in low', 'focus-in low']);
    expect(run(move(85, 5))).toEqual(['focus-out low', 'hover-out low', 'hover-in pin', 'focus-in pin']);
    expect(kernel.boxOf(kernel.focus!).name).toBe('main');
  });

  it('navigating to a control out of view scrolls the box to show it', () => {
    const { box, run } = scene();
    run(move(5, 38));
    expect(run(pad('down'))).toEqual(['hover-out blue', 'focus-out blue', 'focus-in low', 'scroll main 50']);
    expect(box.scroll).toBe(50);
  });
});

describe('UI kernel: hit shapes and the cursor', () => {
  it('an irregular control is hit only on its shape; the pointer passes through the rest of its rectangle', () => {
    const box = new UiBox('box', { x: 0, y: 0, width: 40, height: 40 });
    const under = new UiControl('under', 'button', { x: 0, y: 0, width: 20, height: 20 });
    // A triangle over the button's top-left half: above the diagonal x + y < 20.
    const wedge = new UiControl('wedge', 'button', {
      x: 0,
      y: 0,
      width: 20,
      height: 20,
      hitTest: (x, y) => x + y < 20,
    });
    const kernel = new UiKernel().add(box.add(under).add(wedge));
    kernel.push({ kind: 'pointer-move', x: 3, y: 3 });
    kernel.update();
    expect(kernel.hover?.name).toBe('wedge');
    kernel.push({ kind: 'pointer-move', x: 15, y: 15 });
    kernel.update();
    expect(kernel.hover?.name).toBe('under');
  });

  it('the cursor takes the shape the control under it asks for; the engine cursor animates a shape by time', () => {
    const { kernel, red, run } = scene();
    const shapes: string[] = [];
    const look = (...events: InputEvent[]) => {
      run(...events);
      shapes.push(kernel.cursorShape);
    };
    look(move(60, 50)); // empty space
    look(move(5, 15)); // button
    look(move(5, 28)); // slider
    look(down(5, 28)); // dragging it
    look(up(5, 28), move(6, 38)); // text field
    red.locked = true;
    look(move(5, 28)); // a locked control
    expect(shapes).toEqual(['arrow', 'pointer', 'grab', 'grabbing', 'text', 'locked']);
    const cursor = new UiCursor();
    const frames: string[] = [];
    for (let i = 0; i < 5; i++) {
      cursor.update(kernel, i === 0 ? 0 : 0.25);
      frames.push(cursor.sprite.sprite);
    }
    // The locked sign's two frames, 0.4 s each, by time: 0, 0.25, 0.5, 0.75, 1.0 s.
    expect(frames).toEqual([
      'cursor-locked-0',
      'cursor-locked-0',
      'cursor-locked-1',
      'cursor-locked-1',
      'cursor-locked-0',
    ]);
    expect([cursor.sprite.visible, cursor.sprite.position[0], cursor.sprite.position[1]]).toEqual([
      true,
      15,
      38,
    ]);
    run(pad('down'));
    cursor.update(kernel, 0.01);
    expect(cursor.sprite.visible).toBe(false); // navigating hides it
  });
});

describe('UI kernel: mouse capture (case 2)', () => {
  it('a slider captures on press, follows the pointer anywhere, accepts on release', () => {
    const { kernel, run } = scene();
    expect(run(move(5, 28), down(5, 28))).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 5',
    ]);
    expect(kernel.capture).toBe('mouse');
    // Hover and focus stay put over the button, past the box, outside the canvas; keys, pad and wheel do nothing.
    expect(run(move(20, 15), move(200, -40), key('ArrowDown', ['down']), pad('up'), wheel(3))).toEqual([
      'value-change red 20',
      'value-change red 40',
    ]);
    expect(run(up(200, -40))).toEqual(['capture-accept red', 'focus-out red', 'hover-out red']);
    expect(kernel.capture).toBe(null);
  });

  it('the right button or Esc cancels and restores the value; then hover and focus follow the pointer', () => {
    const { red, run } = scene();
    expect(run(move(5, 28), down(5, 28), move(30, 15), down(30, 15, 2))).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 5',
      'value-change red 30',
      'capture-cancel red',
      'value-change red 10',
      'focus-out red', // the pointer is over empty space now
      'hover-out red',
    ]);
    expect(red.value).toBe(10);
    expect(run(move(6, 28), down(6, 28), key('Escape'), up(6, 28))).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 6',
      'capture-cancel red',
      'value-change red 10',
    ]);
  });

  it('a control hidden or locked while captured cancels the capture and loses focus and hover', () => {
    const { red, run } = scene();
    run(move(5, 28), down(5, 28), move(25, 28));
    red.locked = true;
    expect(run()).toEqual(['capture-cancel red', 'value-change red 10', 'focus-out red', 'hover-out red']);
    expect(run(up(25, 28), move(26, 28))).toEqual([]); // locked: not hovered, not focused
  });
});

describe('UI kernel: the page lost the mouse (case 1)', () => {
  it('blur cancels a capture and clears focus and hover; leaving the canvas clears them', () => {
    const { kernel, run } = scene();
    expect(run(move(5, 28), down(5, 28), { kind: 'blur' })).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 5',
      'capture-cancel red',
      'value-change red 10',
      'focus-out red',
      'hover-out red',
    ]);
    expect(run(move(5, 15), { kind: 'pointer-leave' })).toEqual([
      'hover-in green',
      'focus-in green',
      'focus-out green',
      'hover-out green',
    ]);
    expect(kernel.capture).toBe(null);
  });
});

describe('UI kernel: text-edit capture', () => {
  /** Clicks the field before character 1 (2 pixels in, 4 a character) and types: the edit has begun and the text is "aXbc". */
  function editing() {
    const s = scene();
    const events = s.run(move(6, 38), down(6, 38), up(6, 38), { kind: 'text', text: 'X' });
    return { ...s, events };
  }

  it('a press asks for editing first, then mouse capture to select; text arrives as text events', () => {
    const { kernel, events, run } = editing();
    expect(events).toEqual([
      'hover-in blue',
      'focus-in blue',
      'edit-start blue',
      'capture-start blue',
      'caret-move blue 1',
      'capture-accept blue',
      'text-change blue aXbc',
    ]);
    expect(kernel.capture).toBe('text');
    // Dragging selects; typing replaces the selection; characters are code points, up to the limit of 8.
    expect(run(down(6, 38), move(14, 38), up(14, 38), { kind: 'text', text: 'żółć gęślą' })).toEqual([
      'capture-start blue',
      'caret-move blue 1',
      'caret-move blue 3',
      'capture-accept blue',
      'text-change blue ażółć gc',
    ]);
  });

  it('while editing, focus stays on the field and the mouse only hovers others', () => {
    const { kernel, run } = editing();
    expect(run(move(5, 15), move(5, 28))).toEqual([
      'hover-out blue',
      'hover-in green',
      'hover-out green',
      'hover-in red',
    ]);
    expect(kernel.focus?.name).toBe('blue');
  });

  it('Enter, accept and ↑/↓ accept; Esc and reject cancel and restore the text', () => {
    for (const end of [key('Enter'), pad('accept'), key('ArrowUp', ['up']), pad('down')]) {
      const { kernel, run } = editing();
      expect(run(end)).toEqual(['edit-accept blue']);
      expect([kernel.capture, kernel.focus?.name]).toEqual([null, 'blue']);
    }
    for (const end of [key('Escape', ['reject']), pad('reject')]) {
      const { blue, run } = editing();
      expect(run(end)).toEqual(['edit-cancel blue', 'text-change blue abc']);
      expect(blue.value).toBe('abc');
    }
  });

  it("a click outside accepts: in the box's empty area, on another control, outside every box", () => {
    const cases: [InputEvent[], string[]][] = [
      [
        [move(60, 50), down(60, 50)],
        ['hover-out blue', 'edit-accept blue', 'focus-out blue'],
      ],
      [
        [move(5, 15), down(5, 15), up(5, 15)],
        [
          'hover-out blue',
          'hover-in green',
          'edit-accept blue',
          'focus-out blue',
          'focus-in green',
          'click green',
        ],
      ],
      [
        [move(300, 300), down(300, 300)],
        ['hover-out blue', 'edit-accept blue', 'focus-out blue'],
      ],
    ];
    for (const [events, expected] of cases) expect(editing().run(...events)).toEqual(expected);
  });

  it('keys edit the text: caret, selection, Backspace and Delete; Space types rather than accepts', () => {
    const { run } = editing(); // "aXbc", caret 2
    expect(run(key('ArrowLeft', ['left']), key('End', [], true), key('Backspace'))).toEqual([
      'caret-move blue 1',
      'caret-move blue 4',
      'text-change blue a',
    ]);
    expect(run(key(' ', ['accept']), { kind: 'text', text: ' b' }, key('Home'), key('Delete'))).toEqual([
      'text-change blue a b',
      'caret-move blue 0',
      'text-change blue  b',
    ]);
  });

  it('a field locked while editing cancels the edit', () => {
    const { blue, run } = editing();
    blue.locked = true;
    expect(run()).toEqual(['edit-cancel blue', 'text-change blue abc', 'focus-out blue', 'hover-out blue']);
  });
});

describe('UI kernel: keys of an on-screen keyboard', () => {
  /** The scene plus a box of three keys under it (native y 75…87): Q types "q", DEL is Backspace, OK is Enter. */
  function keyboard() {
    const s = scene();
    const make = (name: string, x: number, key: string) =>
      new UiControl(name, 'key', { x, y: 0, width: 10, height: 10, label: name.toUpperCase(), key });
    const keys = { q: make('q', 0, 'q'), del: make('del', 12, 'Backspace'), ok: make('ok', 24, 'Enter') };
    s.kernel.add(
      new UiBox('keys', { x: 10, y: 75, width: 40, height: 12 }).add(keys.q).add(keys.del).add(keys.ok),
    );
    return { ...s, ...keys };
  }
  /** Pixel (x, 5) of the keys' box, in the scene helpers' coordinates (native minus 10). */
  const onKey = (x: number): [number, number] => [x, 70];

  it('a key hovers and clicks but never takes focus, nor a place in tab order; with no field editing it types nothing', () => {
    const { kernel, run, green, blue } = keyboard();
    run(move(5, 15));
    expect(kernel.focus).toBe(green);
    expect(run(move(...onKey(5)), down(...onKey(5)), up(...onKey(5)))).toEqual([
      'hover-out green',
      'hover-in q',
      'click q',
    ]);
    expect([kernel.focus, blue.value]).toEqual([green, 'abc']);
    expect(kernel.tabOrder().map((stop) => stop.c.kind)).not.toContain('key');
  });

  it('while a field edits, a key types into it: its press neither ends the edit nor moves focus; DEL deletes, OK accepts', () => {
    const { kernel, run, blue } = keyboard();
    run(move(6, 38), down(6, 38), up(6, 38)); // editing, the caret after "a"
    expect(run(down(...onKey(5)), up(...onKey(5)))).toEqual([
      'hover-out blue',
      'hover-in q',
      'click q',
      'text-change blue aqbc',
    ]);
    expect([kernel.focus, kernel.capture]).toEqual([blue, 'text']);
    expect(run(down(...onKey(17)), up(...onKey(17)))).toEqual([
      'hover-out q',
      'hover-in del',
      'click del',
      'text-change blue abc',
    ]);
    // A press on a key released off it types nothing (as a button's click).
    expect(run(down(...onKey(17)), up(...onKey(38)))).toEqual([]);
    expect(run(down(...onKey(29)), up(...onKey(29)))).toEqual([
      'hover-out del',
      'hover-in ok',
      'click ok',
      'edit-accept blue',
    ]);
    expect([kernel.focus, kernel.capture, blue.value]).toEqual([blue, null, 'abc']);
  });
});

describe('UI kernel: controls and boxes taken out', () => {
  it('removing a slider mid-drag cancels its capture (value restored), then focus and hover leave; nothing throws', () => {
    const { kernel, box, red, run } = scene();
    expect(run(move(5, 28), down(5, 28), move(30, 28))).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 5',
      'value-change red 30',
    ]);
    box.remove(red);
    expect(run()).toEqual(['capture-cancel red', 'value-change red 10', 'focus-out red', 'hover-out red']);
    expect([kernel.capture, kernel.focus, kernel.hover, kernel.pressed, red.value]).toEqual([
      null,
      null,
      null,
      null,
      10,
    ]);
    // Frames go on, and the control is gone from hit testing and navigation.
    expect(run(up(30, 28), move(5, 29))).toEqual([]);
    run(pad('up'), pad('down'), pad('down'), pad('down'));
    expect(kernel.focus?.name).not.toBe('red');
    expect(() => box.remove(red)).toThrow('UiBox "main" has no control "red" to remove.');
  });

  it('removing a field being edited cancels the edit (text restored); removing the box lets go of everything', () => {
    const { kernel, box, blue, run } = scene();
    run(move(5, 38), down(5, 38), up(5, 38));
    expect(kernel.capture).toBe('text');
    run({ kind: 'text', text: 'Z' });
    box.remove(blue);
    expect(run()).toEqual(['edit-cancel blue', 'text-change blue abc', 'focus-out blue', 'hover-out blue']);
    expect(blue.value).toBe('abc');
    run(move(5, 15));
    expect(kernel.focus?.name).toBe('green');
    kernel.remove(box);
    expect(run()).toEqual(['focus-out green', 'hover-out green']);
    expect(run(move(5, 15), wheel(1))).toEqual([]);
    expect(() => kernel.remove(box)).toThrow('The UI kernel has no box "main" to remove.');
  });

  it('a pointer or wheel at NaN or Infinity is ignored and counted, leaving hover, sliders and scroll as they were', () => {
    const { kernel, box, red, run } = scene();
    run(move(5, 28), down(5, 28));
    expect(
      run(
        { kind: 'pointer-move', x: NaN, y: 10 },
        { kind: 'pointer-up', button: 0, x: 20, y: Infinity },
        { kind: 'wheel', deltaY: NaN, ctrl: false, shift: false },
      ),
    ).toEqual([]);
    expect([kernel.ignoredInputs, red.value, box.scroll, kernel.capture]).toEqual([3, 5, 0, 'mouse']);
    expect(kernel.pointer).toEqual({ x: 15, y: 38 });
  });
});

describe('UI kernel: several pointers (XR controllers)', () => {
  /** `e` as pointer `id`'s. */
  const by = (id: number, e: InputEvent): InputEvent => ({ ...e, pointer: id }) as InputEvent;
  const leave = (id: number): InputEvent => ({ kind: 'pointer-leave', pointer: id });

  it('a click by another pointer is a click; the mouse keeps its own place and hover', () => {
    const { kernel, run } = scene();
    expect(run(by(1, move(5, 15)), by(1, down(5, 15)), by(1, up(5, 15)))).toEqual([
      'hover-in green',
      'focus-in green',
      'click green',
    ]);
    expect([kernel.hover, kernel.hoverOf(1)?.name, kernel.pointer]).toEqual([null, 'green', { x: 0, y: 0 }]);
  });

  it('a control is hovered while any pointer is over it: hover-in for the first, hover-out after the last', () => {
    const { kernel, green, run } = scene();
    expect(run(by(1, move(5, 15)), by(2, move(6, 15)))).toEqual(['hover-in green', 'focus-in green']);
    // Focus leaves with the last pointer over the focused control, whichever pointer it followed.
    expect(run(leave(2))).toEqual([]);
    expect(kernel.isHovered(green)).toBe(true);
    expect(run(leave(1))).toEqual(['focus-out green', 'hover-out green']);
    expect(kernel.isHovered(green)).toBe(false);
  });

  it('focus follows the pointer that last entered a control, not one that jitters inside its own', () => {
    const { kernel, run } = scene();
    run(by(1, move(5, 15)), by(2, move(5, 5)), by(2, move(32, 5)));
    expect(kernel.focus?.name).toBe('check'); // pointer 2 entered the checkbox last
    expect(run(by(1, move(6, 16)), by(2, move(33, 6)), by(1, move(7, 15)))).toEqual([]);
    expect(run(by(1, move(5, 28)))).toEqual([
      'focus-out check',
      'hover-out green',
      'hover-in red',
      'focus-in red',
    ]);
  });

  it('two pointers each capture their own slider; a release or a squeeze (button 2) ends only its own', () => {
    const { kernel, box, red, run } = scene();
    const red2 = new UiControl('red2', 'slider', {
      x: 50,
      y: 24,
      width: 41,
      height: 10,
      min: 0,
      max: 40,
      value: 0,
    });
    box.add(red2);
    expect(run(by(1, move(5, 28)), by(1, down(5, 28)))).toEqual([
      'hover-in red',
      'focus-in red',
      'capture-start red',
      'value-change red 5',
    ]);
    // Focus holds still while a capture does: the second pointer hovers and captures without taking it.
    expect(run(by(2, move(70, 28)), by(2, down(70, 28)))).toEqual([
      'hover-in red2',
      'capture-start red2',
      'value-change red2 20',
    ]);
    expect([kernel.capturedBy(1), kernel.capturedBy(2), kernel.capturedBy(0)]).toEqual([red, red2, null]);
    expect(run(by(1, move(15, 50)), by(2, move(80, 28)))).toEqual([
      'value-change red 15',
      'value-change red2 30',
    ]);
    expect(run(by(2, up(80, 28)))).toEqual(['capture-accept red2']);
    expect(run(by(1, down(15, 50, 2)))).toEqual([
      'capture-cancel red',
      'value-change red 10',
      'focus-out red', // pointer 1 is below every control now, and the last to move to another
      'hover-out red',
    ]);
    expect([red.value, red2.value, kernel.capture]).toEqual([10, 30, null]);
  });

  it("a capture is its starter's: another pointer's press on the control is ignored, and on a field it selects in", () => {
    const { kernel, red, blue, run } = scene();
    run(by(1, move(5, 28)), by(1, down(5, 28)));
    expect(run(by(2, move(6, 28)), by(2, down(20, 28)), by(2, up(20, 28)))).toEqual([]);
    expect([kernel.capturedBy(1), kernel.capturedBy(2), red.value]).toEqual([red, null, 5]);
    run(by(1, up(5, 28)), by(1, move(5, 38)), by(1, down(5, 38)));
    expect([kernel.capturedBy(1), kernel.editingControl]).toEqual([blue, blue]);
    expect(run(by(2, move(5, 15)), by(2, down(5, 15)), by(2, up(5, 15)))).toEqual([
      'hover-out red',
      'hover-in green',
    ]);
    expect(kernel.editingControl).toBe(blue); // the edit is not ended from under the pointer selecting in it
  });

  it('a pointer leaving mid-drag cancels its capture (value restored); the mouse leaving does too', () => {
    const { kernel, red, run } = scene();
    run(by(1, move(5, 28)), by(1, down(5, 28)), by(1, move(25, 28)));
    expect(run(leave(1))).toEqual([
      'capture-cancel red',
      'value-change red 10',
      'focus-out red',
      'hover-out red',
    ]);
    run(move(5, 28), down(5, 28));
    expect(run({ kind: 'pointer-leave' })).toEqual([
      'capture-cancel red',
      'value-change red 10',
      'focus-out red',
      'hover-out red',
    ]);
    expect([red.value, kernel.capture]).toEqual([10, null]);
  });
});
