import { mat4, quat, vec3, type ReadonlyMat4, type ReadonlyQuat, type ReadonlyVec3 } from 'gl-matrix';
import { decomposeTrs, type Trs } from '../math/decompose-trs';
import { lookRotation, quatFromAxisAngle, quatFromEuler, type EulerOrder } from '../math/rotation';
import { SceneError } from './scene-error';
import {
  allocateSlot,
  composeWorld,
  IDENTITY,
  POSITION_AT,
  ROTATION_AT,
  SCALE_AT,
  WORLD_AT,
} from './transform-pool';
import { VisitList } from './visit-list';

// Dirty bits. A node is *stale* when LOCAL or WORLD is set or its parent's world changed since it last looked.
const LOCAL = 1; // local T/R/S changed since the world matrix was computed
const WORLD = 2; // world must be recomputed whatever the versions say (new parent, or became a root)
// BRANCH: this node or something below it needs the next sweep; always set on all ancestors too. Under a wide node
// (see WIDE) a node that has it is also on the parent's list of children to visit (`_visits`).
const BRANCH = 4;
const MATRIX = 8; // local T/R/S changed since localMatrix was last composed (it is composed only when read)
const REPORTS = 16; // tell the tree's watcher when the world matrix is recomputed (meshes: the world packer re-packs them)
const CHILDREN = 32; // recomputed by a read, outside the sweep: every child lags now, so the sweep visits them all

/**
 * From this many children on, a node keeps the list of children the next sweep must visit, so a frame where k of its
 * children changed visits k, not all. Below it the sweep looks at every child of a marked node: a few node reads,
 * cheaper than keeping a list when everything moves.
 */
const WIDE = 32;

/** World versions come from one counter, so no two nodes ever share one (a new parent can't look unchanged). */
let worldStamp = 0;

/** Bumped by every add/remove anywhere, so a renderer re-collects its meshes only when some tree changed shape. */
let structureStamp = 0;

/** Relative size of the cosine between basis columns above which a reparent result counts as sheared. */
const SHEAR_TOLERANCE = 1e-4;

/** A determinant this close to zero means a zero scale somewhere on the path: no inverse exists. */
const SINGULAR_DETERMINANT = 1e-12;

const scratchTrs: Trs = {
  translation: vec3.create(),
  rotation: [0, 0, 0, 1],
  scale: vec3.create(),
  shear: 0,
};
const scratchInverse = new Float64Array(16);
const scratchLocal = new Float64Array(16);
const scratchQuat = quat.create();
const scratchParent = quat.create();
const scratchDirection = vec3.create();
const WORLD_UP: ReadonlyVec3 = [0, 1, 0];

/** @internal What a sweep visits below a node that is not stale (see `Node.takeVisitMode`). */
export const VISIT_NONE = 0;
/** @internal */
export const VISIT_ALL = 1;
/** @internal */
export const VISIT_LISTED = 2;

/** @internal A subtree in parent-before-child order; `ends[i]` is where the subtree of `nodes[i]` ends. */
export interface FlatOrder {
  readonly nodes: readonly Node[];
  readonly ends: Int32Array;
}

/**
 * What the nodes of a watched tree tell its change record (see change-record.ts): a subtree added or removed, a node
 * whose world matrix was recomputed or whose drawing changed. Engine-internal.
 */
export interface NodeWatcher {
  /** Throws, before anything changes, when `child` may not join the tree. */
  adopt(child: Node): void;
  added(child: Node): void;
  removed(child: Node): void;
  changed(node: Node): void;
}

/** The path from a node up to the topmost stale one, reused by every read so reads allocate nothing. */
const pathScratch: Node[] = [];

/** How many levels `printTree` indents; deeper lines say their depth instead, so a long chain prints in linear size. */
const MAX_INDENT = 32;

