import type { Geometry as MeshGeometry } from './geometry';
import { Node } from './node';
import { geometryBox, transformBox, type Box } from './world-box';

/** A drawable node: the scene graph places it, the render chain draws its geometry with its material. */
export class Mesh<Geometry = unknown, Material = unknown> extends Node {
  private _geometry: Geometry;
  private _material: Material;
  private _visible = true;

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
