import wgsl from '../../../wgsl/renderers/eye-upscale.wgsl?raw';
import glsl from '../../../wgsl/renderers/eye-upscale.glsl?raw';
import type {
  Bindings,
  Device,
  DeviceTexture,
  Pipeline,
  RenderTarget,
  TextureFormat,
} from '../../device/device';
import { RenderGraph, type PassDecl, type PassIO } from '../../graph/render-graph';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import type { FrameCounters } from '../../time/frame-loop';
import { Environment } from '../world/environment';
import { eyeNativeSize, type HeadsetResolution } from './eye-native-size';
import type { FrameContext } from '../frame-context';
import { UiPass } from '../passes/ui-pass';
import { WorldPass, type Viewport, type WorldView } from '../world/world-pass';
import { chainOrder, createChainPass, worldStage, type ChainPass } from '../passes/chain';
import { chainFrame, type ChainFrame, type PassDescriptor } from '../passes/pass-descriptor';
import { eyeLensOf } from '../passes/eye-lens';
import type { ShadowPass } from '../passes/shadow-pass';
import { deviceTextures } from './device-textures';

/** The UI layer a headset shows as a diegetic panel: drawn each frame into an image that `panel` materials show. */
export interface HeadsetUi {
  root: Node;
  atlas: UiAtlas;
  /**
   * The panel image's size in texels. UI elements are placed in native pixels from its top left, as on the canvas: a
   * size smaller than the native resolution shows that corner of the UI (the xr demo's card and its margin).
   */
  size: readonly [number, number];
  /**
   * What shows where the UI draws nothing (default opaque black: the panel is a solid card). An alpha under one half
   * leaves those texels out: the panel is only what the UI draws on it (its boxes, for `XrPointers`).
   */
  background?: readonly [number, number, number, number];
}

/**
 * The canvas renderer's look, which the eyes follow: its settings, its passes and which of them are on now
 * (`renderer.look`). The passes that run per view (`runs: 'view'`: outline, bloom, grade, vignette, palette, effects)
 * run on each eye, those that run per frame (the shadow map) once for both.
 */
export interface HeadsetLook {
  /** The settings object the passes read each frame (the canvas renderer's own: a change shows in both). */
  settings: object;
  /** The passes in chain order, as `Renderer.passes` lists them; taken when the headset renderer is made. */
  passes: readonly PassDescriptor[];
  /** Whether a pass is on now: read every frame, so the URL keys, the debug panel and `graph.setEnabled` reach the eyes. */
  isEnabled(name: string): boolean;
  /** The canvas renderer's shadow pass: its `box`, when set, holds the eyes' shadow map too. */
  shadow?: Pick<ShadowPass, 'box'>;
}

/** What a headset renderer draws, and how. */
export interface HeadsetRendererOptions {
  root: Node;
  /** The XR layer's colour format (`XrGpuLayer.format`; rgba8unorm for an XRWebGLLayer). */
  format: TextureFormat;
  /** The light and clear colour: pass the canvas renderer's (`renderer.environment`) so both show the same world. */
  environment?: Environment;
  /** `'full'` (default) or `'native'`: see `HeadsetResolution`. */
  resolution?: HeadsetResolution;
  /** Texel rows of an eye's image in `'native'` resolution (default 240, the chain's native height). */
  nativeHeight?: number;
  ui?: HeadsetUi;
  /** The look the eyes get (shadows, outlines, grade, palette…): the canvas renderer's. Without it, the world alone. */
  look?: HeadsetLook;
}

/** One eye of an XR frame: a `WorldView` whose region is always given (as the XR layers give it). */
export type HeadsetView = WorldView & { viewport: Viewport };

/**
 * The headset's frame, written once over the device layer: a render graph like the canvas renderer's up to the end
 * of its per-view passes (the shadow map once, then for each eye the world from that eye's pose and the look's passes
 * at the eye's image size), ending in a stretch of the eye's image and depth over its view of the XR layer,
 * nearest-texel. At `'full'` resolution the eye's image is the view's size; at `'native'` it is a few hundred rows (the
 * pixel-art look). The UI layer is a panel in the scene. Motion blur, the canvas' bars and CRT stay on the canvas:
 * blending past frames against head motion smears the world.
 */
export class HeadsetRenderer {
  /** Of the last frame: the world's draws (every eye), the panel's UI draw and the stretches. */
  readonly counters: FrameCounters = { drawCalls: 0, triangles: 0, bytesUploaded: 0 };
  readonly resolution: HeadsetResolution;
  private readonly panel: DeviceTexture | null;
  private readonly background: readonly number[];
  private readonly frame: FrameContext;
  /** The eyes the shadow map is fitted to this frame (the views' own matrices). */
  private readonly eyes: { projection: Float32Array; view: Float32Array }[] = [];
  private drawCalls = 0;
  private triangles = 0;
  private bytesUploaded = 0;

