import type { mat4 } from 'gl-matrix';
import type { PadState } from '../input/pad-poller';
import { decomposeTrs, type Trs } from '../math/decompose-trs';
import { isRigidPose } from '../math/is-rigid-pose';
import { Node } from '../scene/node';

/** One XR input source (a controller, or a tracked hand) as the scene sees it. */
export interface XrHand {
  readonly handedness: XRHandedness;
  /** A controller, or a tracked hand (its pinch is select; it has no squeeze and no `xr-standard` gamepad). */
  readonly kind: 'controller' | 'hand';
  /** Its number among the sources the session has had (0, 1, …; never reused): its pad's and its pointer's. */
  readonly id: number;
  /** The pointing ray's pose: the ray leaves its position along its −Z. Where it was last known while not tracked. */
  readonly targetRay: Node;
  /** Where a held thing sits (the grip pose; a hand without one: the target ray's). */
  readonly grip: Node;
  /**
   * Whether its pose was known in the last frame: false when the session gave none, or one that is not a pose (not
   * finite, or not rigid: see `XrInputs.skippedPoses`).
   */
  tracked: boolean;
  /** Whether the trigger (select; a hand's pinch) and the grip button (squeeze) are held, as of the last frame. */
  select: boolean;
  squeeze: boolean;
  /** The source's gamepad (`xr-standard` layout), if it has one: read by `XrInputs.pads`. */
  readonly gamepad: Gamepad | null;
}

/** Pad indices of XR controllers start here, clear of the browser's own pads (0, 1, 2, 3). */
export const XR_PAD_INDEX = 100;

/** What happened to a hand's buttons during the last frame, in the order the session reported it. */
export interface XrInputEvent {
  type: 'selectstart' | 'selectend' | 'squeezestart' | 'squeezeend';
  hand: XrHand;
}

const TYPES = ['selectstart', 'selectend', 'squeezestart', 'squeezeend'] as const;

/**
 * A session's input sources as scene nodes, brought up to date once a frame (`update`): under `rig` — the session's
 * reference space placed in the world (`place`) — each source's target ray and grip, so models hang on them and rays
 * and grabs read world matrices. Select and squeeze events are queued as the session fires them and applied at the
 * frame, like all input (seed 004): `events` lists the frame's, the hands' flags hold the state after them.
 */
export class XrInputs {
  /** The reference space in the world: add it under the scene's root; the hands' nodes are its children. */
  readonly rig = new Node('xr rig');
  /**
   * The session's sources, in the order they first appeared. One the session stops listing (a controller put down,
   * hands switched for controllers) leaves the list and the rig at the next `update`, after its last events.
   */
  readonly hands: XrHand[] = [];
  /** The last frame's button events. */
  readonly events: XrInputEvent[] = [];
  /**
   * Poses the session gave that were not poses (a NaN, an infinity, a number beyond float32, a matrix that is not
   * rigid within 1e-3: what runtimes send while tracking is lost), since it started: each skipped for its frame, its
   * source untracked then and left where it last was.
   */
  skippedPoses = 0;
  private readonly bySource = new Map<XRInputSource, XrHand>();
  private sourcesSeen = 0;
  private readonly listed = new Set<XRInputSource>();
  private readonly queue: { type: XrInputEvent['type']; source: XRInputSource }[] = [];
  private readonly listener = (event: Event) => {
    const source = (event as XRInputSourceEvent).inputSource;
    if (source) this.queue.push({ type: event.type as XrInputEvent['type'], source });
  };
  private readonly trs: Trs = { translation: [0, 0, 0], rotation: [0, 0, 0, 1], scale: [1, 1, 1], shear: 0 };

  constructor(private readonly session: XRSession) {
    for (const type of TYPES) session.addEventListener(type, this.listener);
  }

  /** Places the reference space in the world: `worldFromSpace` maps its coordinates to the world's (rigid). */
  place(worldFromSpace: mat4): void {
    this.pose(this.rig, worldFromSpace);
  }

