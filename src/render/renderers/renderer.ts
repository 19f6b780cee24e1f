import { createDevice, type DeviceOptions } from '../../device/create-device';
import type {
  BackendName,
  Device,
  DeviceRecovery,
  GpuObjectCounts,
  GpuTimes,
  RenderTarget,
} from '../../device/device';
import { RenderGraph } from '../../graph/render-graph';
import type { Camera } from '../../scene/camera';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import type { FrameCounters } from '../../time/frame-loop';
import { mat4, vec3 } from 'gl-matrix';
import type { TexelGrid } from '../../scene/snap-to-grid';
import { pixelSnap, type PixelSnap } from '../../scene/pixel-snap';
import {
  chainOrder,
  chainSettings,
  createChainPass,
  hasChain,
  OFF_BY_DEFAULT,
  PIXEL_STABLE_PAD,
  stageAfter,
  worldStage,
  type ChainPass,
  type ChainSettings,
  type ChainSettingsInput,
} from '../passes/chain';
import { chainFrame, type ChainFrame, type PassDescriptor, type PassRunner } from '../passes/pass-descriptor';
import { defaultSettings, settingsSpec } from '../passes/pass-setting';
import { Environment, type ColorLike } from '../world/environment';
import type { FrameContext } from '../frame-context';
import { frameRect, type FrameRect } from '../passes/frame-rect';
import { pickRay, rayFromCamera, type PickHit, type Ray } from '../../scene/pick-ray';
import { PresentPass } from '../passes/present-pass';
import { effectPass, type EffectOptions, type ShaderEffect } from '../passes/shader-effect';
import { clampedCanvas } from './clamped-canvas';
import { deviceTextures } from './device-textures';
import type { HeadsetLook } from './headset-renderer';
import { showFailure } from './show-failure';
import { UiPass } from '../passes/ui-pass';
import { WorldPass } from '../world/world-pass';
import { SHADOW_MAP_SIZE, sizedShadowPass, type ShadowPass } from '../passes/shadow-pass';

/** What a renderer draws, at which native resolution, and on which backend. */
export interface RendererOptions extends DeviceOptions {
  root: Node;
  camera: Camera;
  /** The world's fixed low resolution (default 336×240). */
  native?: readonly [number, number];
  clearColor?: ColorLike;
  /** The light and clear colour to share (with a headset renderer, say); default a new one (`renderer.environment`). */
  environment?: Environment;
  /**
   * The pixel-art chain after the world: motion blur, upscale into the frame rectangle, bar fill and CRT (off by
   * default). On by default when a native resolution is given; without it the world is presented stretched to the
   * canvas.
   */
  chain?: ChainSettingsInput | boolean;
  /** A UI layer drawn over the world at native resolution (needs the chain): its own root, and its atlas. */
  ui?: { root: Node; atlas: UiAtlas };
  /**
   * A pixel-stable camera (needs the chain and an orthographic camera): each frame the world is drawn from the camera
   * moved onto its texel grid, into an image with a one-texel margin, and the rest of the move is applied at the
   * upscale as a shift in whole device pixels, so the view glides while every texel stays fixed to the world (no
   * crawl). The UI layer is then drawn over the upscaled image, where the shift does not move it. Turn the snapping
   * itself off and on with `settings.snap`.
   */
  pixelStable?: boolean;
  /** Put a failure to start (no WebGPU and no WebGL2, a shader error) in the page in place of the canvas (default
   * true; `Renderer.create` rejects with it either way). */
  showFailure?: boolean;
  /** Initial value of `renderer.onRecovered`. */
  onRecovered?: (recovery: DeviceRecovery) => void;
  /** Initial value of `renderer.onUnrecoverable`. */
  onUnrecoverable?: (error: Error) => void;
  /**
   * Validation mode: after every frame, check the world pass's repaired draw list and slots against a rebuild from the
   * tree, and throw on the first difference (far too slow for real frames; for tests and bug hunts).
   */
  validate?: boolean;
  /**
   * The directional light's shadow map, in texels a side (default 1024; clamped, with a warning, to the GPU's largest
   * texture). The `shadow` pass that draws it starts bypassed: turn it on with `graph.setEnabled('shadow', true)`.
   */
  shadowMapSize?: number;
  /** Draw meshes of one pipeline, images and geometry instanced (`WorldPassOptions.instancing`); default true. */
  instancing?: boolean;
  /**
   * Cull the instanced meshes on the GPU (`WorldPass.gpuCulling`) where the device has compute shaders and indirect
   * draws from any first instance (WebGPU, most adapters); elsewhere (WebGL2) the CPU culls them, the same meshes
   * (`world.gpuCulling` says which). Default false.
   */
  gpuCulling?: boolean;
}

