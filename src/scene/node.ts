import { mat4, vec3, type ReadonlyMat4, type ReadonlyQuat, type ReadonlyVec3 } from 'gl-matrix';
import { decomposeTrs, type Trs } from '../math/decompose-trs';
import { SceneError } from './scene-error';

// Dirty bits. A node is *stale* when LOCAL or WORLD is set or its parent's world changed since it last looked.
const LOCAL = 1; // local T/R/S changed since localMatrix was composed
const WORLD = 2; // world must be recomputed whatever the versions say (new parent, or became a root)
const BRANCH = 4; // this node or something below it needs the next sweep; always set on all ancestors too

/** World versions come from one counter, so no two nodes ever share one (a new parent can't look unchanged). */
let worldStamp = 0;

/** Relative size of the cosine between basis columns above which a reparent result counts as sheared. */
const SHEAR_TOLERANCE = 1e-4;

/** A determinant this close to zero means a zero scale somewhere on the path: no inverse exists. */
const SINGULAR_DETERMINANT = 1e-12;

const scratchTrs: Trs = { translation: vec3.create(), rotation: [0, 0, 0, 1], scale: vec3.create(), shear: 0 };
const scratchInverse = new Float64Array(16);
const scratchLocal = new Float64Array(16);

/** A node of the retained scene graph: it keeps only its local T·R·S; its world matrix is derived and cached. */
export class Node {
  name: string;
  private _parent: Node | null = null;
  private readonly _children: Node[] = [];
  private readonly _position: Float32Array;
  private readonly _rotation: Float32Array;
  private readonly _scale: Float32Array;
  private readonly _local: Float32Array;
  private readonly _world: Float32Array;
  private _flags = LOCAL | WORLD | BRANCH;
  private _worldVersion = 0;
  private _parentSeen = 0;

  constructor(name = 'node') {
    this.name = name;
    // One allocation per node keeps its numbers together in memory.
    const data = new Float32Array(42);
    this._position = data.subarray(0, 3);
    this._rotation = data.subarray(3, 7);
    this._scale = data.subarray(7, 10);
    this._local = data.subarray(10, 26);
    this._world = data.subarray(26, 42);
    this._rotation[3] = 1;
    this._scale.fill(1);
  }

  get parent(): Node | null {
    return this._parent;
  }
  get children(): readonly Node[] {
    return this._children;
  }
  /** Local position; change it with `setPosition`. */
  get position(): ReadonlyVec3 {
    return this._position;
  }
  /** Local rotation as a unit quaternion (x, y, z, w); change it with `setRotation`. */
  get rotation(): ReadonlyQuat {
    return this._rotation;
  }
  /** Local scale; change it with `setScale`. */
  get scale(): ReadonlyVec3 {
    return this._scale;
  }

  /** A counter that changes whenever this node's world matrix is recomputed. */
  get worldVersion(): number {
    this.refresh();
    return this._worldVersion;
  }

  setPosition(x: number, y: number, z: number): this {
    this.assertFinite('setPosition', x, y, z);
    this._position[0] = x;
    this._position[1] = y;
    this._position[2] = z;
    this.markLocal();
    return this;
  }

  /** Sets the rotation quaternion; it must be of unit length (within 1e-3), and is then normalized exactly. */
  setRotation(x: number, y: number, z: number, w: number): this {
    this.assertFinite('setRotation', x, y, z, w);
    const length = Math.hypot(x, y, z, w);
    if (Math.abs(length - 1) > 1e-3) {
      throw new SceneError(
        `Node "${this.name}": setRotation(${x}, ${y}, ${z}, ${w}) is not a unit quaternion (length ${length}). ` +
          'Pass a normalized quaternion, e.g. from gl-matrix quat.setAxisAngle or quat.fromEuler.',
      );
    }
    this._rotation[0] = x / length;
    this._rotation[1] = y / length;
    this._rotation[2] = z / length;
    this._rotation[3] = w / length;
    this.markLocal();
    return this;
  }

  setScale(x: number, y: number, z: number): this {
    this.assertFinite('setScale', x, y, z);
    this._scale[0] = x;
    this._scale[1] = y;
    this._scale[2] = z;
    this.markLocal();
    return this;
  }

