import { vec3, type ReadonlyMat4 } from 'gl-matrix';
import type { RenderTarget } from '../../device/device';
import type { PassIO } from '../../graph/render-graph';
import type { Box } from '../../scene/world-box';
import type { FrameContext } from '../frame-context';
import { definePass, type PassKit, type PassRunner } from './pass-descriptor';
import { flagSetting, numberSetting } from './pass-setting';
import { ballUnion, fitShadow, shadowFit, viewBall } from '../world/fit-shadow';
import { pointShadowFaces, pointShadowViews } from '../world/point-shadow';
import {
  SHADOW_MAP_FORMAT,
  type PointShadowFrame,
  type ShadowFrame,
  type WorldPass,
} from '../world/world-pass';

/** The shadow map's size when none is asked for, in texels a side. */
export const SHADOW_MAP_SIZE = 1024;

/** The shadow pass's targets for a directional map of `size` texels a side; a point light's faces are a quarter of it. */
function shadowTargets(size: number) {
  const face = Math.max(1, Math.floor(size / 4));
  const map = { fixed: [size, size] as const };
  const atlas = { fixed: [3 * face, 2 * face] as const };
  return [
    { name: 'shadowMap', format: SHADOW_MAP_FORMAT, size: map },
    { name: 'shadowDepth', format: 'depth24plus', size: map },
    { name: 'pointShadowMap', format: SHADOW_MAP_FORMAT, size: atlas },
    { name: 'pointShadowDepth', format: 'depth24plus', size: atlas },
  ] as const;
}

/** The shadow pass's settings. */
export interface ShadowSettings {
  shadow: {
    /** How far along the view (world units) shadows are drawn, when the map is fitted to the view. */
    distance: number;
    /** How far (world units, along the light) a surface is lifted before it is compared: no acne on lit faces. */
    bias: number;
    /** How far (shadow texels, along the surface's normal) a surface is moved out before it is looked up. */
    normalOffset: number;
    /** Soft edges: the share of the 3×3 texels around that see the light (PCF). Off: hard texel edges. */
    filter: boolean;
  };
}

/**
 * The `shadow` pass: draws the directional light's shadow map before the world pass, which then darkens what the map
 * says the light does not reach. The map is orthographic, fitted to the view (from its near plane up to
 * `shadow.distance`) or to `ShadowPass.box`, and snapped to whole texels in the light's axes so shadows hold still as
 * the view moves (see `fitShadow`). A point or spot light with `castShadow` gets six 90° views around it (a cube map
 * laid out 3 × 2 in one texture, each face a quarter of the directional map's side). Bypassed, the world is lit as
 * without it, bit for bit.
 */
export const shadowPass = definePass<ShadowSettings>({
  name: 'shadow',
  summary:
    "Draws the directional light's shadow map (fixed to the world's texel grid) and a point light's, if one casts.",
  on: false,
  runs: 'frame',
  reads: [],
  writes: shadowTargets(SHADOW_MAP_SIZE),
  bypass: {},
  settings: {
    shadow: {
      distance: numberSetting(24, {
        min: 0,
        max: 1000,
        above: true,
        doc: 'How far along the view (world units) shadows are drawn.',
      }),
      bias: numberSetting(0.02, {
        min: 0,
        max: 1,
        doc: 'World units a surface is lifted towards the light before it is compared (no acne on lit faces).',
      }),
      normalOffset: numberSetting(1, {
        min: 0,
        max: 4,
        doc: 'Shadow texels a surface is moved out along its normal before it is looked up.',
      }),
      filter: flagSetting(
        false,
        'Soft edges (the share of 3×3 shadow texels that see the light); off: hard texels.',
      ),
    },
  },
  shaders: [],
  create: async (kit) => new ShadowPass(kit),
});