/** What the graph is told of the renderer's own passes: they cannot be taken out, only turned off. */
const BUILT_IN = {
  kept: 'the renderer draws with it (a built-in pass); turn it off with renderer.graph.setEnabled(name, false).',
} as const;

/**
 * The frame, on either backend: a render graph of the world pass at native resolution, the pixel-art chain and the
 * present pass into the canvas, over one device (WebGPU where an adapter and a device can be had, WebGL2 otherwise).
 * `render()` fits the graph to the canvas size and runs the compiled passes. A device or context loss rebuilds only
 * what lives in the device; the graph, its passes and toggles, the settings, the environment and any pass a user
 * added are the same objects before and after, and frames asked for meanwhile are skipped, not thrown.
 */
export class Renderer {
  /**
   * The chain's settings, each pass's as its descriptor declares them (`docs/passes.md` lists them); change them at
   * any time, they apply from the next frame.
   */
  readonly settings: ChainSettings;
  /** What the renderer works out for the chain's passes each frame (frame rectangle, shift, dither origin, lens). */
  readonly chainFrame: ChainFrame;
  /** Frames redrawn from the last native image after a resize (`redraw()`), not re-rendering the world. */
  redraws = 0;
  /** Frames skipped because the canvas had no area (0 wide or 0 high). */
  skippedFrames = 0;
  /** Frames skipped because the device was lost and its replacement not yet built. */
  lostFrames = 0;
  /** Called once the renderer draws again after a device loss. */
  onRecovered: ((recovery: DeviceRecovery) => void) | undefined;
  /** Called when no working device could be had after a loss: the renderer draws nothing from then on. */
  onUnrecoverable: ((error: Error) => void) | undefined;
  private readonly counters: FrameCounters = {
    drawCalls: 0,
    triangles: 0,
    bytesUploaded: 0,
    gpuMs: undefined,
  };
  private readonly frame: FrameContext;
  private readonly hasChain: boolean;
  /** The pixel-stable camera's grid of this frame, handed to the world pass for snapped meshes (reused). */
  private readonly grid: TexelGrid = { right: vec3.create(), up: vec3.create(), texelX: 1, texelY: 1 };
  /** The snap of the current frame, when pixel-stable (its matrices are the world pass's lens). */
  private readonly snap: PixelSnap | null;
  /** The chain's passes in order, built-in and added. */
  private readonly chain: ChainPass[];
  /** The chain's UI pass, when the renderer has a UI layer. */
  private readonly ui: UiPass | null;
  /** `project`'s normalized device coordinates (reused). */
  private readonly projected: [number, number, number] = [0, 0, 0];

  private constructor(
    readonly device: Device,
    /** Why WebGPU is not drawing (`"<reason>: <message>"`), or null when it is. */
    readonly fallbackReason: string | null,
    readonly canvas: HTMLCanvasElement | OffscreenCanvas,
    readonly graph: RenderGraph<FrameContext, RenderTarget>,
    readonly world: WorldPass,
    /** The `shadow` pass before the world (its settings are `settings.shadow`; `ShadowPass.box` fits it to a box). */
    private readonly shadowPass: ChainPass,
    readonly present: PresentPass,
    chain: ChainPass[],
    settings: ChainSettings,
    chainFrame: ChainFrame,
    private readonly options: RendererOptions,
  ) {
    this.settings = settings;
    this.chainFrame = chainFrame;
    this.chain = chain;
    this.ui = (chain.find((p) => p.runner instanceof UiPass)?.runner as UiPass | undefined) ?? null;
    this.hasChain = hasChain(options);
    this.snap = options.pixelStable
      ? { view: mat4.create(), projection: mat4.create(), grid: [0, 0], offset: [0, 0] }
      : null;
    this.frame = { device, time: 0, delta: 0 };
    this.onRecovered = options.onRecovered;
    this.onUnrecoverable = options.onUnrecoverable;
    device.on('restored', (recovery) => this.onRecovered?.(recovery));
    device.on('failed', (error) => this.onUnrecoverable?.(error));
  }

