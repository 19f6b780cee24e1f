import { describe, expect, it } from 'vitest';
import type { Action, InputEvent } from '../input/input-event';
import { seededRandom } from '../math/seeded-random';
import { UiBox } from './ui-box';
import { UiControl, type ControlKind } from './ui-control';
import { UiKernel, type UiEvent, type UiEventType } from './ui-kernel';

/** Which kinds may receive each event (focus and hover: every kind but static). */
const ALLOWED: Record<UiEventType, readonly ControlKind[] | 'box'> = {
  'focus-in': ['button', 'slider', 'text', 'checkbox'],
  'focus-out': ['button', 'slider', 'text', 'checkbox'],
  'hover-in': ['button', 'slider', 'text', 'checkbox'],
  'hover-out': ['button', 'slider', 'text', 'checkbox'],
  click: ['button', 'checkbox'],
  'capture-start': ['slider', 'text'],
  'capture-accept': ['slider', 'text'],
  'capture-cancel': ['slider', 'text'],
  'edit-start': ['text'],
  'edit-accept': ['text'],
  'edit-cancel': ['text'],
  'text-change': ['text'],
  'caret-move': ['text'],
  'value-change': ['slider', 'checkbox'],
  scroll: 'box',
};

const KEYS: [string, Action[]][] = [
  ['Enter', ['accept']],
  [' ', ['accept']],
  ['Escape', ['reject']],
  ['ArrowUp', ['up']],
  ['ArrowDown', ['down']],
  ['ArrowLeft', ['left']],
  ['ArrowRight', ['right']],
  ['Backspace', []],
  ['Delete', []],
  ['Home', []],
  ['End', []],
  ['a', []],
];
const ACTIONS: Action[] = ['accept', 'reject', 'up', 'down', 'left', 'right'];

describe('UI kernel fuzz', () => {
  it('10 000 random events (removals, NaN pointers and Unicode among them) keep every invariant after each update', () => {
    const random = seededRandom(2026);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const kinds: ControlKind[] = ['static', 'button', 'slider', 'text', 'checkbox'];
    const boxes = [
      new UiBox('left', { x: 0, y: 0, width: 80, height: 60 }),
      new UiBox('right', { x: 70, y: 20, width: 60, height: 80 }),
    ];
    const controls: UiControl[] = [];
    boxes.forEach((box, b) => {
      for (let i = 0; i < 12; i++) {
        const kind = kinds[(i + b) % kinds.length]!;
        const control = new UiControl(`${box.name}-${kind}-${i}`, kind, {
          x: (i % 3) * 26,
          y: Math.floor(i / 3) * 22,
          width: 24,
          height: 12 + (i % 2) * 6,
          pinned: i === 11,
          hitTest: i === 4 ? (x: number, y: number) => x + y < 20 : undefined,
          text: { maxLength: 6 },
        } as never);
        box.add(control);
        controls.push(control);
      }
    });
    const kernel = new UiKernel();
    for (const box of boxes) kernel.add(box);
    const kindOf = new Map(controls.map((c) => [c.name, c.kind]));
    let capture: string | null = null;
    let edit: string | null = null;
    let focus: string | null = null;
    let hover: string | null = null;
    const counts = new Map<string, number>();
    const check = (event: UiEvent, step: number) => {
      const where = `step ${step}: ${event.type} ${event.control}`;
      counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
      const allowed = ALLOWED[event.type];
      if (allowed === 'box') expect(event.control, where).toBe(null);
      else expect(allowed, where).toContain(kindOf.get(event.control!));
      switch (event.type) {
        case 'capture-start':
          expect(capture, where).toBe(null);
          capture = event.control;
          break;
        case 'capture-accept':
        case 'capture-cancel':
          expect(capture, where).toBe(event.control);
          capture = null;
          break;
        case 'edit-start':
          expect(edit, where).toBe(null);
          edit = event.control;
          break;
        case 'edit-accept':
        case 'edit-cancel':
          expect(edit, where).toBe(event.control);
          edit = null;
          break;
        case 'focus-in':
          expect(focus, where).toBe(null); // at most one focus: the old one leaves first
          focus = event.control;
          break;
        case 'focus-out':
          expect(focus, where).toBe(event.control);
          focus = null;
          break;
        case 'hover-in':
          expect(hover, where).toBe(null);
          hover = event.control;
          break;
        case 'hover-out':
          expect(hover, where).toBe(event.control);
          hover = null;
          break;
        default:
      }
    };
    const position = () => ({ x: random() * 150 - 10, y: random() * 120 - 10 });
    for (let step = 0; step < 10_000; step++) {
      const r = random();
      let event: InputEvent | null = null;
      if (r < 0.3) event = { kind: 'pointer-move', ...position() };
      else if (r < 0.4) event = { kind: 'pointer-down', button: random() < 0.85 ? 0 : 2, ...position() };
      else if (r < 0.5) event = { kind: 'pointer-up', button: random() < 0.85 ? 0 : 2, ...position() };
      else if (r < 0.62) {
        const [key, actions] = pick(KEYS);
        event = { kind: 'key', key, actions, shift: random() < 0.3, ctrl: random() < 0.1 };
      } else if (r < 0.7) event = { kind: 'pad', actions: [pick(ACTIONS)] };
      else if (r < 0.76)
        event = { kind: 'wheel', deltaY: pick([-2, -1, 1, 3]), ctrl: random() < 0.3, shift: random() < 0.3 };
      else if (r < 0.82) event = { kind: 'text', text: pick(['x', 'ż', '😀', 'ab', '\n']) };
      else if (r < 0.84) event = { kind: random() < 0.5 ? 'blur' : 'pointer-leave' };
      else if (r < 0.86) event = { kind: 'pointer-move', x: pick([NaN, Infinity, -Infinity, 5]), y: NaN };
      else if (r < 0.9) {
        // A control taken out of its box, or put back where it was.
        const control = pick(controls);
        const box = boxes.find((b) => b.name === control.name.split('-')[0])!;
        if (box.controls.includes(control)) box.remove(control);
        else box.add(control);
      } else {
        const control = pick(controls);
        if (random() < 0.5) control.locked = !control.locked;
        else control.hidden = !control.hidden;
      }
      if (event) kernel.push(event);
      for (const delivered of kernel.update()) check(delivered, step);
      // The kernel's state agrees with the events it delivered, and no unusable control holds anything.
      expect([kernel.focus?.name ?? null, kernel.hover?.name ?? null], `step ${step}`).toEqual([
        focus,
        hover,
      ]);
      expect(kernel.capture, `step ${step}`).toBe(capture ? 'mouse' : edit ? 'text' : null);
      for (const held of [kernel.focus, kernel.hover, kernel.editingControl, kernel.pressed])
        if (held) {
          expect(held.usable, `step ${step}: ${held.name}`).toBe(true);
          expect(kernel.boxOf(held).controls, `step ${step}: ${held.name} is in a box`).toContain(held);
        }
      if (kernel.hover) expect(kernel.cursorVisible, `step ${step}`).toBe(true);
    }
    // The run reached every kind of event (a fuzz that never captures checks nothing about capture).
    expect([...counts.keys()].sort()).toEqual(Object.keys(ALLOWED).sort());
    expect(kernel.ignoredInputs).toBeGreaterThan(100); // the NaN pointers, dropped
  });
});
