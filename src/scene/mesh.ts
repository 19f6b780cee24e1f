import { Node } from './node';

/** A drawable node: the scene graph places it, the render chain draws its geometry with its material. */
export class Mesh<Geometry = unknown, Material = unknown> extends Node {
  /** Hidden meshes stay in the tree (their children still move with them) but are not drawn. */
  visible = true;

  constructor(
    name: string,
    public geometry: Geometry,
    public material: Material,
  ) {
    super(name);
  }
}
