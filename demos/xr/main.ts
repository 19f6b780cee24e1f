// xr: the workshop bench, headset-ready. "Enter VR" shows when a session is possible (the reason shows otherwise);
// in the headset the bench is drawn per eye at full resolution, through the WebXR/WebGPU binding where the browser
// has it and through WebGL2's XRWebGLLayer otherwise. ?xr=emulate emulates a Meta Quest 3 with IWER (any desktop
// Chrome, and CI). Ending the session (or the system ending it) returns to the canvas. The UI card is composited over
// the canvas frame, and in the headset it is a panel floating over the bench. ?xrview=native draws each eye at the
// chain's 240 rows, stretched nearest-texel (the pixel-art headset view); the default is the layer's resolution.
import {
  detectXrSupport,
  enterXr,
  Material,
  Mesh,
  Node,
  quadGeometry,
  UiAtlas,
  UiRect,
  UiText,
  xrState,
  type HeadsetResolution,
} from '../../src/index';
import { installArmatureHandle, readChainUrl } from '../../src/debug';
import { demoParams, demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';
import {
  benchPointer,
  budgetPanelStep,
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

try {
  const { params, fixed } = demoParams();
  const holdReadout = fixed !== null && !liveReadout(params); // measured times would differ run to run
  const emulate = params.get('xr');
  if (emulate !== null && emulate !== 'emulate')
    throw new Error(`URL parameter xr=${emulate}: the only value is xr=emulate (an emulated Meta Quest 3).`);
  const resolution = (params.get('xrview') ?? 'full') as HeadsetResolution;
  if (resolution !== 'full' && resolution !== 'native')
    throw new Error(
      `URL parameter xrview=${String(resolution)}: use xrview=full (each eye at the headset's resolution, the ` +
        "default) or xrview=native (each eye as many rows as the canvas's native image, pixel-art).",
    );
  // ?native=WxH: the canvas renderer's native image, and so the rows of a native-resolution eye.
  const { native } = readChainUrl(params);
  if (emulate) {
    // Loaded only on request: IWER replaces navigator.xr with an emulated headset.
    const { XRDevice, metaQuest3 } = await import('iwer');
    new XRDevice(metaQuest3, { stereoEnabled: true }).installRuntime({ forceInstall: true });
  }
  // Decided before the device exists: a device for the WebGPU binding must come from an XR-compatible adapter.
  const support = await detectXrSupport();
  const xr = xrState(support);
  handle.xr = xr;
  const bench = workshopScene();
  // The UI card, in native pixels, y down: over the canvas frame, and the image of the panel in the headset.
  const ui = new Node('ui');
  const card = new UiRect('card', 128, 36, [0.05, 0.05, 0.12, 0.85]).setPosition(8, 8, 0);
  const clock = new UiText('clock', 'T 0.00', [0.7, 1, 0.8, 1]).setPosition(6, 19, 0);
  card.add(new UiText('title', 'ARMATURE XR', [1, 0.9, 0.4, 1]).setPosition(6, 7, 0)).add(clock);
  ui.add(card);
  const atlas = new UiAtlas({});
  const panelSize = [144, 52] as const; // the card and its margin
  const panel = new Mesh('ui panel', quadGeometry(1, 1), new Material('panel'));
  panel.setPosition(-0.2, 1.62, -0.55).setScale(0.72, (0.72 * panelSize[1]) / panelSize[0], 1);
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
  // On the canvas: pick a piece and carry it into a socket or down anywhere; press elsewhere to drag the table.
  benchPointer(renderer, bench, canvas, (line) => console.info(line));
  publishBenchProbe(renderer, bench);
  const demo = runDemo(
    handle,
    renderer,
    [
      // The axle turns on scene time: in the headset the session's frames drive the timeline.
      timelineStep((timeline) => spinAxle(timeline, bench)),
      (sample) => {
        clock.text = `T ${sample.elapsed.toFixed(2)}`;
      },
      budgetPanelStep(bench.budget, handle, holdReadout),
    ],
    document.querySelector('#hud'),
    { keepRunning: true }, // under the fixed clock too: a drag or a carried piece is drawn as it happens
  );
  if (support.mode) {
    button.hidden = false;
    status.textContent = `Headset path: ${support.mode}.`;
    button.addEventListener('click', () => {
      button.disabled = true;
      enterXr({
        running: demo.running,
        state: xr,
        root: bench.scene,
        camera: bench.camera,
        support,
        resolution,
        ui: { root: ui, atlas, size: panelSize, background: [0.02, 0.02, 0.05, 1], panel },
      })
        .then(({ session }) => {
          status.textContent = `In VR (${xr.mode}).`;
          session.addEventListener('end', () => {
            button.disabled = false;
            status.textContent = `${xr.ended ?? ''} Headset path: ${support.mode}.`.trim();
          });
        })
        .catch((error: unknown) => {
          button.disabled = false;
          status.textContent = `Could not enter VR: ${(error as Error).message}`;
          console.error(error);
        });
    });
  } else {
    status.textContent = support.reason!;
  }
} catch (error) {
  showError(handle, canvas, error);
}
