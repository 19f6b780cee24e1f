import { mat4, vec4, type ReadonlyMat4 } from 'gl-matrix';
import { Node } from './node';
import { SceneError } from './scene-error';

/**
 * A camera's lens: perspective (vertical field of view in radians; width over height `aspect`, which follows the image
 * the camera draws when omitted) or orthographic (a box in view space).
 */
export type Projection =
  | { kind: 'perspective'; fovY: number; aspect?: number; near: number; far: number }
  | {
      kind: 'orthographic';
      left: number;
      right: number;
      bottom: number;
      top: number;
      near: number;
      far: number;
    };

/** A node that looks down its local -Z; its projection maps depth to WebGPU's 0..1 range. */
export class Camera extends Node {
  private _projection: Projection;
  private readonly _projectionMatrix = mat4.create();
  private readonly _viewMatrix = mat4.create();
  private _projectionDirty = true;
  private _viewOf = -1;
  /** The aspect a perspective lens without its own follows (set by the renderer from the image drawn). */
  private _imageAspect = 1;

  /** A perspective camera by default: 60° vertical field of view, 0.1 to 100, the aspect of the image it draws. */
  constructor(
    name = 'camera',
    projection: Projection = { kind: 'perspective', fovY: Math.PI / 3, near: 0.1, far: 100 },
  ) {
    super(name);
    this._projection = checkProjection(name, projection);
  }

  /**
   * An orthographic camera whose units are native pixels: x right, y up, (0, 0) the bottom-left corner of a
   * `width`×`height` view, looking down -Z from z = 0 (so scenes sit at negative z, no further than `far`).
   */
  static pixels(name: string, width: number, height: number, far = 100): Camera {
    return new Camera(name, {
      kind: 'orthographic',
      left: 0,
      right: width,
      bottom: 0,
      top: height,
      near: 0.1,
      far,
    });
  }

  /**
   * An orthographic camera `viewWidth` world units across and as tall as a native image of `native` texels (width,
   * height) makes it: every native texel a square of `viewWidth / width` units, the grid the pixel-stable camera snaps
   * to. Centred on its position, looking down its −Z from `near` to `far`.
   */
  static orthographic(
    name: string,
    viewWidth: number,
    native: readonly [number, number],
    { near = 0.1, far = 100 }: { near?: number; far?: number } = {},
  ): Camera {
    const [width, height] = native;
    const half = [viewWidth / 2, (viewWidth * height) / width / 2];
    return new Camera(name, {
      kind: 'orthographic',
      left: -half[0]!,
      right: half[0]!,
      bottom: -half[1]!,
      top: half[1]!,
      near,
      far,
    });
  }

  /** A camera looks down its −Z: `lookAt` points that at the target. */
  protected override get facing(): 1 | -1 {
    return -1;
  }

  get projection(): Readonly<Projection> {
    return this._projection;
  }

  setProjection(projection: Projection): this {
    this._projection = checkProjection(this.name, projection);
    this._projectionDirty = true;
    return this;
  }

  /**
   * Tells the camera the width over height of the image it draws (the renderer does, every frame): a perspective lens
   * given no aspect of its own follows it.
   */
  fitAspect(width: number, height: number): void {
    const aspect = width / height;
    if (!(aspect > 0) || aspect === this._imageAspect) return;
    this._imageAspect = aspect;
    if (this._projection.kind === 'perspective' && this._projection.aspect === undefined)
      this._projectionDirty = true;
  }

  /** Clip from view, depth 0 (near) .. 1 (far) as WebGPU expects. */
  get projectionMatrix(): ReadonlyMat4 {
    if (this._projectionDirty) {
      const p = this._projection;
      if (p.kind === 'perspective')
        mat4.perspectiveZO(this._projectionMatrix, p.fovY, p.aspect ?? this._imageAspect, p.near, p.far);
      else mat4.orthoZO(this._projectionMatrix, p.left, p.right, p.bottom, p.top, p.near, p.far);
      this._projectionDirty = false;
    }
    return this._projectionMatrix;
  }

  /** View from world: the inverse of the camera's world matrix, recomputed only when that changed. */
  get viewMatrix(): ReadonlyMat4 {
    const version = this.worldVersion;
    if (version !== this._viewOf) {
      mat4.invert(this._viewMatrix, this.worldMatrix);
      this._viewOf = version;
    }
    return this._viewMatrix;
  }

  /**
   * Where a world-space point lies in this camera's image: x and y in normalized device coordinates (−1…1 across the
   * image, y up) and its depth (0 at the near plane, 1 at the far one), into `out`; null when the point is behind the
   * camera (a perspective lens has no image of it). The lens is as last fitted to an image (`fitAspect`).
   */
  project(
    point: ArrayLike<number>,
    out: [number, number, number] = [0, 0, 0],
  ): [number, number, number] | null {
    mat4.multiply(viewProjection, this.projectionMatrix as mat4, this.viewMatrix as mat4);
    vec4.transformMat4(clip, vec4.set(clip, point[0]!, point[1]!, point[2]!, 1), viewProjection);
    const w = clip[3]!;
    if (!(w > 0)) return null;
    out[0] = clip[0]! / w;
    out[1] = clip[1]! / w;
    out[2] = clip[2]! / w;
    return out;
  }
}

const viewProjection = mat4.create();
const clip = vec4.create();

function checkProjection(name: string, p: Projection): Projection {
  const values = Object.values(p).filter((v): v is number => typeof v === 'number');
  const bad =
    !values.every(Number.isFinite) ||
    p.near === p.far ||
    (p.kind === 'perspective' && (p.fovY <= 0 || p.fovY >= Math.PI || p.aspect! <= 0 || p.near <= 0)) ||
    (p.kind === 'orthographic' && (p.left === p.right || p.bottom === p.top));
  if (bad) {
    throw new SceneError(
      `Camera "${name}": invalid ${p.kind} projection ${JSON.stringify(p)}. A perspective needs 0 < fovY < π, ` +
        'aspect > 0 (or none: it follows the image) and 0 < near ≠ far; an orthographic needs left ≠ right, bottom ≠ top and near ≠ far.',
    );
  }
  return { ...p };
}
