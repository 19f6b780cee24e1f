// The ui-kernel demo driven by the real mouse and keyboard (and a stubbed pad): focus, hover, mouse capture, text-edit
// capture with Polish text, the seed's lock/hide keys, scrolling; the states' screenshots on WebGPU and WebGL2.
import { expect, test, type Page } from '@playwright/test';
import { openDemo } from './demo-page';

test.use({ viewport: { width: 700, height: 500 } });

type Ui = NonNullable<NonNullable<Window['__armature']>['ui']>;

const ui = (page: Page) => page.evaluate(() => window.__armature!.ui!);
/** The centre of a control on the page, or a point `fx`, `fy` (0…1) across it. */
async function at(page: Page, name: string, fx = 0.5, fy = 0.5): Promise<[number, number]> {
  const r = await page.evaluate((n) => window.__armature!.ui!.rectOf(n), name);
  return [r.x + r.width * fx, r.y + r.height * fy];
}
/** Waits until the page's UI state satisfies `check` (input is applied at the next frame). */
async function until(page: Page, check: (ui: Ui) => boolean): Promise<Ui> {
  await page.waitForFunction(
    (source) => new Function('ui', `return (${source})(ui)`)(window.__armature!.ui) as boolean,
    check.toString(),
  );
  return ui(page);
}
const since = (events: Ui['events'], from: number) => events.slice(from).map((e) => `${e.type} ${e.control}`);

test('ui-kernel: mouse focus and hover, click, slider capture accepted and cancelled, Polish text edited', async ({
  page,
}) => {
  await openDemo(page, 'ui-kernel/');
  expect((await ui(page)).controls.find((c) => c.name === 'blue-0')).toEqual({
    name: 'blue-0',
    kind: 'text',
    locked: false,
    hidden: false,
    pinned: false,
  });
  await page.mouse.move(...(await at(page, 'green-0')));
  let state = await until(page, (u) => u.focus === 'green-0');
  expect([state.hover, state.cursorVisible, state.capture]).toEqual(['green-0', true, null]);
  let mark = state.events.length;
  await page.mouse.down();
  await page.mouse.up();
  state = await until(page, (u) => u.events.some((e) => e.type === 'click'));
  expect(since(state.events, mark)).toEqual(['click green-0']);

  // A slider: press at its left end, drag right (capture), Esc restores; drag again and release accepts.
  await page.mouse.move(...(await at(page, 'red-1', 0.02)));
  await until(page, (u) => u.focus === 'red-1');
  mark = (await ui(page)).events.length;
  await page.mouse.down();
  await page.mouse.move(...(await at(page, 'red-1', 0.9)), { steps: 3 });
  await until(page, (u) => u.capture === 'mouse' && Number(u.values['red-1']) > 40);
  await page.keyboard.press('Escape');
  state = await until(page, (u) => u.capture === null);
  await page.mouse.up();
  expect(state.values['red-1']).toBe(10);
  expect(since(state.events, mark).filter((e) => !e.startsWith('value-change'))).toEqual([
    'capture-start red-1',
    'capture-cancel red-1',
  ]);
  await page.mouse.move(...(await at(page, 'red-1', 0.5)));
  await page.mouse.down();
  await page.mouse.move(...(await at(page, 'red-1', 0.75)), { steps: 2 });
  await page.mouse.up();
  state = await until(
    page,
    (u) => u.events.at(-1)?.type === 'capture-accept' || u.events.at(-2)?.type === 'capture-accept',
  );
  expect(state.values['red-1']).toBe(46); // 0.75 of its 61 pixels: 45.75 units of 0…60, to the nearest step

  // A text field: a click starts the edit; text typed through beforeinput, diacritics and all; Enter accepts.
  await page.mouse.click(...(await at(page, 'blue-0')));
  await until(page, (u) => u.capture === 'text');
  await page.keyboard.insertText('Zażółć gęślą jaźń');
  state = await until(page, (u) => u.values['blue-0'] === 'Zażółć gęślą jaźń');
  expect(state.focus).toBe('blue-0');
  await page.keyboard.press('Backspace');
  await page.keyboard.type('ń!');
  await until(page, (u) => u.values['blue-0'] === 'Zażółć gęślą jaźń!');
  mark = (await ui(page)).events.length;
  await page.keyboard.press('Enter');
  state = await until(page, (u) => u.capture === null);
  expect(since(state.events, mark)).toEqual(['edit-accept blue-0']);
});

