import { RenderGraph, type PassDecl, type SizeRule, type TextureAllocator } from '../../graph/render-graph';
import type { Device, RenderTarget, TextureFormat } from '../../device/device';
import { BackgroundPass } from './background-pass';
import { BloomPass } from './bloom-pass';
import { defaultChainSettings, NATIVE_SIZE, type ChainSettings } from './chain-settings';
import { CrtPass } from './crt-pass';
import type { FrameContext } from '../frame-context';
import { GradePass } from './grade-pass';
import { MotionBlurPass } from './motion-blur-pass';
import { OutlinePass } from './outline-pass';
import { PalettePass } from './palette-pass';
import { PresentPass } from './present-pass';
import type { UiPlacement } from './ui-pass';
import { UpscalePass } from './upscale-pass';

/** The part of the renderer's options the chain is made from (see `RendererOptions`). */
interface ChainOptions {
  chain?: Partial<ChainSettings> | boolean;
  ui?: object;
  native?: readonly [number, number];
  pixelStable?: boolean;
}

/** Texels of margin a pixel-stable camera's world image has on each side: room for a shift of up to half a texel. */
export const PIXEL_STABLE_PAD = 1;

type Pass = PassDecl<FrameContext, RenderTarget>;

/** The chain's passes that start bypassed: each changes the picture, so an app turns it on. */
export const OFF_BY_DEFAULT = ['outline', 'bloom', 'grade', 'palette', 'crt'] as const;

/**
 * How the renderer puts its frame's graph together: the chain's settings from the options, the chain's passes, and
 * the graph world → outline → UI → blur → bloom → grade → palette → upscale → bars → CRT → present.
 */
export const chainGraph = {
  /** Defaults overridden by `options.chain`; a UI layer without the chain is an error. */
  settings(options: ChainOptions): ChainSettings {
    if (options.ui && !chainGraph.hasChain(options))
      throw new Error(
        'Renderer: a UI layer needs the pixel-art chain; give a native resolution or chain: true.',
      );
    if (options.pixelStable && !chainGraph.hasChain(options))
      throw new Error(
        'Renderer: pixelStable shifts the image at the upscale, so it needs the pixel-art chain; give a native resolution or chain: true.',
      );
    return { ...defaultChainSettings(), ...(typeof options.chain === 'object' ? options.chain : {}) };
  },

  /** Whether the chain runs: when asked for, and by default when a native resolution is given. */
  hasChain(options: ChainOptions): boolean {
    return options.chain !== false && (options.chain !== undefined || options.native !== undefined);
  },

  /** The size of the world's image and of the chain's images up to the upscale: native, plus a margin if pixel-stable. */
  worldSize(options: ChainOptions): SizeRule {
    return options.pixelStable ? { relativeTo: 'native', pad: PIXEL_STABLE_PAD } : NATIVE_SIZE;
  },

  /**
   * The present pass and, with the chain, the passes between world and present, compiled in parallel: on a software
   * GPU each program takes tens of milliseconds. `ui(input, placement)` makes the UI pass, if there is a UI layer:
   * over the world's native image, or (pixel-stable) over the upscaled image, so the camera's sub-texel shift moves
   * the world and not the UI.
   */
  async passes(
    device: Device,
    options: ChainOptions,
    settings: ChainSettings,
    format: TextureFormat,
    ui: ((input: string, placement: UiPlacement) => Promise<Pass>) | null,
  ): Promise<{ present: PresentPass; post: Pass[] }> {
    const chain = chainGraph.hasChain(options);
    const size = chainGraph.worldSize(options);
    const stable = options.pixelStable === true;
    const over = ui && !stable ? ui('outlined', 'native') : null;
    const above = ui && stable ? ui('upscaled', 'canvas') : null;
    const [present, post] = await Promise.all([
      PresentPass.create(device, chain ? 'crt' : 'scene', format),
      chain
        ? Promise.all<Pass>([
            OutlinePass.create(device, settings, 'scene', size),
            ...(over ? [over] : []),
            MotionBlurPass.create(device, settings, over ? 'composed' : 'outlined', size),
            BloomPass.create(device, settings, 'blurred', size),
            GradePass.create(device, settings, 'bloomed', size),
            PalettePass.create(device, settings, 'graded', size),
            UpscalePass.create(device, settings, 'paletted', stable ? PIXEL_STABLE_PAD : 0),
            ...(above ? [above] : []),
            BackgroundPass.create(device, settings, 'paletted', above ? 'overlaid' : 'upscaled'),
            CrtPass.create(device, settings),
          ])
        : Promise.resolve<Pass[]>([]),
    ]);
    return { present, post };
  },

  /**
   * The validated graph of `world`, `post` and `present` into the external `canvas`; the passes that change the
   * picture's look (bloom, grade, palette, CRT) are off until asked for.
   */
  build(
    allocator: TextureAllocator<RenderTarget>,
    options: ChainOptions,
    canvas: { width: number; height: number },
    format: TextureFormat,
    passes: { world: Pass; post: readonly Pass[]; present: Pass },
  ): RenderGraph<FrameContext, RenderTarget> {
    const graph = new RenderGraph<FrameContext, RenderTarget>(allocator, {
      native: options.native ?? [336, 240],
      canvas: [canvas.width, canvas.height],
    });
    graph.addExternal('canvas', format, { relativeTo: 'canvas' });
    graph.addPass(passes.world);
    for (const pass of passes.post) graph.addPass(pass);
    graph.addPass(passes.present);
    graph.validate();
    for (const name of OFF_BY_DEFAULT)
      if (passes.post.some((p) => p.name === name)) graph.setEnabled(name, false);
    return graph;
  },
};
