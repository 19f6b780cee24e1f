// Shared by the workshop and xr demos: seed 000's bench in metres. A table top 0.9 m above the floor, a support with
// two sockets, five loose pieces, a panel facing the user with the frame budget on it (the cost in the pixel font beside
// its ceiling, and a bar), an axle, and the desk camera.
import { vec3, type mat4 } from 'gl-matrix';
import {
  boxGeometry,
  type BudgetSnapshot,
  Camera,
  cylinderGeometry,
  HEADSET_90HZ_MS,
  Material,
  Mesh,
  Node,
  planeGeometry,
  WorldText,
  type Renderer,
  quadGeometry,
  type Scheduled,
  sphereGeometry,
  type Timeline,
  type XrState,
} from '../../src/index';
import type { XrHand } from '../../src/advanced';
import type { ArmatureHandle } from '../../src/debug';

/** The bench's nodes the demos move or read. */
export interface Workshop {
  scene: Node;
  table: Node;
  top: Mesh;
  axle: Mesh;
  gear: Mesh;
  /** The loose pieces a pointer can pick up and carry. */
  pieces: Mesh[];
  /** The support's two sockets, that a carried piece snaps into. */
  sockets: Mesh[];
  budget: BudgetPanel;
  camera: Camera;
}

/** The frame-budget readout on the bench's panel: the number and the bar. */
export interface BudgetPanel {
  /** Two lines: a title, then the frame cost's p95 beside the ceiling, in milliseconds ("4.21/11.11"). */
  readout: WorldText;
  /** Its length is the cost over the ceiling; red when over. */
  bar: Mesh<ReturnType<typeof quadGeometry>, Material>;
}

/** Font texels per metre on the panel: at the desk camera's distance a texel is about two native pixels. */
export const READOUT_TEXELS_PER_METRE = 75;

/**
 * The board the budget readout is shown on: a 0.66 × 0.28 m panel of `material` facing +Z, the readout's two lines
 * (`READOUT_TEXELS_PER_METRE`) over its bar. Kept up to date by `budgetPanelStep`; scale it for another view.
 */
export function budgetBoard(material: Material): { panel: Mesh; budget: BudgetPanel } {
  const panel = new Mesh('panel', quadGeometry(0.66, 0.28), material);
  const bar = new Mesh('budget bar', quadGeometry(0.56, 0.03), new Material('unlit', [0.2, 0.8, 0.3, 1]));
  panel.add(bar.setPosition(0, -0.085, 0.005));
  const readout = new WorldText('budget readout', budgetText(null), {
    capacity: 24, // the title and a cost of up to six digits with its ceiling
    pixelsPerUnit: READOUT_TEXELS_PER_METRE,
    color: OK_INK,
  });
  panel.add(readout.setPosition(-0.2867, 0.115, 0.004)); // 43 texels wide (0.573 m), centred; above the bar
  return { panel, budget: { readout, bar } };
}

