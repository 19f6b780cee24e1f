import { describe, expect, it } from 'vitest';
import { UiBox } from './ui-box';
import { UiControl } from './ui-control';
import { UiKernel } from './ui-kernel';
import { DEFAULT_UI_THEME, UiView } from './ui-view';
import type { UiRect, UiText } from './ui-element';

/** The view's node for `control`'s part (`frame`, `mark`, `text`, …), found by name. */
function part<T extends UiRect | UiText>(view: UiView, control: string, which: string): T {
  return view.root.find(`${control} ${which}`) as T;
}

describe('UiView', () => {
  it('writes a slider’s value where its thumb is not, at every value (a pixel clear each side)', () => {
    const box = new UiBox('box', { x: 0, y: 0, width: 200, height: 40 });
    const slider = new UiControl('red', 'slider', {
      x: 10,
      y: 4,
      width: 61,
      height: 13,
      min: 0,
      max: 60,
      value: 0,
    });
    box.add(slider);
    const kernel = new UiKernel().add(box);
    const view = new UiView(kernel);
    for (let value = 0; value <= 60; value++) {
      slider.setValue(value);
      kernel.update();
      view.update();
      const mark = part<UiRect>(view, 'red', 'mark');
      const text = part<UiText>(view, 'red', 'text');
      const [x0, x1] = [text.position[0]!, text.position[0]! + String(value).length * 4 - 1];
      const [m0, m1] = [mark.position[0]!, mark.position[0]! + mark.width];
      expect([value, m1 < x0 || m0 > x1]).toEqual([value, true]);
      // Inside the slider either way.
      expect(x0).toBeGreaterThanOrEqual(10);
      expect(x1).toBeLessThanOrEqual(10 + 61);
    }
  });

  it('rings the control focused by keys in the theme’s one-pixel focus ring; the mouse’s focus has no ring', () => {
    const box = new UiBox('box', { x: 0, y: 0, width: 200, height: 40 });
    box.add(new UiControl('ok', 'button', { x: 10, y: 4, width: 40, height: 13 }));
    const kernel = new UiKernel().add(box);
    const view = new UiView(kernel);
    kernel.push({ kind: 'key', key: 'Tab', actions: [], shift: false, ctrl: false });
    kernel.update();
    view.update();
    const frame = part<UiRect>(view, 'ok', 'frame');
    expect(frame.visible).toBe(true);
    expect([frame.position[0], frame.position[1], frame.width, frame.height]).toEqual([9, 3, 42, 15]);
    expect(frame.color).toEqual([...DEFAULT_UI_THEME.focusRing]);
    kernel.push({ kind: 'pointer-move', x: 20, y: 10 });
    kernel.update();
    view.update();
    expect(kernel.focus?.name).toBe('ok');
    expect(frame.visible).toBe(false);
  });
});