/** The shadow pass at work: fits the map, then has the world pass draw its casters into it. */
export class ShadowPass implements PassRunner {
  /** A world box (centre, half extents) to hold instead of the view, or null (fitted to the view). */
  box: Box | null = null;
  /**
   * The eyes the map is fitted to when there is no box, or null for the world's own eye: each eye's view up to
   * `shadow.distance`, one ball around them all (a headset's two eyes share one map, so both see the same texels).
   */
  eyes: readonly { projection: ReadonlyMat4; view: ReadonlyMat4 }[] | null = null;
  private readonly world: WorldPass;
  private readonly settings: ShadowSettings;
  private readonly fit = shadowFit();
  private readonly ball = { centre: vec3.create(), radius: 0 };
  private readonly eyeBall = { centre: vec3.create(), radius: 0 };
  private readonly direction = vec3.create();
  private readonly frame: ShadowFrame;
  private readonly faces = pointShadowViews();
  private readonly point: PointShadowFrame = { slot: -1, size: 0, bias: 0, normalOffset: 0 };
  private readonly lightAt = vec3.create();

  constructor(kit: PassKit<ShadowSettings>) {
    this.world = kit.world;
    this.settings = kit.settings;
    this.frame = { matrix: this.fit.matrix, size: 0, bias: 0, normalOffset: 0, filter: false };
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const world = this.world;
    const settings = this.settings.shadow;
    world.prepareFrame(); // the camera, lights and casters where they are this frame
    const box = this.box;
    const ball = this.ball;
    if (box) {
      vec3.set(ball.centre, box[0]!, box[1]!, box[2]!);
      ball.radius = Math.hypot(box[3]!, box[4]!, box[5]!);
    } else if (this.eyes?.length) {
      const eyes = this.eyes;
      viewBall(ball, eyes[0]!.projection, eyes[0]!.view, settings.distance);
      for (let i = 1; i < eyes.length; i++)
        ballUnion(ball, viewBall(this.eyeBall, eyes[i]!.projection, eyes[i]!.view, settings.distance));
    } else {
      const eye = world.eye();
      viewBall(ball, eye.projection, eye.view, settings.distance);
    }
    const size = io.size('shadowMap')[0];
    const fit = fitShadow(this.fit, world.sunDirection(this.direction), ball, size);
    const shadow = this.frame;
    shadow.size = size;
    shadow.bias = settings.bias / fit.depth;
    shadow.normalOffset = settings.normalOffset * fit.texel;
    shadow.filter = settings.filter;
    world.renderShadow(frame, io.output('shadowMap'), io.output('shadowDepth'), fit, shadow);
    this.drawPointShadow(frame, io);
  }

  /** The casting point light's six faces, when one casts. */
  private drawPointShadow(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const world = this.world;
    const slot = world.pointShadowCaster();
    if (slot < 0) return;
    const range = world.lightSphere(slot, this.lightAt);
    const face = io.size('pointShadowMap')[1] / 2;
    const point = this.point;
    point.slot = slot;
    point.size = face;
    point.bias = this.settings.shadow.bias / range;
    point.normalOffset = this.settings.shadow.normalOffset;
    pointShadowFaces(this.faces, this.lightAt, range, face);
    world.renderPointShadow(
      frame,
      io.output('pointShadowMap'),
      io.output('pointShadowDepth'),
      this.faces,
      point,
    );
  }

  destroy(): void {}
}

/**
 * The shadow pass with a map of `size` texels a side (a renderer's `shadowMapSize`); a size beyond `maxTextureSize` is
 * clamped to it with a warning, one not a whole number ≥ 1 refused.
 */
export function sizedShadowPass(size: number, maxTextureSize: number): typeof shadowPass {
  if (!(Number.isInteger(size) && size >= 1))
    throw new RangeError(`Renderer: shadowMapSize ${size} is not a whole number of texels ≥ 1.`);
  if (size > maxTextureSize) {
    console.warn(
      `Armature: a ${size}² shadow map is beyond this GPU's largest texture; it is drawn at ${maxTextureSize}².`,
    );
    size = maxTextureSize;
  }
  return { ...shadowPass, writes: shadowTargets(size) };
}
