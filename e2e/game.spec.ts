// The game (demos/game): the workshop played as an outside app would write it. Real keys through the page.
import { expect, test, type Page } from '@playwright/test';
import { openDemo } from './demo-page';
import { aim, aimAtPanel, button, enterVr, pointerHits, thumbstick, type XrTestWindow } from './xr-emulator';

type GameWindow = {
  __armature: {
    game: {
      player: { position: number[]; animation: string };
      placed: number;
      state: string;
      steps: number;
      wonAt: number | null;
    };
  };
};
/** The step the playthrough's last piece goes in at (from the replay file: the same on every run and backend). */
const WON_AT = 1404;
const game = (page: Page) => page.evaluate(() => (window as unknown as GameWindow).__armature.game);

test('game: holding ArrowRight walks the kit right with its walk clip; let go, it stands and idles', async ({
  page,
}) => {
  await openDemo(page, 'game/');
  const start = await game(page);
  expect(start).toMatchObject({ placed: 0, state: 'playing', player: { animation: 'idle' } });
  await page.screenshot({ path: test.info().outputPath('game-start.png') });
  await page.keyboard.down('ArrowRight');
  await page.waitForFunction((x) => {
    const g = (window as unknown as GameWindow).__armature.game;
    return g.player.position[0]! > x + 0.5 && g.player.animation === 'walk';
  }, start.player.position[0]!);
  await page.screenshot({ path: test.info().outputPath('game-walking.png') });
  await page.keyboard.up('ArrowRight');
  await page.waitForFunction(
    () => (window as unknown as GameWindow).__armature.game.player.animation === 'idle',
  );
  const stopped = (await game(page)).player.position;
  await page.waitForTimeout(300);
  const after = await game(page);
  expect(after.player.position).toEqual(stopped); // it stays where it stopped
  expect(stopped[2]).toBeCloseTo(start.player.position[2]!, 6); // straight right: z unchanged
  // The GPU time of each of the game's passes, by name (timestamp queries: SwiftShader has them), as bench:game reads.
  await page.waitForFunction(() => window.__armature!.gpuPasses != null);
  const passes = await page.evaluate(() => window.__armature!.gpuPasses!);
  expect(Object.keys(passes)).toEqual(
    expect.arrayContaining(['shadow', 'world', 'outline', 'upscale', 'ui']),
  );
  for (const ms of Object.values(passes)) expect(ms).toBeGreaterThanOrEqual(0);
  expect(passes['world']).toBeGreaterThan(0);
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

for (const backend of ['webgpu', 'webgl2']) {
  test(`game: under the fixed clock the island at the start is its baseline, on ${backend}`, async ({
    page,
  }) => {
    await openDemo(page, `game/?t=1&fps=30&seed=1&backend=${backend}`);
    expect(await page.evaluate(() => window.__armature!.backend)).toBe(backend);
    await expect(page.getByTestId('canvas')).toHaveScreenshot('game-start.png');
  });
}

// The recorded play-through (demos/game/replays/playthrough.json, a bot's game made by npm run assets): under the
// fixed clock the same steps, so the same frames, every run and on both backends. Three moments: the first piece
// carried, halfway, and the win.
const MOMENTS: [string, number][] = [
  ['carrying', 6],
  ['halfway', 13],
  ['won', 25],
];
for (const backend of ['webgpu', 'webgl2'])
  for (const [name, t] of MOMENTS)
    test(`game: the replayed play-through at ${t} s (${name}) is its baseline, on ${backend}`, async ({
      page,
    }) => {
      test.setTimeout(180_000); // up to 150 frames drawn on SwiftShader (6 a second: 10 fixed steps each)
      await openDemo(page, `game/?replay=playthrough&t=${t}&fps=6&seed=1&backend=${backend}`);
      const state = await game(page);
      console.log(`game replay ${backend} t=${t}: ${JSON.stringify(state)}`);
      expect(state.steps).toBe(t * 60);
      if (name === 'won') expect(state).toMatchObject({ state: 'won', placed: 5, wonAt: WON_AT });
      else expect(state.state).toBe('playing');
      await expect(page.getByTestId('canvas')).toHaveScreenshot(`game-replay-${name}.png`);
    });

test('game: a replay whose frames come 4 s apart catches up (240 fixed steps a frame) and drops none: it still wins', async ({
  page,
}) => {
  // The live game runs at most 5 steps a frame (a stall skips time); a replay's keys are by step, so it runs up to 240.
  await openDemo(page, 'game/?replay=playthrough&t=24&fps=0.25&seed=1');
  expect(await game(page)).toMatchObject({ steps: 24 * 60, state: 'won', placed: 5, wonAt: WON_AT });
});

/** The passes the page's render graph runs now. */
const passes = (page: Page) =>
  page.evaluate(() => window.__armature!.graph!.filter((p) => p.enabled).map((p) => p.name));
const ui = (page: Page) =>
  page.evaluate(() => ({
    focus: window.__armature!.ui!.focus,
    controls: window.__armature!.ui!.controls.map((c) => c.name),
  }));

test('game: Esc pauses (the clock holds); the menu works by keys: Tab, arrows, the look slider, the CRT box, Esc resumes', async ({
  page,
}) => {
  await openDemo(page, 'game/');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  const held = (await game(page)).steps;
  await page.waitForTimeout(300);
  expect((await game(page)).steps).toBe(held); // paused: no steps
  await page.keyboard.press('Tab');
  await page.waitForFunction(() => window.__armature!.ui!.focus === 'resume');
  await page.keyboard.press('ArrowDown'); // to the look slider under it
  await page.waitForFunction(() => window.__armature!.ui!.focus === 'look');
  expect(await passes(page)).not.toContain('palette');
  await page.keyboard.press('ArrowRight'); // outlined → paletted
  await page.waitForFunction(() => window.__armature!.graph!.some((p) => p.name === 'palette' && p.enabled));
  await page.keyboard.press('ArrowDown');
  await page.waitForFunction(() => window.__armature!.ui!.focus === 'crt');
  await page.keyboard.press('Space');
  await page.waitForFunction(() => window.__armature!.graph!.some((p) => p.name === 'crt' && p.enabled));
  await page.screenshot({ path: test.info().outputPath('game-paused.png') });
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => !window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  await page.waitForFunction((n) => (window as unknown as GameWindow).__armature.game.steps > n, held);
  expect(await ui(page)).toMatchObject({ controls: ['placed', 'time'] });
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

test('game: the pause menu by mouse: RESTART puts the pieces back and starts the clock over; RESUME goes on', async ({
  page,
}) => {
  await openDemo(page, 'game/');
  // Walk a little, then pause and restart with the mouse.
  await page.keyboard.down('ArrowLeft');
  await page.waitForFunction(
    () => (window as unknown as GameWindow).__armature.game.player.position[0]! < -1,
  );
  await page.keyboard.up('ArrowLeft');
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__armature!.ui!.controls.some((c) => c.name === 'restart'));
  const click = async (name: string) => {
    const r = await page.evaluate((n) => window.__armature!.ui!.rectOf(n), name);
    const box = (await page.getByTestId('canvas').boundingBox())!;
    await page.mouse.click(box.x + r.x + r.width / 2, box.y + r.y + r.height / 2);
  };
  await click('restart');
  await page.waitForFunction(() => !window.__armature!.ui!.controls.some((c) => c.name === 'restart'));
  const after = await game(page);
  expect(after.player.position[0]).toBeCloseTo(0, 6); // back at the start
  expect(after.steps).toBeLessThan(30);
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  await click('resume');
  await page.waitForFunction(() => !window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

test('game: the pause menu by pad: B opens it, the D-pad moves focus, A presses RESUME', async ({ page }) => {
  // A standard-mapping pad the test presses through window.__pad (the page polls navigator.getGamepads each frame).
  await page.addInitScript(() => {
    const pad = {
      index: 0,
      mapping: 'standard',
      connected: true,
      axes: [0, 0, 0, 0],
      buttons: Array.from({ length: 17 }, () => ({ pressed: false, touched: false, value: 0 })),
    };
    (window as unknown as { __pad: typeof pad }).__pad = pad;
    navigator.getGamepads = () => [pad as unknown as Gamepad];
  });
  await openDemo(page, 'game/');
  const tap = async (button: number) => {
    const frames = await page.evaluate(() => window.__armature!.frame);
    const press = (pressed: boolean) =>
      page.evaluate(
        ([b, p]) => {
          (window as unknown as { __pad: { buttons: { pressed: boolean }[] } }).__pad.buttons[b]!.pressed = p;
        },
        [button, pressed] as const,
      );
    await press(true);
    await page.waitForFunction((f) => window.__armature!.frame >= f + 2, frames);
    await press(false);
    await page.waitForFunction((f) => window.__armature!.frame >= f + 4, frames);
  };
  await tap(1); // B
  await page.waitForFunction(() => window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  await tap(13); // D-pad down: focus to the first control
  expect(await page.evaluate(() => window.__armature!.ui!.focus)).toBe('resume');
  await tap(0); // A
  await page.waitForFunction(() => !window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  expect(
    await page.evaluate(() => window.__armature!.ui!.events.map((e) => `${e.type} ${e.control}`)),
  ).toContain('click resume');
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});

/** The pause menu's RESUME button in native pixels of the UI image: the 104×55 menu centred on 336×240, its row at 12. */
const RESUME = [116 + 4 + 23, 93 + 12 + 5.5] as const;

test('game in the headset: the island on a table; the stick walks the kit, squeeze takes the cap and letting go by its socket sets it in; B pauses, the ray presses RESUME', async ({
  page,
}) => {
  // Each eye now runs the game's look (outline, palette, shadow map) at the emulated headset's resolution: about 90 s
  // of SwiftShader frames on a loaded 2-core machine.
  test.setTimeout(180_000);
  await openDemo(page, 'game/?xr=emulate&seed=1');
  await enterVr(page, 5);
  const bench = <K extends 'worldOf' | 'matrixOf' | 'parentOf'>(what: K, name: string) =>
    page.evaluate(([what, name]) => (window as unknown as XrTestWindow).__bench[what](name), [
      what,
      name,
    ] as const) as Promise<ReturnType<XrTestWindow['__bench'][K]>>;
  expect((await bench('matrixOf', 'island'))[0]).toBeCloseTo(0.08, 6); // on its table
  // The right stick walks the kit, as a pad's does on the desk.
  const x0 = (await game(page)).player.position[0]!;
  await thumbstick(page, 'right', 1, 0);
  await page.waitForFunction(
    (x) => (window as unknown as GameWindow).__armature.game.player.position[0]! > x + 0.5,
    x0,
  );
  expect((await game(page)).player.animation).toBe('walk');
  await thumbstick(page, 'right', 0, 0);
  // Squeeze with the ray on the cap: it leaves the island for the hand.
  const cap = await bench('worldOf', 'cap');
  const from = [cap[0]!, cap[1]! + 0.12, cap[2]! + 0.06];
  await aim(page, 'right', from, cap);
  expect((await pointerHits(page)).right).toBe('node cap');
  await button(page, 'right', 'squeeze', 1);
  await page.waitForFunction(
    () => (window as unknown as XrTestWindow).__bench.parentOf('cap') === 'xr right 1 grip',
  );
  await page.screenshot({ path: test.info().outputPath('game-headset-held.png') });
  // Carried to its socket (the hand moves by the way from the cap to the seat) and let go: it goes in.
  const seat = await bench('worldOf', 'seat cap');
  const by = seat.map((v, i) => v - cap[i]!);
  await aim(
    page,
    'right',
    from.map((v, i) => v + by[i]!),
    cap.map((v, i) => v + by[i]!),
  );
  await button(page, 'right', 'squeeze', 0);
  await page.waitForFunction(() => (window as unknown as GameWindow).__armature.game.placed === 1);
  expect(await bench('parentOf', 'cap')).toBe('seat cap');
  // The snap glides it home: in the end its frame is the seat's.
  await page.waitForFunction(() => {
    const bench = (window as unknown as XrTestWindow).__bench;
    const [a, b] = [bench.matrixOf('cap'), bench.matrixOf('seat cap')];
    return a.every((v, i) => Math.abs(v - b[i]!) < 1e-5);
  });
  // B pauses the game; the ray on the panel's RESUME and the trigger resume it.
  await button(page, 'right', 'b-button', 1);
  await button(page, 'right', 'b-button', 0);
  await page.waitForFunction(() => window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  await aimAtPanel(page, 'right', ...RESUME, { back: 0.4 });
  expect((await pointerHits(page)).right).toBe('ui resume');
  await page.screenshot({ path: test.info().outputPath('game-headset-paused.png') });
  await button(page, 'right', 'trigger', 1);
  await button(page, 'right', 'trigger', 0);
  await page.waitForFunction(() => !window.__armature!.ui!.controls.some((c) => c.name === 'resume'));
  // Ending the session puts the island back on the canvas at its own size; the game goes on there (the cap stays in).
  await page.evaluate(() => window.__armature!.xr!.session!.end());
  await page.waitForFunction(() => window.__armature!.xr!.session === null);
  expect((await bench('matrixOf', 'island'))[0]).toBe(1);
  const frame = await page.evaluate(() => window.__armature!.frame);
  await page.waitForFunction((f) => window.__armature!.frame >= f + 5, frame);
  expect((await game(page)).placed).toBe(1);
  expect(await page.evaluate(() => window.__armature!.errors)).toEqual([]);
});
