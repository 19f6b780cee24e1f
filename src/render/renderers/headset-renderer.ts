import wgsl from '../../../wgsl/renderers/eye-upscale.wgsl?raw';
import glsl from '../../../wgsl/renderers/eye-upscale.glsl?raw';
import type { Bindings, Device, DeviceTexture, Pipeline, TextureFormat } from '../../device/device';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import type { FrameCounters } from '../../time/frame-loop';
import { Environment } from '../world/environment';
import { eyeNativeSize, type HeadsetResolution } from './eye-native-size';
import type { FrameContext } from '../frame-context';
import { UiPass } from '../passes/ui-pass';
import { WorldPass, type Viewport, type WorldView } from '../world/world-pass';

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
}

/** One eye of an XR frame: a `WorldView` whose region is always given (as the XR layers give it). */
export type HeadsetView = WorldView & { viewport: Viewport };

interface NativeEye {
  color: DeviceTexture;
  depth: DeviceTexture;
  bindings: Bindings;
  /** What the world pass draws into, re-aimed at the eye's pose each frame. */
  view: WorldView;
}

/**
 * The headset's frame, written once over the device layer: the scene drawn once per eye with that eye's pose into
 * the XR layer's views, the UI layer on a panel in the scene. At `'full'` resolution each eye is drawn straight into
 * its view; at `'native'` it is drawn small and stretched over the view nearest-texel (the pixel-art look), its depth
 * stretched with it. Motion blur and the canvas' bars and CRT stay on the canvas: blending past frames against head
 * motion smears the world.
 */
export class HeadsetRenderer {
  /** Of the last frame: the world's draws (every eye), the panel's UI draw and, at native resolution, the stretches. */
  readonly counters: FrameCounters = { drawCalls: 0, triangles: 0, bytesUploaded: 0 };
  readonly resolution: HeadsetResolution;
  private readonly natives: NativeEye[] = [];
  private readonly nativeViews: WorldView[] = [];
  private readonly panel: DeviceTexture | null;
  private readonly background: readonly number[];
  private readonly frame: FrameContext;

  private constructor(
    private readonly device: Device,
    readonly world: WorldPass,
    private readonly ui: UiPass | null,
    private readonly upscale: Pipeline | null,
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
  }

  /** Builds the world pass (for the layer's format or, at native resolution, the eyes' images) and the rest. */
  static async create(device: Device, options: HeadsetRendererOptions): Promise<HeadsetRenderer> {
    const native = (options.resolution ?? 'full') === 'native';
    if (native) eyeNativeSize(1, 1, options.nativeHeight ?? 240); // a bad nativeHeight fails here, not in a frame
    const [world, ui, upscale] = await Promise.all([
      WorldPass.create(device, {
        root: options.root,
        format: native ? 'rgba8unorm' : options.format,
        environment: options.environment ?? new Environment(),
      }),
      // Drawn alone into the panel's image (renderPanel): the graph input it names is never read.
      options.ui ? UiPass.create(device, options.ui.root, options.ui.atlas, 'scene') : null,
      native
        ? device.createPipeline({
            shader: { label: 'eye upscale', wgsl, glsl },
            format: options.format,
            // The eye's depth is the native depth stretched the same way: the layer's depth is what a compositor
            // reprojects with, so it must match the picture.
            depth: { write: true, compare: 'always' },
          })
        : null,
    ]);
    return new HeadsetRenderer(device, world, ui, upscale, options);
  }

  /** Draws one XR frame into `views` (the layer's, this frame) at scene time `time`. */
  render(time: number, views: readonly HeadsetView[]): FrameCounters {
    this.frame.time = time;
    try {
      if (this.ui && this.panel) this.ui.renderPanel(this.panel, this.background);
      if (this.upscale) {
        for (let i = 0; i < views.length; i++) this.prepareNative(i, views[i]!);
        this.nativeViews.length = views.length;
        this.world.renderViews(this.frame, this.nativeViews);
        for (let i = 0; i < views.length; i++) this.upscaleInto(views[i]!, this.natives[i]!);
      } else {
        this.world.renderViews(this.frame, views);
      }
    } catch (error) {
      this.device.abort(); // a half-recorded frame is dropped whole, so the next one starts clean
      throw error;
    }
    this.device.submit();
    const c = this.counters;
    const ui = this.ui?.counters;
    const world = this.world.counters;
    c.drawCalls = world.drawCalls + (ui?.drawCalls ?? 0) + (this.upscale ? views.length : 0); // a stretch per eye
    c.triangles = world.triangles + (ui ? ui.instances * 2 : 0);
    c.bytesUploaded = world.bytesUploaded + (ui?.bytesUploaded ?? 0);
    return c;
  }

  /** The i-th eye's native image and depth, (re)made when its view's size asks for another. */
  private prepareNative(i: number, view: HeadsetView): void {
    const v = view.viewport;
    const [width, height] = eyeNativeSize(v.width, v.height, this.options.nativeHeight ?? 240);
    let eye = this.natives[i];
    if (!eye || eye.color.width !== width || eye.color.height !== height) {
      if (eye) destroyEye(eye);
      const make = (format: 'rgba8unorm' | 'depth24plus') =>
        this.device.createTexture({ label: `headset eye ${i} ${format}`, format, width, height });
      const color = make('rgba8unorm');
      const depth = make('depth24plus');
      const bindings = this.device.createBindings(this.upscale!, 0, { source: color, sourceDepth: depth });
      const target = { color, depth, projection: view.projection, view: view.view, clear: true };
      this.natives[i] = eye = { color, depth, bindings, view: target };
    }
    eye.view.projection = view.projection;
    eye.view.view = view.view;
    this.nativeViews[i] = eye.view;
  }

  private upscaleInto(view: HeadsetView, eye: NativeEye): void {
    const pass = this.device.beginPass({
      label: 'eye upscale',
      color: view.color,
      depth: view.depth,
      ...(view.clear ? { clearColor: BLACK, clearDepth: 1 } : {}),
    });
    const v = view.viewport;
    pass.setViewport(v.x, v.y, v.width, v.height);
    pass.setPipeline(this.upscale!);
    pass.setBindings(0, eye.bindings);
    pass.draw(3);
    pass.end();
  }

  destroy(): void {
    this.world.destroy();
    this.ui?.destroy();
    this.panel?.destroy();
    for (const eye of this.natives) destroyEye(eye);
  }
}

const BLACK = [0, 0, 0, 1] as const;

function destroyEye(eye: NativeEye): void {
  eye.bindings.destroy();
  eye.color.destroy();
  eye.depth.destroy();
}