/** Builds the bench (a fresh tree each call). */
export function workshopScene(): Workshop {
  const lambert = (r: number, g: number, b: number) => new Material('lambert', [r, g, b, 1]);

  const scene = new Node('scene');
  scene.add(new Mesh('floor', planeGeometry(6, 6), lambert(0.35, 0.33, 0.3)));
  const table = new Node('table'); // a group: the frame everything on the bench shares
  scene.add(table);
  const top = new Mesh('top', boxGeometry(1.2, 0.05, 0.7), lambert(0.6, 0.42, 0.25)).setPosition(0, 0.9, 0);
  table.add(top);
  for (const [x, z] of [
    [-0.55, -0.3],
    [0.55, -0.3],
    [-0.55, 0.3],
    [0.55, 0.3],
  ] as const) {
    table.add(
      new Mesh('leg', boxGeometry(0.05, 0.875, 0.05), lambert(0.45, 0.3, 0.18)).setPosition(x, 0.4375, z),
    );
  }
  const support = new Mesh('support', boxGeometry(0.3, 0.06, 0.12), lambert(0.4, 0.4, 0.45)).setPosition(
    0.3,
    0.055,
    -0.15,
  );
  top.add(support);
  const sockets = [-0.08, 0.08].map((x, i) =>
    new Mesh(`socket ${i + 1}`, cylinderGeometry(0.025, 0.03, 12), lambert(0.2, 0.2, 0.22)).setPosition(
      x,
      0.045,
      0,
    ),
  );
  for (const socket of sockets) support.add(socket);
  const axle = new Mesh('axle', cylinderGeometry(0.02, 0.2, 12), lambert(0.7, 0.7, 0.75)).setPosition(
    -0.3,
    0.125,
    -0.1,
  );
  top.add(axle);
  axle.add(
    new Mesh('arm', boxGeometry(0.12, 0.015, 0.015), lambert(0.8, 0.2, 0.2)).setPosition(0.06, 0.09, 0),
  ); // shows the turn
  const gear = new Mesh('big gear', cylinderGeometry(0.07, 0.02, 16), lambert(0.85, 0.7, 0.2)).setPosition(
    -0.05,
    0.035,
    -0.1,
  );
  top.add(gear);
  const loose = [
    new Mesh('pin', cylinderGeometry(0.01, 0.08, 8), lambert(0.6, 0.6, 0.6)).setPosition(0.1, 0.035, 0.15),
    new Mesh('washer', cylinderGeometry(0.03, 0.008, 12), lambert(0.5, 0.5, 0.55)).setPosition(
      -0.15,
      0.03,
      0.2,
    ),
    new Mesh('spring', cylinderGeometry(0.02, 0.06, 10), lambert(0.3, 0.5, 0.8)).setPosition(
      0.3,
      0.055,
      0.18,
    ),
    new Mesh('cap', sphereGeometry(0.03, 10, 6), lambert(0.2, 0.6, 0.3)).setPosition(-0.4, 0.055, 0.2),
  ];
  for (const piece of loose) top.add(piece);
  // The panel faces the user (+Z); the budget bar on it is the readout, a scene object on the table.
  const { panel, budget } = budgetBoard(lambert(0.3, 0.32, 0.4));
  top.add(panel.setPosition(0.1, 0.45, -0.33));

  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: 0.9,
    aspect: 336 / 240,
    near: 0.05,
    far: 20,
  });
  camera.setPosition(0, 1.55, 1.5);
  camera.setRotationFromAxisAngle([1, 0, 0], -0.42);
  scene.add(camera);

  return { scene, table, top, axle, gear, pieces: loose, sockets, budget, camera };
}

/** The axle's speed: 90° a second, by scene time. */
const AXLE_SPEED = Math.PI / 2;

const UP = [0, 1, 0] as const;

/** Turns the bench's axle at 90°/s for ever: an endless tween on the scene timeline. */
export function spinAxle(timeline: Timeline, bench: Workshop): Scheduled {
  return timeline.tween(
    0,
    2 * Math.PI,
    (angle) => {
      bench.axle.setRotationFromAxisAngle(UP, angle);
    },
    { duration: (2 * Math.PI) / AXLE_SPEED, repeat: Infinity },
  );
}

/** How high a carried piece rides above where it was picked up (metres). */
const LIFT = 0.05;

/**
 * Seed 000's pick, move and release on the bench, through the renderer's picking: pressing on a loose piece lifts it
 * and it follows the pointer over the table; releasing over a socket snaps it in (`socket.snap`: it takes the socket's
 * frame), anywhere else sets it down on the table top where it is (`top.attach`: its world place kept). Pressing
 * anywhere else drags the table, and everything on it follows. Each release is logged. Presses `ignore` says are not
 * the bench's (over a UI drawn on the canvas) are left alone.
 */