/** A node of the retained scene graph: it keeps only its local T·R·S; its world matrix is derived and cached. */
export class Node {
  name: string;
  private _parent: Node | null = null;
  // Children as a doubly linked list: removal is O(1) and keeps the siblings' order; `children` is an array made on read.
  private _first: Node | null = null;
  private _last: Node | null = null;
  private _next: Node | null = null;
  private _prev: Node | null = null;
  private _childCount = 0;
  private _childArray: Node[] | null = null;
  // This node's numbers live in a shared pool chunk at `_at` (see transform-pool.ts); views onto them are made on demand.
  private readonly _mem: Float32Array;
  private readonly _at: number;
  private _flags = LOCAL | WORLD | BRANCH | MATRIX;
  private _local: Float32Array | null = null;
  private _worldVersion = 0;
  private _parentSeen = 0;
  /**
   * @internal This node's subtree in parent-before-child order, for sweeps that start here (update-world-matrices.ts);
   * dropped whenever the shape below changes, and rebuilt only once a sweep finds the shape unchanged since the previous
   * one. Only that file and this one write these two.
   */
  _flat: FlatOrder | null = null;
  /** @internal The shape below changed since the last sweep from here (see `_flat`). */
  _shapeChanged = true;
  /** @internal Where this node stands in the flat order that last listed it (valid where that order says so). */
  _orderIndex = -1;
  // A wide node's children that the next sweep must visit (null below WIDE children).
  private _visits: VisitList<Node> | null = null;
  private _views: NodeViews | null = null;
  /** @internal The change record of the watched tree this node is in (change-record.ts), or null. */
  watcher: NodeWatcher | null = null;
  /** @internal Where this node was last appended to its record's log (change-record.ts). */
  loggedAt = -1;

  constructor(name = 'node') {
    this.name = name;
    const slot = allocateSlot(this);
    this._mem = slot.mem;
    this._at = slot.at;
  }

  // No closure in here: a getter that makes one allocates its context on every call, even when it returns early.
  private get views(): NodeViews {
    return this._views ?? (this._views = makeViews(this._mem, this._at));
  }

  get parent(): Node | null {
    return this._parent;
  }
  /** The children in the order they were added (a removal keeps the others' order); the array is remade after a change. */
  get children(): readonly Node[] {
    if (this._childArray) return this._childArray;
    const list: Node[] = new Array<Node>(this._childCount);
    let i = 0;
    for (let c = this._first; c; c = c._next) list[i++] = c;
    return (this._childArray = list);
  }
  /** How many children this node has. */
  get childCount(): number {
    return this._childCount;
  }
  /** Local position; change it with `setPosition`. */
  get position(): ReadonlyVec3 {
    return this.views.position;
  }
  /** Local rotation as a unit quaternion (x, y, z, w); change it with `setRotation`. */
  get rotation(): ReadonlyQuat {
    return this.views.rotation;
  }
  /** Local scale; change it with `setScale`. */
  get scale(): ReadonlyVec3 {
    return this.views.scale;
  }

  /** A counter that changes whenever this node's world matrix is recomputed. */
  get worldVersion(): number {
    this.refresh();
    return this._worldVersion;
  }

  setPosition(x: number, y: number, z: number): this {
    if (x * F32 - x * F32 + (y * F32 - y * F32) + (z * F32 - z * F32) !== 0)
      this.rejectNonFinite('setPosition', x, y, z);
    const fx = Math.fround(x),
      fy = Math.fround(y),
      fz = Math.fround(z);
    const m = this._mem;
    const at = this._at + POSITION_AT;
    // A write that changes nothing stored changes nothing: no version, no re-pack, no upload.
    if (m[at] === fx && m[at + 1] === fy && m[at + 2] === fz) return this;
    m[at] = fx;
    m[at + 1] = fy;
    m[at + 2] = fz;
    this.markLocal();
    return this;
  }

  /** Sets the rotation quaternion; it must be of unit length (within 1e-3), and is then normalized exactly. */
  setRotation(x: number, y: number, z: number, w: number): this {
    if (x - x + (y - y) + (z - z) + (w - w) !== 0) this.rejectNonFinite('setRotation', x, y, z, w);
    const length = Math.sqrt(x * x + y * y + z * z + w * w);
    if (Math.abs(length - 1) > 1e-3) this.rejectNonUnit(x, y, z, w, length);
    const m = this._mem;
    const at = this._at + ROTATION_AT;
    const qx = x / length,
      qy = y / length,
      qz = z / length,
      qw = w / length;
    if (
      m[at] === Math.fround(qx) &&
      m[at + 1] === Math.fround(qy) &&
      m[at + 2] === Math.fround(qz) &&
      m[at + 3] === Math.fround(qw)
    )
      return this;
    m[at] = qx;
    m[at + 1] = qy;
    m[at + 2] = qz;
    m[at + 3] = qw;
    this.markLocal();
    return this;
  }

