// xr: the workshop bench, headset-ready. "Enter VR" shows when a session is possible (the reason shows otherwise);
// in the headset the bench is drawn per eye at full resolution, through the WebXR/WebGPU binding where the browser
// has it and through WebGL2's XRWebGLLayer otherwise. ?xr=emulate emulates a Meta Quest 3 with IWER (any desktop
// Chrome, and CI). Ending the session (or the system ending it) returns to the canvas.
import { quat } from 'gl-matrix';
import { detectXrSupport, installArmatureHandle, type XrHandle } from '../../src/index';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';
import { budgetBarStep, workshopScene } from '../shared/workshop-scene';
import { enterXr } from '../shared/xr-session';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const button = document.querySelector<HTMLButtonElement>('#enter-xr')!;
const status = document.querySelector<HTMLParagraphElement>('#xr-status')!;
const CLEAR = [0.08, 0.08, 0.1, 1] as const;

try {
  const { params, fixed } = demoParams();
  const emulate = params.get('xr');
  if (emulate !== null && emulate !== 'emulate')
    throw new Error(`URL parameter xr=${emulate}: the only value is xr=emulate (an emulated Meta Quest 3).`);
  if (emulate) {
    // Loaded only on request: IWER replaces navigator.xr with an emulated headset.
    const { XRDevice, metaQuest3 } = await import('iwer');
    new XRDevice(metaQuest3, { stereoEnabled: true }).installRuntime({ forceInstall: true });
  }
  // Decided before the device exists: a device for the WebGPU binding must come from an XR-compatible adapter.
  const support = await detectXrSupport();
  const xr: XrHandle = {
    mode: null,
    views: 0,
    frames: 0,
    unavailable: support.reason,
    session: null,
    readViews: null,
  };
  handle.xr = xr;
  const bench = workshopScene();
  canvas.width = 672;
  canvas.height = 480;
  const renderer = await demoRenderer(
    handle,
    canvas,
    {
      root: bench.scene,
      camera: bench.camera,
      clearColor: { r: CLEAR[0], g: CLEAR[1], b: CLEAR[2], a: CLEAR[3] },
      chain: { blurStrength: 0, barFill: 'off' },
    },
    { xrCompatible: support.mode === 'webgpu-binding' },
  );
  const spin = quat.create();
  const demo = runDemo(
    handle,
    renderer,
    [
      (sample) => {
        quat.setAxisAngle(spin, [0, 1, 0], sample.elapsed * (Math.PI / 2));
        bench.axle.setRotation(spin[0], spin[1], spin[2], spin[3]);
      },
      budgetBarStep(bench.budgetBar, handle, fixed !== null),
    ],
    document.querySelector('#hud'),
  );
  if (support.mode) {
    button.hidden = false;
    status.textContent = `Headset path: ${support.mode}.`;
    button.addEventListener('click', () => {
      button.disabled = true;
      enterXr({ xr, demo, renderer, root: bench.scene, camera: bench.camera, support, clearColor: CLEAR })
        .then((session) => {
          status.textContent = `In VR (${xr.mode}).`;
          session.addEventListener('end', () => {
            button.disabled = false;
            status.textContent = `Headset path: ${support.mode}.`;
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