  private constructor(
    private readonly device: Device,
    readonly world: WorldPass,
    private readonly ui: UiPass | null,
    private readonly graph: RenderGraph<FrameContext, RenderTarget>,
    private readonly passes: readonly ChainPass[],
    private readonly out: EyePass,
    private readonly chainFrame: ChainFrame,
    private readonly options: HeadsetRendererOptions,
  ) {
    this.resolution = options.resolution ?? 'full';
    const size = options.ui?.size;
    this.panel = size
      ? device.createTexture({
          label: 'headset ui panel',
          format: 'rgba8unorm',
          width: size[0],
          height: size[1],
        })
      : null;
    world.textures['panel'] = this.panel;
    this.background = options.ui?.background ?? [0, 0, 0, 1];
    this.frame = { device, time: 0, delta: 0 };
    this.shadow = (passes.find((p) => p.name === 'shadow')?.runner as ShadowPass | undefined) ?? null;
  }
  /** The eyes' shadow pass, when the look has one: told each frame which box or eyes to fit. */
  private readonly shadow: ShadowPass | null;

  /** Builds the world pass, the look's passes and the eye stretch in parallel, then their graph. */
  static async create(device: Device, options: HeadsetRendererOptions): Promise<HeadsetRenderer> {
    const native = (options.resolution ?? 'full') === 'native';
    const rows = options.nativeHeight ?? 240;
    if (native) eyeNativeSize(1, 1, rows); // a bad nativeHeight fails here, not in a frame
    const look = options.look;
    const perFrame = look?.passes.filter((p) => p.runs === 'frame') ?? [];
    const perView = look?.passes.filter((p) => p.runs === 'view') ?? [];
    // The eyes' chain: the canvas one with only what runs per view, at the eye's image size.
    const chainOptions = { chain: true, native: [rows, rows] as const };
    const { order, end } = chainOrder(chainOptions, perView);
    const frame = chainFrame([1, 1]);
    const world = await WorldPass.create(device, {
      root: options.root,
      environment: options.environment ?? new Environment(),
      lineTargets: perView.some((p) => p.reads.includes('normals')),
    });
    const kit = { device, settings: look?.settings ?? {}, frame, options: chainOptions, world };
    const [ui, stretch, ...passes] = await Promise.all([
      // Drawn alone into the panel's image (renderPanel): the graph input it names is never read.
      options.ui ? UiPass.create(device, options.ui.root, options.ui.atlas, 'scene') : null,
      device.createPipeline({
        shader: { label: 'eye upscale', wgsl, glsl },
        format: options.format,
        // The eye's depth is the native depth stretched the same way: the layer's depth is what a compositor
        // reprojects with, so it must match the picture.
        depth: { write: true, compare: 'always' },
      }),
      ...perFrame.map((descriptor) => createChainPass(descriptor, worldStage(chainOptions), kit)),
      ...order.map(({ descriptor, stage }) => createChainPass(descriptor, stage, kit)),
    ]);
    const out = new EyePass(device, stretch as Pipeline, end.chain);
    const graph = new RenderGraph<FrameContext, RenderTarget>(deviceTextures(device), {
      native: [1, 1],
      canvas: [1, 1],
      maxTextureSize: device.limits.maxTextureSize,
    });
    graph.addExternal('eye', options.format, { relativeTo: 'canvas' });
    const chain = passes as ChainPass[];
    for (const pass of chain.slice(0, perFrame.length)) graph.addPass(pass);
    graph.addPass(world);
    for (const pass of chain.slice(perFrame.length)) graph.addPass(pass);
    graph.addPass(out);
    graph.validate();
    return new HeadsetRenderer(device, world, ui as UiPass | null, graph, chain, out, frame, options);
  }

  /** Draws one XR frame into `views` (the layer's, this frame) at scene time `time`. */
  render(time: number, views: readonly HeadsetView[]): FrameCounters {
    this.frame.time = time;
    this.drawCalls = this.triangles = this.bytesUploaded = 0;
    try {
      this.follow();
      if (this.ui && this.panel) {
        this.ui.renderPanel(this.panel, this.background);
        const ui = this.ui.counters;
        this.add(ui.drawCalls, ui.instances * 2, ui.bytesUploaded);
      }
      for (let i = 0; i < views.length; i++) this.drawEye(i, views);
    } catch (error) {
      this.device.abort(); // a half-recorded frame is dropped whole, so the next one starts clean
      throw error;
    }
    const c = this.counters;
    c.drawCalls = this.drawCalls;
    c.triangles = this.triangles;
    c.bytesUploaded = this.bytesUploaded;
    return c;
  }

