import { describe, expect, it } from 'vitest';
import { boxGeometry, quadGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { UiBox } from '../ui/ui-box';
import { UiControl } from '../ui/ui-control';
import { UiKernel } from '../ui/ui-kernel';
import { FAKE_SPACE, fakeFrame, fakeHandSource, fakePose, fakeSession, fakeSource } from './fake-xr-session';
import { XrInputs } from './xr-inputs';
import { XrPointers, type XrHit } from './xr-pointers';

/**
 * A panel 0.4 × 0.2 m at (0, 1, −1) facing +Z showing an 80 × 40 image (0.005 m a pixel) with a button at pixels
 * 10…29 × 10…21 and a slider 0…30 at 40…70 × 10…21; a wall behind it, a crate to the right, a shield (hidden) between
 * the user and the button. Both controllers start at the origin pointing nowhere useful.
 */
function bench(solid?: boolean) {
  const root = new Node('root');
  const panel = new Mesh('panel', quadGeometry(1, 1), new Material('unlit')).setPosition(0, 1, -1);
  panel.setScale(0.4, 0.2, 1);
  const wall = new Mesh('wall', boxGeometry(4, 4, 0.1), new Material('lambert')).setPosition(0, 1, -1.5);
  const crate = new Mesh('crate', boxGeometry(0.2, 0.2, 0.2), new Material('lambert')).setPosition(1, 1, -1);
  const shield = new Mesh('shield', boxGeometry(0.1, 0.1, 0.1), new Material('lambert')).setPosition(
    -0.1,
    1.02,
    -0.5,
  );
  shield.visible = false;
  root.add(panel).add(wall).add(crate).add(shield);
  const kernel = new UiKernel();
  const box = new UiBox('panel', { x: 0, y: 0, width: 80, height: 40 });
  const ok = new UiControl('ok', 'button', { x: 10, y: 10, width: 20, height: 12 });
  const slider = new UiControl('slider', 'slider', {
    x: 40,
    y: 10,
    width: 31,
    height: 12,
    min: 0,
    max: 30,
    value: 10,
  });
  kernel.add(box.add(ok).add(slider));
  const [left, right] = [fakeSource('left'), fakeSource('right')];
  const { session, fire, sources } = fakeSession([left, right]);
  const inputs = new XrInputs(session);
  root.add(inputs.rig);
  const pointers = new XrPointers(inputs, root, {
    panel,
    size: [80, 40],
    kernel,
    ...(solid === undefined ? {} : { solid }),
  });
  const poses = new Map<unknown, Float32Array>();
  /** Puts a controller on the user's plane (z = 0) right in front of panel pixel (x, y), its ray along −Z onto it. */
  const aim = (source: XRInputSource, x: number, y: number) =>
    poses.set(source.targetRaySpace, fakePose([(x / 80 - 0.5) * 0.4, 1 + (0.5 - y / 40) * 0.2, 0]));
  const events: string[] = [];
  kernel.onEvent = (e) =>
    events.push(`${e.type} ${e.control}${e.value === undefined ? '' : ` ${String(e.value)}`}`);
  /** One XR frame: poses and queued buttons in, rays cast, then the kernel's input phase. */
  const frame = () => {
    events.length = 0;
    inputs.update(fakeFrame(poses), FAKE_SPACE);
    pointers.update();
    kernel.update();
    return [...events];
  };
  return {
    root,
    panel,
    crate,
    shield,
    kernel,
    slider,
    left,
    right,
    fire,
    poses,
    aim,
    frame,
    pointers,
    inputs,
    sources,
    box,
  };
}

/** The mesh a world hit met (null for a panel hit or none). */
const nodeHit = (hit: XrHit) => (hit?.kind === 'node' ? hit.node : null);

describe('XrPointers', () => {
  it('a ray on the panel is a kernel pointer at the pixel it meets: hover, focus, and the trigger clicks', () => {
    const { aim, frame, fire, right, pointers } = bench();
    aim(right, 20, 16);
    expect(frame()).toEqual(['hover-in ok', 'focus-in ok']);
    const pointer = pointers.pointers[1]!;
    expect([pointer.handedness, pointer.id]).toEqual(['right', 2]);
    const hit = pointer.hit!;
    expect(hit.kind).toBe('ui');
    if (hit.kind !== 'ui') return;
    expect([hit.x, hit.y, hit.distance].map((v) => Math.round(v * 1000) / 1000)).toEqual([20, 16, 1]);
    frame();
    expect((pointer.hit as { control: UiControl }).control.name).toBe('ok'); // as of the kernel's last update
    fire('selectstart', right);
    expect(frame()).toEqual([]);
    fire('selectend', right);
    expect(frame()).toEqual(['click ok']);
  });

  it('the nearer of the panel and the world wins; off both, the hit is null and the pointer leaves the panel', () => {
    const { aim, frame, right, shield, crate, poses, pointers } = bench();
    aim(right, 20, 16);
    frame();
    shield.visible = true; // between the controller and the button: the world is nearer now
    expect(frame()).toEqual(['focus-out ok', 'hover-out ok']);
    expect(nodeHit(pointers.pointers[1]!.hit)).toBe(shield);
    shield.visible = false;
    // From (0.5, 1, 0) turned toward the crate at (1, 1, −1): −Z turned by −atan(0.5) about +Y points there.
    poses.set(right.targetRaySpace, fakePose([0.5, 1, 0], -Math.atan2(0.5, 1)));
    frame();
    expect(nodeHit(pointers.pointers[1]!.hit)).toBe(crate);
    poses.set(right.targetRaySpace, fakePose([0.5, 1, 0], 0, Math.PI / 2)); // straight up: nothing
    frame();
    expect(pointers.pointers[1]!.hit).toBe(null);
  });

  it('a see-through panel stops a ray only on the kernel’s boxes; elsewhere the ray goes on into the world', () => {
    for (const solid of [true, false]) {
      const { aim, frame, right, pointers, box } = bench(solid);
      box.rect = { x: 0, y: 0, width: 40, height: 40 }; // the left half of the panel
      aim(right, 20, 16);
      frame();
      expect(pointers.pointers[1]!.hit?.kind).toBe('ui');
      aim(right, 60, 16);
      frame();
      const hit = pointers.pointers[1]!.hit;
      expect(solid ? hit?.kind : nodeHit(hit)?.name).toBe(solid ? 'ui' : 'wall');
    }
  });

  it('the beam reaches what the ray meets; the pick leaves out what hangs on the rig', () => {
    const { aim, frame, right, pointers, inputs } = bench();
    aim(right, 20, 16);
    frame();
    const ray = inputs.hands[1]!.targetRay;
    const beam = ray.children[0] as Mesh;
    expect([beam.visible, Math.round(beam.scale[2]! * 1000) / 1000]).toEqual([true, 1]);
    // A controller model hung on the ray, across it: the pointer's own, not a thing it points at.
    ray.add(
      new Mesh('model', boxGeometry(0.05, 0.05, 0.05), new Material('lambert')).setPosition(0, 0, -0.1),
    );
    frame();
    expect(pointers.pointers[1]!.hit?.kind).toBe('ui');
    aim(right, 20, -40); // above the panel, still on the wall behind it at 1.5 m
    frame();
    expect(nodeHit(pointers.pointers[1]!.hit)?.name).toBe('wall');
    expect(Math.round(beam.scale[2]! * 1000) / 1000).toBe(1.45);
  });

  it('a slider dragged by the trigger follows the ray; squeeze cancels it, and so does leaving the panel', () => {
    const { aim, frame, fire, right, slider } = bench();
    aim(right, 45, 16);
    frame();
    fire('selectstart', right);
    expect(frame()).toEqual(['capture-start slider', 'value-change slider 5']);
    aim(right, 55, 16);
    expect(frame()).toEqual(['value-change slider 15']);
    fire('squeezestart', right);
    expect(frame()).toEqual(['capture-cancel slider', 'value-change slider 10']);
    fire('selectend', right);
    fire('squeezeend', right);
    frame();
    fire('selectstart', right);
    frame();
    aim(right, 60, 16);
    frame();
    aim(right, 60, 90); // off the panel, trigger still held
    expect(frame()).toEqual([
      'capture-cancel slider',
      'value-change slider 10',
      'focus-out slider',
      'hover-out slider',
    ]);
    expect(slider.value).toBe(10);
  });

  it('two controllers, two pointers: each captures its own control; an untracked one leaves the panel', () => {
    const { aim, frame, fire, left, right, slider, kernel, poses, pointers } = bench();
    aim(left, 45, 16);
    aim(right, 20, 16);
    frame();
    fire('selectstart', left);
    fire('selectstart', right);
    frame();
    expect([kernel.capturedBy(1), kernel.pressed, kernel.isPressed(slider)]).toEqual([slider, null, true]);
    aim(left, 65, 16);
    fire('selectend', right);
    expect(frame()).toEqual(['value-change slider 25', 'click ok']);
    poses.delete(left.targetRaySpace);
    expect(frame()).toEqual(['capture-cancel slider', 'value-change slider 10', 'hover-out slider']);
    expect(pointers.pointers[0]!.hit).toBe(null);
  });

  it('hands in place of controllers: a drag held by a controller that goes is cancelled, a pinch clicks', () => {
    const { aim, frame, fire, left, right, kernel, pointers, inputs, sources } = bench();
    aim(left, 45, 16);
    aim(right, 75, 35); // on the panel, on no control
    frame();
    fire('selectstart', left);
    frame();
    expect(kernel.capturedBy(1)?.name).toBe('slider');
    const beams = () => inputs.hands.map((h) => h.targetRay.children.length);
    expect([kernel.pointerCount, beams()]).toEqual([3, [1, 1]]); // the mouse and the two controllers
    // The session swaps both controllers for tracked hands (no selectend for the left: it just goes).
    const hands = [fakeHandSource('left'), fakeHandSource('right')];
    sources.splice(0, 2, ...hands);
    aim(hands[1]!, 20, 16);
    expect(frame()).toEqual([
      'capture-cancel slider',
      'value-change slider 10',
      'focus-out slider',
      'hover-out slider',
      'hover-in ok',
      'focus-in ok',
    ]);
    expect(pointers.pointers.map((p) => [p.hand.kind, p.handedness, p.id])).toEqual([
      ['hand', 'left', 3],
      ['hand', 'right', 4],
    ]);
    // The controllers' pointers are forgotten by the kernel; the right hand's is new (the left hand is not on the
    // panel: it has no pose).
    expect([kernel.pointerCount, beams()]).toEqual([2, [1, 1]]);
    fire('selectstart', hands[1]!); // the pinch
    frame();
    fire('selectend', hands[1]!);
    expect(frame()).toEqual(['click ok']);
  });
});
