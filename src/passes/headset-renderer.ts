import code from '../../wgsl/passes/eye-upscale.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import type { Node } from '../scene/node';
import type { UiAtlas } from '../scene/ui-atlas';
import type { FrameCounters } from '../time/frame-loop';
import { chainFrame } from './chain-frame';
import { eyeNativeSize, type HeadsetResolution } from './eye-native-size';
import { UiPass } from './ui-pass';
import { viewOf } from './view-of';
import { WorldPass, type WorldView } from './world-pass';

/** The UI layer a headset shows as a diegetic panel: drawn each frame into an image that `panel` materials show. */
export interface HeadsetUi {
  root: Node;
  atlas: UiAtlas;
  /**
   * The panel image's size in texels. UI elements are placed in native pixels from its top left, as on the canvas: a
   * size smaller than the native resolution shows that corner of the UI (the xr demo's card and its margin).
   */
  size: readonly [number, number];
  /** What shows through where the UI draws nothing (opaque: the panel is a solid card). */
  background?: readonly [number, number, number, number];
}

/** What a headset renderer draws, and how. */
export interface HeadsetRendererOptions {
  root: Node;
  /** The XR layer's colour format (`XrGpuLayer.format`). */
  format: GPUTextureFormat;
  clearColor?: readonly [number, number, number, number];
  /** `'full'` (default) or `'native'`: see `HeadsetResolution`. */
  resolution?: HeadsetResolution;
  /** Texel rows of an eye's image in `'native'` resolution (default 240, the chain's native height). */
  nativeHeight?: number;
  ui?: HeadsetUi;
}

/** One eye of an XR frame: a `WorldView` whose region is always given (as `XrGpuLayer.views` gives it). */
export type HeadsetView = WorldView & { viewport: NonNullable<WorldView['viewport']> };

interface NativeEye {
  color: GPUTexture;
  depth: GPUTexture;
  group: GPUBindGroup;
  /** What the world pass draws into, re-aimed at the eye's pose each frame. */
  view: WorldView;
}

/**
 * The headset's frame on WebGPU: the scene drawn once per eye with that eye's pose into the XR layer's views, the UI
 * layer on a panel in the scene. At `'full'` resolution each eye is drawn straight into its view; at `'native'` it is
 * drawn small and stretched over the view nearest-texel (the pixel-art look). Motion blur and the canvas' bars and
 * CRT stay on the canvas: blending past frames against head motion smears the world.
 */
export class HeadsetRenderer {
  /** Of the last frame: the world's draws (every eye), the panel's UI draw and, at native resolution, the stretches. */
  readonly counters: FrameCounters = { drawCalls: 0, triangles: 0, bytesUploaded: 0 };
  readonly resolution: HeadsetResolution;
  private readonly natives: NativeEye[] = [];
  private readonly nativeViews: WorldView[] = [];
  private readonly panel: GPUTexture | null;
  private readonly background: GPUColor;

  private constructor(
    private readonly device: GPUDevice,
    readonly world: WorldPass,
    private readonly ui: UiPass | null,
    private readonly upscale: GPURenderPipeline | null,
    private readonly options: HeadsetRendererOptions,
  ) {
    this.resolution = options.resolution ?? 'full';
    this.panel = options.ui
      ? device.createTexture({
          label: 'headset ui panel',
          size: [...options.ui.size],
          format: 'rgba8unorm',
          usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.TEXTURE_BINDING,
        })
      : null;
    world.panelTexture = this.panel;
    const [r, g, b, a] = options.ui?.background ?? [0, 0, 0, 1];
    this.background = { r, g, b, a };
  }

  /** Compiles the world pass (for the layer's format and, at native resolution, the eyes' images) and the rest. */
  static async create(device: GPUDevice, options: HeadsetRendererOptions): Promise<HeadsetRenderer> {
    const native = (options.resolution ?? 'full') === 'native';
    if (native) eyeNativeSize(1, 1, options.nativeHeight ?? 240); // a bad nativeHeight fails here, not in a frame
    const [r, g, b, a] = options.clearColor ?? [0, 0, 0, 1];
    const [world, ui, upscale] = await Promise.all([
      WorldPass.create(device, {
        root: options.root,
        format: native ? 'rgba8unorm' : options.format,
        clearColor: { r, g, b, a },
      }),
      // Drawn alone into the panel's image (renderPanel): the graph input it names is never read.
      options.ui ? UiPass.create(device, options.ui.root, options.ui.atlas, 'scene') : null,
      native ? HeadsetRenderer.upscalePipeline(device, options.format) : null,
    ]);
    return new HeadsetRenderer(device, world, ui, upscale, options);
  }

