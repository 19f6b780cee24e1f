import { vec3, type mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { Node } from '../scene/node';
import {
  FAKE_SPACE as SPACE,
  fakeFrame as frame,
  fakePose as pose,
  fakeHandSource,
  fakeSession,
  fakeSource as source,
  fakeXrGamepad,
} from './fake-xr-session';
import { ActionMapper } from '../input/action-mapper';
import { PadPoller } from '../input/pad-poller';
import { XrInputs, XR_PAD_INDEX } from './xr-inputs';

const worldOf = (node: Node) => [...node.worldPosition].map((v) => Math.round(v * 1e5) / 1e5);

describe('XrInputs', () => {
  it('puts each source’s target ray and grip in the world through the placed reference space', () => {
    const [left, right] = [source('left'), source('right', false)];
    const { session } = fakeSession([left, right]);
    const inputs = new XrInputs(session);
    const root = new Node('root');
    root.add(inputs.rig);
    // The reference space's origin stands at (10, 0, 0) in the world, turned half a turn.
    inputs.place(pose([10, 0, 0], Math.PI) as unknown as mat4);
    const poses = new Map<unknown, Float32Array>([
      [left.targetRaySpace, pose([-0.2, 1.2, -0.3], 0.5)],
      [left.gripSpace, pose([-0.2, 1.1, -0.25])],
      [right.targetRaySpace, pose([0.2, 1.3, -0.4])],
    ]);
    inputs.update(frame(poses), SPACE);
    const [l, r] = inputs.hands;
    expect([l!.handedness, r!.handedness]).toEqual(['left', 'right']);
    expect([l!.tracked, r!.tracked]).toEqual([true, true]);
    // Half a turn about +Y maps (x, y, z) to (−x, y, −z), then the origin moves 10 along +X.
    expect(worldOf(l!.targetRay)).toEqual([10.2, 1.2, 0.3]);
    expect(worldOf(l!.grip)).toEqual([10.2, 1.1, 0.25]);
    // A source without a grip space holds things at its ray.
    expect(worldOf(r!.grip)).toEqual(worldOf(r!.targetRay));
    // The ray's −Z in the world: its own yaw plus the space's half turn.
    const forward = vec3.transformMat4(vec3.create(), [0, 0, -1], l!.targetRay.worldMatrix as mat4);
    vec3.subtract(forward, forward, l!.targetRay.worldPosition as vec3);
    expect([...forward].map((v) => Math.round(v * 1e5) / 1e5)).toEqual([
      Math.round(Math.sin(0.5) * 1e5) / 1e5,
      0,
      Math.round(Math.cos(0.5) * 1e5) / 1e5,
    ]);
    // Not tracked this frame: the flag says so, the nodes stay where they were.
    poses.delete(left.targetRaySpace);
    inputs.update(frame(poses), SPACE);
    expect([l!.tracked, worldOf(l!.targetRay)]).toEqual([false, [10.2, 1.2, 0.3]]);
  });

  it('skips a pose that is not one (NaN, ±Infinity, beyond float32, zeros, scaled, sheared, mirrored): untracked, counted, never thrown', () => {
    const [left, right] = [source('left'), source('right')];
    const { session } = fakeSession([left, right]);
    const inputs = new XrInputs(session);
    new Node('root').add(inputs.rig);
    const poses = new Map<unknown, Float32Array>([
      [left.targetRaySpace, pose([-0.2, 1.2, -0.3], 0.5)],
      [left.gripSpace, pose([-0.2, 1.1, -0.25])],
      [right.targetRaySpace, pose([0.2, 1.3, -0.4])],
      [right.gripSpace, pose([0.2, 1.2, -0.4])],
    ]);
    inputs.update(frame(poses), SPACE);
    const [l, r] = inputs.hands;
    const [ray, grip] = [worldOf(l!.targetRay), worldOf(l!.grip)];
    const edited = (edit: (m: Float64Array) => void) => {
      const m = Float64Array.from(pose([-0.2, 1.2, -0.3], 0.5));
      edit(m);
      return m as unknown as Float32Array;
    };
    const bad: [string, Float32Array][] = [
      ['NaN', edited((m) => (m[12] = NaN))],
      ['+Infinity', edited((m) => (m[13] = Infinity))],
      ['-Infinity', edited((m) => (m[0] = -Infinity))],
      ['1e39', edited((m) => (m[14] = 1e39))],
      ['all zero', new Float32Array(16)],
      ['scaled ×2', edited((m) => [0, 1, 2, 4, 5, 6, 8, 9, 10].forEach((i) => (m[i]! *= 2)))],
      ['sheared', edited((m) => (m[4]! += 0.3))],
      ['mirrored', edited((m) => [0, 1, 2].forEach((i) => (m[i] = -m[i]!)))],
      ['projective', edited((m) => (m[3] = 0.5))],
      ['off by 2e-3', edited((m) => (m[0]! *= 1.002))],
    ];
    for (const [name, matrix] of bad) {
      poses.set(left.targetRaySpace, matrix);
      const skipped = inputs.skippedPoses;
      expect(() => inputs.update(frame(poses), SPACE), name).not.toThrow();
      expect([l!.tracked, r!.tracked], name).toEqual([false, true]);
      expect([worldOf(l!.targetRay), worldOf(l!.grip)], `${name}: where it last was`).toEqual([ray, grip]);
      expect(inputs.skippedPoses, name).toBe(skipped + 1);
    }
    // A bad grip with a good ray: the source is skipped whole (its ray would point from where the hand is not).
    poses.set(left.targetRaySpace, pose([0, 1, 0]));
    poses.set(left.gripSpace, new Float32Array(16).fill(NaN));
    inputs.update(frame(poses), SPACE);
    expect([l!.tracked, worldOf(l!.targetRay), inputs.skippedPoses]).toEqual([false, ray, bad.length + 1]);
    // Within 1e-3 of rigid (a runtime's float error) is a pose; tracking comes back with the next good one.
    poses.set(left.gripSpace, pose([0, 0.9, 0]));
    poses.set(
      left.targetRaySpace,
      edited((m) => (m[0]! *= 1.0005)),
    );
    inputs.update(frame(poses), SPACE);
    expect([l!.tracked, worldOf(l!.grip)]).toEqual([true, [0, 0.9, 0]]);
  });

  it('applies select and squeeze at the frame, in order, per hand; a new source gets its hand when it appears', () => {
    const left = source('left');
    const { session, fire, sources } = fakeSession([left]);
    const inputs = new XrInputs(session);
    const poses = new Map<unknown, Float32Array>([[left.targetRaySpace, pose([0, 1, 0])]]);
    fire('selectstart', left);
    expect(inputs.hands).toEqual([]); // nothing before the frame
    inputs.update(frame(poses), SPACE);
    const l = inputs.hands[0]!;
    expect([l.select, inputs.events.map((e) => e.type)]).toEqual([true, ['selectstart']]);
    const right = source('right');
    sources.push(right);
    fire('squeezestart', right);
    fire('selectend', left);
    fire('squeezeend', right);
    fire('squeezestart', right);
    inputs.update(frame(poses), SPACE);
    const r = inputs.hands[1]!;
    expect(inputs.events.map((e) => `${e.type} ${e.hand.handedness}`)).toEqual([
      'squeezestart right',
      'selectend left',
      'squeezeend right',
      'squeezestart right',
    ]);
    expect([l.select, l.squeeze, r.select, r.squeeze, r.tracked]).toEqual([false, false, false, true, false]);
    inputs.update(frame(poses), SPACE);
    expect(inputs.events).toEqual([]);
    // Disposed: events no longer reach it, and the rig leaves the scene.
    const root = new Node('root').add(inputs.rig);
    inputs.dispose();
    fire('selectstart', left);
    inputs.update(frame(poses), SPACE);
    expect([l.select, inputs.rig.parent, root.children.length]).toEqual([false, null, 0]);
  });

  it('controllers’ gamepads are pads in the standard layout: A/X accepts, B/Y rejects, the thumbstick navigates', () => {
    const [leftPad, rightPad] = [fakeXrGamepad(), fakeXrGamepad()];
    const { session } = fakeSession([
      source('left', true, leftPad),
      source('right', true, rightPad),
      source('none'),
    ]);
    const inputs = new XrInputs(session);
    inputs.update(frame(new Map()), SPACE);
    const poller = new PadPoller(new ActionMapper());
    expect(inputs.pads.map((p) => p.index)).toEqual([XR_PAD_INDEX, XR_PAD_INDEX + 1]); // the third has no gamepad
    expect(poller.poll(inputs.pads)).toEqual([]);
    rightPad.buttons[0]!.pressed = true; // the trigger and the squeeze: the pointer's, not actions
    rightPad.buttons[1]!.pressed = true;
    expect(poller.poll(inputs.pads)).toEqual([]);
    rightPad.buttons[4]!.pressed = true; // A
    leftPad.buttons[5]!.pressed = true; // Y
    leftPad.axes[2] = 0.9; // thumbstick right
    expect(poller.poll(inputs.pads)).toEqual([['reject'], ['right'], ['accept']]);
    expect(poller.poll(inputs.pads)).toEqual([]); // held: no new presses
    rightPad.axes[3] = -0.8; // thumbstick up
    expect(poller.poll(inputs.pads)).toEqual([['up']]);
  });

  it('a source the session stops listing leaves after its last events; pads keep their indices; hands are hands', () => {
    const [left, right] = [source('left', true, fakeXrGamepad()), source('right', true, fakeXrGamepad())];
    const { session, fire, sources } = fakeSession([left, right]);
    const inputs = new XrInputs(session);
    const poses = new Map<unknown, Float32Array>([[left.targetRaySpace, pose([0, 1, 0])]]);
    inputs.update(frame(poses), SPACE);
    const [l, r] = inputs.hands;
    expect([l!.kind, l!.id, r!.id, inputs.rig.children.length]).toEqual(['controller', 0, 1, 4]);
    // The user puts the controllers down and raises their hands: the session lists new sources, the left controller's
    // select ends as it goes.
    fire('selectstart', left);
    inputs.update(frame(poses), SPACE);
    const hand = fakeHandSource('right');
    sources.splice(0, 1, hand);
    fire('selectend', left);
    inputs.update(frame(poses), SPACE);
    expect(inputs.events.map((e) => [e.type, e.hand])).toEqual([['selectend', l]]);
    expect(inputs.hands.map((h) => [h.kind, h.handedness, h.id])).toEqual([
      ['controller', 'right', 1],
      ['hand', 'right', 2],
    ]);
    expect([l!.targetRay.parent, inputs.rig.children.length]).toEqual([null, 4]);
    // The right controller is still pad XR_PAD_INDEX + 1; the hand has no xr-standard gamepad, so no pad.
    expect(inputs.pads.map((p) => p.index)).toEqual([XR_PAD_INDEX + 1]);
    // An event from a source the session never listed (or no longer does, after its last frame) makes no hand.
    fire('selectstart', left);
    fire('selectstart', source('left'));
    inputs.update(frame(poses), SPACE);
    expect([inputs.events, inputs.hands.length]).toEqual([[], 2]);
  });
});
