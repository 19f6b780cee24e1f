import { mat4, quat, vec3, type ReadonlyMat4 } from 'gl-matrix';
import { decomposeTrs, type Trs } from '../math/decompose-trs';
import type { Node } from './node';

/**
 * The world transforms of chosen nodes as they were before the latest fixed simulation step, so a frame that falls
 * between two steps can draw them in between (`blend`): positions and scales mixed, rotations slerped, at the loop's
 * interpolation factor. The simulated nodes are never changed: only what is drawn. Call `capture()` at the start of
 * each fixed step, before the simulation moves anything.
 */
export class StepHistory {
  /** Bumped by every capture: a frame after one draws every tracked node anew. */
  version = 0;
  /** Per tracked node, its transform before the latest step; null until the first capture. */
  private readonly before = new Map<Node, Trs | null>();
  private readonly now: Trs = {
    translation: vec3.create(),
    rotation: quat.create(),
    scale: vec3.create(),
    shear: 0,
  };

  /** Draws `node` between steps from now on (its first capture makes it so; until then it is drawn where it is). */
  track(node: Node): this {
    if (!this.before.has(node)) this.before.set(node, null);
    return this;
  }

  untrack(node: Node): this {
    this.before.delete(node);
    this.version++;
    return this;
  }

  /** The tracked nodes. */
  nodes(): IterableIterator<Node> {
    return this.before.keys();
  }

  has(node: Node): boolean {
    return this.before.get(node) != null;
  }

  /** Remembers every tracked node's world transform: the state the coming step starts from. */
  capture(): void {
    for (const [node, trs] of this.before)
      this.before.set(
        node,
        decomposeTrs(
          node.worldMatrix,
          trs ?? { translation: vec3.create(), rotation: quat.create(), scale: vec3.create(), shear: 0 },
        ),
      );
    this.version++;
  }

  /**
   * Writes into `out` the transform to draw `node` with at `alpha` (0: as before the step, 1: as `world`, its world
   * now), and returns it; a node not captured yet is drawn as it is.
   */
  blend(node: Node, world: ReadonlyMat4, alpha: number, out: mat4): mat4 {
    const before = this.before.get(node);
    if (!before) return mat4.copy(out, world);
    const now = decomposeTrs(world, this.now);
    const t = vec3.lerp(BLEND_T, before.translation, now.translation, alpha);
    const r = quat.slerp(BLEND_R, before.rotation, now.rotation, alpha);
    const s = vec3.lerp(BLEND_S, before.scale, now.scale, alpha);
    return mat4.fromRotationTranslationScale(out, quat.normalize(r, r), t, s);
  }
}

const BLEND_T = vec3.create();
const BLEND_R = quat.create();
const BLEND_S = vec3.create();