  setScale(x: number, y: number, z: number): this {
    if (x * F32 - x * F32 + (y * F32 - y * F32) + (z * F32 - z * F32) !== 0)
      this.rejectNonFinite('setScale', x, y, z);
    const fx = Math.fround(x),
      fy = Math.fround(y),
      fz = Math.fround(z);
    const m = this._mem;
    const at = this._at + SCALE_AT;
    if (m[at] === fx && m[at + 1] === fy && m[at + 2] === fz) return this;
    m[at] = fx;
    m[at + 1] = fy;
    m[at + 2] = fz;
    this.markLocal();
    return this;
  }

  /** Sets the rotation from Euler angles in radians, composed in `order` (default 'XYZ': Rx·Ry·Rz, as three.js). */
  setRotationFromEuler(x: number, y: number, z: number, order: EulerOrder = 'XYZ'): this {
    if (x * F32 - x * F32 + (y * F32 - y * F32) + (z * F32 - z * F32) !== 0)
      this.rejectNonFinite('setRotationFromEuler', x, y, z);
    const q = quatFromEuler(scratchQuat, x, y, z, order);
    return this.setRotation(q[0], q[1], q[2], q[3]);
  }

  /** Sets the rotation to `angle` radians about `axis` (any non-zero length, in the parent's space). */
  setRotationFromAxisAngle(axis: ArrayLike<number>, angle: number): this {
    if (angle * F32 - angle * F32 !== 0) this.rejectNonFinite('setRotationFromAxisAngle', angle);
    let q: quat;
    try {
      q = quatFromAxisAngle(scratchQuat, axis, angle);
    } catch (error) {
      throw new SceneError(`Node "${this.name}": setRotationFromAxisAngle: ${(error as Error).message}`);
    }
    return this.setRotation(q[0], q[1], q[2], q[3]);
  }

  /**
   * Turns the node to face `target`, a point in world space: its +Z axis points at it (a camera's −Z: a camera looks
   * down −Z), its +Y as close to `up` (world space, default +Y) as that allows; position and scale are kept, and the
   * parent's rotation is undone. Throws, changing nothing, when the target is where the node is or `up` is parallel to
   * the direction to it.
   */
  lookAt(target: ArrayLike<number>, up: ArrayLike<number> = WORLD_UP): this {
    const [tx, ty, tz] = [target[0]!, target[1]!, target[2]!];
    if (tx - tx + (ty - ty) + (tz - tz) !== 0) this.rejectNonFinite('lookAt', tx, ty, tz);
    const p = this.worldPosition;
    const facing = this.facing;
    const d = vec3.set(scratchDirection, (tx - p[0]!) * facing, (ty - p[1]!) * facing, (tz - p[2]!) * facing);
    const world = lookRotation(scratchQuat, d, up as ReadonlyVec3);
    if (!world)
      throw new SceneError(
        `Node "${this.name}": lookAt(${Array.from(target).join(', ')}) ` +
          (vec3.length(d) > 1e-9
            ? `with up (${Array.from(up).join(', ')}) parallel to the direction to it: give another up vector.`
            : 'is where the node is: there is no direction to face. Move the node or the target.'),
      );
    if (this._parent) {
      // Local rotation = parent's world rotation⁻¹ · the world rotation wanted.
      decomposeTrs(this._parent.worldMatrix, scratchTrs);
      quat.conjugate(scratchParent, scratchTrs.rotation);
      quat.multiply(world, scratchParent, world);
    }
    return this.setRotation(world[0], world[1], world[2], world[3]);
  }

  /** The world position (the world matrix's translation), current when read; a view: copy it to keep it. */
  get worldPosition(): ReadonlyVec3 {
    this.refresh();
    return this.views.worldPosition;
  }

  /**
   * Moves the node so its world position is (x, y, z), keeping its local rotation and scale. Throws, changing nothing,
   * under a singular parent (a zero scale on its path).
   */
  setWorldPosition(x: number, y: number, z: number): this {
    if (x - x + (y - y) + (z - z) !== 0) this.rejectNonFinite('setWorldPosition', x, y, z);
    const parent = this._parent;
    if (!parent) return this.setPosition(x, y, z);
    const m = parent.worldMatrix;
    for (let i = 0; i < 16; i++) scratchInverse[i] = m[i]!;
    if (!mat4.invert(scratchInverse as unknown as mat4, scratchInverse as unknown as mat4))
      throw new SceneError(
        `Node "${this.name}": setWorldPosition under "${parent.name}", whose world matrix is singular` +
          `${parent.describeZeroScale()}. Give every node on its path a non-zero scale.`,
      );
    const i = scratchInverse;
    return this.setPosition(
      i[0]! * x + i[4]! * y + i[8]! * z + i[12]!,
      i[1]! * x + i[5]! * y + i[9]! * z + i[13]!,
      i[2]! * x + i[6]! * y + i[10]! * z + i[14]!,
    );
  }

