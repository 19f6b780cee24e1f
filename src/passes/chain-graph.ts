import { RenderGraph, type PassDecl, type TextureAllocator } from '../graph/render-graph';
import { BackgroundPass } from './background-pass';
import { defaultChainSettings, type ChainSettings } from './chain-settings';
import { CrtPass } from './crt-pass';
import { MotionBlurPass } from './motion-blur-pass';
import type { PostBackend } from './post-program';
import { PresentPass } from './present-pass';
import { UpscalePass } from './upscale-pass';

/** The part of either renderer's options the graph is made from (see `RendererOptions`). */
interface ChainOptions {
  chain?: Partial<ChainSettings> | boolean;
  ui?: object;
  native?: readonly [number, number];
}

/**
 * How both renderers (WebGPU and WebGL2) put a frame's graph together, in one place: the chain's settings from the
 * options, the chain's passes on a backend, and the graph world → UI → blur → upscale → bars → CRT → present.
 */
export const chainGraph = {
  /** Defaults overridden by `options.chain`; a UI layer without the chain is an error naming the renderer. */
  settings(renderer: string, options: ChainOptions): ChainSettings {
    if (options.ui && !chainGraph.hasChain(options))
      throw new Error(`${renderer}: a UI layer needs the pixel-art chain; pass chain: true.`);
    return { ...defaultChainSettings(), ...(typeof options.chain === 'object' ? options.chain : {}) };
  },

  hasChain(options: ChainOptions): boolean {
    return options.chain !== undefined && options.chain !== false;
  },

  /**
   * The present pass and, with the chain, the passes between world and present (the backend's UI pass first when
   * given), compiled in parallel: on a software GPU each program takes tens of milliseconds.
   */
  async passes<F extends { delta: number }, T extends { width: number; height: number }>(
    backend: PostBackend<F, T>,
    options: ChainOptions,
    settings: ChainSettings,
    format: string,
    ui: Promise<PassDecl<F, T>> | PassDecl<F, T> | null,
  ): Promise<{ present: PresentPass<F, T>; post: PassDecl<F, T>[] }> {
    const chain = chainGraph.hasChain(options);
    const [present, post] = await Promise.all([
      PresentPass.create(backend, chain ? 'crt' : 'scene', format),
      chain
        ? Promise.all<PassDecl<F, T>>([
            ...(ui ? [ui] : []),
            MotionBlurPass.create(backend, settings, ui ? 'composed' : 'scene'),
            UpscalePass.create(backend, settings, 'blurred'),
            BackgroundPass.create(backend, settings, 'blurred'),
            CrtPass.create(backend, settings),
          ])
        : Promise.resolve<PassDecl<F, T>[]>([]),
    ]);
    return { present, post };
  },

  /** The validated graph of `world`, `post` and `present` into the external `canvas`, CRT off until asked for. */
  build<F, T>(
    allocator: TextureAllocator<T>,
    options: ChainOptions,
    canvas: { width: number; height: number },
    format: string,
    passes: { world: PassDecl<F, T>; post: readonly PassDecl<F, T>[]; present: PassDecl<F, T> },
  ): RenderGraph<F, T> {
    const graph = new RenderGraph<F, T>(allocator, {
      native: options.native ?? [336, 240],
      canvas: [canvas.width, canvas.height],
    });
    graph.addExternal('canvas', format, { relativeTo: 'canvas' });
    graph.addPass(passes.world);
    for (const pass of passes.post) graph.addPass(pass);
    graph.addPass(passes.present);
    graph.validate();
    if (passes.post.some((p) => p.name === 'crt')) graph.setEnabled('crt', false);
    return graph;
  },
};
