import type { Texture } from './texture';

/**
 * How a mesh is shaded, by the name of a registered material kind. Built in: `unlit` (its colour times its `map`, as
 * is), `lambert` (the same under a directional light plus ambient), `panel` (an image, nearest texel, times its colour: the UI as a diegetic panel in a
 * headset; the image spans the mesh's local x and y from −0.5 to 0.5, top row at +y: a `quadGeometry(1, 1)` sized by
 * the node's scale). `registerMaterialKind` adds more.
 */
export type MaterialKind = 'unlit' | 'lambert' | 'panel' | (string & {});

/** What a material is made with besides its kind and colour. */
export interface MaterialOptions {
  /** The image its kind multiplies the colour by (`unlit`, `lambert`: the texture at the mesh's texture coordinates). */
  map?: Texture | null;
  /** Fragments whose alpha (colour × map) is below this are not drawn at all: cut-out sprites and foliage. */
  alphaTest?: number;
  /**
   * Light the surface gives off, linear RGB (`unlit`, `lambert`: added after the light, times `emissiveMap`; default
   * none): glowing windows and screens that read the same by day and night. Sets the `emissive` param.
   */
  emissive?: readonly [number, number, number];
  /** The image the emissive colour is multiplied by (white where none is given), at the mesh's texture coordinates. */
  emissiveMap?: Texture | null;
  /**
   * Draw both faces (default false: back faces are culled); a back face is lit with its normal turned to the eye.
   * Leaves, cloth, paper-thin walls.
   */
  doubleSided?: boolean;
  /**
   * Blend over what is behind by alpha (colour × map; default false: opaque). Blended meshes are drawn after the
   * opaque ones, farthest first, testing depth without writing it: glass, smoke, ghosts.
   */
  blend?: boolean;
}

/** Every edit of every material counts here, so a renderer can tell in O(1) that none changed. */
let edits = 0;

/**
 * A mesh's surface: a material kind, a colour, images by the name its kind's shader reads them (`map`), an alpha
 * cut-out and the kind's own per-object values (`setParam`). `version` changes with every edit that changes
 * something, so uniforms re-pack only then.
 */
export class Material {
  private readonly _color = new Float32Array([1, 1, 1, 1]);
  private readonly _params = new Map<string, Float32Array>();
  private readonly _textures = new Map<string, Texture>();
  private _alphaTest = 0;
  private _doubleSided = false;
  private _blend = false;
  version = 0;

  constructor(
    readonly kind: MaterialKind,
    color: readonly [number, number, number, number] = [1, 1, 1, 1],
    options: MaterialOptions = {},
  ) {
    this.setColor(...color);
    if (options.map) this.setTexture('map', options.map);
    if (options.alphaTest !== undefined) this.alphaTest = options.alphaTest;
    if (options.doubleSided) this.doubleSided = true;
    if (options.blend) this.blend = true;
    if (options.emissive) this.setParam('emissive', options.emissive);
    if (options.emissiveMap) this.setTexture('emissiveMap', options.emissiveMap);
  }

  /** The image multiplied into the colour (`texture('map')`), or null. */
  get map(): Texture | null {
    return this.texture('map');
  }
  set map(texture: Texture | null) {
    this.setTexture('map', texture);
  }

  /** An image the material gives its kind, by the name the kind's shader reads it under; null when it gives none. */
  texture(name: string): Texture | null {
    return this._textures.get(name) ?? null;
  }

  /** Gives (or, with null, takes back) the image the kind's shader reads under `name`. */
  setTexture(name: string, texture: Texture | null): this {
    if ((this._textures.get(name) ?? null) === texture) return this;
    if (texture) this._textures.set(name, texture);
    else this._textures.delete(name);
    this.edited();
    return this;
  }

  /** 0 (default: nothing is cut) … 1. */
  get alphaTest(): number {
    return this._alphaTest;
  }
  set alphaTest(value: number) {
    if (!(value >= 0 && value <= 1))
      throw new RangeError(`Material.alphaTest = ${value}: give a number in 0..1 (0 cuts nothing).`);
    if (value === this._alphaTest) return;
    this._alphaTest = value;
    this.edited();
  }

  /** Both faces drawn (`MaterialOptions.doubleSided`); a change takes effect next frame. */
  get doubleSided(): boolean {
    return this._doubleSided;
  }
  set doubleSided(value: boolean) {
    if (value === this._doubleSided) return;
    this._doubleSided = value;
    this.edited();
  }

  /** Blended over what is behind by alpha (`MaterialOptions.blend`); a change takes effect next frame. */
  get blend(): boolean {
    return this._blend;
  }
  set blend(value: boolean) {
    if (value === this._blend) return;
    this._blend = value;
    this.edited();
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
    const c = this._color;
    if (
      c[0] === Math.fround(r) &&
      c[1] === Math.fround(g) &&
      c[2] === Math.fround(b) &&
      c[3] === Math.fround(a)
    )
      return this; // nothing changed: nothing to re-pack
    c[0] = r;
    c[1] = g;
    c[2] = b;
    c[3] = a;
    this.edited();
    return this;
  }

  /**
   * Sets a per-object field of the material's kind beyond model, normal and colour (a field of the kind's WGSL
   * `Object` struct), as a number or the numbers of a vector or matrix.
   */
  setParam(name: string, value: number | readonly number[]): this {
    const values = typeof value === 'number' ? [value] : value;
    if (values.length === 0 || !values.every((v) => Number.isFinite(v)))
      throw new RangeError(
        `Material.setParam("${name}", ${String(value)}): give one or more finite numbers.`,
      );
    const old = this._params.get(name);
    if (old && old.length === values.length && values.every((v, i) => old[i] === Math.fround(v))) return this;
    this._params.set(name, Float32Array.from(values));
    this.edited();
    return this;
  }

  /** The value of a per-object field set with `setParam`, or undefined. */
  param(name: string): Readonly<Float32Array> | undefined {
    return this._params.get(name);
  }

  /** Counts every edit of any material: unchanged means no material changed since it was last read. */
  static get edits(): number {
    return edits;
  }

  private edited(): void {
    this.version++;
    edits++;
  }
}