  /** Which way `lookAt` turns the node's +Z: towards the target (1), or away (−1: cameras look down −Z). */
  protected get facing(): 1 | -1 {
    return 1;
  }

  /** T·R·S of this node alone, column-major. */
  get localMatrix(): ReadonlyMat4 {
    const local = (this._local ??= new Float32Array(16));
    if (this._flags & MATRIX) {
      composeWorld(this._mem, this._at, IDENTITY, 0, local, 0);
      this._flags &= ~MATRIX;
    }
    return local;
  }

  /** Parent's world × local along the path to the root, column-major; always current when read. */
  get worldMatrix(): ReadonlyMat4 {
    this.refresh();
    return this.views.world;
  }

  /** The world matrix as the last update or read left it, without bringing it up to date: what validation checks. */
  get cachedWorldMatrix(): ReadonlyMat4 {
    return this.views.world;
  }

  /** @internal `worldVersion` as the last update or read left it: for a reader that has just swept the tree. */
  get cachedWorldVersion(): number {
    return this._worldVersion;
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
      throw new SceneError(
        `Cannot remove "${child.name}" from "${this.name}": it is not a child (${actual}).`,
      );
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
    if (
      !(Math.abs(det) > SINGULAR_DETERMINANT) ||
      !mat4.invert(scratchInverse as unknown as mat4, scratchInverse as unknown as mat4)
    ) {
      throw new SceneError(
        `Cannot attach "${child.name}" to "${this.name}": the world matrix of "${this.name}" is singular ` +
          `(determinant ${det}${this.describeZeroScale()}). Give every node on its path a non-zero scale.`,
      );
    }
    for (let i = 0; i < 16; i++) scratchLocal[i] = childWorld[i]!;
    mat4.multiply(
      scratchLocal as unknown as mat4,
      scratchInverse as unknown as mat4,
      scratchLocal as unknown as mat4,
    );
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
    child._mem.set(trs.translation, child._at + POSITION_AT);
    child._mem.set(trs.rotation, child._at + ROTATION_AT);
    child._mem.set(trs.scale, child._at + SCALE_AT);
    child.markLocal();
    const after = child.worldMatrix;
    return Math.hypot(after[12]! - beforeX, after[13]! - beforeY, after[14]! - beforeZ);
  }

  /**
   * Snaps `child` into this node as into a socket: reparents it here with an identity local transform, so it takes this
   * node's world position and rotation exactly (where `attach` keeps the child's world transform instead). With
   * `keepScale` its world scale stays what it was (local scale = its world scale over this node's); otherwise it takes
   * this node's too. Returns how far the child's world position moved. Throws, changing nothing, on a cycle or, with
   * `keepScale`, on a zero scale.
   */
  snap(child: Node, options: { keepScale?: boolean } = {}): number {
    this.assertCanAdopt(child, 'snap');
    const before = child.worldMatrix;
    const [bx, by, bz] = [before[12]!, before[13]!, before[14]!];
    let [sx, sy, sz] = [1, 1, 1];
    if (options.keepScale) {
      const length = (m: ArrayLike<number>, i: number) => Math.hypot(m[i]!, m[i + 1]!, m[i + 2]!);
      const socket = this.worldMatrix;
      [sx, sy, sz] = [0, 4, 8].map((i) => length(before, i) / length(socket, i)) as [number, number, number];
      if (![sx, sy, sz].every((s) => Number.isFinite(s) && s > 0))
        throw new SceneError(
          `Cannot snap "${child.name}" into "${this.name}" keeping its scale: one of them has a zero scale.`,
        );
    }
    child._parent?.unlink(child);
    this.link(child);
    child._mem.set([0, 0, 0], child._at + POSITION_AT);
    child._mem.set([0, 0, 0, 1], child._at + ROTATION_AT);
    child._mem.set([sx, sy, sz], child._at + SCALE_AT);
    child.markLocal();
    const after = child.worldMatrix;
    return Math.hypot(after[12]! - bx, after[13]! - by, after[14]! - bz);
  }

