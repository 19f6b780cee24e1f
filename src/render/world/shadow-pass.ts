import { mat4, vec3 } from 'gl-matrix';
import type { RenderTarget } from '../../device/device';
import type { PassDecl, PassIO, ResourceDecl } from '../../graph/render-graph';
import type { Box } from '../../scene/world-box';
import type { FrameContext } from '../frame-context';
import { fitShadow, shadowFit, viewBall } from './fit-shadow';
import { SHADOW_MAP_FORMAT, type ShadowFrame, type WorldPass } from './world-pass';

/** The shadow map's size when none is asked for, in texels a side. */
export const SHADOW_MAP_SIZE = 1024;

/**
 * The `shadow` pass: draws the directional light's shadow map before the world pass, which then darkens what the map
 * says the light does not reach. The map is orthographic, fitted to the view (from its near plane up to `distance`) or
 * to `box`, and snapped to whole texels in the light's axes so shadows hold still as the view moves (see `fitShadow`).
 * Bypassed, the world is lit as without it, bit for bit.
 */
export class ShadowPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'shadow';
  readonly reads = [];
  readonly writes: ResourceDecl[];
  readonly bypass = {};
  /** The map's size in texels a side. */
  readonly size: number;
  /** How far along the view (world units) shadows are drawn, when fitted to the view. */
  distance = 24;
  /** A world box (centre, half extents) to hold instead of the view, or null. */
  box: Box | null = null;
  /** How far (world units, along the light) a surface is lifted before it is compared: no acne on lit faces. */
  bias = 0.02;
  /** How far (in shadow texels, along the surface's normal) a surface is moved out before it is looked up. */
  normalOffset = 1;
  /** Soft edges: the share of the 3×3 texels around that see the light (PCF). Off: hard texel edges (pixel art). */
  filter = false;
  private readonly fit = shadowFit();
  private readonly ball = { centre: vec3.create(), radius: 0 };
  private readonly view = mat4.create();
  private readonly direction = vec3.create();
  private readonly frame: ShadowFrame;

  /**
   * A shadow pass for `world` with a map of `size` texels a side (default 1024); a size beyond `maxTextureSize` is
   * clamped to it with a warning.
   */
  constructor(
    private readonly world: WorldPass,
    size = SHADOW_MAP_SIZE,
    maxTextureSize = Infinity,
  ) {
    if (!(Number.isInteger(size) && size >= 1))
      throw new RangeError(`ShadowPass: a shadow map of ${size} texels is not a whole number ≥ 1.`);
    if (size > maxTextureSize) {
      console.warn(
        `Armature: a ${size}² shadow map is beyond this GPU's largest texture; drawing it at ${maxTextureSize}².`,
      );
      size = maxTextureSize;
    }
    this.size = size;
    const fixed = { fixed: [size, size] as const };
    this.writes = [
      { name: 'shadowMap', format: SHADOW_MAP_FORMAT, size: fixed },
      { name: 'shadowDepth', format: 'depth24plus', size: fixed },
    ];
    this.frame = { matrix: this.fit.matrix, size, bias: 0, normalOffset: 0, filter: false };
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const world = this.world;
    world.prepareFrame(); // the camera, lights and casters where they are this frame
    const box = this.box;
    const ball = this.ball;
    if (box) {
      vec3.set(ball.centre, box[0]!, box[1]!, box[2]!);
      ball.radius = Math.hypot(box[3]!, box[4]!, box[5]!);
    } else viewBall(ball, world.eyeViewProjection(this.view), this.distance);
    const fit = fitShadow(this.fit, world.sunDirection(this.direction), ball, this.size);
    const shadow = this.frame;
    shadow.bias = this.bias / fit.depth;
    shadow.normalOffset = this.normalOffset * fit.texel;
    shadow.filter = this.filter;
    world.renderShadow(frame, io.output('shadowMap'), io.output('shadowDepth'), fit.viewProjection, shadow);
  }
}