  private static async upscalePipeline(device: GPUDevice, format: GPUTextureFormat) {
    const module = await compileWgsl(device, code, 'passes/eye-upscale.wgsl');
    return device.createRenderPipelineAsync({
      label: 'eye upscale',
      layout: 'auto',
      vertex: { module, entryPoint: 'vs' },
      fragment: { module, entryPoint: 'fs', targets: [{ format }] },
      primitive: { topology: 'triangle-list' },
      // The eye's depth is the native depth stretched the same way: the layer's depth is what a compositor
      // reprojects with, so it must match the picture.
      depthStencil: { format: 'depth24plus', depthWriteEnabled: true, depthCompare: 'always' },
    });
  }

  /** Draws one XR frame into `views` (the layer's, this frame) at scene time `time`, in one command buffer. */
  render(time: number, views: readonly HeadsetView[]): FrameCounters {
    const device = this.device;
    const encoder = device.createCommandEncoder({ label: 'armature headset frame' });
    const frame = { device, encoder, timer: null, time, delta: 0 };
    if (this.ui && this.panel) this.ui.renderPanel(encoder, this.panel, this.background);
    if (this.upscale) {
      for (let i = 0; i < views.length; i++) this.prepareNative(i, views[i]!);
      this.nativeViews.length = views.length;
      this.world.renderViews(frame, this.nativeViews);
      for (let i = 0; i < views.length; i++) this.upscaleInto(encoder, views[i]!, this.natives[i]!);
    } else {
      this.world.renderViews(frame, views);
    }
    device.queue.submit([encoder.finish()]);
    const c = chainFrame.count(this.counters, this.world, this.ui ?? undefined);
    if (this.upscale) c.drawCalls += views.length; // one stretch per eye
    return c;
  }

  /** The i-th eye's native image, (re)made when its view's size asks for another. */
  private prepareNative(i: number, view: HeadsetView): void {
    const v = view.viewport;
    const [width, height] = eyeNativeSize(v.width, v.height, this.options.nativeHeight ?? 240);
    let eye = this.natives[i];
    if (!eye || eye.color.width !== width || eye.color.height !== height) {
      eye?.color.destroy();
      eye?.depth.destroy();
      const make = (format: GPUTextureFormat, usage: number) =>
        this.device.createTexture({
          label: `headset eye ${i} ${format}`,
          size: [width, height],
          format,
          usage: GPUTextureUsage.RENDER_ATTACHMENT | usage,
        });
      const color = make('rgba8unorm', GPUTextureUsage.TEXTURE_BINDING);
      const depth = make('depth24plus', GPUTextureUsage.TEXTURE_BINDING);
      const group = this.device.createBindGroup({
        label: `headset eye ${i}`,
        layout: this.upscale!.getBindGroupLayout(0),
        entries: [
          { binding: 0, resource: viewOf(color) },
          { binding: 1, resource: viewOf(depth) },
        ],
      });
      const target = {
        color: viewOf(color),
        depth: viewOf(depth),
        projection: view.projection,
        view: view.view,
      };
      this.natives[i] = eye = { color, depth, group, view: { ...target, clear: true } };
    }
    eye.view.projection = view.projection;
    eye.view.view = view.view;
    this.nativeViews[i] = eye.view;
  }

  private upscaleInto(encoder: GPUCommandEncoder, view: HeadsetView, eye: NativeEye): void {
    const load: GPULoadOp = view.clear ? 'clear' : 'load';
    const pass = encoder.beginRenderPass({
      label: 'eye upscale',
      colorAttachments: [{ view: view.color, loadOp: load, clearValue: [0, 0, 0, 1], storeOp: 'store' }],
      depthStencilAttachment: {
        view: view.depth,
        depthLoadOp: load,
        depthClearValue: 1,
        depthStoreOp: 'store',
      },
    });
    const v = view.viewport;
    pass.setViewport(v.x, v.y, v.width, v.height, 0, 1);
    pass.setPipeline(this.upscale!);
    pass.setBindGroup(0, eye.group);
    pass.draw(3);
    pass.end();
  }

  destroy(): void {
    this.world.destroy();
    this.ui?.destroy();
    this.panel?.destroy();
    for (const eye of this.natives) {
      eye.color.destroy();
      eye.depth.destroy();
    }
  }
}