  /**
   * Makes the device for `canvas` (`options.backend`: `auto` by default; see `createDevice`) and builds the frame's
   * graph on it. A canvas can hold one context: give the renderer its own.
   */
  static async create(
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
  ): Promise<Renderer> {
    try {
      return await Renderer.build(canvas, options);
    } catch (error) {
      if (options.showFailure !== false) showFailure(canvas, error);
      throw error;
    }
  }

  /**
   * The world pass, the chain's passes and the present pass, compiled in parallel (on a software GPU each program
   * takes tens of milliseconds), then the validated graph world → chain → present into the external `canvas`, with
   * the passes that change the picture's look off until asked for.
   */
  private static async build(
    canvas: HTMLCanvasElement | OffscreenCanvas,
    options: RendererOptions,
  ): Promise<Renderer> {
    const settings = chainSettings(options);
    const native = options.native ?? [336, 240];
    if (!(native.length === 2 && native.every((v) => Number.isInteger(v) && v >= 1)))
      throw new RangeError(
        `Renderer: native ${Array.from(native).join('×')}: give the native resolution in whole pixels ≥ 1, e.g. [336, 240].`,
      );
    const frame = chainFrame(native);
    const { device, fallbackReason } = await createDevice(canvas, options);
    try {
      const max = device.limits.maxTextureSize;
      if (native[0] > max || native[1] > max)
        throw new RangeError(
          `Renderer: native ${native.join('×')} is beyond this GPU's largest texture, ${max}×${max}; give a smaller ` +
            'native resolution (pixel art: a few hundred pixels a side).',
        );
      const environment = options.environment ?? new Environment();
      if (options.clearColor) environment.setClearColor(options.clearColor);
      const format = device.canvasTarget().format;
      const chained = hasChain(options);
      const { order, end } = chained ? chainOrder(options) : { order: [], end: worldStage(options) };
      // The world pass first: every other pass is made with it (the shadow pass draws its casters).
      const world = await WorldPass.create(device, {
        root: options.root,
        camera: options.camera,
        environment,
        validate: options.validate ?? false,
        pad: options.pixelStable ? PIXEL_STABLE_PAD : 0,
        lineTargets: chained, // the chain has the outline pass
        instancing: options.instancing ?? true,
        gpuCulling: (options.gpuCulling ?? false) && device.compute && device.indirectFirstInstance,
      });
      const kit = { device, settings, frame, options, world };
      const shadowMap = sizedShadowPass(options.shadowMapSize ?? SHADOW_MAP_SIZE, max);
      const [present, shadow, ...chain] = await Promise.all([
        PresentPass.create(device, end.chain, format),
        createChainPass(shadowMap as PassDescriptor, worldStage(options), kit, BUILT_IN),
        ...order.map(({ descriptor, stage }) => createChainPass(descriptor, stage, kit, BUILT_IN)),
      ]);
      const graph = new RenderGraph<FrameContext, RenderTarget>(deviceTextures(device), {
        native,
        canvas: clampedCanvas(canvas, max),
        maxTextureSize: max,
      });
      graph.addExternal('canvas', format, { relativeTo: 'canvas' });
      graph.addPass(shadow);
      graph.addPass(world);
      for (const pass of chain) graph.addPass(pass);
      graph.addPass(present);
      graph.validate();
      for (const name of OFF_BY_DEFAULT)
        if (shadow.name === name || chain.some((p) => p.name === name)) graph.setEnabled(name, false);
      return new Renderer(
        device,
        fallbackReason,
        canvas,
        graph,
        world,
        shadow,
        present,
        chain,
        settings,
        frame,
        options,
      );
    } catch (error) {
      device.destroy();
      throw error;
    }
  }

