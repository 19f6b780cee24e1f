// The game in a headset: "Enter VR" (shown when a session is possible; ?xr=emulate emulates a Meta Quest 3) sets the
// island on a table in front of the player, small enough to reach across (TABLE_SCALE), with the HUD and the pause
// menu on a see-through panel behind it. A controller's squeeze (a tracked hand's pinch) on a piece takes it out of
// play into the hand; letting go near its socket sets it in, elsewhere it falls to the ground there (the rules'
// `take` and `letGo`). The thumbstick walks the kit and A acts, B pauses, as a pad does on the desk; the rays work the
// menu. Ending the session puts the island back as it was on the canvas.
import {
  Camera,
  cylinderGeometry,
  enterXr,
  Material,
  Mesh,
  quadGeometry,
  type Node,
  type Renderer,
  type Running,
  type XrState,
  type XrSupport,
  type UiKernel,
} from '../../src/index';
import type { HeadsetUi, XrHand } from '../../src/advanced';
import { mat4, vec3 } from 'gl-matrix';
import type { Island } from './island';
import type { GameEvent, WorkshopGame } from './workshop-game';

/** Metres of table per metre of island (the island's 14 m across become 1.1 m), and the height of the table's sea. */
const TABLE_SCALE = 0.08;
const TABLE_HEIGHT = 0.8;
/** Where the headset starts (room metres): standing back from the table's near edge, looking level across it. */
const EYE = [0, 1.35, 1.2] as const;
/** The UI panel: its native size (the whole UI image, see-through where nothing is drawn) and width in metres. */
export const PANEL_SIZE = [336, 240] as const;
const PANEL_WIDTH = 0.9;
const ROOM_CLEAR = [0.08, 0.08, 0.1, 1] as const;

/** What the headset version works on: the page's game, and what it shows of it. */
export interface HeadsetGameOptions {
  /** The canvas renderer's root: the island stands in it (at scale 1 on the canvas). */
  room: Node;
  island: Island;
  renderer: Renderer;
  support: XrSupport;
  xr: XrState;
  ui: Pick<HeadsetUi, 'root' | 'atlas'> & { kernel: UiKernel };
  /** The rules now (a restart makes new ones), and how the page shows what a step's events did. */
  game: () => WorkshopGame;
  show: (events: GameEvent[]) => void;
  /** Stops the glides running on piece `index` (a hand takes it from wherever it is going). */
  still: (index: number) => void;
}

/** The island on the table, the HUD panel and the grab, entered and left with the session. */
export class HeadsetGame {
  /** Where the headset is placed when a session starts (only its pose counts: each eye has its own projection). */
  readonly eye = new Camera('headset eye');
  readonly panel = new Mesh('game panel', quadGeometry(1, 1), new Material('panel'));
  /** The table under the island and the sea on it: shown in the headset only. */
  private readonly table: Mesh[];
  private readonly held = new Map<XrHand, number>();
  private saved: { clear: Float32Array; lanterns: [number, number][] } | null = null;

  constructor(private readonly options: HeadsetGameOptions) {
    const { room } = options;
    this.eye.setPosition(...EYE);
    room.add(this.eye);
    const metres = PANEL_WIDTH / PANEL_SIZE[0];
    this.panel.setScale(PANEL_WIDTH, PANEL_SIZE[1] * metres, 1);
    this.panel.setPosition(0, TABLE_HEIGHT + 0.5, -0.35); // over the island's far shore
    this.panel.visible = false;
    room.add(this.panel);
    const wood = new Material('lambert', [0.32, 0.22, 0.15, 1]);
    const sea = new Material('lambert', [0.18, 0.42, 0.62, 1]);
    sea.setParam('outline', [0, 0, 0, 0]);
    this.table = [
      new Mesh('table sea', cylinderGeometry(0.72, 0.02, 32), sea).setPosition(0, TABLE_HEIGHT - 0.01, 0),
      new Mesh('table top', cylinderGeometry(0.76, 0.04, 32), wood).setPosition(0, TABLE_HEIGHT - 0.04, 0),
      new Mesh('table leg', cylinderGeometry(0.08, TABLE_HEIGHT, 8), wood).setPosition(
        0,
        TABLE_HEIGHT / 2,
        0,
      ),
    ];
    for (const mesh of this.table) {
      mesh.visible = false;
      room.add(mesh);
    }
  }

