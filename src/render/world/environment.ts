/** A colour as WebGPU takes it (`{ r, g, b, a }`) or as four numbers. */
export type ColorLike = { r: number; g: number; b: number; a: number } | ArrayLike<number>;

/** How an `Environment` starts. */
export interface EnvironmentOptions {
  clearColor?: ColorLike;
  /** The direction the light shines towards (world space); a DirectionalLight in the scene stands in for it. */
  lightDirection?: readonly [number, number, number];
  lightColor?: readonly [number, number, number];
  /** The ambient light from above (a surface facing down gets `ambientGround`). */
  ambient?: readonly [number, number, number];
  /** The ambient light from below; default: the same as `ambient` (one ambient term everywhere). */
  ambientGround?: readonly [number, number, number];
}

/**
 * What the world is lit with and what shows where nothing is drawn: renderer state, held by reference by every world
 * pass that draws the scene (the canvas's and a headset's), and kept through device losses. Change the arrays in
 * place between frames.
 */
export class Environment {
  readonly clearColor = new Float32Array([0, 0, 0, 1]);
  readonly lightDirection = new Float32Array([-0.4, -1, -0.6]);
  /** RGB and a 1 (the WGSL struct's vec4). */
  readonly lightColor = new Float32Array([0.9, 0.9, 0.85, 1]);
  readonly ambient = new Float32Array([0.25, 0.25, 0.3, 1]);
  /**
   * The ambient light from below (RGB and a 1): with `ambient` from above, a hemisphere light (a surface facing
   * sideways gets half of each). Null: `ambient` everywhere.
   */
  ambientGround: Float32Array | null = null;

  constructor(options: EnvironmentOptions = {}) {
    if (options.clearColor) this.setClearColor(options.clearColor);
    if (options.lightDirection) this.lightDirection.set(options.lightDirection);
    if (options.lightColor) this.lightColor.set(options.lightColor);
    if (options.ambient) this.ambient.set(options.ambient);
    if (options.ambientGround) this.ambientGround = Float32Array.of(...options.ambientGround, 1);
  }

  setClearColor(color: ColorLike): void {
    this.clearColor.set('r' in color ? [color.r, color.g, color.b, color.a] : Array.from(color));
  }
}