  /**
   * Visits this node and its descendants depth-first, parents before children (no recursion: any depth works). The
   * callback may take the node it is given out of the tree (its subtree is then not visited) or add to it.
   */
  traverse(fn: (node: Node, depth: number) => void): void {
    let depth = 0;
    for (let node: Node | null = this; node;) {
      const parent: Node | null = node._parent;
      const next: Node | null = node._next;
      fn(node, depth);
      // A node the callback took out (or moved) is not descended into; the walk goes on where the node was.
      const stayed: boolean = node === this || node._parent === parent;
      if (stayed && node._first) {
        node = node._first;
        depth++;
        continue;
      }
      if (node === this) return;
      let after: Node | null = stayed ? node._next : next;
      let up: Node | null = parent;
      while (!after) {
        if (!up || up === this) return;
        after = up._next;
        up = up._parent;
        depth--;
      }
      node = after;
    }
  }

  /** The first node named `name` in traversal order, or null. */
  find(name: string): Node | null {
    for (let node: Node | null = this; node; node = Node.after(node, this, true)) {
      if (node.name === name) return node;
    }
    return null;
  }

  /** Names from the root down to this node, joined by "/": how errors and diagnostics point at a node. */
  get path(): string {
    const names = [this.name, ...this.ancestors().map((node) => node.name)];
    return names.reverse().join('/');
  }

  /** The path with its middle left out past a dozen levels (an error about a node a million levels deep stays short). */
  private shortPath(): string {
    const names = this.path.split('/');
    if (names.length <= 12) return names.join('/');
    return [...names.slice(0, 4), `… ${names.length - 8} levels …`, ...names.slice(-4)].join('/');
  }

  /**
   * The tree read aloud: one line per node, two spaces per depth, with name and local T, R and S. Lines deeper than
   * 32 levels stay at that indent and say their depth, so a long chain prints in a size linear in its length.
   */
  printTree(): string {
    const lines: string[] = [];
    this.traverse((node, depth) => {
      const indent = depth <= MAX_INDENT ? '  '.repeat(depth) : `${'  '.repeat(MAX_INDENT)}[depth ${depth}] `;
      lines.push(
        `${indent}${node.name} T(${formatList(node.position)}) R(${formatList(node.rotation)}) ` +
          `S(${formatList(node.scale)})`,
      );
    });
    return lines.join('\n');
  }

  /**
   * @internal The node after `node` in depth-first order within `root`'s subtree, or null; `descend` false skips its
   * subtree.
   */
  static after(node: Node, root: Node, descend: boolean): Node | null {
    if (descend && node._first) return node._first;
    for (let n = node; n !== root; n = n._parent!) {
      if (n._next) return n._next;
    }
    return null;
  }

  /**
   * Sets BRANCH from `node` upwards, each newly marked node onto its parent's visit list, stopping at the first that
   * has it (all above it have it too, and it is on its parent's list already).
   */
  private static markBranch(node: Node): void {
    for (let n: Node | null = node; n && (n._flags & BRANCH) === 0; n = n._parent) {
      n._flags |= BRANCH;
      const parent = n._parent;
      if (parent !== null && parent._visits !== null) parent.addVisit(n);
    }
  }

  private addVisit(child: Node): void {
    this._visits!.add(child, this._worldVersion);
  }

  /** Starts the visit list of a node that has just become wide, with the children marked so far; once in its life. */
  private startVisits(): void {
    this._visits = new VisitList();
    for (let child = this._first; child; child = child._next) if (child._flags & BRANCH) this.addVisit(child);
  }

  // What the per-frame sweep (update-world-matrices.ts) asks of a node. Engine-internal: the sweep walks the tree and
  // decides; the flags and versions stay here.

  /** @internal Whether the sweep must visit this tree at all: something in it changed, or its root is stale. */
  get needsSweep(): boolean {
    return (this._flags & BRANCH) !== 0 || this.isStale();
  }

  /**
   * @internal For the sweep, at a node that is not stale: which of its children it must visit, clearing the marks.
   * VISIT_NONE: no change below. VISIT_ALL: every child (below WIDE, or after a read recomputed this node). VISIT_LISTED:
   * a wide node's visit list, which `takeListed` hands over.
   */
  takeVisitMode(): number {
    const flags = this._flags;
    if ((flags & (BRANCH | CHILDREN)) === 0) return VISIT_NONE;
    this._flags = flags & ~(BRANCH | CHILDREN);
    if ((flags & CHILDREN) === 0 && this._visits !== null) return VISIT_LISTED;
    this._visits?.clear(); // all of them: the list is covered
    return VISIT_ALL;
  }