test('ui-kernel: text composed through an IME arrives once, when the composition ends', async ({ page }) => {
  await openDemo(page, 'ui-kernel/');
  await page.mouse.click(...(await at(page, 'blue-2')));
  await until(page, (u) => u.capture === 'text');
  // Chromium's IME path: a composition updated twice, then committed.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'z', selectionStart: 1, selectionEnd: 1 });
  await cdp.send('Input.imeSetComposition', { text: 'ż', selectionStart: 1, selectionEnd: 1 });
  await cdp.send('Input.insertText', { text: 'żółw' });
  await until(page, (u) => u.values['blue-2'] !== '');
  await page.keyboard.type('!');
  const state = await until(page, (u) => String(u.values['blue-2']).endsWith('!'));
  expect(state.values['blue-2']).toBe('żółw!');
});

test("ui-kernel: pasted Unicode arrives as text, cut to the field's limit in characters", async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openDemo(page, 'ui-kernel/');
  await page.mouse.click(...(await at(page, 'blue-3')));
  await until(page, (u) => u.capture === 'text');
  await page.evaluate(() => navigator.clipboard.writeText('Gęślą jaźń 😀 — wklejone z schowka'));
  await page.keyboard.press('Control+V');
  // 24 characters (code points: the emoji is one, though two UTF-16 units).
  const state = await until(page, (u) => u.values['blue-3'] !== '');
  expect(state.values['blue-3']).toBe('Gęślą jaźń 😀 — wklejone '); // the 24th is the space after it
});

test("ui-kernel: the debug panel shows the latest UI events (the seed's console)", async ({ page }) => {
  await openDemo(page, 'ui-kernel/?debug=1');
  await page.mouse.move(...(await at(page, 'green-3')));
  await until(page, (u) => u.focus === 'green-3');
  await expect(page.getByTestId('ui-events').locator('textarea')).toHaveValue(
    /hover-in green-3\nfocus-in green-3$/,
  );
});

test('ui-kernel: Tab and Shift+Tab move focus through the controls in reading order; the page keeps its focus on the game', async ({
  page,
}) => {
  await openDemo(page, 'ui-kernel/');
  /** Presses `key` and returns the control focused once focus has left `from`. */
  const press = async (key: string, from: string | null) => {
    await page.keyboard.press(key);
    await page.waitForFunction((name) => window.__armature!.ui!.focus !== name, from);
    return (await ui(page)).focus;
  };
  const order: (string | null)[] = [];
  for (let i = 0; i < 6; i++) order.push(await press('Tab', order.at(-1) ?? null));
  // The first row left to right (the static is not a stop), the pinned button at its end, then the field below.
  expect(order).toEqual(['green-0', 'red-0', 'check-0', 'pin-green', 'blue-0', 'green-1']);
  expect(await press('Shift+Tab', 'green-1')).toBe('blue-0');
  // The browser's focus never left the game for the page's own buttons (the debug button is the page's first).
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('BODY');
  expect((await ui(page)).cursorVisible).toBe(false);
  // The focused field in its one-pixel focus ring; the sliders' values clear of their thumbs (red-0's 0 on the right).
  await expect(page.getByTestId('canvas')).toHaveScreenshot('ui-kernel-tab-focus.png');
  // A focused field takes Enter to edit; Tab out of it accepts the edit and moves on.
  await page.keyboard.press('Enter');
  await until(page, (u) => u.capture === 'text');
  await page.keyboard.insertText('ok');
  await page.keyboard.press('Tab');
  const state = await until(page, (u) => u.focus === 'green-1');
  expect([state.capture, state.values['blue-0']]).toEqual([null, 'ok']);
});

