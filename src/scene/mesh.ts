import type { Geometry as MeshGeometry } from './geometry';
import { MAX_MORPH_TARGETS, MAX_SKIN_JOINTS } from './deform-limits';
import { Node } from './node';
import { SceneError } from './scene-error';
import type { Skin } from './skin';
import { geometryBox, transformBox, type Box } from './world-box';

/**
 * How a mesh is drawn under a pixel-stable camera: its position put on the camera's texel grid (`position`), and its
 * turn about the world's up axis in steps of `angleStep` radians (a sprite-like 8 or 16 facings). Only the drawing
 * changes: the mesh's own transform, and what reads it, stay as set.
 */
export interface MeshSnap {
  position?: boolean;
  angleStep?: number;
}

/** A drawable node: the scene graph places it, the render chain draws its geometry with its material. */
export class Mesh<Geometry = unknown, Material = unknown> extends Node {
  private _geometry: Geometry;
  private _material: Material;
  private _visible = true;
  private _receiveShadow = true;
  private _snap: Readonly<MeshSnap> | null = null;
  private _skin: Skin | null = null;
  private _morphWeights: Float32Array = new Float32Array(0);
  private _morphVersion = 0;

  constructor(name: string, geometry: Geometry, material: Material) {
    super(name);
    this.checkTargets(geometry);
    this._geometry = geometry;
    this._material = material;
    this.reportChanges();
  }

  /** What is drawn; another one is drawn from the next frame on. */
  get geometry(): Geometry {
    return this._geometry;
  }
  set geometry(geometry: Geometry) {
    if (geometry === this._geometry) return;
    this.checkTargets(geometry);
    this._geometry = geometry;
    this.watcher?.changed(this);
  }

  /** How it is shaded; another one is used from the next frame on. */
  get material(): Material {
    return this._material;
  }
  set material(material: Material) {
    if (material === this._material) return;
    this._material = material;
    this.watcher?.changed(this);
  }

  /**
   * Drawing snapped to the pixel-stable camera's grid (see `MeshSnap`; not `snap`, which puts a node into a socket);
   * null: drawn where it is.
   */
  get drawSnap(): Readonly<MeshSnap> | null {
    return this._snap;
  }
  set drawSnap(snap: MeshSnap | null) {
    if (snap && snap.angleStep !== undefined && !(snap.angleStep > 0 && snap.angleStep <= 2 * Math.PI))
      throw new SceneError(
        `Mesh "${this.name}": drawSnap.angleStep ${snap.angleStep} is not an angle in radians in (0, 2π]; e.g. Math.PI / 4 for eight facings.`,
      );
    this._snap = snap ? { ...snap } : null;
    this.watcher?.changed(this);
  }

  /**
   * Whether it casts a shadow of the directional light while the `shadow` pass runs (read as each frame's shadow map
   * is drawn). Default true.
   */
  castShadow = true;

  /** Whether the directional light's shadows fall on it (a kind lit by the scene's lights). Default true. */
  get receiveShadow(): boolean {
    return this._receiveShadow;
  }
  set receiveShadow(receive: boolean) {
    if (receive === this._receiveShadow) return;
    this._receiveShadow = receive;
    this.watcher?.changed(this);
  }

  /** Hidden meshes stay in the tree (their children still move with them) but are not drawn. */
  get visible(): boolean {
    return this._visible;
  }
  set visible(visible: boolean) {
    if (visible === this._visible) return;
    this._visible = visible;
    this.watcher?.changed(this);
  }

  /**
   * The skeleton that moves its vertices (its geometry's `joints` and `weights` index the skin's joints), or null:
   * drawn by its world matrix alone. Culling then follows the joints, not the bind pose.
   */
  get skin(): Skin | null {
    return this._skin;
  }
  set skin(skin: Skin | null) {
    if (skin === this._skin) return;
    if (skin && skin.joints.length > MAX_SKIN_JOINTS)
      throw new SceneError(
        `Mesh "${this.name}": its skin "${skin.name}" has ${skin.joints.length} joints; a skin may have up to ` +
          `${MAX_SKIN_JOINTS} (split the skeleton, or leave out joints no vertex follows).`,
      );
    this._skin = skin;
    this.watcher?.changed(this);
  }

  /** Refuses a geometry with more morph targets than a mesh blends, naming the mesh and the limit. */
  private checkTargets(geometry: Geometry): void {
    const targets = (geometry as { morphTargets?: unknown } | null)?.morphTargets;
    if (Array.isArray(targets) && targets.length > MAX_MORPH_TARGETS)
      throw new SceneError(
        `Mesh "${this.name}": geometry "${String((geometry as { name?: unknown }).name)}" has ${targets.length} ` +
          `morph targets; a mesh blends up to ${MAX_MORPH_TARGETS} (bake the rest into the geometry, or split it).`,
      );
  }

