// Test support (not part of the engine's entries): a WebXR session, input sources and frames as small fakes, enough
// for XrInputs and XrPointers to run in Node.
import { mat4, quat } from 'gl-matrix';

/** A source as a session lists it: its spaces are plain tokens the fake frame looks poses up by. */
export function fakeSource(handedness: XRHandedness, grip = true, gamepad?: Partial<Gamepad>): XRInputSource {
  return {
    handedness,
    targetRaySpace: { name: `${handedness} ray` },
    gripSpace: grip ? { name: `${handedness} grip` } : undefined,
    gamepad,
  } as unknown as XRInputSource;
}

/** A tracked hand as a session lists it: joints (`hand`), a pinch that fires select, no `xr-standard` gamepad. */
export function fakeHandSource(handedness: XRHandedness): XRInputSource {
  return Object.assign(fakeSource(handedness), {
    hand: new Map(),
    gamepad: { mapping: '', buttons: [{ pressed: false, touched: false, value: 0 }], axes: [] },
  }) as XRInputSource;
}

/** An `xr-standard` gamepad as a Quest controller has it: trigger, squeeze, touchpad, thumbstick, A/X, B/Y; 4 axes. */
export function fakeXrGamepad(): Gamepad & { buttons: { pressed: boolean }[]; axes: number[] } {
  return {
    mapping: 'xr-standard',
    buttons: Array.from({ length: 6 }, () => ({ pressed: false, touched: false, value: 0 })),
    axes: [0, 0, 0, 0],
  } as unknown as Gamepad & { buttons: { pressed: boolean }[]; axes: number[] };
}

/** A rigid pose: at `position`, turned `yaw` about +Y (then `pitch` about its +X). */
export function fakePose(position: [number, number, number], yaw = 0, pitch = 0): Float32Array {
  const q = quat.setAxisAngle(quat.create(), [0, 1, 0], yaw);
  quat.rotateX(q, q, pitch);
  return mat4.fromRotationTranslation(new Float32Array(16) as unknown as mat4, q, position) as Float32Array;
}

/** A session listing `sources` (push to add one), and `fire` to dispatch a source's select or squeeze event. */
export function fakeSession(sources: XRInputSource[]) {
  const session = new EventTarget() as EventTarget & { inputSources: XRInputSource[] };
  session.inputSources = sources;
  const fire = (type: string, inputSource: XRInputSource) =>
    session.dispatchEvent(Object.assign(new Event(type), { inputSource }));
  return { session: session as unknown as XRSession, fire, sources: session.inputSources };
}

/** A frame whose poses are `poses` by space (a space missing from it is not tracked). */
export function fakeFrame(poses: Map<unknown, Float32Array>): XRFrame {
  return {
    getPose: (space: unknown) => {
      const matrix = poses.get(space);
      return matrix ? ({ transform: { matrix } } as XRPose) : undefined;
    },
  } as unknown as XRFrame;
}

/** The reference space every fake pose is in. */
export const FAKE_SPACE = {} as XRReferenceSpace;