  /**
   * The chain's passes in order, built-in and added (`addPass`): what the URL state and the debug panel show. Each
   * `needs` is what it needs in this chain: a pass placed after the upscale (the UI of a pixel-stable camera) needs it.
   */
  get passes(): readonly PassDescriptor[] {
    return [this.shadowPass, ...this.chain].map(({ descriptor, needs }) =>
      needs.length === (descriptor.needs?.length ?? 0) ? descriptor : { ...descriptor, needs },
    );
  }

  /** The canvas's look as a headset renderer follows it (`HeadsetRendererOptions.look`): settings, passes, toggles. */
  get look(): HeadsetLook {
    return {
      settings: this.settings,
      passes: this.passes,
      isEnabled: (name) => this.graph.isEnabled(name),
      shadow: this.shadow,
    };
  }

  /** The shadow pass at work: `box` fits its map to a box of the world instead of the view. */
  get shadow(): ShadowPass {
    return this.shadowPass.runner as ShadowPass;
  }

  /** Which backend draws: `webgpu` or `webgl2`. */
  get backend(): BackendName {
    return this.device.backend;
  }
  /** The light and clear colour (shared with a headset renderer given it). */
  get environment(): Environment {
    return this.world.environment;
  }
  /** The GPU as the backend names it (adapter vendor and architecture, or the GL renderer string). */
  get adapter(): string {
    return this.device.adapter;
  }
  /**
   * The GPU objects the renderer holds now, counted exactly on either backend: buffers, textures, bind groups,
   * pipelines, samplers. Meshes, textures and glTF scenes taken out of the scene have theirs freed a few frames later.
   */
  get gpuObjects(): Readonly<GpuObjectCounts> {
    return this.device.objects;
  }
  get gpuTimes(): GpuTimes | null {
    return this.device.gpuTimes;
  }
  /** Every loss survived, oldest first. */
  get recoveries(): readonly DeviceRecovery[] {
    return this.device.recoveries;
  }
  /** Set when recovery failed for good: why nothing is drawn any more. */
  get failure(): Error | null {
    return this.device.failure;
  }
  /** True between a loss and the end of its recovery (frames are skipped meanwhile). */
  get isLost(): boolean {
    return this.device.lost;
  }
  /** Resolves once any recovery in progress has finished (at once when the device is fine). */
  get recovered(): Promise<void> {
    return this.device.recovered;
  }
  /** Resolves once the GPU has done the work submitted so far (the frame is ready to be seen). */
  finished(): Promise<void> {
    return this.device.finished();
  }
  /** Loses the device (WebGPU) or the context (WebGL2) as a real fault would; recovery follows by itself. */
  simulateLoss(): void {
    this.device.simulateLoss();
  }

  /**
   * Adds a pass of the app's own right after the chain pass `after` (or `world`): it reads that pass's output as its
   * `chain` image, and what read that reads the new pass's first output. Its settings join `renderer.settings` (a
   * name another pass has is an error), and it shows in the URL state and the debug panel like the built-in passes.
   * A bad pass (its shader, its wiring) is an error that leaves the renderer as it was. It survives device losses like
   * every pass of the graph.
   */
  async addPass<S extends object>(
    descriptor: PassDescriptor<S>,
    placement: { after: string },
  ): Promise<PassRunner> {
    const anchor = this.graph.pass(placement.after); // an error listing the passes when there is none
    const at = this.chain.findIndex((p) => p.name === anchor.name);
    if (at < 0 && anchor.name !== 'world')
      throw new Error(
        `addPass: "${anchor.name}" is not a pass of the chain; add after "world" or a chain pass.`,
      );
    if (this.graph.passNames().includes(descriptor.name))
      throw new Error(
        `addPass: a pass named "${descriptor.name}" is already in the graph; give each pass its own name.`,
      );
    const defaults = defaultSettings(descriptor.settings) as object;
    const clash = Object.keys(defaults).find((key) => key in this.settings);
    if (clash)
      throw new Error(
        `addPass: pass "${descriptor.name}"'s setting "${clash}" is another pass's; name its settings apart.`,
      );
    const stage =
      at < 0
        ? worldStage(this.options)
        : stageAfter(this.chain[at]!.descriptor, this.chain[at]!.stage, this.options);
    const spec = settingsSpec(this.settings);
    Object.assign(spec, descriptor.settings);
    Object.assign(this.settings, defaults);
    const undo = () => {
      for (const key of Object.keys(defaults)) {
        delete (this.settings as Record<string, unknown>)[key];
        delete spec[key];
      }
    };
    let pass: ChainPass;
    /** Once out of the graph (`removeEffect`, `graph.removePass`): what it made freed, its settings gone. */
    const removed = () => {
      pass.runner.destroy();
      const index = this.chain.indexOf(pass);
      if (index >= 0) this.chain.splice(index, 1);
      undo();
    };
    try {
      pass = await createChainPass(
        descriptor as PassDescriptor,
        stage,
        {
          device: this.device,
          settings: this.settings,
          frame: this.chainFrame,
          options: this.options,
          world: this.world,
        },
        { removed },
      );
    } catch (error) {
      undo();
      throw error;
    }
    try {
      this.graph.insertAfter(anchor.name, pass);
      if (!descriptor.on) this.graph.setEnabled(descriptor.name, false);
    } catch (error) {
      if (this.graph.passNames().includes(descriptor.name)) this.graph.removePass(descriptor.name);
      else removed();
      throw error;
    }
    this.chain.splice(at + 1, 0, pass);
    return pass.runner;
  }

