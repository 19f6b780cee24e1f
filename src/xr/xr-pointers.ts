import { vec3 } from 'gl-matrix';
import { boxGeometry, disposeGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import type { Node } from '../scene/node';
import { pickRay, type Ray } from '../scene/pick-ray';
import { panelPixelAt } from '../ui/panel-pixel';
import type { UiControl } from '../ui/ui-control';
import type { UiKernel } from '../ui/ui-kernel';
import type { XrHand, XrInputs } from './xr-inputs';

/** What a controller's ray points at: a UI panel (the control under it, if any), a mesh of the world, or nothing. */
export type XrHit =
  | { kind: 'ui'; control: UiControl | null; x: number; y: number; distance: number }
  | { kind: 'node'; node: Mesh; point: [number, number, number]; distance: number }
  | null;

/** One input source as a pointer: its ray this frame and what the ray meets first. */
export interface XrPointer {
  readonly hand: XrHand;
  readonly handedness: XRHandedness;
  /** The pointer's id in the UI kernel's input events: its hand's `id` + 1 (0 is the mouse). */
  readonly id: number;
  /** The ray in world space (a unit direction), as of the last update. */
  readonly ray: Ray;
  hit: XrHit;
}

/** The UI panel controller rays press on: a mesh showing the kernel's image of `size` native pixels. */
export interface XrPanelTarget {
  panel: Mesh;
  size: readonly [number, number];
  kernel: UiKernel;
  /**
   * Whether all of the panel stops a ray (default: an opaque panel). False for a see-through background: a ray meets
   * the panel only on the kernel's boxes and passes through elsewhere, into the world.
   */
  solid?: boolean;
}

/** How long a ray is drawn when it meets nothing (metres). */
const FREE_RAY = 2;
/** The drawn ray's thickness (metres). */
const RAY_WIDTH = 0.003;

/**
 * Controllers and hands as pointers (seed 004's input for the headset): each frame, after `XrInputs.update`, every
 * tracked source's target ray is cast at the UI panel and into the world (`pickRay`, the rig and the panel left out),
 * and the nearer hit is the pointer's. On the panel the ray is a kernel pointer of its own at the native pixel it
 * meets — hover and focus as the mouse's, the trigger (select) pressing and releasing its left button, squeeze its
 * right one (which cancels a capture), leaving the panel a `pointer-leave` (which cancels one too) — queued for the
 * kernel's next `update()`. Each pointer's ray is drawn as a thin beam to what it meets.
 */
export class XrPointers {
  /** One per source the inputs list, in their order (a source gone from them goes from here at the next update). */
  readonly pointers: XrPointer[] = [];
  private readonly skip: Set<Node>;
  private readonly beamGeometry = boxGeometry(1, 1, 1);
  /** What each pointer draws and whether its ray was on the panel at the last update. */
  private readonly drawn = new Map<XrPointer, { beam: Mesh; onPanel: boolean }>();

  constructor(
    private readonly inputs: XrInputs,
    private readonly root: Node,
    private readonly ui: XrPanelTarget | null = null,
  ) {
    this.skip = new Set<Node>([inputs.rig]);
    if (ui) this.skip.add(ui.panel);
  }

  /** Casts each source's ray, records its hit and queues what it did on the panel to the kernel. */
  update(): void {
    const { hands, events } = this.inputs;
    for (let i = this.pointers.length - 1; i >= 0; i--)
      if (!hands.includes(this.pointers[i]!.hand)) this.removePointer(i);
    hands.forEach((hand, i) => {
      const pointer = this.pointers[i]?.hand === hand ? this.pointers[i]! : this.addPointer(hand, i);
      const drawn = this.drawn.get(pointer)!;
      const on = hand.tracked && this.cast(pointer);
      if (!hand.tracked) pointer.hit = null;
      if (drawn.onPanel && !on) this.ui!.kernel.push({ kind: 'pointer-leave', pointer: pointer.id });
      drawn.onPanel = on;
      const length = pointer.hit ? pointer.hit.distance : FREE_RAY;
      drawn.beam.visible = hand.tracked;
      drawn.beam.setScale(RAY_WIDTH, RAY_WIDTH, length).setPosition(0, 0, -length / 2);
    });
    if (!this.ui) return;
    for (const { type, hand } of events) {
      const pointer = this.pointers.find((p) => p.hand === hand);
      const hit = pointer?.hit;
      if (!pointer || hit?.kind !== 'ui') continue;
      const { x, y } = hit;
      if (type === 'selectstart' || type === 'selectend')
        this.ui.kernel.push({
          kind: type === 'selectstart' ? 'pointer-down' : 'pointer-up',
          button: 0,
          x,
          y,
          pointer: pointer.id,
        });
      else if (type === 'squeezestart')
        this.ui.kernel.push({ kind: 'pointer-down', button: 2, x, y, pointer: pointer.id });
    }
  }

  /** The pointer of `hand`, if it has one yet. */
  of(hand: XrHand): XrPointer | null {
    return this.pointers.find((p) => p.hand === hand) ?? null;
  }

  /** Takes the beams out of the scene and frees their geometry. */
  dispose(): void {
    for (const { beam } of this.drawn.values()) beam.parent?.remove(beam);
    disposeGeometry(this.beamGeometry);
  }

  private addPointer(hand: XrHand, at: number): XrPointer {
    const pointer: XrPointer = {
      hand,
      handedness: hand.handedness,
      id: hand.id + 1,
      ray: { origin: vec3.create(), direction: vec3.create() },
      hit: null,
    };
    this.pointers.splice(at, 0, pointer);
    const beam = new Mesh(
      `${hand.targetRay.name} beam`,
      this.beamGeometry,
      new Material('unlit', [0.55, 0.9, 1, 1]),
    );
    hand.targetRay.add(beam);
    this.drawn.set(pointer, { beam, onPanel: false });
    return pointer;
  }

  /** A source gone: its pointer leaves the panel (a capture it held is cancelled) and its beam the scene. */
  private removePointer(at: number): void {
    const [pointer] = this.pointers.splice(at, 1);
    const { beam, onPanel } = this.drawn.get(pointer!)!;
    if (onPanel) this.ui!.kernel.push({ kind: 'pointer-leave', pointer: pointer!.id });
    beam.parent?.remove(beam);
    this.drawn.delete(pointer!);
  }

  /** The pointer's ray and its nearer hit; true when that is the panel (a kernel pointer move is queued). */
  private cast(pointer: XrPointer): boolean {
    const m = pointer.hand.targetRay.worldMatrix;
    const { origin, direction } = pointer.ray;
    vec3.set(origin, m[12]!, m[13]!, m[14]!);
    vec3.normalize(direction, vec3.set(direction, -m[8]!, -m[9]!, -m[10]!)); // the ray leaves along its −Z
    const world = pickRay(this.root, pointer.ray, Infinity, this.skip);
    const ui = this.ui;
    let panel = ui?.panel.visible ? panelPixelAt(ui.panel, ui.size, origin, direction) : null;
    if (panel && ui!.solid === false && !ui!.kernel.boxes.some((box) => box.contains(panel!.x, panel!.y)))
      panel = null;
    if (panel && (!world || panel.distance <= world.distance)) {
      const kernel = this.ui!.kernel;
      kernel.push({ kind: 'pointer-move', x: panel.x, y: panel.y, pointer: pointer.id });
      // The kernel applies the move at its next update: the control is the one under this pointer as of the last.
      pointer.hit = { kind: 'ui', control: kernel.hoverOf(pointer.id), ...panel };
      return true;
    }
    pointer.hit = world
      ? { kind: 'node', node: world.mesh, point: world.point, distance: world.distance }
      : null;
    return false;
  }
}
