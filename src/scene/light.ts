import { vec3, type ReadonlyVec3 } from 'gl-matrix';
import { Node } from './node';
import { SceneError } from './scene-error';

/** A light's colour as three numbers (linear RGB, 0…1 each, more for a brighter than white light). */
export type LightColor = readonly [number, number, number];

/** How a light starts: its colour and how strong it is (the colour is multiplied by it). */
export interface LightOptions {
  color?: LightColor;
  /** Default 1. */
  intensity?: number;
}

/**
 * A light in the scene: a node, so it moves with its parent. Its colour and intensity are checked when set (a NaN
 * colour or a negative intensity is an error naming the light, and nothing changes); `version` moves on with every
 * change, so a renderer re-packs what a light touches only when it changed.
 */
export abstract class Light extends Node {
  private readonly _color = vec3.fromValues(1, 1, 1);
  private _intensity = 1;
  /** Moves on whenever the colour, intensity or (in subclasses) range or cone changes. */
  version = 0;

  constructor(name: string, options: LightOptions = {}) {
    super(name);
    if (options.color) this.setColor(...options.color);
    if (options.intensity !== undefined) this.intensity = options.intensity;
  }

  /** Its colour (linear RGB); change it with `setColor`. */
  get color(): ReadonlyVec3 {
    return this._color;
  }

  /** Sets the colour: three finite numbers ≥ 0. */
  setColor(r: number, g: number, b: number): this {
    for (const c of [r, g, b])
      if (!(Number.isFinite(c) && c >= 0))
        this.refuse(`colour (${r}, ${g}, ${b}) is not three finite numbers ≥ 0`);
    if (
      this._color[0] === Math.fround(r) &&
      this._color[1] === Math.fround(g) &&
      this._color[2] === Math.fround(b)
    )
      return this;
    vec3.set(this._color, r, g, b);
    this.version++;
    return this;
  }

  /** How strong it is: the colour times this (finite, ≥ 0). */
  get intensity(): number {
    return this._intensity;
  }
  set intensity(value: number) {
    if (!(Number.isFinite(value) && value >= 0)) this.refuse(`intensity ${value} is not a finite number ≥ 0`);
    if (value === this._intensity) return;
    this._intensity = value;
    this.version++;
  }

  /** A light shines down its −Z as a camera looks: `lookAt` aims that axis (a spot's cone, the sun's rays) at the target. */
  protected override get facing(): 1 | -1 {
    return -1;
  }

  /** Throws the error of a bad setting, naming the light and what to give instead. */
  protected refuse(why: string): never {
    throw new SceneError(`${this.constructor.name} "${this.name}": ${why}.`);
  }
}

/** Sunlight: parallel rays along the node's −Z axis (turn the node to aim it; `lookAt` points it at a target). */
export class DirectionalLight extends Light {
  /** Writes into `out` the world direction its light travels (its −Z axis in the world) and returns it. */
  direction(out: vec3): vec3 {
    return aim(this, out);
  }
}

/** A node's −Z axis in the world, normalised: where a directional or spot light points. */
function aim(node: Node, out: vec3): vec3 {
  const m = node.worldMatrix;
  vec3.set(out, -m[8]!, -m[9]!, -m[10]!);
  return vec3.normalize(out, out);
}

/** How a point or spot light starts: its reach besides its colour. */
export interface PointLightOptions extends LightOptions {
  /** How far it reaches (world units, > 0): its light falls smoothly to 0 there. Default 10. */
  range?: number;
  /** Whether it casts shadows (see `PointLight.castShadow`). Default false. */
  castShadow?: boolean;
}

/**
 * A bulb: light from the node's position in every direction, falling with the square of the distance and smoothly to
 * 0 at `range` (`lightFalloff`), so a mesh beyond the range is not lit by it at all.
 */
export class PointLight extends Light {
  private _range = 10;
  private _castShadow = false;

  constructor(name: string, options: PointLightOptions = {}) {
    super(name, options);
    if (options.range !== undefined) this.range = options.range;
    if (options.castShadow !== undefined) this.castShadow = options.castShadow;
  }

  /**
   * Whether meshes (`Mesh.castShadow`) shadow its light, by a map of the six directions around it that the `shadow`
   * pass draws while it runs. One light a frame casts: the first in the frame's light slots; the others light the
   * scene without shadows, with one warning.
   */
  get castShadow(): boolean {
    return this._castShadow;
  }
  set castShadow(value: boolean) {
    if (value === this._castShadow) return;
    this._castShadow = value;
    this.version++;
  }

  /** How far it reaches (> 0, finite). */
  get range(): number {
    return this._range;
  }
  set range(value: number) {
    if (!(Number.isFinite(value) && value > 0))
      this.refuse(`range ${value} is not a finite distance > 0 (how far its light reaches)`);
    if (value === this._range) return;
    this._range = value;
    this.version++;
  }
}

/** How a spot light starts: its cone besides its reach and colour. */
export interface SpotLightOptions extends PointLightOptions {
  /** Half the cone's opening, in radians (0 < angle ≤ π/2: a cone of at most 180°). Default π/4. */
  angle?: number;
  /** The share of the cone (0…1) over which the light fades out towards its edge. Default 0 (a hard edge). */
  penumbra?: number;
}

/** A lamp with a shade: a point light lit only inside a cone along the node's −Z axis. */
export class SpotLight extends PointLight {
  private _angle = Math.PI / 4;
  private _penumbra = 0;

  constructor(name: string, options: SpotLightOptions = {}) {
    super(name, options);
    if (options.angle !== undefined) this.angle = options.angle;
    if (options.penumbra !== undefined) this.penumbra = options.penumbra;
  }

  /** Half the cone's opening (radians, 0 < angle ≤ π/2). */
  get angle(): number {
    return this._angle;
  }
  set angle(value: number) {
    if (!(Number.isFinite(value) && value > 0 && value <= Math.PI / 2))
      this.refuse(
        `cone half-angle ${value} rad is not in (0, π/2]: the cone would be wider than 180° or not open at all`,
      );
    if (value === this._angle) return;
    this._angle = value;
    this.version++;
  }

  /** The share of the cone over which the light fades out towards its edge (0…1). */
  get penumbra(): number {
    return this._penumbra;
  }
  set penumbra(value: number) {
    if (!(Number.isFinite(value) && value >= 0 && value <= 1)) this.refuse(`penumbra ${value} is not in 0…1`);
    if (value === this._penumbra) return;
    this._penumbra = value;
    this.version++;
  }

  /** Writes into `out` the world direction the cone points (its −Z axis in the world) and returns it. */
  direction(out: vec3): vec3 {
    return aim(this, out);
  }
}

/**
 * The light a point or spot light gives at `distance` from it with reach `range`, per unit of its colour × intensity:
 * the inverse square, windowed smoothly to 0 at the range (glTF KHR_lights_punctual's recommended falloff:
 * clamp(1 − (d / range)⁴, 0, 1)² / d²), the distance kept at least 0.01 so a surface at the light stays finite.
 */
export function lightFalloff(distance: number, range: number): number {
  const ratio = distance / range;
  const window = Math.min(Math.max(1 - ratio * ratio * ratio * ratio, 0), 1);
  const d = Math.max(distance, 0.01);
  return (window * window) / (d * d);
}