  /** T·R·S of this node alone, column-major. */
  get localMatrix(): ReadonlyMat4 {
    if (this._flags & LOCAL) this.composeLocal();
    return this._local;
  }

  /** Parent's world × local along the path to the root, column-major; always current when read. */
  get worldMatrix(): ReadonlyMat4 {
    this.refresh();
    return this._world;
  }

  /**
   * Makes `child` a child of this node, keeping its *local* transform (so it may jump in the world), and removes it
   * from its old parent first. Throws, changing nothing, when that would make a cycle.
   */
  add(child: Node): this {
    this.assertCanAdopt(child, 'add');
    child._parent?.unlink(child);
    this.link(child);
    return this;
  }

  /** Removes a child of this node; it becomes a root with its local transform as world. Throws for a non-child. */
  remove(child: Node): this {
    if (child._parent !== this) {
      const actual = child._parent ? `its parent is "${child._parent.name}"` : 'it has no parent';
      throw new SceneError(`Cannot remove "${child.name}" from "${this.name}": it is not a child (${actual}).`);
    }
    this.unlink(child);
    return this;
  }

  /**
   * Reparents `child` under this node keeping its world transform (local = this⁻¹ · world), and returns the residual
   * deviation: the distance in scene units between the child's world position before and after (0 when this node's
   * world is the identity). Throws, changing nothing, on a cycle, on a singular parent (a zero scale on its path), and
   * when the result would need shear (a non-uniformly scaled parent over a rotated child), which T·R·S cannot hold.
   */
  attach(child: Node): number {
    this.assertCanAdopt(child, 'attach');
    const childWorld = child.worldMatrix;
    const beforeX = childWorld[12]!;
    const beforeY = childWorld[13]!;
    const beforeZ = childWorld[14]!;
    // Reparenting math in float64 so f32 storage is the only rounding.
    const parentWorld = this.worldMatrix;
    for (let i = 0; i < 16; i++) scratchInverse[i] = parentWorld[i]!;
    const det = mat4.determinant(scratchInverse as unknown as mat4);
    if (!(Math.abs(det) > SINGULAR_DETERMINANT) || !mat4.invert(scratchInverse as unknown as mat4, scratchInverse as unknown as mat4)) {
      throw new SceneError(
        `Cannot attach "${child.name}" to "${this.name}": the world matrix of "${this.name}" is singular ` +
          `(determinant ${det}${this.describeZeroScale()}). Give every node on its path a non-zero scale.`,
      );
    }
    for (let i = 0; i < 16; i++) scratchLocal[i] = childWorld[i]!;
    mat4.multiply(scratchLocal as unknown as mat4, scratchInverse as unknown as mat4, scratchLocal as unknown as mat4);
    const trs = decomposeTrs(scratchLocal, scratchTrs);
    if (trs.shear > SHEAR_TOLERANCE) {
      throw new SceneError(
        `Cannot attach "${child.name}" to "${this.name}" keeping its world transform: it would need shear ` +
          `(its basis columns would meet at |cos| = ${trs.shear.toExponential(2)} instead of 0), ` +
          'which a T·R·S node cannot hold. This happens under a non-uniformly scaled parent when the child is rotated ' +
          'relative to it: make the scale uniform, or put the scale on a leaf instead of a parent.',
      );
    }
    child._parent?.unlink(child);
    this.link(child);
    child._position.set(trs.translation);
    child._rotation.set(trs.rotation);
    child._scale.set(trs.scale);
    child.markLocal();
    const after = child.worldMatrix;
    return Math.hypot(after[12]! - beforeX, after[13]! - beforeY, after[14]! - beforeZ);
  }

  /** Visits this node and its descendants depth-first, parents before children. */
  traverse(fn: (node: Node, depth: number) => void, depth = 0): void {
    fn(this, depth);
    for (const child of this._children) child.traverse(fn, depth + 1);
  }

  /** The first node named `name` in traversal order, or null. */
  find(name: string): Node | null {
    if (this.name === name) return this;
    for (const child of this._children) {
      const found = child.find(name);
      if (found) return found;
    }
    return null;
  }

