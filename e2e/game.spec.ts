// The game (demos/game): the workshop played as an outside app would write it. Real keys through the page.
import { expect, test, type Page } from '@playwright/test';
import { openDemo } from './demo-page';

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
      test.setTimeout(180_000); // up to 300 frames drawn on SwiftShader (12 a second: 5 fixed steps each)
      await openDemo(page, `game/?replay=playthrough&t=${t}&fps=12&seed=1&backend=${backend}`);
      const state = await game(page);
      console.log(`game replay ${backend} t=${t}: ${JSON.stringify(state)}`);
      expect(state.steps).toBe(t * 60);
      if (name === 'won') expect(state).toMatchObject({ state: 'won', placed: 5, wonAt: WON_AT });
      else expect(state.state).toBe('playing');
      await expect(page.getByTestId('canvas')).toHaveScreenshot(`game-replay-${name}.png`);
    });
