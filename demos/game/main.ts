// game: the workshop as a small game. Walk the kit round the island (arrows, WASD or a pad's stick), pick the five
// pieces up (Space, Enter or the pad's A), carry them to the bench and set each in its socket; the five in place win.
// Written against the public entries only, as an outside app would be. The rules are in workshop-game.ts (fixed
// steps of 1/60 s), the island in island.ts and island-art.ts; this file draws them: the pixel-stable camera following
// the player, the kit's clips (kit-animator.ts), palms fading out of its way (see-through.ts), the frame-budget board
// behind the bench, the HUD and pause menu (game-ui.ts).
// ?replay=<name> plays demos/game/replays/<name>.json instead of the keys (a recorded input, step by step: with ?t=
// and ?fps= the same frames every run); `playthrough` is a bot's game to the win, made by npm run assets. With ?soak=N
// (demos/shared/soak.ts) the replay plays again a second after each win, for as long as the soak runs.
// In a headset ("Enter VR"; ?xr=emulate emulates a Meta Quest 3) the island stands on a table and the controllers
// take the pieces and set them in (game-xr.ts).
// window.__armature.game = { player: { position: [x, y, z], animation }, placed, state, steps, wonAt }; window.__bench
// and window.__xrProbe (aim a controller, a point of the UI panel) are for the headset's tests.
import {
  ActionMapper,
  Camera,
  detectXrSupport,
  xrState,
  FixedStep,
  InputQueue,
  loadGltf,
  Node,
  UiAtlas,
  EASINGS,
  Timeline,
  tweenPosition,
  tweenRotation,
  UiKernel,
  UiView,
  Palette,
  type ClockSample,
  type Easing,
  type Scheduled,
  type InputEvent,
} from '../../src/index';
import { applyChainState, installArmatureHandle, readChainUrl, uiHandle } from '../../src/debug';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';
import { aimPose, emulationFromUrl, enterVrButton, panelPoint } from '../shared/xr-page';
import { budgetPanelStep, liveReadout, publishBenchProbe } from '../shared/workshop-scene';
import { GameInput, ReplayCursor, type Replay } from './game-input';
import { GameUi, type Look } from './game-ui';
import { HeadsetGame, PANEL_SIZE } from './game-xr';
import { KitAnimator } from './kit-animator';
import { islandScene } from './island';
import { SeeThrough } from './see-through';
import { WorkshopGame, type GameEvent } from './workshop-game';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

/** Metres across the view (336 texels: 1/28 m a texel), and where the camera sits from the player. */
const VIEW_WIDTH = 12;
const CAMERA_OFFSET = [0, 9, 10] as const;

/** The rules' fixed step (s). */
const STEP = 1 / 60;

/** What the page publishes as `window.__armature.game`. */
interface GameHandle {
  player: { position: [number, number, number]; animation: string };
  placed: number;
  state: string;
  /** Fixed steps the rules have run, and the step the last piece went in at (null before the win). */
  steps: number;
  wonAt: number | null;
}

/** Loads `demos/game/replays/<name>.json`, checked. */
async function loadReplay(name: string): Promise<Replay> {
  if (!/^[a-z0-9-]+$/.test(name))
    throw new Error(
      `?replay=${name}: a replay's name is lower-case letters, digits and dashes (e.g. playthrough).`,
    );
  const response = await fetch(`/demos/game/replays/${name}.json`);
  if (!response.ok)
    throw new Error(
      `?replay=${name}: no such replay (HTTP ${response.status}); the replays are in demos/game/replays/.`,
    );
  const replay = (await response.json()) as Replay;
  if (replay.step !== STEP || !Array.isArray(replay.events))
    throw new Error(`?replay=${name}: recorded at a step of ${replay.step} s; the game steps 1/60 s.`);
  return replay;
}

