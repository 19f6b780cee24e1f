// The game's rules, apart from drawing: the player walking the island (collision with round and boxy obstacles, the
// shore), picking the five pieces up one at a time, carrying them to the bench and setting each in its socket, and the
// win when the five are in. Advanced in fixed steps (the same steps give the same game on every machine and backend);
// the view (main.ts) reads the state after each frame's steps.

/** A round obstacle on the ground (a tree trunk, a rock): the player's circle stays out of it. */
export interface Circle {
  x: number;
  z: number;
  radius: number;
}

/** A boxy obstacle on the ground, axis-aligned (the bench's table). */
export interface Box {
  minX: number;
  maxX: number;
  minZ: number;
  maxZ: number;
}

/** Where things are when a game starts: the island's walkable radius, the obstacles, the pieces and their sockets. */
export interface GameLayout {
  /** The player's circle stays within this distance of the island's centre (the shore). */
  shore: number;
  circles: readonly Circle[];
  boxes: readonly Box[];
  /** Each piece's place on the ground (x, z) at the start; piece i belongs in socket i. */
  pieces: readonly (readonly [number, number])[];
  /** Each socket's place (x, z) on the bench; the player sets a piece in from within `reach` of the bench's box. */
  sockets: readonly (readonly [number, number])[];
  /** The bench's box (among `boxes`): near it, a carried piece goes into its socket. */
  bench: Box;
  /** Where the player starts (x, z), facing the camera. */
  start: readonly [number, number];
}

/** The player's circle radius, walking speed (m/s) and reach (m, from the player's centre to a piece or the bench). */
export const PLAYER_RADIUS = 0.3;
export const WALK_SPEED = 2.4;
export const REACH = 0.9;
/** How near its socket (m, on the ground) a hand in the headset must let a piece go for it to snap in. */
export const SNAP_REACH = 0.6;

/** One piece: on the ground at (x, z), carried by the player, held by a hand (in the headset), or in its socket. */
export interface Piece {
  x: number;
  z: number;
  where: 'ground' | 'carried' | 'held' | 'socket';
}

/** What happened in a step, for the view to show (a pick-up, a piece set in, the win). */
export type GameEvent =
  | { type: 'pick'; piece: number }
  | { type: 'drop'; piece: number }
  | { type: 'place'; piece: number }
  | { type: 'win' };

/** The player's input for one step: the direction held (screen axes, length 0 or 1) and whether act was pressed. */
export interface StepInput {
  move: readonly [number, number];
  act: boolean;
}

/**
 * The workshop as a game: `step` advances it by a fixed time with the player's input and returns what happened. The
 * player's heading follows its movement (radians about +Y, 0 facing +Z); screen right is +X, screen up is −Z.
 */
export class WorkshopGame {
  readonly player = { x: 0, z: 0, heading: 0, moving: false };
  readonly pieces: Piece[];
  /** The piece carried, if any. */
  carrying: number | null = null;
  state: 'playing' | 'won' = 'playing';
  /** Seconds of play (stops at the win). */
  time = 0;

  constructor(readonly layout: GameLayout) {
    this.pieces = layout.pieces.map(([x, z]) => ({ x, z, where: 'ground' as const }));
    [this.player.x, this.player.z] = layout.start;
  }

  /** How many pieces are in their sockets. */
  get placed(): number {
    return this.pieces.filter((p) => p.where === 'socket').length;
  }

  /** Advances the game by `dt` seconds. */
  step(dt: number, input: StepInput): GameEvent[] {
    const events: GameEvent[] = [];
    if (this.state === 'won') return events;
    this.time += dt;
    const p = this.player;
    const [mx, my] = input.move;
    p.moving = mx !== 0 || my !== 0;
    if (p.moving) {
      p.x += mx * WALK_SPEED * dt;
      p.z += my * WALK_SPEED * dt;
      p.heading = Math.atan2(mx, my);
      this.collide();
    }
    if (input.act) this.act(events);
    if (this.carrying !== null) {
      const piece = this.pieces[this.carrying]!;
      [piece.x, piece.z] = [p.x, p.z];
    }
    return events;
  }