  /** Takes the canvas renderer's toggles and shadow box. */
  private follow(): void {
    const look = this.options.look;
    if (!look) return;
    for (const pass of this.passes)
      if (this.graph.isEnabled(pass.name) !== look.isEnabled(pass.name))
        this.graph.setEnabled(pass.name, look.isEnabled(pass.name));
    const shadow = this.shadow;
    if (shadow) {
      shadow.box = look.shadow?.box ?? null;
      shadow.eyes = this.eyes;
    }
  }

  /**
   * Draws eye `i`: the whole graph for the first (the shadow map fitted to every eye, then its world and look), the
   * graph from the world on for the others (the same shadow map). Each eye is submitted before the next is recorded:
   * the passes write their uniforms again for it.
   */
  private drawEye(i: number, views: readonly HeadsetView[]): void {
    const view = views[i]!;
    const { width, height } = view.viewport;
    const [w, h] =
      this.resolution === 'native'
        ? eyeNativeSize(width, height, this.options.nativeHeight ?? 240)
        : [width, height];
    if (i === 0) {
      this.eyes.length = views.length;
      for (let e = 0; e < views.length; e++) this.eyes[e] = views[e]!;
    }
    const graph = this.graph;
    graph.setNativeSize(w, h);
    graph.setCanvasSize(width, height);
    graph.setExternal('eye', view.color);
    const frame = this.chainFrame;
    frame.native = graph.native;
    // In place: an eye is drawn every XR frame.
    const rect = frame.rect;
    rect.width = width;
    rect.height = height;
    rect.scale = height / h;
    eyeLensOf(view.projection, h, frame.eye);
    this.world.lens = view;
    this.out.view = view;
    this.device.beginFrame();
    graph.execute(this.frame, i === 0 ? undefined : 'world');
    this.device.submit();
    const world = this.world.counters;
    this.add(world.drawCalls + 1, world.triangles, world.bytesUploaded); // and the stretch's draw
  }

  private add(drawCalls: number, triangles: number, bytes: number): void {
    this.drawCalls += drawCalls;
    this.triangles += triangles;
    this.bytesUploaded += bytes;
  }

  destroy(): void {
    for (const pass of this.passes) pass.runner.destroy();
    this.out.destroy();
    this.graph.destroy();
    this.world.destroy();
    this.ui?.destroy();
    this.panel?.destroy();
  }
}

/**
 * The last pass of an eye: its image and depth stretched over the eye's view of the XR layer, nearest texel. It also
 * reads the shadow maps, so they live to the end of the graph: the next eye's world reads them again.
 */
class EyePass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'eye';
  readonly reads;
  readonly writes = ['eye'];
  /** The eye being drawn. */
  view: HeadsetView | null = null;
  private bound: { source: DeviceTexture; depth: DeviceTexture; bindings: Bindings } | null = null;

  constructor(
    private readonly device: Device,
    private readonly pipeline: Pipeline,
    private readonly source: string,
  ) {
    this.reads = [
      source,
      'depth',
      { name: 'shadowMap', optional: true },
      { name: 'pointShadowMap', optional: true },
    ];
  }

  execute(_frame: FrameContext, io: PassIO<RenderTarget>): void {
    const view = this.view!;
    const source = io.input(this.source) as DeviceTexture;
    const depth = io.input('depth') as DeviceTexture;
    if (this.bound?.source !== source || this.bound.depth !== depth) {
      this.idle();
      const bindings = this.device.createBindings(this.pipeline, 0, { source, sourceDepth: depth });
      this.bound = { source, depth, bindings };
    }
    const pass = this.device.beginPass({
      label: 'eye upscale',
      color: io.output('eye'),
      depth: view.depth,
      ...(view.clear ? { clearColor: BLACK, clearDepth: 1 } : {}),
    });
    const v = view.viewport;
    pass.setViewport(v.x, v.y, v.width, v.height);
    pass.setPipeline(this.pipeline);
    pass.setBindings(0, this.bound.bindings);
    pass.draw(3);
    pass.end();
  }

  idle(): void {
    this.bound?.bindings.destroy();
    this.bound = null;
  }

  destroy(): void {
    this.idle();
    this.pipeline.destroy();
  }
}

const BLACK = [0, 0, 0, 1] as const;
