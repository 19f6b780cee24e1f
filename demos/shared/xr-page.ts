// What the headset pages share: the "Enter VR" button and its status line, ?xr=emulate (IWER's emulated Meta Quest 3
// as the page's WebXR runtime), and the controller pose that aims a ray from one world point to another (tests drive
// the emulated controllers with it).
import { mat4, quat, vec3 } from 'gl-matrix';
import type { XRDevice } from 'iwer';
import type { Mesh, XrState, XrSupport } from '../../src/index';

/** An emulated Meta Quest 3 (IWER), installed as the page's WebXR runtime. Loaded only on request. */
async function emulatedQuest3(): Promise<XRDevice> {
  const { XRDevice, metaQuest3 } = await import('iwer');
  const device = new XRDevice(metaQuest3, { stereoEnabled: true });
  device.installRuntime({ forceInstall: true });
  return device;
}

/**
 * The pose (in the emulated device's space) that puts the right controller at world point `from` with its ray toward
 * world point `to` (the right hand's, while the emulator tracks hands). Read off the controller's known pose, so it
 * holds once a session frame has posed it.
 */
export function aimPose(
  device: XRDevice | null,
  xr: XrState,
  from: readonly number[],
  to: readonly number[],
): { position: number[]; quaternion: number[] } {
  const kind = device?.primaryInputMode === 'hand' ? 'hand' : 'controller';
  const hand = xr.inputs?.hands.find((h) => h.handedness === 'right' && h.kind === kind);
  const right = kind === 'hand' ? device?.hands.right : device?.controllers.right;
  if (!hand || !right) throw new Error(`aim: no session with an emulated right ${kind} yet.`);
  // device ← reference space: the controller's device pose after its pose in the space (its ray node, under the
  // rig); world → reference space: the rig's inverse.
  const { position: p, quaternion: q } = right;
  const deviceFromRay = mat4.fromRotationTranslation(mat4.create(), [q.x, q.y, q.z, q.w], [p.x, p.y, p.z]);
  const spaceFromRay = hand.targetRay.localMatrix as mat4;
  const deviceFromWorld = mat4.multiply(
    mat4.create(),
    mat4.multiply(mat4.create(), deviceFromRay, mat4.invert(mat4.create(), spaceFromRay)!),
    mat4.invert(mat4.create(), xr.inputs!.rig.worldMatrix as mat4)!,
  );
  const position = vec3.transformMat4(vec3.create(), from as vec3, deviceFromWorld);
  const target = vec3.transformMat4(vec3.create(), to as vec3, deviceFromWorld);
  const direction = vec3.normalize(vec3.create(), vec3.subtract(vec3.create(), target, position));
  const quaternion = quat.rotationTo(quat.create(), [0, 0, -1], direction);
  return { position: [...position], quaternion: [...quaternion] };
}

/** The emulated headset `?xr=emulate` asks for (installed now), or null without the parameter; any other value throws. */
export async function emulationFromUrl(params: URLSearchParams): Promise<XRDevice | null> {
  const emulate = params.get('xr');
  if (emulate === null) return null;
  if (emulate !== 'emulate')
    throw new Error(`URL parameter xr=${emulate}: the only value is xr=emulate (an emulated Meta Quest 3).`);
  return emulatedQuest3();
}

/**
 * Wires the page's "Enter VR" `button` and its `status` line: the button shows where a session is possible (else the
 * status says why not) and `enter` runs on a click; the status follows the session (in, ended and why, or the error).
 */
export function enterVrButton(
  button: HTMLButtonElement,
  status: HTMLElement,
  support: XrSupport,
  xr: XrState,
  enter: () => Promise<XRSession>,
): void {
  if (!support.mode) {
    status.textContent = support.reason!;
    return;
  }
  button.hidden = false;
  status.textContent = `Headset path: ${support.mode}.`;
  button.addEventListener('click', () => {
    button.disabled = true;
    enter()
      .then((session) => {
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
}

/**
 * The world position of native pixel (x, y) on a headset UI `panel` showing an image of `size` pixels, and the panel's
 * facing (its +Z): where a test aims a ray to press what the UI draws there.
 */
export function panelPoint(
  panel: Mesh,
  size: readonly [number, number],
  x: number,
  y: number,
): { point: number[]; normal: number[] } {
  const m = panel.worldMatrix as mat4;
  const point = vec3.transformMat4(vec3.create(), [x / size[0] - 0.5, 0.5 - y / size[1], 0], m);
  const normal = vec3.normalize(vec3.create(), [m[8], m[9], m[10]]);
  return { point: [...point], normal: [...normal] };
}