  /**
   * How much of each of its geometry's `morphTargets` is blended in (0: none, 1: all of it), one number per target;
   * targets past the end weigh 0. Assign an array (copied), or use `setMorphWeight`.
   */
  get morphWeights(): Readonly<Float32Array> {
    return this._morphWeights;
  }
  set morphWeights(weights: ArrayLike<number>) {
    for (let i = 0; i < weights.length; i++)
      if (!Number.isFinite(weights[i]))
        throw new SceneError(`Mesh "${this.name}": morph weight ${i} is ${weights[i]}, not a finite number.`);
    const same =
      weights.length === this._morphWeights.length &&
      Array.prototype.every.call(weights, (w: number, i: number) => Math.fround(w) === this._morphWeights[i]);
    if (same) return;
    this._morphWeights = Float32Array.from(weights);
    this._morphVersion++;
    this.watcher?.changed(this);
  }

  /** A counter that changes whenever `morphWeights` changes. */
  get morphVersion(): number {
    return this._morphVersion;
  }

  /** Sets one morph target's weight (see `morphWeights`); a write that changes nothing marks nothing. */
  setMorphWeight(target: number, weight: number): this {
    if (!(Number.isInteger(target) && target >= 0))
      throw new SceneError(`Mesh "${this.name}": morph target ${target} is not an index (0, 1, …).`);
    if (!Number.isFinite(weight))
      throw new SceneError(`Mesh "${this.name}": morph weight ${weight} is not a finite number.`);
    const weights = this._morphWeights;
    if (target < weights.length && weights[target] === Math.fround(weight)) return this;
    if (target >= weights.length) {
      if (weight === 0) return this; // past the end weighs 0 already
      this._morphWeights = new Float32Array(target + 1);
      this._morphWeights.set(weights);
    }
    this._morphWeights[target] = weight;
    this._morphVersion++;
    this.watcher?.changed(this);
    return this;
  }

  /**
   * Writes the box the mesh covers in world space into `out` and returns it (what culling tests): its geometry's box
   * (grown by its morph targets at their weights) under its world matrix, or, skinned, where the joints carry it. A
   * mesh whose vertex stage moves vertices elsewhere (a sprite) gives its own. `swept`: a skin's joints as the last
   * sweep left them (for a renderer that has just swept a tree holding them all).
   */
  worldBox(out: Box, swept = false): Box {
    const geometry = this._geometry as unknown as MeshGeometry;
    const local = morphedBox(geometry, this._morphWeights, this.boxScratch);
    if (this._skin) {
      const base = geometryBox(geometry);
      // The morphs' reach beyond the bind pose's box, as a margin on every side of the skinned box.
      const margin = Math.max(
        local[3]! - base[3]! + Math.abs(local[0]! - base[0]!),
        local[4]! - base[4]! + Math.abs(local[1]! - base[1]!),
        local[5]! - base[5]! + Math.abs(local[2]! - base[2]!),
      );
      return this._skin.worldBox(geometry, margin, out, swept);
    }
    return transformBox(local, this.worldMatrix, out);
  }
  private readonly boxScratch = new Float32Array(6);
}

/**
 * The local box of `geometry` with its morph targets blended in at `weights` (into `out`; its own box when none
 * weighs anything): each target's smallest and largest displacement, times its weight, added to the box's sides.
 */
function morphedBox(geometry: MeshGeometry, weights: Float32Array, out: Box): Readonly<Box> {
  const base = geometryBox(geometry);
  const targets = geometry.morphTargets;
  if (!targets || weights.length === 0) return base;
  const lo = [base[0]! - base[3]!, base[1]! - base[4]!, base[2]! - base[5]!];
  const hi = [base[0]! + base[3]!, base[1]! + base[4]!, base[2]! + base[5]!];
  for (let t = 0; t < targets.length && t < weights.length; t++) {
    const w = weights[t]!;
    if (w === 0) continue;
    const reach = displacementBox(targets[t]!.positions);
    for (let a = 0; a < 3; a++) {
      const [p, q] = [w * reach[a]!, w * reach[a + 3]!];
      lo[a]! += Math.min(p, q);
      hi[a]! += Math.max(p, q);
    }
  }
  for (let a = 0; a < 3; a++) {
    out[a] = (lo[a]! + hi[a]!) / 2;
    out[a + 3] = (hi[a]! - lo[a]!) / 2;
  }
  return out;
}

const displacementBoxes = new WeakMap<Float32Array, Float32Array>();
/** The smallest and largest displacement along each axis of a target's positions (x, y, z lows, then highs). */
function displacementBox(positions: Float32Array): Float32Array {
  let box = displacementBoxes.get(positions);
  if (box) return box;
  box = Float32Array.of(0, 0, 0, 0, 0, 0);
  for (let i = 0; i < positions.length; i++) {
    const a = i % 3;
    box[a] = Math.min(box[a]!, positions[i]!);
    box[a + 3] = Math.max(box[a + 3]!, positions[i]!);
  }
  displacementBoxes.set(positions, box);
  return box;
}