  /** Act: set the carried piece in its socket (by the bench) or put it down; else pick up the nearest piece in reach. */
  private act(events: GameEvent[]): void {
    const p = this.player;
    if (this.carrying !== null) {
      const index = this.carrying;
      const piece = this.pieces[index]!;
      this.carrying = null;
      if (distanceToBox(p.x, p.z, this.layout.bench) <= REACH) this.setIn(index, events);
      else {
        // Put down a step ahead, where the player faces.
        piece.where = 'ground';
        piece.x = p.x + Math.sin(p.heading) * 0.45;
        piece.z = p.z + Math.cos(p.heading) * 0.45;
        events.push({ type: 'drop', piece: index });
      }
      return;
    }
    let best = -1;
    let bestDistance = REACH;
    this.pieces.forEach((piece, i) => {
      const d = Math.hypot(piece.x - p.x, piece.z - p.z);
      if (piece.where === 'ground' && d <= bestDistance) [best, bestDistance] = [i, d];
    });
    if (best < 0) return;
    this.carrying = best;
    this.pieces[best]!.where = 'carried';
    events.push({ type: 'pick', piece: best });
  }

  /**
   * A hand in the headset takes piece `index` (off the ground or out of the player's arms): it is out of play until
   * `letGo`. Returns whether it could be taken (a piece in its socket, or after the win, cannot).
   */
  take(index: number): boolean {
    const piece = this.pieces[index];
    if (!piece || this.state === 'won' || (piece.where !== 'ground' && piece.where !== 'carried'))
      return false;
    if (this.carrying === index) this.carrying = null;
    piece.where = 'held';
    return true;
  }

  /**
   * The hand holding piece `index` lets it go over (x, z): within `SNAP_REACH` of its socket it is set in (and five in
   * is the win), else it falls to the ground there (inside the shore).
   */
  letGo(index: number, x: number, z: number): GameEvent[] {
    const piece = this.pieces[index];
    if (piece?.where !== 'held')
      throw new Error(`letGo: piece ${index} is not held by a hand; take it first.`);
    const [sx, sz] = this.layout.sockets[index]!;
    const events: GameEvent[] = [];
    if (Math.hypot(x - sx, z - sz) <= SNAP_REACH) this.setIn(index, events);
    else {
      const r = Math.hypot(x, z);
      const k = r > this.layout.shore ? this.layout.shore / r : 1;
      Object.assign(piece, { where: 'ground', x: x * k, z: z * k });
      events.push({ type: 'drop', piece: index });
    }
    return events;
  }

  /** Sets piece `index` in its socket; the last one in wins. */
  private setIn(index: number, events: GameEvent[]): void {
    const piece = this.pieces[index]!;
    piece.where = 'socket';
    [piece.x, piece.z] = this.layout.sockets[index]!;
    events.push({ type: 'place', piece: index });
    if (this.placed === this.pieces.length) {
      this.state = 'won';
      events.push({ type: 'win' });
    }
  }

  /** Pushes the player's circle out of every obstacle, then back inside the shore. */
  private collide(): void {
    const p = this.player;
    for (const c of this.layout.circles) {
      const [dx, dz] = [p.x - c.x, p.z - c.z];
      const d = Math.hypot(dx, dz);
      const min = c.radius + PLAYER_RADIUS;
      if (d < min && d > 1e-9) [p.x, p.z] = [c.x + (dx / d) * min, c.z + (dz / d) * min];
    }
    for (const b of this.layout.boxes) {
      // The nearest point of the box; inside it, out along the shallowest side.
      const nx = Math.min(Math.max(p.x, b.minX), b.maxX);
      const nz = Math.min(Math.max(p.z, b.minZ), b.maxZ);
      const [dx, dz] = [p.x - nx, p.z - nz];
      const d = Math.hypot(dx, dz);
      if (d >= PLAYER_RADIUS) continue;
      if (d > 1e-9) [p.x, p.z] = [nx + (dx / d) * PLAYER_RADIUS, nz + (dz / d) * PLAYER_RADIUS];
      else {
        // [how deep inside from that side, x and z once out through it]
        const exits = [
          [p.x - b.minX, b.minX - PLAYER_RADIUS, p.z],
          [b.maxX - p.x, b.maxX + PLAYER_RADIUS, p.z],
          [p.z - b.minZ, p.x, b.minZ - PLAYER_RADIUS],
          [b.maxZ - p.z, p.x, b.maxZ + PLAYER_RADIUS],
        ].sort((a, c) => a[0]! - c[0]!);
        [p.x, p.z] = [exits[0]![1]!, exits[0]![2]!];
      }
    }
    const r = Math.hypot(p.x, p.z);
    const shore = this.layout.shore - PLAYER_RADIUS;
    if (r > shore) [p.x, p.z] = [(p.x / r) * shore, (p.z / r) * shore];
  }
}

/** Distance from (x, z) to the box (0 inside). */
export function distanceToBox(x: number, z: number, b: Box): number {
  return Math.hypot(x - Math.min(Math.max(x, b.minX), b.maxX), z - Math.min(Math.max(z, b.minZ), b.maxZ));
}