try {
  const { params, seed, fixed: fixedClock, soak } = demoParams();
  const chain = readChainUrl(params, { on: ['outline', 'shadow'], off: ['motionBlur'] });
  // Loaded only on request: IWER replaces navigator.xr with an emulated headset.
  const device = await emulationFromUrl(params);
  // Decided before the device exists: a device for the WebGPU binding must come from an XR-compatible adapter.
  const support = await detectXrSupport();
  const xr = xrState(support);
  handle.xr = device ? Object.assign(xr, { device }) : xr;
  // The room holds the island (scaled onto a table in the headset) and the cameras.
  const room = new Node('room');
  const island = islandScene(seed);
  room.add(island.root);
  const kit = await loadGltf('/demos/game/art/kit.glb');
  const player = new Node('player');
  player.add(kit.root);
  island.root.add(player);

  const [nw, nh] = [336, 240];
  const camera = Camera.orthographic('eye', VIEW_WIDTH, [nw, nh], { far: 60 });
  camera.setPosition(...CAMERA_OFFSET).lookAt([0, 0, 0]);
  room.add(camera);

  // The UI: the HUD strip, the win banner and the pause menu on a UI kernel (game-ui.ts).
  const kernel = new UiKernel();
  const gameUi = new GameUi(kernel, nw, nh);
  const view = new UiView(kernel);
  const hud = new Node('hud');
  hud.add(view.root);

  const atlas = new UiAtlas({});
  const renderer = await demoRenderer(
    handle,
    canvas,
    {
      root: room,
      camera,
      native: [nw, nh],
      clearColor: { r: 0.18, g: 0.42, b: 0.62, a: 1 },
      pixelStable: true,
      ui: { root: hud, atlas },
    },
    { xrCompatible: support.mode === 'webgpu-binding' },
  );
  applyChainState(renderer, chain);
  renderer.shadow.box = Float32Array.of(0, 1, 0, 7.5, 2.5, 7.5); // the whole island, fixed to the world
  renderer.world.ambient.set([0.42, 0.44, 0.5, 1]);
  for (const material of island.materials) {
    const [r, g, b] = material.color;
    material.setParam('outline', [r! * 0.3, g! * 0.3, b! * 0.35, 1]);
  }

  // Input: arrows and WASD walk, Space/Enter (and a pad's A) act; or a replay's keys, step by step.
  const mapper = new ActionMapper()
    .bindKey('w', 'up')
    .bindKey('a', 'left')
    .bindKey('s', 'down')
    .bindKey('d', 'right');
  mapper.stickDiagonals = true; // a pad's stick walks eight ways
  const queue = new InputQueue(canvas, {
    toNative: (x, y) => renderer.clientToNative(x, y),
    mapper,
    takesKey: (key) => kernel.takesKey(key), // Tab moves the menu's focus, not the page's
    // In the headset the controllers' sticks and buttons are pads too: the same actions as on the desk.
    pads: () => [...(navigator.getGamepads?.() ?? []), ...(xr.inputs?.pads ?? [])],
  });
  const input = new GameInput();
  const replayName = params.get('replay');
  const replay = replayName === null ? null : new ReplayCursor(await loadReplay(replayName), mapper);
  // Esc (a pad's B) pauses and resumes. While paused the game takes only releases (a key let go in the menu is up).
  const live = (events: InputEvent[]) => {
    for (const event of events) {
      const reject = (event.kind === 'key' || event.kind === 'pad') && event.actions.includes('reject');
      if (reject && !replay)
        gameUi.pause(!gameUi.paused); // after the win too: RESTART plays again
      else if (
        !replay &&
        (!gameUi.paused || event.kind === 'key-up' || event.kind === 'pad-up' || event.kind === 'blur')
      )
        input.apply([event]);
    }
  };
  /** The look slider's stop: outlines, and the PICO-8 palette with its dither. */
  const applyLook = (look: Look) => {
    renderer.graph.setEnabled('outline', look !== 'plain');
    renderer.graph.setEnabled('palette', look === 'paletted');
  };
  renderer.settings.palette.palette = Palette.named('pico-8');
  renderer.settings.palette.dither = 'bayer4';
  kernel.onEvent = (event) => {
    if (event.type === 'click' && event.control === 'resume') gameUi.pause(false);
    else if (event.type === 'click' && event.control === 'restart') {
      restart();
      gameUi.pause(false);
    } else if (event.type === 'value-change' && event.control === 'look') applyLook(gameUi.lookName);
    else if (event.type === 'value-change' && event.control === 'crt')
      renderer.graph.setEnabled('crt', event.value === true);
  };
  handle.ui = uiHandle(kernel, (x, y) => renderer.nativeToClient(x, y)); // after onEvent: it chains it

  const kitClips = new KitAnimator(kit);

  let game = new WorkshopGame(island.layout);
  // A replay must not drop steps (its keys are by step): on a slow machine it catches up instead.
  const maxSteps = replay ? 240 : 5;
  let fixed = new FixedStep({ step: STEP, maxSteps });
  let wonAt: number | null = null;
  const homes = island.pieces.map((piece) => ({ parent: piece.parent!, at: [...piece.position] }));
  /** The pieces' glides (pick-up, put-down, snap), on game time; each piece's running ones. */
  let tweens = new Timeline();
  const moving: Scheduled[][] = [];
  /** Seconds of the clock the game did not run (paused, or before a restart): its time is the clock's less these. */
  let offset = 0;
  let elapsed = 0;
  /** A fresh game (the first frame, a fixed-clock replay from 0, or the menu's restart): pieces home, the kit idle. */
  const restart = () => {
    offset = elapsed;
    tweens = new Timeline();
    moving.length = 0;
    game = new WorkshopGame(island.layout);
    fixed = new FixedStep({ step: STEP, maxSteps });
    wonAt = null;
    input.reset();
    island.pieces.forEach((piece, i) => {
      homes[i]!.parent.attach(piece);
      piece.setPosition(homes[i]!.at[0]!, homes[i]!.at[1]!, homes[i]!.at[2]!).setRotation(0, 0, 0, 1);
    });
    kitClips.reset();
  };
  restart();

  /** Stops piece i's glides (a new move starts from where it is). */
  const still = (i: number) => {
    for (const tween of moving[i] ?? []) tween.cancel();
    moving[i] = [];
  };
  /** What a step's events do to the scene: the piece goes to the kit's arms, the ground, or its socket. */
  const show = (events: GameEvent[]) => {
    for (const event of events) {
      if (event.type === 'win') continue;
      const i = event.piece;
      const piece = island.pieces[i]!;
      // Each move starts where the piece is (attach keeps its place in the world) and glides to its new place.
      still(i);
      const glide = (parent: Node, to: [number, number, number], duration: number, easing: Easing) => {
        parent.attach(piece);
        moving[i] = [
          tweenPosition(tweens, piece, to, { duration, easing }),
          tweenRotation(tweens, piece, [0, 0, 0, 1], { duration, easing }),
        ];
      };
      if (event.type === 'pick')
        glide(player, [0, 1.05, 0.38], 0.2, EASINGS.easeOutQuad); // to the hands, held out
      else if (event.type === 'drop') {
        const spot = game.pieces[i]!;
        glide(island.root, [spot.x, homes[i]!.at[1]!, spot.z], 0.2, EASINGS.easeInQuad); // down to the ground
      } else glide(island.seats[i]!, [0, 0, 0], 0.3, EASINGS.easeOutBack); // into the socket, with a little click
    }
  };

  // Palms between the camera and the kit fade so it stays in sight (see-through.ts).
  const seeThrough = new SeeThrough(island.palms, CAMERA_OFFSET[2] / CAMERA_OFFSET[1]);

  const published: GameHandle = {
    get player() {
      const p = player.position;
      return { position: [p[0]!, p[1]!, p[2]!] as [number, number, number], animation: kitClips.animation };
    },
    get placed() {
      return game.placed;
    },
    get state() {
      return game.state;
    },
    get steps() {
      return fixed.stepsRun;
    },
    get wonAt() {
      return wonAt;
    },
  };
  Object.assign(handle, { game: published });

  const frame = (sample: ClockSample) => {
    if (sample.elapsed < elapsed) {
      elapsed = 0; // the fixed clock started over
      restart();
    }
    elapsed = sample.elapsed;
    if (gameUi.paused) offset += sample.delta;
    else tweens.advance(sample.delta);
    fixed.advance(elapsed - offset, (step) => {
      if (replay) input.apply(replay.at(step));
      const events = game.step(fixed.step, input.take());
      if (events.some((e) => e.type === 'win')) wonAt = step;
      show(events);
    });
    // A soak plays the replay again and again: a second after each win, the game starts over.
    if (soak !== null && replay && wonAt !== null && fixed.stepsRun > wonAt + 60) restart();
    const p = game.player;
    player.setPosition(p.x, 0, p.z).setRotation(0, Math.sin(p.heading / 2), 0, Math.cos(p.heading / 2));
    kitClips.update(sample.elapsed, game.player.moving, game.carrying !== null);
    seeThrough.update(p.x, p.z, sample.delta, xr.session === null); // in the headset, every palm shows
    camera.setPosition(p.x + CAMERA_OFFSET[0], CAMERA_OFFSET[1], p.z + CAMERA_OFFSET[2]);
    gameUi.placed.label = `PIECES ${game.placed}/${game.pieces.length}`;
    gameUi.time.label = `T ${game.time.toFixed(1)}`;
    gameUi.showWin(game.state === 'won');
    view.update();
  };
  // The headset: the island on a table, pieces taken and set in by hand, the UI on a panel (game-xr.ts).
  const headset = new HeadsetGame({
    room,
    island,
    renderer,
    support,
    xr,
    ui: { root: hud, atlas, kernel },
    game: () => game,
    show,
    still,
  });
  publishBenchProbe(renderer, { scene: room });
  (window as unknown as { __xrProbe: unknown }).__xrProbe = {
    aim: (from: number[], to: number[]) => aimPose(device, xr, from, to),
    panelPoint: (x: number, y: number) => panelPoint(headset.panel, PANEL_SIZE, x, y),
  };
  // The budget readout on the board behind the bench; held (dashes) under the fixed clock unless ?readout=live.
  const holdReadout = fixedClock !== null && !liveReadout(params);
  const steps = [frame, () => headset.step(), budgetPanelStep(island.budget, handle, holdReadout)];
  const demo = runDemo(handle, renderer, steps, document.querySelector('#hud'), {
    keepRunning: true,
    input: { queue, kernel, events: live },
  });
  enterVrButton(
    document.querySelector<HTMLButtonElement>('#enter-xr')!,
    document.querySelector<HTMLElement>('#xr-status')!,
    support,
    xr,
    () => headset.enter(demo.running),
  );
} catch (error) {
  showError(handle, canvas, error);
}
