import { describe, expect, it } from 'vitest';
import {
  PLAYER_RADIUS,
  SNAP_REACH,
  WALK_SPEED,
  WorkshopGame,
  type GameLayout,
  type StepInput,
} from './workshop-game';

const bench = { minX: -1, maxX: 1, minZ: -3, maxZ: -2 };
/** A small island: a rock at (3, 0), the bench north of the start, two pieces. */
const LAYOUT: GameLayout = {
  shore: 6,
  circles: [{ x: 3, z: 0, radius: 0.5 }],
  boxes: [bench],
  pieces: [
    [0, 0.8],
    [-2, 0],
  ],
  sockets: [
    [-0.5, -2.5],
    [0.5, -2.5],
  ],
  bench,
  start: [0, 0],
};
const STEP = 1 / 60;
const walk = (game: WorkshopGame, move: [number, number], seconds: number) => {
  for (let i = 0; i < Math.round(seconds / STEP); i++) game.step(STEP, { move, act: false });
};
/** Walks straight toward (x, z) until within 0.2 m (at most 5 s). */
const walkTo = (game: WorkshopGame, x: number, z: number) => {
  for (let i = 0; i < 300; i++) {
    const [dx, dz] = [x - game.player.x, z - game.player.z];
    const d = Math.hypot(dx, dz);
    if (d < 0.2) return;
    game.step(STEP, { move: [dx / d, dz / d], act: false });
  }
};
const act = (game: WorkshopGame) => game.step(STEP, { move: [0, 0], act: true } satisfies StepInput);
const near = (v: number) => Math.round(v * 1e6) / 1e6;

describe('WorkshopGame', () => {
  it('walks at its speed facing its way; rocks, the bench and the shore stop it', () => {
    const game = new WorkshopGame(LAYOUT);
    walk(game, [1, 0], 0.5);
    expect([near(game.player.x), game.player.z, near(game.player.heading)]).toEqual([
      near(WALK_SPEED * 0.5),
      0,
      near(Math.PI / 2),
    ]);
    walk(game, [1, 0], 2); // into the rock: stops at its edge
    expect(near(game.player.x)).toBe(near(3 - 0.5 - PLAYER_RADIUS));
    walk(game, [0, 1], 5); // south to the shore
    expect(near(Math.hypot(game.player.x, game.player.z))).toBe(near(6 - PLAYER_RADIUS));
    const north = new WorkshopGame(LAYOUT);
    walk(north, [0, -1], 3); // into the bench's south side
    expect([north.player.x, near(north.player.z), north.player.moving]).toEqual([
      0,
      near(-2 + PLAYER_RADIUS),
      true,
    ]);
    walk(north, [0, 0], STEP);
    expect(north.player.moving).toBe(false);
  });

  it('picks up the nearest piece in reach, carries it, puts it down ahead or sets it in its socket by the bench; all in is a win', () => {
    const game = new WorkshopGame(LAYOUT);
    expect(act(game)).toEqual([{ type: 'pick', piece: 0 }]); // (0, 0.8) is in reach, (−2, 0) is not
    walk(game, [-1, 0], 0.5);
    expect([near(game.pieces[0]!.x), game.pieces[0]!.where]).toEqual([near(-1.2), 'carried']);
    expect(act(game)).toEqual([{ type: 'drop', piece: 0 }]); // away from the bench: down, a step ahead (west)
    expect([near(game.pieces[0]!.x), game.pieces[0]!.where]).toEqual([near(-1.2 - 0.45), 'ground']);
    walk(game, [1, 0], 0.3);
    expect(act(game)).toEqual([]); // nothing in reach now
    walkTo(game, -2.3, 0); // past the piece put down, to the other one: the nearer is picked
    expect(act(game)).toEqual([{ type: 'pick', piece: 1 }]);
    walkTo(game, 0.5, -1.6); // up to the bench
    expect(act(game)).toEqual([{ type: 'place', piece: 1 }]);
    expect([game.pieces[1], game.placed, game.carrying]).toEqual([
      { x: 0.5, z: -2.5, where: 'socket' },
      1,
      null,
    ]);
    expect(act(game)).toEqual([]); // nothing in reach: a piece in a socket stays there
    walkTo(game, game.pieces[0]!.x, game.pieces[0]!.z);
    expect(act(game)).toEqual([{ type: 'pick', piece: 0 }]);
    walkTo(game, -0.5, -1.6);
    const before = game.time;
    expect(act(game)).toEqual([{ type: 'place', piece: 0 }, { type: 'win' }]);
    expect([game.state, game.placed]).toEqual(['won', 2]);
    // Won: the clock stops, the player no longer moves.
    walk(game, [1, 0], 1);
    expect([near(game.time), game.player.moving]).toEqual([near(before + STEP), false]);
  });

  it('a hand (in the headset) takes a piece from the ground or the arms; let go by its socket it snaps in, else it falls there', () => {
    const game = new WorkshopGame(LAYOUT);
    expect(act(game)).toEqual([{ type: 'pick', piece: 0 }]);
    expect(game.take(0)).toBe(true); // out of the player's arms
    expect([game.carrying, game.pieces[0]!.where]).toEqual([null, 'held']);
    walk(game, [1, 0], 0.5); // a held piece no longer follows the player (it was picked up at (0, 0))
    expect([game.pieces[0]!.x, game.pieces[0]!.z]).toEqual([0, 0]);
    expect(act(game)).toEqual([]); // nor can the player pick it up
    // Let go just beyond its socket's reach: it falls there; past the shore, at the shore.
    expect(game.letGo(0, -0.5, -2.5 + SNAP_REACH + 0.01)).toEqual([{ type: 'drop', piece: 0 }]);
    expect(game.pieces[0]).toEqual({ x: -0.5, z: -2.5 + SNAP_REACH + 0.01, where: 'ground' });
    expect(() => game.letGo(0, 0, 0)).toThrow(/piece 0 is not held by a hand/);
    expect(game.take(1)).toBe(true);
    expect(game.letGo(1, 0, 9)).toEqual([{ type: 'drop', piece: 1 }]);
    expect([near(game.pieces[1]!.x), near(game.pieces[1]!.z)]).toEqual([0, 6]);
    // By its own socket it goes in; a piece in its socket cannot be taken; the last in wins.
    game.take(0);
    expect(game.letGo(0, -0.5 + 0.3, -2.5 - 0.3)).toEqual([{ type: 'place', piece: 0 }]);
    expect([game.pieces[0], game.take(0)]).toEqual([{ x: -0.5, z: -2.5, where: 'socket' }, false]);
    game.take(1);
    expect(game.letGo(1, 0.5, -2.5)).toEqual([{ type: 'place', piece: 1 }, { type: 'win' }]);
    expect([game.state, game.placed]).toEqual(['won', 2]);
  });
});