  /**
   * Takes out a pass the app added (`addEffect`, `addPass`) and frees what it made (its pipeline, buffers and
   * bindings): what read its image reads what it read, and its settings leave `renderer.settings`. The same as
   * `graph.removePass(name)`. A built-in pass is refused (turn it off with `graph.setEnabled`), as is a name the graph
   * lacks (the error lists its passes).
   */
  removeEffect(name: string): void {
    this.graph.removePass(name);
  }

  /**
   * Adds a full-screen effect of the user's right after the chain pass `after` (e.g. `motionBlur`): `addPass` with the
   * effect's descriptor (`effectPass`). Its parameters are set by name on the answer.
   */
  async addEffect(options: EffectOptions, placement: { after: string }): Promise<ShaderEffect> {
    return (await this.addPass(effectPass(options), placement)) as ShaderEffect;
  }

  /** Draws one frame at scene time `time` (seconds) and returns what it drew. */
  render(time = 0, delta = 0): FrameCounters {
    const c = this.counters;
    if (this.device.lost || this.device.failure) {
      this.lostFrames++;
      c.drawCalls = c.triangles = c.bytesUploaded = 0;
      return c;
    }
    this.frame.time = time;
    this.frame.delta = delta;
    if (!this.run(undefined)) return c;
    const world = this.world.counters;
    const ui = this.ui && this.graph.isEnabled('ui') ? this.ui.counters : null;
    c.drawCalls = world.drawCalls + (ui?.drawCalls ?? 0);
    c.triangles = world.triangles + (ui ? ui.instances * 2 : 0);
    c.bytesUploaded = world.bytesUploaded + (ui?.bytesUploaded ?? 0);
    c.gpuMs = this.device.gpuTimes?.frameMs;
    return c;
  }

  /**
   * Re-presents the last native frame into a canvas whose size changed (a paused app, a modal resize) by running
   * upscale, bars, CRT and present only: the world is not drawn again. Counted in `redraws`.
   */
  redraw(): void {
    if (this.device.lost || this.device.failure) return;
    const from =
      this.chain.some((p) => p.name === 'upscale') && this.graph.isEnabled('upscale') ? 'upscale' : 'present';
    if (this.run(from)) this.redraws++;
  }

  /** Clears every history texture (motion blur's trail), so a replay from t = 0 gives the same frames as a fresh page. */
  resetHistory(): void {
    if (this.device.lost || this.device.failure) return;
    for (const texture of this.graph.historyTextures())
      this.device.beginPass({ label: 'reset history', color: texture, clearColor: CLEAR }).end();
    this.device.submit();
  }

  /** The texels of a resource of the last frame (default the canvas), RGBA8 top row first: screenshots, tests. */
  readPixels(resource = 'canvas'): Promise<Uint8Array> {
    return this.device.readPixels(this.graph.textureOf(resource));
  }