export function benchPointer(
  renderer: Renderer,
  bench: Workshop,
  canvas: HTMLCanvasElement,
  log: (line: string) => void,
  ignore: (e: PointerEvent) => boolean = () => false,
): void {
  const toCanvas = (e: PointerEvent): [number, number] => {
    const r = canvas.getBoundingClientRect();
    return [
      ((e.clientX - r.left) * canvas.width) / r.width,
      ((e.clientY - r.top) * canvas.height) / r.height,
    ];
  };
  let carried: { piece: Mesh; y: number } | null = null;
  let drag: { x: number; y: number } | null = null;
  const follow = (e: PointerEvent) => {
    const ray = renderer.rayAt(...toCanvas(e));
    if (!ray || !carried || ray.direction[1] === 0) return;
    const t = (carried.y - ray.origin[1]) / ray.direction[1];
    if (t > 0 && t <= 1)
      carried.piece.setWorldPosition(
        ray.origin[0] + t * ray.direction[0],
        carried.y,
        ray.origin[2] + t * ray.direction[2],
      );
  };
  canvas.addEventListener('pointerdown', (e) => {
    if (ignore(e)) return;
    canvas.setPointerCapture(e.pointerId);
    const piece = renderer.pick(...toCanvas(e))?.mesh;
    if (piece && bench.pieces.includes(piece as Mesh)) {
      if (piece.parent !== bench.top) bench.top.attach(piece); // out of its socket, where it is
      carried = { piece: piece as Mesh, y: piece.worldMatrix[13]! + LIFT };
      follow(e);
    } else drag = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener('pointermove', (e) => {
    if (carried) follow(e);
    else if (drag) {
      const p = bench.table.position;
      bench.table.setPosition(p[0] + (e.clientX - drag.x) * 0.004, p[1], p[2] + (e.clientY - drag.y) * 0.004);
      drag = { x: e.clientX, y: e.clientY };
    }
  });
  canvas.addEventListener('pointerup', (e) => {
    drag = null;
    if (!carried) return;
    const { piece, y } = carried;
    carried = null;
    piece.visible = false; // what lies under the piece decides where it goes
    const under = renderer.pick(...toCanvas(e))?.mesh;
    piece.visible = true;
    const socket = bench.sockets.find((s) => s === under);
    if (socket) snapInto(socket, piece, log);
    else {
      const at = piece.worldMatrix;
      piece.setWorldPosition(at[12]!, y - LIFT, at[14]!);
      putDown(bench, piece, log);
    }
  });
}

function snapInto(socket: Mesh, piece: Mesh, log: (line: string) => void): void {
  const moved = socket.snap(piece, { keepScale: true });
  log(`snap ${piece.name} → ${socket.name}: moved ${moved.toFixed(3)} m`);
}

function putDown(bench: Workshop, piece: Mesh, log: (line: string) => void): void {
  log(`put ${piece.name} down on ${bench.top.name}: deviation ${bench.top.attach(piece).toExponential(2)} m`);
}

/** How near a released piece must be to a free socket to snap into it (metres, centre to centre). */
const SNAP_REACH = 0.08;

/**
 * Seed 000's grab in the headset, as a step: squeeze (a tracked hand: pinch) while a ray is on a loose piece and the piece
 * follows that controller's grip keeping its offset (`grip.attach`); let go within `SNAP_REACH` of a free socket and
 * it snaps in (`socket.snap`), elsewhere it stays where it was let go, on the table top (`top.attach`). Each release is
 * logged as on the desk. A session ending mid-grab puts the held pieces down where they are.
 */
export function benchGrab(bench: Workshop, xr: XrState, log: (line: string) => void): () => void {
  const held = new Map<XrHand, Mesh>();
  const point = vec3.create();
  const release = (hand: XrHand) => {
    const piece = held.get(hand)!;
    held.delete(hand);
    const at = vec3.set(point, piece.worldMatrix[12]!, piece.worldMatrix[13]!, piece.worldMatrix[14]!);
    const socket = bench.sockets.find(
      (s) =>
        !bench.pieces.some((p) => p.parent === s) && vec3.distance(at, s.worldPosition as vec3) <= SNAP_REACH,
    );
    if (socket) snapInto(socket, piece, log);
    else putDown(bench, piece, log);
  };
  return () => {
    const inputs = xr.inputs;
    if (!inputs) {
      for (const hand of [...held.keys()]) release(hand);
      return;
    }
    for (const { type, hand } of inputs.events) {
      // A tracked hand has no squeeze: it grabs by pinching (select) on the piece.
      const [grab, letGo] =
        hand.kind === 'hand' ? ['selectstart', 'selectend'] : ['squeezestart', 'squeezeend'];
      if (type === letGo && held.has(hand)) release(hand);
      if (type !== grab || held.has(hand)) continue;
      const hit = xr.pointers.find((p) => p.hand === hand)?.hit;
      const piece = hit?.kind === 'node' ? hit.node : null;
      if (!piece || !bench.pieces.includes(piece) || [...held.values()].includes(piece)) continue;
      hand.grip.attach(piece);
      held.set(hand, piece);
    }
  };
}

const OK_INK = [0.95, 0.92, 0.7, 1] as const;
const OVER_INK = [1, 0.35, 0.3, 1] as const;

/**
 * What the readout says for a budget snapshot: its cost p95 beside its ceiling, in milliseconds with two decimals
 * (whole milliseconds from 100 up). Without a snapshot the cost is dashes: nothing measured yet, or held.
 */
export function budgetText(stats: BudgetSnapshot | null): string {
  const ms = (v: number) => (v < 100 ? v.toFixed(2) : v.toFixed(0));
  const cost = stats && stats.samples > 0 ? ms(stats.cost.p95) : '--.--';
  return `COST P95 MS\n${cost}/${ms(stats?.ceilingMs ?? HEADSET_90HZ_MS)}`;
}

/**
 * The step that keeps the bench's budget panel the frame-budget readout (on the desk and, in XR, in the headset): the
 * page's latest budget snapshot (`window.__armature.stats`, published a few times a second) as a number beside its
 * ceiling, and a bar whose length is the cost over the ceiling, both red when over. Rewritten every frame; only the
 * glyphs that change are re-framed, and the text changes when the snapshot does. `hold`: the readout shows dashes and
 * the bar stays put, for fixed-clock screenshots (measured times differ run to run).
 */
export function budgetPanelStep(
  { readout, bar }: BudgetPanel,
  handle: ArmatureHandle,
  hold: boolean,
): () => void {
  return () => {
    const stats = hold ? null : handle.stats;
    readout.text = budgetText(stats);
    if (!stats || stats.samples === 0) return;
    const load = Math.min(stats.cost.p95 / stats.ceilingMs, 1);
    const ink = load >= 1 ? OVER_INK : OK_INK;
    bar.setScale(Math.max(load, 0.02), 1, 1);
    bar.material.setColor(load >= 1 ? 0.9 : 0.2, load >= 1 ? 0.2 : 0.8, 0.3, 1);
    readout.setColor(ink[0], ink[1], ink[2], ink[3]);
  };
}

/** What the workshop pages publish for tests as `window.__bench`: where a named node is on the page, and its parent. */
export interface BenchProbe {
  /** The page (CSS pixel) position of a node's origin as the camera sees it now. */
  screenOf(name: string): [number, number];
  parentOf(name: string): string | null;
  /** The node's world position. */
  worldOf(name: string): [number, number, number];
  /** The node's world matrix (column-major). */
  matrixOf(name: string): number[];
  /**
   * The page position of the centre of font texel (`column`, `row`) of the world text `name`, counted right and down
   * from its top-left: where a test reads the text back from the canvas.
   */
  screenOfTexel(name: string, column: number, row: number): [number, number];
}

/** `?readout=live`: under the fixed clock the budget readout shows the measured cost too (it is held otherwise). */
export function liveReadout(params: URLSearchParams): boolean {
  const asked = params.get('readout');
  if (asked !== null && asked !== 'live')
    throw new Error(
      `URL parameter readout=${asked}: the only value is readout=live (measured costs under ?t=).`,
    );
  return asked === 'live';
}

/** Publishes `window.__bench` for the page's tests. */
export function publishBenchProbe(renderer: Renderer, bench: Pick<Workshop, 'scene'>): void {
  const find = (name: string) => {
    const node = bench.scene.find(name);
    if (!node) throw new Error(`No node named "${name}" on the bench.`);
    return node;
  };
  const point = vec3.create();
  /** Where a point of `node`'s local frame is on the page. */
  const onPage = (node: Node, x: number, y: number, z: number): [number, number] => {
    vec3.transformMat4(point, vec3.set(point, x, y, z), node.worldMatrix as mat4);
    const [nx, ny] = renderer.project(point) ?? [NaN, NaN];
    return renderer.nativeToClient(nx, ny);
  };
  const probe: BenchProbe = {
    screenOf: (name) => onPage(find(name), 0, 0, 0),
    parentOf: (name) => find(name).parent?.name ?? null,
    worldOf(name) {
      const m = find(name).worldMatrix;
      return [m[12]!, m[13]!, m[14]!];
    },
    matrixOf: (name) => [...find(name).worldMatrix],
    screenOfTexel(name, column, row) {
      const text = find(name);
      if (!(text instanceof WorldText)) throw new Error(`"${name}" is not world text.`);
      return onPage(text, (column + 0.5) / text.pixelsPerUnit, -(row + 0.5) / text.pixelsPerUnit, 0);
    },
  };
  (window as unknown as { __bench: BenchProbe }).__bench = probe;
}
