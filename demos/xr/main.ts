// xr: the workshop bench, headset-ready. "Enter VR" shows when a session is possible (the reason shows otherwise);
// in the headset the bench is drawn per eye at full resolution, through the WebXR/WebGPU binding where the browser
// has it and through WebGL2's XRWebGLLayer otherwise. ?xr=emulate emulates a Meta Quest 3 with IWER (any desktop
// Chrome, and CI). Ending the session (or the system ending it) returns to the canvas. The UI card — a UI kernel box
// with a button, a slider, a checkbox and a text field, the clock and the budget readout — is composited over the
// canvas frame (the mouse works it), and in the headset it is a panel floating over the bench that the controllers'
// rays work: trigger presses, squeeze or leaving the panel cancels a drag; editing the name puts a key panel up beside
// the card. Tracked hands point and pinch as the controllers do. Squeezing (a hand: pinching) with a ray on a loose
// piece grabs it; letting go near a free socket snaps it in. ?xrview=native draws each eye at the chain's 240 rows, stretched
// nearest-texel (the pixel-art headset view); the default is the layer's resolution.
// window.__armature.ui publishes the kernel; window.__armature.xr.device the emulated headset; window.__xrProbe
// converts world points into the emulated device's space for tests.
import {
  detectXrSupport,
  enterXr,
  InputQueue,
  Material,
  Mesh,
  Node,
  quadGeometry,
  UiAtlas,
  UiBox,
  UiControl,
  UiKernel,
  UiText,
  UiView,
  xrState,
  type HeadsetResolution,
  type Scheduled,
  type Timeline,
} from '../../src/index';
import { UiKeyPanel } from '../../src/advanced';
import { applyChainState, installArmatureHandle, readChainUrl, uiHandle } from '../../src/debug';
import { demoParams, demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';
import { aimPose, emulationFromUrl, enterVrButton, panelPoint } from '../shared/xr-page';
import {
  benchGrab,
  benchPointer,
  budgetPanelStep,
  budgetText,
  liveReadout,
  publishBenchProbe,
  spinAxle,
  workshopScene,
} from '../shared/workshop-scene';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const button = document.querySelector<HTMLButtonElement>('#enter-xr')!;
const status = document.querySelector<HTMLParagraphElement>('#xr-status')!;
const CLEAR = [0.08, 0.08, 0.1, 1] as const;

/** The card's controls, in native pixels inside its box: what a controller's ray works in the headset. */
function cardControls(box: UiBox): Record<'reset' | 'light' | 'spin' | 'name', UiControl> {
  const controls = {
    reset: new UiControl('reset', 'button', { x: 4, y: 14, width: 28, height: 11, label: 'RESET' }),
    light: new UiControl('light', 'slider', {
      x: 36,
      y: 14,
      width: 61,
      height: 11,
      min: 0,
      max: 20,
      value: 10,
    }),
    spin: new UiControl('spin', 'checkbox', { x: 101, y: 14, width: 11, height: 11, value: true }),
    name: new UiControl('name', 'text', {
      x: 4,
      y: 29,
      width: 108,
      height: 11,
      value: 'BENCH',
      text: { maxLength: 24 },
    }),
  };
  for (const c of Object.values(controls)) box.add(c);
  return controls;
}

/** What the xr page publishes for tests as `window.__xrProbe`. */
interface XrProbe {
  /** World position of the card's native pixel (x, y) on the headset panel, and the panel's facing (world +Z). */
  panelPoint(x: number, y: number): { point: number[]; normal: number[] };
  /**
   * The pose (in the emulated device's space) that puts a controller at world point `from` with its ray toward world
   * point `to`: read off the right controller's known pose (the right hand's while the emulator tracks hands), so it
   * holds once a session frame has posed it.
   */
  aim(from: number[], to: number[]): { position: number[]; quaternion: number[] };
  /** The native pixel at the centre of the kernel's control `name` (one shown now: a key only while the keys are up). */
  centreOf(name: string): [number, number];
}

try {
  const { params, fixed } = demoParams();
  const holdReadout = fixed !== null && !liveReadout(params); // measured times would differ run to run
  const resolution = (params.get('xrview') ?? 'full') as HeadsetResolution;
  if (resolution !== 'full' && resolution !== 'native')
    throw new Error(
      `URL parameter xrview=${String(resolution)}: use xrview=full (each eye at the headset's resolution, the ` +
        "default) or xrview=native (each eye as many rows as the canvas's native image, pixel-art).",
    );
  // The same URL keys as the other demos: ?native=WxH (the canvas renderer's native image, and so the rows of a
  // native-resolution eye), ?on= and ?off= (the passes: what the canvas has on, each eye has too) and the settings.
  const chainState = readChainUrl(params);
  const { native } = chainState;
  // Loaded only on request: IWER replaces navigator.xr with an emulated headset.
  const device = await emulationFromUrl(params);
  // Decided before the device exists: a device for the WebGPU binding must come from an XR-compatible adapter.
  const support = await detectXrSupport();
  const xr = xrState(support);
  handle.xr = device ? Object.assign(xr, { device }) : xr;
  const bench = workshopScene();
  // The UI card, in native pixels, y down: over the canvas frame, and the image of the panel in the headset.
  const kernel = new UiKernel();
  const box = new UiBox('card', { x: 8, y: 8, width: 116, height: 60 });
  const controls = cardControls(box);
  kernel.add(box);
  const view = new UiView(kernel);
  const ui = new Node('ui');
  const clock = new UiText('clock', 'T 0.00', [0.7, 1, 0.8, 1]).setPosition(12, 51, 0);
  const readout = new UiText('readout', '', [0.95, 0.92, 0.7, 1]).setPosition(60, 51, 0);
  ui.add(view.root)
    .add(new UiText('title', 'ARMATURE XR', [1, 0.9, 0.4, 1]).setPosition(12, 11, 0))
    .add(clock)
    .add(readout);
  // In the headset, where there is no keyboard, editing the name puts a key panel up beside the card (under it, the
  // budget panel on the table would hide it).
  const keys = new UiKeyPanel(kernel, 'keys', 128, 8);
  const atlas = new UiAtlas({});
  // The card, and room on its right for the key panel: the panel's background is see-through, so the room shows only
  // while the keys are up.
  const panelSize = [238, 76] as const;
  const panel = new Mesh('ui panel', quadGeometry(1, 1), new Material('panel'));
  const metres = 0.72 / 132; // a native pixel on the panel
  // The card's centre (native column 66) at x = −0.2 m, where it hung when the panel was the card alone.
  panel.setPosition(-0.2 + (panelSize[0] / 2 - 66) * metres, 1.62, -0.55);
  panel.setScale(panelSize[0] * metres, panelSize[1] * metres, 1);
  panel.visible = false; // shown in the headset only: on the canvas the card is composited over the frame
  bench.scene.add(panel);
  bench.table.attach(panel); // it belongs to the bench: dragging the table carries it (attach keeps where it is)
  canvas.width = 672;
  canvas.height = 480;
  const renderer = await demoRenderer(
    handle,
    canvas,
    {
      root: bench.scene,
      camera: bench.camera,
      native,
      clearColor: { r: CLEAR[0], g: CLEAR[1], b: CLEAR[2], a: CLEAR[3] },
      chain: { blurStrength: 0, barFill: 'off' },
      ui: { root: ui, atlas },
    },
    { xrCompatible: support.mode === 'webgpu-binding' },
  );
  applyChainState(renderer, chainState);
  const input = new InputQueue(canvas, {
    toNative: (x, y) => renderer.clientToNative(x, y),
    takesKey: (key) => kernel.takesKey(key),
    // The controllers' A/B buttons and thumbsticks are pads too: the same actions in the headset as on the desk.
    pads: () => [...(navigator.getGamepads?.() ?? []), ...(xr.inputs?.pads ?? [])],
  });
  // On the canvas: pick a piece and carry it into a socket or down anywhere; press elsewhere to drag the table (but
  // not on the card: the mouse works its controls).
  const overCard = (e: PointerEvent) => box.contains(...renderer.clientToNative(e.clientX, e.clientY));
  const log = (line: string) => console.info(line);
  benchPointer(renderer, bench, canvas, log, overCard);
  publishBenchProbe(renderer, bench);
  // The card's controls: reset puts the loose pieces back, the slider dims or brightens the sun, the checkbox turns
  // the axle, the field names the bench on the card.
  const home = bench.pieces.map((piece) => ({ piece, parent: piece.parent!, at: [...piece.position] }));
  const sun = Float32Array.from(renderer.environment.lightColor);
  let timeline: Timeline | null = null;
  let spin: Scheduled | null = null;
  kernel.onEvent = (event) => {
    if (event.type === 'click' && event.control === 'reset')
      for (const { piece, parent, at } of home) {
        parent.attach(piece);
        piece.setPosition(at[0]!, at[1]!, at[2]!).setRotation(0, 0, 0, 1);
      }
    else if (event.type === 'value-change' && event.control === 'light') {
      const k = Number(event.value) / 10;
      for (let i = 0; i < 3; i++) renderer.environment.lightColor[i] = sun[i]! * k;
    } else if (event.type === 'value-change' && event.control === 'spin') {
      spin?.cancel();
      spin = event.value && timeline ? spinAxle(timeline, bench) : null;
    }
  };
  handle.ui = uiHandle(kernel, (x, y) => renderer.nativeToClient(x, y)); // after onEvent: it chains it
  const probe: XrProbe = {
    panelPoint: (x, y) => panelPoint(panel, panelSize, x, y),
    aim: (from, to) => aimPose(device, xr, from, to),
    centreOf(name) {
      const control = kernel.boxes.flatMap((b) => b.controls).find((c) => c.name === name);
      if (!control) throw new Error(`centreOf: no control "${name}" shown now.`);
      const r = kernel.boxOf(control).screenRect(control);
      return [r.x + r.width / 2, r.y + r.height / 2];
    },
  };
  (window as unknown as { __xrProbe: XrProbe }).__xrProbe = probe;
  const demo = runDemo(
    handle,
    renderer,
    [
      // The axle turns on scene time: in the headset the session's frames drive the timeline.
      timelineStep((fresh) => {
        timeline = fresh;
        spin = controls.spin.value ? spinAxle(fresh, bench) : null;
      }),
      (sample) => {
        clock.text = `T ${sample.elapsed.toFixed(2)}`;
        readout.text = budgetText(holdReadout ? null : handle.stats).split('\n')[1]!;
        keys.enabled = xr.session !== null;
        keys.update();
        view.update();
      },
      budgetPanelStep(bench.budget, handle, holdReadout),
      benchGrab(bench, xr, log),
    ],
    document.querySelector('#hud'),
    // Under the fixed clock too: a drag or a carried piece is drawn as it happens.
    { keepRunning: true, input: { queue: input, kernel } },
  );
  enterVrButton(button, status, support, xr, () =>
    enterXr({
      running: demo.running,
      state: xr,
      root: bench.scene,
      camera: bench.camera,
      support,
      resolution,
      ui: { root: ui, atlas, size: panelSize, background: [0, 0, 0, 0], panel, kernel },
    }).then(({ session }) => session),
  );
} catch (error) {
  showError(handle, canvas, error);
}