  /** @internal After LISTED: puts the listed children that are still children onto `stack` from `top`; the new top. */
  takeListed(stack: Node[], top: number): number {
    return this._visits!.drainInto(stack, top, this);
  }

  /** @internal For the sweep: recomputes this stale node, the top of a range that all recomputes. */
  recomputeTop(): void {
    this.recompute();
    this._flags &= ~(BRANCH | CHILDREN);
  }

  /** @internal The first child, for walks along the links. */
  get firstChild(): Node | null {
    return this._first;
  }

  /** @internal The next sibling, for walks along the links. */
  get nextSibling(): Node | null {
    return this._next;
  }

  /**
   * @internal The sweep's hot loop body, for a node whose parent was just recomputed: no staleness test, no branch to
   * take.
   */
  static recomputeFromParent(node: Node): void {
    const parent = node._parent!;
    composeWorld(node._mem, node._at, parent._mem, parent._at + WORLD_AT, node._mem, node._at + WORLD_AT);
    node._parentSeen = parent._worldVersion;
    node._worldVersion = ++worldStamp;
    node._flags &= MATRIX | REPORTS; // LOCAL, WORLD, BRANCH and CHILDREN all settled
    if (node.watcher !== null && (node._flags & REPORTS) !== 0) node.watcher.changed(node);
  }

  /** @internal Brings this node's world up to date after its ancestors, for a read outside the sweep; allocates nothing. */
  refresh(): void {
    // Below the topmost stale node on the path to the root, every node on it is stale once that one recomputes.
    let top = -1;
    let depth = 0;
    for (let node: Node | null = this; node; node = node._parent) {
      if (node.isStale()) top = depth;
      depth++;
    }
    if (top < 0) return; // current (as after a sweep): a read writes nothing
    depth = 0;
    for (let node: Node | null = this; depth <= top; node = node!._parent) pathScratch[depth++] = node!;
    for (let i = top; i >= 0; i--) {
      const node = pathScratch[i]!;
      node.recompute();
      // Its children now lag behind: make sure the next sweep comes down here and visits them all.
      node._flags |= CHILDREN;
      Node.markBranch(node);
    }
    pathScratch.fill(null as unknown as Node, 0, depth); // hold no node past the read
  }

  /** @internal Whether this node's world must be recomputed: its local or parent changed since it was. */
  isStale(): boolean {
    return (
      (this._flags & (LOCAL | WORLD)) !== 0 ||
      (this._parent !== null && this._parentSeen !== this._parent._worldVersion)
    );
  }

  private recompute(): void {
    const parent = this._parent;
    const world = this._at + WORLD_AT;
    if (parent) {
      composeWorld(this._mem, this._at, parent._mem, parent._at + WORLD_AT, this._mem, world);
      this._parentSeen = parent._worldVersion;
    } else {
      composeWorld(this._mem, this._at, IDENTITY, 0, this._mem, world);
    }
    this._worldVersion = ++worldStamp;
    this._flags &= ~(LOCAL | WORLD);
    if (this.watcher !== null && (this._flags & REPORTS) !== 0) this.watcher.changed(this);
  }

  /** Makes the tree's watcher hear of every recomputation of this node's world matrix (meshes: to re-pack it). */
  protected reportChanges(): void {
    this._flags |= REPORTS;
  }

  private markLocal(): void {
    this._flags |= LOCAL | MATRIX;
    Node.markBranch(this);
  }

  /** Changes whenever any node gains or loses a child. */
  static get structureVersion(): number {
    return structureStamp;
  }

  /**
   * Drops the flat orders of `node` and its ancestors: their subtrees changed shape. Stops at the first one already
   * marked without an order: every order above it was dropped when it was marked (building an order unmarks all the
   * nodes it lists), so adding one node at a time to a chain is O(1) each.
   */
  private static shapeChanged(node: Node): void {
    for (let n: Node | null = node; n && !(n._flat === null && n._shapeChanged); n = n._parent) {
      n._flat = null;
      n._shapeChanged = true;
    }
  }

