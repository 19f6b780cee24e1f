// The game's recorded play-through, made by playing it: a bot walks the kit to each piece in turn (nearest first),
// picks it up, carries it to the bench in front of its socket and sets it in, pressing and releasing the same keys a
// player would (arrows and Space), and the rules (WorkshopGame) are stepped with exactly what the demo would take from
// those keys (GameInput). make-assets.ts writes it as demos/game/replays/playthrough.json; the demo plays it with
// ?replay=playthrough. The island is seed 1's.
import { ActionMapper } from '../src/index';
import { GameInput, ReplayCursor, type Replay } from '../demos/game/game-input';
import { islandScene } from '../demos/game/island';
import {
  distanceToBox,
  PLAYER_RADIUS,
  REACH,
  WorkshopGame,
  type GameLayout,
} from '../demos/game/workshop-game';

const STEP = 1 / 60;
/** The eight ways the arrows walk, as the keys held (screen right is +x, up is −z). */
const WAYS: { keys: string[]; move: [number, number] }[] = [];
for (const [x, kx] of [
  [-1, 'ArrowLeft'],
  [0, ''],
  [1, 'ArrowRight'],
] as const)
  for (const [z, kz] of [
    [-1, 'ArrowUp'],
    [0, ''],
    [1, 'ArrowDown'],
  ] as const)
    if (x !== 0 || z !== 0) WAYS.push({ keys: [kx, kz].filter(Boolean), move: [x, z] });

/** Plays the game of `seed` to the win and returns the keys it pressed, by step. */
export function playthroughReplay(seed = 1): Replay {
  const { layout } = islandScene(seed);
  const mapper = new ActionMapper();
  const game = new WorkshopGame(layout);
  const input = new GameInput();
  const replay: Replay = { step: STEP, events: [] };
  const cursor = new ReplayCursor(replay, mapper);
  let step = 0;
  let held: string[] = [];
  const press = (keys: string[]) => {
    for (const key of held) if (!keys.includes(key)) replay.events.push([step, 'up', key]);
    for (const key of keys) if (!held.includes(key)) replay.events.push([step, 'down', key]);
    held = keys;
  };
  /** One step with the keys in `keys` held (the demo's path: the replay's events, then the rules). */
  const run = (keys: string[]) => {
    press(keys);
    input.apply(cursor.at(step));
    game.step(STEP, input.take());
    step++;
  };
  const tap = (key: string) => {
    run([...held, key]);
    run(held.filter((k) => k !== key));
  };
  /** Walks toward (x, z) until within `near` m: each 6 steps the way that gets closest after them (tried on a copy). */
  const walkStraight = (x: number, z: number, near: number) => {
    for (let tries = 0; Math.hypot(game.player.x - x, game.player.z - z) > near; tries++) {
      if (tries > 200)
        throw new Error(
          `playthrough: stuck on the way to (${x.toFixed(2)}, ${z.toFixed(2)}) at (${game.player.x.toFixed(2)}, ${game.player.z.toFixed(2)}).`,
        );
      const best = WAYS.map((way) => {
        const trial = new WorkshopGame(layout);
        [trial.player.x, trial.player.z] = [game.player.x, game.player.z];
        const d = Math.hypot(way.move[0], way.move[1]);
        for (let i = 0; i < 6; i++)
          trial.step(STEP, { move: [way.move[0] / d, way.move[1] / d], act: false });
        return { way, distance: Math.hypot(trial.player.x - x, trial.player.z - z) };
      }).sort((a, b) => a.distance - b.distance)[0]!;
      for (let i = 0; i < 6 && Math.hypot(game.player.x - x, game.player.z - z) > near; i++)
        run(best.way.keys);
    }
  };
  /** Walks to (x, z) round whatever is in the way (a path on a grid of the free ground), then stops. */
  const walkTo = (x: number, z: number, near: number) => {
    for (const [wx, wz] of route(layout, [game.player.x, game.player.z], [x, z])) walkStraight(wx, wz, 0.2);
    walkStraight(x, z, near);
    run([]);
  };
  const wait = (steps: number) => {
    for (let i = 0; i < steps; i++) run([]);
  };
  wait(30);
  const left = game.pieces.map((_, i) => i);
  while (left.length > 0) {
    left.sort(
      (a, b) =>
        Math.hypot(game.pieces[a]!.x - game.player.x, game.pieces[a]!.z - game.player.z) -
        Math.hypot(game.pieces[b]!.x - game.player.x, game.pieces[b]!.z - game.player.z),
    );
    const piece = left.shift()!;
    walkTo(game.pieces[piece]!.x, game.pieces[piece]!.z, REACH / 3);
    tap(' ');
    if (game.carrying !== piece) throw new Error(`playthrough: did not pick piece ${piece} up.`);
    wait(10);
    const [sx] = layout.sockets[piece]!;
    walkTo(sx, layout.bench.maxZ + 0.45, 0.1);
    tap(' ');
    if (game.pieces[piece]!.where !== 'socket') throw new Error(`playthrough: piece ${piece} did not go in.`);
    wait(10);
  }
  wait(60);
  if (game.state !== 'won') throw new Error('playthrough: the game was not won.');
  return replay;
}

/** Cells of the path grid (metres) and how many cells apart the waypoints of a route are. */
const CELL = 0.2;
const EVERY = 3;

/**
 * A route from `from` to `to` over the free ground (8-neighbour breadth-first search on a grid of `CELL`; a cell is
 * free when the player's circle there, with a margin, touches no obstacle and stays ashore): its waypoints, every
 * `EVERY`th cell, ending at the target's cell.
 */
function route(layout: GameLayout, from: [number, number], to: [number, number]): [number, number][] {
  const size = Math.ceil((2 * layout.shore) / CELL);
  const at = (v: number) => Math.min(size - 1, Math.max(0, Math.floor((v + layout.shore) / CELL)));
  const centre = (i: number) => -layout.shore + (i + 0.5) * CELL;
  const room = PLAYER_RADIUS + 0.1;
  const free = (cx: number, cz: number) => {
    const [x, z] = [centre(cx), centre(cz)];
    return (
      Math.hypot(x, z) < layout.shore - room &&
      layout.circles.every((c) => Math.hypot(x - c.x, z - c.z) > c.radius + room) &&
      layout.boxes.every((b) => distanceToBox(x, z, b) > room)
    );
  };
  const start = at(from[0]) * size + at(from[1]);
  const goal = at(to[0]) * size + at(to[1]);
  const previous = new Map<number, number>([[start, -1]]);
  const queue = [start];
  for (let head = 0; head < queue.length && !previous.has(goal); head++) {
    const cell = queue[head]!;
    const [cx, cz] = [Math.floor(cell / size), cell % size];
    for (let dx = -1; dx <= 1; dx++)
      for (let dz = -1; dz <= 1; dz++) {
        const [nx, nz] = [cx + dx, cz + dz];
        const next = nx * size + nz;
        if (nx < 0 || nz < 0 || nx >= size || nz >= size || previous.has(next)) continue;
        if (next !== goal && !free(nx, nz)) continue;
        previous.set(next, cell);
        queue.push(next);
      }
  }
  if (!previous.has(goal)) throw new Error(`playthrough: no way from (${from}) to (${to}).`);
  const cells: number[] = [];
  for (let cell = goal; cell !== -1; cell = previous.get(cell)!) cells.unshift(cell);
  return cells
    .filter((_, i) => i > 0 && (i % EVERY === 0 || i === cells.length - 1))
    .map((cell) => [centre(Math.floor(cell / size)), centre(cell % size)]);
}