  /** Runs the graph (from `from` on); false when the canvas has no area and nothing was drawn. */
  private run(from: string | undefined): boolean {
    const [width, height] = clampedCanvas(this.canvas, this.device.limits.maxTextureSize);
    // A 0-wide or 0-high canvas (a collapsed layout, a minimised window) has nothing to draw into: skip the frame.
    if (width === 0 || height === 0) {
      this.skippedFrames++;
      return false;
    }
    const graph = this.graph;
    graph.setCanvasSize(width, height);
    const native = graph.native;
    const canvas = graph.canvas;
    this.chainFrame.rect = this.frameRectNow();
    this.chainFrame.native = native;
    // The world is drawn at native size; without the chain it is stretched over the canvas, so that is its shape.
    const [w, h] = this.hasChain ? native : canvas;
    this.world.camera?.fitAspect(w, h);
    if (this.snap) this.snapCamera(native);
    this.aimLens(native);
    this.device.beginFrame();
    try {
      graph.setExternal('canvas', this.device.canvasTarget());
      graph.execute(this.frame, from);
    } catch (error) {
      this.device.abort(); // a half-recorded frame is dropped whole, so the next one starts clean
      throw error;
    }
    this.device.submit();
    return true;
  }

  /** The lens of the view the world is drawn from, as the chain's passes read it (`ChainFrame.eye`). */
  private aimLens(native: readonly [number, number]): void {
    const lens = this.world.camera?.projection;
    if (!lens) return;
    const eye = this.chainFrame.eye;
    eye.near = lens.near;
    eye.far = lens.far;
    eye.perspective = lens.kind === 'perspective';
    eye.texel =
      lens.kind === 'perspective'
        ? (2 * Math.tan(lens.fovY / 2)) / native[1]
        : (lens.right - lens.left) / native[0];
  }

  /**
   * The pixel-stable camera's frame: the world pass draws from the camera on its texel grid through the padded lens;
   * the upscale reads the rest of the move ahead, in whole device pixels; the dither pattern is anchored to the grid.
   */
  private snapCamera(native: readonly [number, number]): void {
    const camera = this.world.camera;
    if (!camera) return;
    const on = this.settings.snap;
    const f = this.chainFrame;
    const snap = pixelSnap(camera.worldMatrix, camera.projection, native, PIXEL_STABLE_PAD, on, this.snap!);
    this.world.lens = snap;
    // Camera right by f texels: the image moves left, so read f·scale pixels to the right; up: read up the rows.
    f.shift[0] = Math.round((snap.offset[0] * f.rect.width) / native[0]) + 0;
    f.shift[1] = -Math.round((snap.offset[1] * f.rect.height) / native[1]) + 0;
    f.ditherOrigin[0] = snap.grid[0];
    f.ditherOrigin[1] = -snap.grid[1] + 0;
    // Meshes drawn snapped (Mesh.drawSnap) go on the same grid: whole texels along the camera's axes.
    if (on) {
      const w = camera.worldMatrix;
      const lens = camera.projection as { left: number; right: number; bottom: number; top: number };
      const grid = this.grid;
      vec3.normalize(grid.right as vec3, vec3.set(grid.right as vec3, w[0]!, w[1]!, w[2]!));
      vec3.normalize(grid.up as vec3, vec3.set(grid.up as vec3, w[4]!, w[5]!, w[6]!));
      grid.texelX = (lens.right - lens.left) / native[0];
      grid.texelY = (lens.top - lens.bottom) / native[1];
      this.world.setGrid(grid);
    } else this.world.setGrid(null);
  }

  /** Where the native image lies in the canvas now, in device pixels (the whole canvas without the upscale). */
  private frameRectNow(): FrameRect {
    const native = this.graph.native;
    const canvas: [number, number] = [this.canvas.width, this.canvas.height];
    return this.hasChain && this.graph.isEnabled('upscale')
      ? frameRect(native, canvas, this.settings.pixelAspect, this.settings.upscale)
      : { x: 0, y: 0, width: canvas[0], height: canvas[1], scale: canvas[1] / native[1] };
  }

  /**
   * A canvas pixel (device pixels from its top left) as a native pixel position through the frame rectangle: fractions
   * kept, and points in the bars or past the canvas give positions outside 0…native (a captured drag goes on there).
   */
  canvasToNative(canvasX: number, canvasY: number): [number, number] {
    const rect = this.frameRectNow();
    const [w, h] = this.graph.native;
    return [((canvasX - rect.x) / rect.width) * w, ((canvasY - rect.y) / rect.height) * h];
  }

