import type { PassDecl, RenderGraph } from '../graph/render-graph';
import type { FrameCounters } from '../time/frame-loop';
import type { ChainSettings } from './chain-settings';
import { frameRect } from './frame-rect';

/**
 * What both renderers (WebGPU and WebGL2) do around the graph's run, in one place: fit the graph to the canvas and
 * place the frame rectangle, pick where a redraw starts, sum a frame's counters, carry state to a rebuilt graph.
 */
export const chainFrame = {
  /** Sizes the graph to the canvas and sets `settings.rect`: the upscaled frame, or the whole canvas without it. */
  fit(
    graph: RenderGraph<unknown, unknown>,
    hasChain: boolean,
    settings: ChainSettings,
    width: number,
    height: number,
  ) {
    graph.setCanvasSize(width, height);
    const native = graph.native;
    const canvas = graph.canvas;
    settings.rect =
      hasChain && graph.isEnabled('upscale')
        ? frameRect(native, canvas, settings.pixelAspect, settings.upscale)
        : { x: 0, y: 0, width: canvas[0], height: canvas[1], scale: canvas[1] / native[1] };
  },

  /** The pass a redraw runs from: upscale when it runs (the native image is reused), else present. */
  redrawFrom(graph: RenderGraph<unknown, unknown>, post: readonly PassDecl<unknown, unknown>[]): string {
    return post.find((p) => p.name === 'upscale' && graph.isEnabled('upscale'))?.name ?? 'present';
  },

  /** The frame's counters: the world pass's, plus the UI pass's when it ran. */
  count(
    into: FrameCounters,
    world: { counters: { drawCalls: number; triangles: number; bytesUploaded: number } },
    ui: { counters: { drawCalls: number; instances: number; bytesUploaded: number } } | undefined,
  ): FrameCounters {
    into.drawCalls = world.counters.drawCalls + (ui?.counters.drawCalls ?? 0);
    into.triangles = world.counters.triangles + (ui ? ui.counters.instances * 2 : 0);
    into.bytesUploaded = world.counters.bytesUploaded + (ui?.counters.bytesUploaded ?? 0);
    return into;
  },

  /** Pass toggles and the world's light, from the graph a loss took away to the one rebuilt from the scene. */
  carryOver(
    from: { graph: RenderGraph<unknown, unknown>; world: Light },
    to: { graph: RenderGraph<unknown, unknown>; world: Light },
  ): void {
    for (const name of from.graph.passNames()) to.graph.setEnabled(name, from.graph.isEnabled(name));
    to.world.lightDirection.set(from.world.lightDirection);
    to.world.lightColor.set(from.world.lightColor);
    to.world.ambient.set(from.world.ambient);
  },
};

interface Light {
  readonly lightDirection: Float32Array;
  readonly lightColor: Float32Array;
  readonly ambient: Float32Array;
}