test('ui-kernel: keys navigate and hide the cursor; the seed keys lock and hide; the wheel scrolls; a pad navigates', async ({
  page,
}) => {
  // A pad whose D-pad down the test presses: navigator.getGamepads stubbed before the page starts.
  await page.addInitScript(() => {
    const buttons = Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 }));
    const pad = {
      index: 0,
      id: 'test pad',
      connected: true,
      mapping: 'standard',
      axes: [0, 0, 0, 0],
      buttons,
    };
    (window as unknown as { testPad: typeof pad }).testPad = pad;
    navigator.getGamepads = () => [pad as unknown as Gamepad];
  });
  await openDemo(page, 'ui-kernel/');
  await page.mouse.move(...(await at(page, 'green-0')));
  await until(page, (u) => u.focus === 'green-0');
  await page.keyboard.press('ArrowDown');
  let state = await until(page, (u) => !u.cursorVisible);
  expect([state.focus, state.hover]).toEqual(['blue-0', null]); // the field right below, not the button past it
  await page.keyboard.press('ArrowDown');
  state = await until(page, (u) => u.focus !== 'blue-0');
  expect(state.focus).toBe('green-1'); // of the row under the field, the one nearest below its middle
  await page.evaluate(
    () =>
      ((window as unknown as { testPad: { buttons: { pressed: boolean }[] } }).testPad.buttons[13]!.pressed =
        true),
  );
  state = await until(page, (u) => u.focus !== 'green-1');
  expect(state.focus).toBe('blue-1');
  await page.evaluate(
    () =>
      ((window as unknown as { testPad: { buttons: { pressed: boolean }[] } }).testPad.buttons[13]!.pressed =
        false),
  );
  await page.keyboard.press('ArrowDown');
  state = await until(page, (u) => u.focus !== 'blue-1');
  expect(state.focus).toBe('green-2');

  // W locks the greens: the focused one loses focus; Q unlocks; R hides, E shows.
  await page.keyboard.press('w');
  state = await until(page, (u) => u.focus === null);
  expect(state.controls.filter((c) => c.name.startsWith('green-')).every((c) => c.locked)).toBe(true);
  await page.keyboard.press('q');
  await page.keyboard.press('r');
  await until(page, (u) => u.controls.find((c) => c.name === 'green-2')!.hidden);
  await page.keyboard.press('e');
  await until(page, (u) => !u.controls.find((c) => c.name === 'green-2')!.hidden);

  // The wheel over the box's empty area: 8 px a notch, Ctrl 1 px, Shift fast; over a slider it moves the slider.
  const [x, y] = await at(page, 'check-0', 0.5, 2);
  await page.mouse.move(x + 20, y);
  await page.mouse.wheel(0, 100);
  await until(page, (u) => u.events.some((e) => e.type === 'scroll'));
  expect(await page.evaluate(() => window.__armature!.ui!.rectOf('green-0').y)).toBeLessThan(
    (await at(page, 'pin-green', 0.5, 0))[1],
  );
});

for (const [name, backend] of [
  ['webgpu', ''],
  ['webgl2', '?backend=webgl2'],
] as const) {
  test(`ui-kernel on ${name}: editing, locked and dragging states look the same on both backends`, async ({
    page,
  }) => {
    await openDemo(page, `ui-kernel/${backend}`);
    expect(await page.evaluate(() => window.__armature!.backend)).toBe(name);
    await page.mouse.click(...(await at(page, 'blue-1')));
    await until(page, (u) => u.capture === 'text');
    await page.keyboard.insertText('Jaźń');
    await page.mouse.move(...(await at(page, 'green-2')));
    await until(page, (u) => u.hover === 'green-2' && u.values['blue-1'] === 'Jaźń');
    await expect(page.getByTestId('canvas')).toHaveScreenshot('ui-kernel-editing.png');
    // Enter accepts; W locks the greens (grey; the hovered one lets go). The pointer then rests on the box's empty
    // area: over a locked control the cursor is the animated "locked" sign, whose frame depends on the wall clock.
    await page.keyboard.press('Enter');
    await page.keyboard.press('w');
    await until(page, (u) => u.capture === null && u.hover === null);
    const [x, y] = await at(page, 'check-0', 0.5, 2);
    await page.mouse.move(x + 20, y);
    await until(page, (u) => u.focus === null);
    await expect(page.getByTestId('canvas')).toHaveScreenshot('ui-kernel-locked.png');
    // A slider held and dragged: drawn pressed, the grabbing cursor.
    await page.mouse.move(...(await at(page, 'red-2', 0.2)));
    await page.mouse.down();
    await page.mouse.move(...(await at(page, 'red-2', 0.6)));
    await until(page, (u) => u.capture === 'mouse' && Number(u.values['red-2']) > 30);
    await expect(page.getByTestId('canvas')).toHaveScreenshot('ui-kernel-dragging.png');
    await page.mouse.up();
  });
}