  /**
   * The world ray through the centre of the native pixel under a canvas point (device pixels from the canvas's top
   * left), near plane to far plane (t 0…1), or null in the bars or without a camera: what `pick` casts, and what an
   * app intersects with its own shapes (a table's plane, to carry a piece over it).
   */
  rayAt(canvasX: number, canvasY: number): Ray | null {
    const camera = this.world.camera;
    const [w, h] = this.graph.native;
    const [nx, ny] = this.canvasToNative(canvasX, canvasY);
    if (!camera || !(nx >= 0 && ny >= 0 && nx < w && ny < h)) return null;
    this.fitLens(camera);
    return rayFromCamera(camera, ((Math.floor(nx) + 0.5) / w) * 2 - 1, 1 - ((Math.floor(ny) + 0.5) / h) * 2);
  }

  /**
   * Where a world-space point is drawn in the native image, in native pixels from its top left (fractions kept), with
   * its depth (0 near … 1 far); null behind the camera or without one. `nativeToClient` takes it on to the page.
   */
  project(point: ArrayLike<number>): [number, number, number] | null {
    const camera = this.world.camera;
    if (!camera) return null;
    const [w, h] = this.graph.native;
    this.fitLens(camera);
    const ndc = camera.project(point, this.projected);
    if (!ndc) return null;
    return [((ndc[0] + 1) / 2) * w, ((1 - ndc[1]) / 2) * h, ndc[2]];
  }

  /**
   * The nearest mesh drawn at a canvas point and where it was hit, or null (nothing there, the bars, no camera): the
   * ray of `rayAt` met against the world's triangles as the world pass draws them (visible meshes, drawn faces, inside
   * the far plane), so the answer is the mesh whose colour that native pixel shows, on either backend.
   */
  pick(canvasX: number, canvasY: number): PickHit | null {
    const ray = this.rayAt(canvasX, canvasY);
    return ray && pickRay(this.world.root, ray, 1);
  }

  /** Where native pixel position (x, y) is on the page, in CSS pixels (the inverse of `clientToNative`). */
  nativeToClient(x: number, y: number): [number, number] {
    const canvas = this.canvas;
    if (!('getBoundingClientRect' in canvas))
      throw new Error('nativeToClient needs a canvas in the page; an OffscreenCanvas has no page position.');
    const rect = this.frameRectNow();
    const [w, h] = this.graph.native;
    const box = canvas.getBoundingClientRect();
    return [
      box.left + ((rect.x + (x / w) * rect.width) * box.width) / canvas.width,
      box.top + ((rect.y + (y / h) * rect.height) * box.height) / canvas.height,
    ];
  }

  /** Fits the camera's lens as the next frame will (the world image's shape, as `run()` sets it). */
  private fitLens(camera: Camera): void {
    if (this.hasChain) camera.fitAspect(...this.graph.native);
    else camera.fitAspect(this.canvas.width, this.canvas.height);
  }

  /** A page position (`clientX`, `clientY` of a pointer event) as a native pixel position (see `canvasToNative`). */
  clientToNative(clientX: number, clientY: number): [number, number] {
    const canvas = this.canvas;
    if (!('getBoundingClientRect' in canvas))
      throw new Error('clientToNative needs a canvas in the page; an OffscreenCanvas has no page position.');
    const box = canvas.getBoundingClientRect();
    return this.canvasToNative(
      ((clientX - box.left) * canvas.width) / box.width,
      ((clientY - box.top) * canvas.height) / box.height,
    );
  }

  /** Frees the graph's textures, every pass's objects and, when the renderer made it, the device; again is a no-op. */
  destroy(): void {
    if (this.destroyed) return; // a second call (an app's and run()'s) has nothing left to free
    this.destroyed = true;
    for (const pass of [this.shadowPass, ...this.chain]) pass.runner.destroy();
    this.graph.destroy();
    this.world.destroy();
    this.present.destroy();
    this.device.destroy();
  }

  private destroyed = false;
}

const CLEAR = [0, 0, 0, 0] as const;
