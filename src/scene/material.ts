/**
 * How a mesh is shaded: `unlit` (its colour as is), `lambert` (a directional light plus ambient), or `panel` (the UI
 * layer's image, nearest texel, times its colour: the UI as a diegetic panel in a headset). A panel's image spans its
 * mesh's local x and y from −0.5 to 0.5, top row at +y: a `quadGeometry(1, 1)` sized by the node's scale.
 */
export type MaterialKind = 'unlit' | 'lambert' | 'panel';

/** A mesh's surface: a shading kind and a colour; `version` changes with every edit so uniforms re-pack only then. */
export class Material {
  private readonly _color = new Float32Array([1, 1, 1, 1]);
  version = 0;

  constructor(
    readonly kind: MaterialKind,
    color: readonly [number, number, number, number] = [1, 1, 1, 1],
  ) {
    this.setColor(...color);
  }

  /** Linear RGBA, each 0..1. */
  get color(): Readonly<Float32Array> {
    return this._color;
  }

  setColor(r: number, g: number, b: number, a = 1): this {
    if (![r, g, b, a].every((v) => Number.isFinite(v) && v >= 0 && v <= 1)) {
      throw new RangeError(
        `Material.setColor(${r}, ${g}, ${b}, ${a}): each channel must be a number in 0..1.`,
      );
    }
    this._color.set([r, g, b, a]);
    this.version++;
    return this;
  }
}
