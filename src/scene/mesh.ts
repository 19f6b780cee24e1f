import type { Geometry as MeshGeometry } from './geometry';
import { Node } from './node';
import { SceneError } from './scene-error';
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
  private _snap: Readonly<MeshSnap> | null = null;

  constructor(name: string, geometry: Geometry, material: Material) {
    super(name);
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
   * Writes the box the mesh covers in world space into `out` and returns it (what culling tests): its geometry's box
   * under its world matrix. A mesh whose vertex stage moves vertices elsewhere (a sprite) gives its own.
   */
  worldBox(out: Box): Box {
    return transformBox(geometryBox(this._geometry as unknown as MeshGeometry), this.worldMatrix, out);
  }
}
