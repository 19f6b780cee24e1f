import { quadGeometry, type Geometry } from './geometry';
import { Material } from './material';
import { Mesh } from './mesh';
import { SpriteAnimation } from './sprite-animation';
import { SpriteSheet } from './sprite-sheet';
import { Texture } from './texture';
import { transformBox, type Box } from './world-box';

/** Where a sprite's node sits in its frame: a point in the untrimmed frame's texels (from its top-left), or a name. */
export type SpritePivot = readonly [number, number] | 'center' | 'bottom';

/** How a sprite is made. */
export interface SpriteOptions {
  /** The sheet frame shown first (default 0). */
  frame?: number;
  /**
   * Texels per world unit (default 16): the quad is the frame's size over this. Where the camera shows this many native
   * pixels per unit at the sprite's depth, a texel is exactly one native pixel.
   */
  pixelsPerUnit?: number;
  /** Faces the eye whatever the node's rotation (default true); false: lies in the node's XY plane, facing +Z. */
  billboard?: boolean;
  /** Default `center`; `bottom`: the middle of the frame's bottom edge (feet on the ground). */
  pivot?: SpritePivot;
  /** Multiplies every texel (default white). */
  color?: readonly [number, number, number, number];
  /** Texels with less alpha are not drawn (default 0.5): sprites are cut out, not blended, so depth stays right. */
  alphaTest?: number;
}

/** Every sprite's quad: its corners come from the frame (the `sprite` kind's vertex stage), so one serves them all. */
const QUAD: Geometry = quadGeometry(1, 1);

/**
 * A frame of a sprite sheet drawn in the world (the `sprite` material kind): facing the eye or fixed in its plane,
 * sized in texels per world unit, mirrored with `flipX`, animated by `play(tag)` and `update(dt)` (clock time).
 * A plain `Texture` is a sheet of one frame. Texels are always read nearest and never bleed in from a neighbour frame.
 */
export class Sprite extends Mesh<Geometry, Material> {
  readonly sheet: SpriteSheet;
  /** Set by `play`; `update(dt)` advances it and shows its frame. */
  animation: SpriteAnimation | null = null;
  private _frame = -1;
  private _flipX = false;
  private _pixelsPerUnit: number;
  private readonly pivot: SpritePivot;

  constructor(name: string, source: SpriteSheet | Texture, options: SpriteOptions = {}) {
    const sheet =
      source instanceof Texture
        ? SpriteSheet.grid(source, source.width, source.height, { count: 1 })
        : source;
    super(
      name,
      QUAD,
      new Material('sprite', options.color ?? [1, 1, 1, 1], {
        map: sheet.texture,
        alphaTest: options.alphaTest ?? 0.5,
      }),
    );
    this.sheet = sheet;
    this._pixelsPerUnit = checkedPixelsPerUnit(options.pixelsPerUnit ?? 16, name);
    this.pivot = options.pivot ?? 'center';
    if (Array.isArray(this.pivot) && !this.pivot.every((v) => Number.isFinite(v)))
      throw new RangeError(`Sprite "${name}": pivot ${String(this.pivot)} is not two numbers.`);
    this.material.setParam('billboard', options.billboard === false ? 0 : 1);
    this.frame = options.frame ?? 0;
  }

  /** The sheet frame shown. */
  get frame(): number {
    return this._frame;
  }
  set frame(index: number) {
    if (!(Number.isInteger(index) && index >= 0 && index < this.sheet.frames.length))
      throw new RangeError(
        `Sprite "${this.name}": frame ${index}; its sheet "${this.sheet.label}" has 0…${this.sheet.frames.length - 1}.`,
      );
    if (index === this._frame) return;
    this._frame = index;
    this.place();
  }

  /** Mirrored left to right about the pivot (a character walking the other way). */
  get flipX(): boolean {
    return this._flipX;
  }
  set flipX(flip: boolean) {
    if (flip === this._flipX) return;
    this._flipX = flip;
    this.place();
  }

  get pixelsPerUnit(): number {
    return this._pixelsPerUnit;
  }
  set pixelsPerUnit(value: number) {
    this._pixelsPerUnit = checkedPixelsPerUnit(value, this.name);
    this.place();
  }

  /** Plays a tag of the sheet (null: all its frames) by clock time; the one playing already keeps going. */
  play(tag: string | null, restart = false): SpriteAnimation {
    if (this.animation) this.animation.play(tag, restart);
    else this.animation = new SpriteAnimation(this.sheet, tag);
    this.frame = this.animation.frame;
    return this.animation;
  }

  /** Advances the animation by `dt` seconds and shows its frame. */
  update(dt: number): this {
    if (this.animation) this.frame = this.animation.update(dt).frame;
    return this;
  }

  /** The quad of the frame shown, in the node's plane; a billboard may turn it any way, so its box is a cube. */
  override worldBox(out: Box): Box {
    const rect = this.material.param('rect')!;
    const left = rect[0]!,
      bottom = rect[1]!,
      right = rect[2]!,
      top = rect[3]!;
    const m = this.worldMatrix;
    if (this.material.param('billboard')![0]! > 0.5) {
      // The vertex stage lays the quad along the eye's right and up, scaled by the node's x and y scale.
      const scale = Math.max(Math.hypot(m[0]!, m[1]!, m[2]!), Math.hypot(m[4]!, m[5]!, m[6]!));
      const radius =
        Math.hypot(Math.max(Math.abs(left), Math.abs(right)), Math.max(Math.abs(bottom), Math.abs(top))) *
        scale;
      out[0] = m[12]!;
      out[1] = m[13]!;
      out[2] = m[14]!;
      out[3] = out[4] = out[5] = radius;
      return out;
    }
    const box = spriteBox;
    box[0] = (left + right) / 2;
    box[1] = (bottom + top) / 2;
    box[3] = (right - left) / 2;
    box[4] = (top - bottom) / 2;
    return transformBox(box, m, out);
  }

  /** Writes the quad and image rectangles of the frame shown into the material. */
  private place(): void {
    const f = this.sheet.frames[this._frame]!;
    const { width: tw, height: th } = this.sheet.texture;
    const [px, py] =
      this.pivot === 'center'
        ? [f.sourceWidth / 2, f.sourceHeight / 2]
        : this.pivot === 'bottom'
          ? [f.sourceWidth / 2, f.sourceHeight]
          : this.pivot;
    const ppu = this._pixelsPerUnit;
    // Texels run right and down from the frame's top-left; the quad's units right and up from the pivot.
    let left = (f.offsetX - px) / ppu;
    let right = left + f.width / ppu;
    const top = (py - f.offsetY) / ppu;
    const bottom = top - f.height / ppu;
    let [u0, u1] = [f.x / tw, (f.x + f.width) / tw];
    if (this._flipX) [left, right, u0, u1] = [-right, -left, u1, u0];
    this.material
      .setParam('rect', [left, bottom, right, top])
      .setParam('uvRect', [u0, f.y / th, u1, (f.y + f.height) / th]);
  }
}

const spriteBox = new Float32Array(6);

function checkedPixelsPerUnit(value: number, name: string): number {
  if (!(value > 0 && Number.isFinite(value)))
    throw new RangeError(`Sprite "${name}": pixelsPerUnit ${value}; give texels per world unit, above 0.`);
  return value;
}
