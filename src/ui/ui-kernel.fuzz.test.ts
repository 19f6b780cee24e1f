import { describe, expect, it } from 'vitest';
import type { Action, InputEvent } from '../input/input-event';
import { seededRandom } from '../math/seeded-random';
import { UiBox } from './ui-box';
import { UiControl, type ControlKind } from './ui-control';
import { UiKernel, type UiEvent, type UiEventType } from './ui-kernel';

/** Which kinds may receive each event (hover: every kind but static; focus: not keys either). */
const ALLOWED: Record<UiEventType, readonly ControlKind[] | 'box'> = {
  'focus-in': ['button', 'slider', 'text', 'checkbox'],
  'focus-out': ['button', 'slider', 'text', 'checkbox'],
  'hover-in': ['button', 'slider', 'text', 'checkbox', 'key'],
  'hover-out': ['button', 'slider', 'text', 'checkbox', 'key'],
  click: ['button', 'checkbox', 'key'],
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
  // One pointer (the mouse), and three (the mouse and two XR controllers, each with its own hover and capture).
  it.each([1, 3])(
    '10 000 random events from %i pointer(s) (removals, NaN pointers and Unicode among them) keep every invariant after each update',
    (pointers) => {
      const random = seededRandom(2026 + pointers);
      const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
      const kinds: ControlKind[] = ['static', 'button', 'slider', 'text', 'checkbox'];
      const boxes = [
        new UiBox('left', { x: 0, y: 0, width: 80, height: 60 }),
        new UiBox('right', { x: 70, y: 20, width: 60, height: 80 }),
      ];
      const controls: UiControl[] = [];
      boxes.forEach((box, b) => {
        // Twelve controls of the five kinds in turn, then two keys of an on-screen keyboard.
        for (let i = 0; i < 14; i++) {
          const kind = i < 12 ? kinds[(i + b) % kinds.length]! : 'key';
          const control = new UiControl(`${box.name}-${kind}-${i}`, kind, {
            // The keys lie over the others, unscrolled, where presses are likely to find them.
            x: i < 12 ? (i % 3) * 26 : 13 + (i - 12) * 26,
            y: i < 12 ? Math.floor(i / 3) * 22 : 11 + (i - 12) * 22,
            width: 24,
            height: 12 + (i % 2) * 6,
            pinned: i === 11,
            hitTest: i === 4 ? (x: number, y: number) => x + y < 20 : undefined,
            text: { maxLength: 6 },
            key: (b === 0 ? ['q', 'Backspace'] : ['Enter', 'ArrowLeft'])[i % 2], // typed into a field being edited
          } as never);
          box.add(control);
          controls.push(control);
        }
      });
      const kernel = new UiKernel();
      for (const box of boxes) kernel.add(box);
      const kindOf = new Map(controls.map((c) => [c.name, c.kind]));
      /** The controls captured and hovered, by the events delivered: each at most once, whichever pointers. */
      const captured = new Set<string>();
      const hovered = new Set<string>();
      let edit: string | null = null;
      let focus: string | null = null;
      let doubleCaptures = 0;
      let keyClicksInEdits = 0;
      const counts = new Map<string, number>();
      const check = (event: UiEvent, step: number) => {
        const where = `step ${step}: ${event.type} ${event.control}`;
        counts.set(event.type, (counts.get(event.type) ?? 0) + 1);
        if (event.type === 'click' && kindOf.get(event.control!) === 'key' && edit) keyClicksInEdits++;
        const allowed = ALLOWED[event.type];
        if (allowed === 'box') expect(event.control, where).toBe(null);
        else expect(allowed, where).toContain(kindOf.get(event.control!));
        switch (event.type) {
          case 'capture-start':
            expect(captured.has(event.control!), where).toBe(false);
            captured.add(event.control!);
            break;
          case 'capture-accept':
          case 'capture-cancel':
            expect(captured.delete(event.control!), where).toBe(true);
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
            expect(hovered.has(event.control!), where).toBe(false);
            hovered.add(event.control!);
            break;
          case 'hover-out':
            expect(hovered.delete(event.control!), where).toBe(true);
            break;
          default:
        }
      };
      /**
       * Anywhere half the time, else inside a control (so presses land on controls often enough to capture), a key
       * more often while a field edits (so they type into it).
       */
      const keys = controls.filter((c) => c.kind === 'key');
      const position = () => {
        const pointer = Math.floor(random() * pointers);
        const control = kernel.editingControl && random() < 0.6 ? pick(keys) : pick(controls);
        const box = boxes.find((b) => b.controls.includes(control));
        if (random() < 0.5 || !box) return { x: random() * 150 - 10, y: random() * 120 - 10, pointer };
        const r = box.screenRect(control);
        return { x: r.x + random() * r.width, y: r.y + random() * r.height, pointer };
      };
      let lastDown: { x: number; y: number; pointer: number } | null = null;
      for (let step = 0; step < 10_000; step++) {
        const r = random();
        let event: InputEvent | null = null;
        if (r < 0.3) event = { kind: 'pointer-move', ...position() };
        else if (r < 0.4) {
          lastDown = position();
          event = { kind: 'pointer-down', button: random() < 0.85 ? 0 : 2, ...lastDown };
          // A third of the presses are taps: released within the same frame.
          if (random() < 0.33) {
            kernel.push(event);
            event = { ...event, kind: 'pointer-up' };
          }
        } else if (r < 0.5)
          // Half the time where the last press was, so clicks (a press and a release on one control) happen.
          event = {
            kind: 'pointer-up',
            button: random() < 0.85 ? 0 : 2,
            ...(random() < 0.5 && lastDown ? lastDown : position()),
          };
        else if (r < 0.62) {
          const [key, actions] = pick(KEYS);
          event = { kind: 'key', key, actions, shift: random() < 0.3, ctrl: random() < 0.1 };
        } else if (r < 0.7) event = { kind: 'pad', actions: [pick(ACTIONS)] };
        else if (r < 0.76)
          event = {
            kind: 'wheel',
            deltaY: pick([-2, -1, 1, 3]),
            ctrl: random() < 0.3,
            shift: random() < 0.3,
          };
        else if (r < 0.82) event = { kind: 'text', text: pick(['x', 'ż', '😀', 'ab', '\n']) };
        else if (r < 0.84)
          event = random() < 0.5 ? { kind: 'blur' } : { kind: 'pointer-leave', pointer: position().pointer };
        else if (r < 0.86) event = { kind: 'pointer-move', x: pick([NaN, Infinity, -Infinity, 5]), y: NaN };
        else if (r < 0.9) {
          // A control taken out of its box, or put back where it was (out a third of the time, so most stay usable).
          const control = pick(controls);
          const box = boxes.find((b) => b.name === control.name.split('-')[0])!;
          const out = random() < 0.33;
          if (out && box.controls.includes(control)) box.remove(control);
          else if (!out && !box.controls.includes(control)) box.add(control);
        } else {
          const control = pick(controls);
          if (random() < 0.5) control.locked = random() < 0.33;
          else control.hidden = random() < 0.33;
        }
        if (event) kernel.push(event);
        for (const delivered of kernel.update()) check(delivered, step);
        // The kernel's state agrees with the events it delivered, and no unusable control holds anything.
        expect(kernel.focus?.name ?? null, `step ${step}`).toBe(focus);
        expect(
          new Set(controls.filter((c) => kernel.isHovered(c)).map((c) => c.name)),
          `step ${step}`,
        ).toEqual(hovered);
        expect(kernel.capture, `step ${step}`).toBe(captured.size > 0 ? 'mouse' : edit ? 'text' : null);
        const byPointer = Array.from({ length: pointers }, (_, id) => kernel.capturedBy(id)?.name ?? null);
        expect(new Set(byPointer.filter((name) => name !== null)), `step ${step}`).toEqual(captured);
        const held = [kernel.focus, kernel.hover, kernel.editingControl, kernel.pressed];
        for (let id = 0; id < pointers; id++) held.push(kernel.hoverOf(id), kernel.capturedBy(id));
        for (const control of held)
          if (control) {
            expect(control.usable, `step ${step}: ${control.name}`).toBe(true);
            expect(kernel.boxOf(control).controls, `step ${step}: ${control.name} is in a box`).toContain(
              control,
            );
          }
        if (captured.size > 1) doubleCaptures++;
        if (kernel.hover) expect(kernel.cursorVisible, `step ${step}`).toBe(true);
      }
      // The run reached every kind of event (a fuzz that never captures checks nothing about capture).
      expect([...counts.keys()].sort()).toEqual(Object.keys(ALLOWED).sort());
      expect(keyClicksInEdits, 'keys clicked while a field edits').toBeGreaterThan(0);
      if (pointers > 1)
        expect(doubleCaptures, 'steps with two pointers capturing at once').toBeGreaterThan(0);
      expect(kernel.ignoredInputs).toBeGreaterThan(100); // the NaN pointers, dropped
    },
    // About 4.6 s each on this 2-core machine alone: vitest's 5 s default failed it whenever the machine was busy.
    60_000,
  );
});