  /** Names from the root down to this node, joined by "/": how errors and diagnostics point at a node. */
  get path(): string {
    return this._parent ? `${this._parent.path}/${this.name}` : this.name;
  }

  /** The tree read aloud: one line per node, two spaces per depth, with name and local T, R and S. */
  printTree(): string {
    const lines: string[] = [];
    this.traverse((node, depth) => {
      lines.push(
        `${'  '.repeat(depth)}${node.name} T(${formatList(node._position)}) R(${formatList(node._rotation)}) ` +
          `S(${formatList(node._scale)})`,
      );
    });
    return lines.join('\n');
  }

  /**
   * Recomputes every stale world matrix under `root`, visiting only branches that changed, and returns how many were
   * recomputed (0 for a tree where nothing changed since the last call).
   */
  static updateWorldMatrices(root: Node): number {
    root._parent?.refresh();
    return Node.sweep(root, false);
  }

  /** Sets BRANCH from `node` upwards, stopping at the first ancestor that has it (all above it have it too). */
  private static markBranch(node: Node): void {
    for (let n: Node | null = node; n && (n._flags & BRANCH) === 0; n = n._parent) n._flags |= BRANCH;
  }

  private static sweep(node: Node, force: boolean): number {
    let count = 0;
    if (force || node.isStale()) {
      node.recompute();
      count = 1;
      force = true;
    } else if ((node._flags & BRANCH) === 0) {
      return 0;
    }
    node._flags &= ~BRANCH;
    const children = node._children;
    for (let i = 0; i < children.length; i++) count += Node.sweep(children[i]!, force);
    return count;
  }

  /** Brings this node's world up to date after its ancestors, for a read outside the sweep. */
  private refresh(): void {
    this._parent?.refresh();
    if (this.isStale()) {
      this.recompute();
      // Its children now lag behind: make sure the next sweep comes down here.
      Node.markBranch(this);
    }
  }

  private isStale(): boolean {
    return (this._flags & (LOCAL | WORLD)) !== 0 || (this._parent !== null && this._parentSeen !== this._parent._worldVersion);
  }

  private recompute(): void {
    if (this._flags & LOCAL) this.composeLocal();
    const parent = this._parent;
    if (parent) {
      mat4.multiply(this._world, parent._world, this._local);
      this._parentSeen = parent._worldVersion;
    } else {
      this._world.set(this._local);
    }
    this._worldVersion = ++worldStamp;
    this._flags &= ~WORLD;
  }

  private composeLocal(): void {
    mat4.fromRotationTranslationScale(this._local, this._rotation, this._position, this._scale);
    this._flags &= ~LOCAL;
  }

  private markLocal(): void {
    this._flags |= LOCAL;
    Node.markBranch(this);
  }

  private link(child: Node): void {
    child._parent = this;
    this._children.push(child);
    child._flags |= WORLD | BRANCH;
    Node.markBranch(this);
  }

  private unlink(child: Node): void {
    this._children.splice(this._children.indexOf(child), 1);
    child._parent = null;
    child._flags |= WORLD | BRANCH;
  }

  private assertCanAdopt(child: Node, operation: 'add' | 'attach'): void {
    for (let node: Node | null = this; node; node = node._parent) {
      if (node === child) {
        const relation = child === this ? 'itself' : `its own descendant "${this.path}"`;
        throw new SceneError(`Cannot ${operation} "${child.name}" to ${relation}: the scene graph must stay a tree.`);
      }
    }
  }

  private assertFinite(operation: string, ...values: number[]): void {
    if (values.every(Number.isFinite)) return;
    throw new SceneError(
      `Node "${this.name}": ${operation}(${values.join(', ')}) has a non-finite value; the transform is unchanged. ` +
        'Check the computation that produced it (a division by zero, an uninitialised variable).',
    );
  }

  private describeZeroScale(): string {
    for (let node: Node | null = this; node; node = node._parent) {
      if (node._scale.some((s) => s === 0)) return `; "${node.name}" has scale (${formatList(node._scale)})`;
    }
    return '';
  }
}

function formatList(values: ArrayLike<number>): string {
  return Array.from(values, (v) => String(Number(v.toFixed(3)) || 0)).join(', ');
}