  /** Enters the session (from a user's click): resolves once the headset draws, with the island on its table. */
  async enter(running: Running): Promise<XRSession> {
    const { room, support, xr, ui } = this.options;
    this.toTable(true);
    try {
      const { session } = await enterXr({
        running,
        state: xr,
        root: room,
        camera: this.eye,
        support,
        ui: { ...ui, size: PANEL_SIZE, background: [0, 0, 0, 0], panel: this.panel },
      });
      session.addEventListener('end', () => this.toTable(false));
      return session;
    } catch (error) {
      this.toTable(false);
      throw error;
    }
  }

  /** The frame step: squeeze (a hand: pinch) on a piece takes it, letting go sets it in or down. */
  step(): void {
    const { xr, island } = this.options;
    const inputs = xr.inputs;
    if (!inputs) {
      for (const hand of [...this.held.keys()]) this.release(hand); // the session ended holding pieces
      return;
    }
    for (const { type, hand } of inputs.events) {
      const [grab, letGo] =
        hand.kind === 'hand' ? ['selectstart', 'selectend'] : ['squeezestart', 'squeezeend'];
      if (type === letGo && this.held.has(hand)) this.release(hand);
      if (type !== grab || this.held.has(hand)) continue;
      const hit = xr.pointers.find((p) => p.hand === hand)?.hit;
      const index = hit?.kind === 'node' ? island.pieces.indexOf(hit.node as Mesh) : -1;
      if (index < 0 || [...this.held.values()].includes(index) || !this.options.game().take(index)) continue;
      this.options.still(index);
      hand.grip.attach(island.pieces[index]!);
      this.held.set(hand, index);
    }
  }

  /** The hand lets its piece go: where it is over the island decides (its socket, or the ground there). */
  private release(hand: XrHand): void {
    const index = this.held.get(hand)!;
    this.held.delete(hand);
    const game = this.options.game();
    if (game.pieces[index]?.where !== 'held') return; // a restart while it was held put it back already
    const { island } = this.options;
    const m = island.pieces[index]!.worldMatrix;
    const islandFromWorld = mat4.invert(mat4.create(), island.root.worldMatrix as mat4)!;
    const at = vec3.transformMat4(vec3.create(), [m[12]!, m[13]!, m[14]!], islandFromWorld);
    this.options.show(game.letGo(index, at[0], at[2]));
  }

  /**
   * Puts the island on its table (true) or back (false): scaled about its centre onto the table top, the canvas'
   * endless sea swapped for the table's, the room dark, the lanterns' reach and strength scaled with it (inverse square:
   * the same light at the same place on the island).
   */
  private toTable(on: boolean): void {
    const { island, renderer } = this.options;
    island.sea.visible = !on;
    for (const mesh of this.table) mesh.visible = on;
    const scale = on ? TABLE_SCALE : 1;
    island.root.setScale(scale, scale, scale);
    // The island's sea level on the table's sea.
    island.root.setPosition(0, on ? TABLE_HEIGHT - island.sea.position[1]! * TABLE_SCALE : 0, 0);
    const clear = renderer.environment.clearColor;
    if (on && !this.saved) {
      this.saved = {
        clear: Float32Array.from(clear),
        lanterns: island.lanterns.map((l) => [l.range, l.intensity]),
      };
      clear.set(ROOM_CLEAR);
      for (const lamp of island.lanterns) {
        lamp.range *= TABLE_SCALE;
        lamp.intensity *= TABLE_SCALE * TABLE_SCALE;
      }
    } else if (!on && this.saved) {
      clear.set(this.saved.clear);
      island.lanterns.forEach((lamp, i) => ([lamp.range, lamp.intensity] = this.saved!.lanterns[i]!));
      this.saved = null;
    }
  }
}