  private link(child: Node): void {
    structureStamp++;
    Node.shapeChanged(this);
    child._parent = this;
    child._prev = this._last;
    if (this._last) this._last._next = child;
    else this._first = child;
    this._last = child;
    this._childCount++;
    this._childArray = null;
    child._flags |= WORLD | BRANCH;
    if (this._visits !== null) this.addVisit(child);
    else if (this._childCount >= WIDE) this.startVisits();
    Node.markBranch(this);
    this.watcher?.added(child);
  }

  private unlink(child: Node): void {
    structureStamp++;
    Node.shapeChanged(this);
    if (child._prev) child._prev._next = child._next;
    else this._first = child._next;
    if (child._next) child._next._prev = child._prev;
    else this._last = child._prev;
    child._parent = child._prev = child._next = null;
    this._childCount--;
    this._childArray = null;
    child._flags |= WORLD | BRANCH;
    child.watcher?.removed(child);
  }

  private assertCanAdopt(child: Node, operation: 'add' | 'attach' | 'snap'): void {
    if (!(child instanceof Node))
      throw new SceneError(
        `Cannot ${operation} ${describeValue(child)} to "${this.name}": only a Node (a Mesh, a Camera, a Sprite…) ` +
          'goes into the scene graph.',
      );
    const fail = (relation: string) =>
      new SceneError(`Cannot ${operation} "${child.name}" to ${relation}: the scene graph must stay a tree.`);
    if (child === this) throw fail('itself');
    this.watcher?.adopt(child);
    if (!child._first) return; // a node without children is nobody's ancestor: no walk up the tree
    for (let node = this._parent; node; node = node._parent) {
      if (node === child) throw fail(`its own descendant "${this.shortPath()}"`);
    }
  }

  // The callers' test `x - x + ... !== 0` is true exactly when some value is NaN or ±Infinity, and allocates nothing;
  // `x * F32 - x * F32` is, too, when x is beyond the 32-bit floats a transform is stored as.
  private rejectNonUnit(x: number, y: number, z: number, w: number, length: number): never {
    throw new SceneError(
      `Node "${this.name}": setRotation(${x}, ${y}, ${z}, ${w}) is not a unit quaternion (length ${length}). ` +
        'Pass a normalized quaternion, e.g. from gl-matrix quat.setAxisAngle or quat.fromEuler.',
    );
  }

  private rejectNonFinite(operation: string, ...values: number[]): never {
    throw new SceneError(
      `Node "${this.name}": ${operation}(${values.join(', ')}) has a value that is not a finite 32-bit float ` +
        '(NaN, ±Infinity, or beyond ±3.4e38); the transform is unchanged. ' +
        'Check the computation that produced it (a division by zero, an uninitialised variable).',
    );
  }

  private describeZeroScale(): string {
    const flat = [this, ...this.ancestors()].find((node) => Array.prototype.includes.call(node.scale, 0));
    return flat ? `; "${flat.name}" has scale (${formatList(flat.scale)})` : '';
  }

  private ancestors(): Node[] {
    const found: Node[] = [];
    for (let node = this._parent; node; node = node._parent) found.push(node);
    return found;
  }
}

function formatList(values: ArrayLike<number>): string {
  return Array.from(values, (v) => String(Number(v.toFixed(3)) || 0)).join(', ');
}

/** Views onto a node's slot in the transform pool, made on first use. */
interface NodeViews {
  position: Float32Array;
  rotation: Float32Array;
  scale: Float32Array;
  world: Float32Array;
  worldPosition: Float32Array;
}

function makeViews(mem: Float32Array, at: number): NodeViews {
  const view = (offset: number, length: number) => mem.subarray(at + offset, at + offset + length);
  return {
    position: view(POSITION_AT, 3),
    rotation: view(ROTATION_AT, 4),
    scale: view(SCALE_AT, 3),
    world: view(WORLD_AT, 16),
    worldPosition: view(WORLD_AT + 12, 3),
  };
}

/**
 * A factor that takes a number to Infinity exactly when it is at or beyond float32's largest (3.4028235e38): the
 * setters' overflow test, a multiply (unlike a \`Math.fround\` there, it keeps the setters small enough for V8 to inline).
 */
const F32 = 2 ** 896 * (1 + 2 ** -24);

/** A short description of a value that is not a node, for an error message (no dump of a large object). */
function describeValue(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (typeof value !== 'object') return `${typeof value} ${String(value).slice(0, 40)}`;
  const name = (value as object).constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'a plain object';
}