  /**
   * Reads each source's poses in `space` from `frame`, then applies the button events queued since the last call, then
   * lets go of the sources the session no longer lists.
   */
  update(frame: XRFrame, space: XRReferenceSpace): void {
    for (const hand of this.hands) hand.tracked = false;
    // One set kept across frames: this runs at the headset's rate (72-120 Hz).
    const listed = this.listed;
    listed.clear();
    for (const source of this.session.inputSources) listed.add(source);
    for (const source of listed) {
      const hand = this.handOf(source);
      const ray = frame.getPose(source.targetRaySpace, space)?.transform.matrix;
      if (!ray) continue;
      const grip = (source.gripSpace && frame.getPose(source.gripSpace, space)?.transform.matrix) || ray;
      // Both or neither: a ray moved without its grip would point from where the hand is not.
      const rayRigid = isRigidPose(ray);
      const gripRigid = grip === ray || isRigidPose(grip);
      if (!rayRigid || !gripRigid) {
        this.skippedPoses += (rayRigid ? 0 : 1) + (gripRigid ? 0 : 1);
        continue;
      }
      this.pose(hand.targetRay, ray);
      this.pose(hand.grip, grip);
      hand.tracked = true;
    }
    this.events.length = 0;
    for (const { type, source } of this.queue) {
      // A source's last events (a select ending as it goes) still count; one never listed makes no hand.
      if (!listed.has(source) && !this.bySource.has(source)) continue;
      const hand = this.handOf(source);
      if (type === 'selectstart' || type === 'selectend') hand.select = type === 'selectstart';
      else hand.squeeze = type === 'squeezestart';
      this.events.push({ type, hand });
    }
    this.queue.length = 0;
    for (const [source, hand] of this.bySource) {
      if (listed.has(source)) continue;
      this.bySource.delete(source);
      this.hands.splice(this.hands.indexOf(hand), 1);
      this.rig.remove(hand.targetRay).remove(hand.grip);
    }
  }

  /**
   * Each controller's gamepad as a pad in the standard layout, so the action mapper's pad bindings work in the headset
   * as on the desk (feed them to `InputQueueOptions.pads` beside the browser's): `xr-standard`'s A/X button (4) is
   * button 0 (accept by default), B/Y (5) button 1 (reject), its thumbstick (axes 2, 3) the left stick. The trigger and
   * squeeze are not pad buttons: they are the pointer's (`XrPointers`). A pad's index is `XR_PAD_INDEX` + its hand's
   * `id`, so it stays the same while other sources come and go.
   */
  get pads(): PadState[] {
    const pads: PadState[] = [];
    for (const hand of this.hands) {
      const pad = hand.gamepad;
      if (!pad || pad.mapping !== 'xr-standard') continue;
      const released = { pressed: false };
      pads.push({
        index: XR_PAD_INDEX + hand.id,
        buttons: [pad.buttons[4] ?? released, pad.buttons[5] ?? released],
        axes: [pad.axes[2] ?? 0, pad.axes[3] ?? 0],
      });
    }
    return pads;
  }

  /** Stops listening to the session and takes the rig out of the scene. */
  dispose(): void {
    for (const type of TYPES) this.session.removeEventListener(type, this.listener);
    this.rig.parent?.remove(this.rig);
  }

  private handOf(source: XRInputSource): XrHand {
    let hand = this.bySource.get(source);
    if (!hand) {
      const id = this.sourcesSeen++;
      const name = `xr ${source.handedness} ${id}`;
      hand = {
        id,
        handedness: source.handedness,
        kind: source.hand ? 'hand' : 'controller',
        targetRay: new Node(`${name} ray`),
        grip: new Node(`${name} grip`),
        tracked: false,
        select: false,
        squeeze: false,
        gamepad: source.gamepad ?? null,
      };
      this.rig.add(hand.targetRay).add(hand.grip);
      this.bySource.set(source, hand);
      this.hands.push(hand);
    }
    return hand;
  }

  private pose(node: Node, matrix: ArrayLike<number>): void {
    const { translation: t, rotation: r } = decomposeTrs(matrix as mat4, this.trs);
    node.setPosition(t[0]!, t[1]!, t[2]!).setRotation(r[0]!, r[1]!, r[2]!, r[3]!);
  }
}
