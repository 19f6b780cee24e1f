// Shared by the demos: the ?soak=N mode, a long fixed-clock run that changes passes and sizes while it draws, so a
// leak of GPU objects or a validation error shows up as numbers on the page handle.
import type { ClockSample, Renderer } from '../../src/index';
import {
  applyChainState,
  CHAIN_PASSES,
  readChainUrl,
  type ArmatureHandle,
  type GpuResourceCounts,
  type GlResourceCounts,
} from '../../src/debug';

/** Frames a soak runs past its length: the last checkpoint (a multiple of 1000) samples its counts 10 frames on. */
export const SOAK_TAIL = 20;

/** Resource counts at one checkpoint of a soak. */
export interface SoakSample {
  frame: number;
  resources: GpuResourceCounts | GlResourceCounts;
}

/** What a soak run publishes as `window.__armature.soak`. */
export interface SoakReport {
  frames: number;
  /** Counts every 1000 frames, taken in the same state (all passes as at the start, the starting canvas size). */
  samples: SoakSample[];
  toggles: number;
  resizes: number;
}

declare global {
  interface Window {
    /** Chromium's collector, exposed by --js-flags=--expose-gc (the e2e browser has it). */
    gc?: () => void;
  }
}

/**
 * The soak's frame step: every 100 frames one pass is switched off or back on (in turn through the chain's passes, the
 * way the URL and the debug panel switch them; a renderer without a chain switches its render bundles instead), every 250 frames the canvas takes the next of four
 * sizes (the starting one, odd, 1×1, 1920×1080), and at each 1000th frame, where passes and size are as they began,
 * garbage is collected (twice, five frames apart: objects freed by the collector are counted as gone a task or two
 * later) and, ten frames on, the live GPU object counts are sampled. Before that first sample every chain pass runs for
 * one frame (frame 1, not counted as a toggle; frame 2 is as at the start again): the graph keeps a texture pool big
 * enough for every pass that may run, and a pass that starts bypassed adds its textures the first time it runs, so
 * without this warm-up the first sample would be taken from a smaller pool than every later one.
 */
export function soakStep(handle: ArmatureHandle, renderer: Renderer): (sample: ClockSample) => void {
  const canvas = renderer.canvas;
  const sizes: [number, number][] = [
    [canvas.width, canvas.height],
    [641, 359],
    [1, 1],
    [1920, 1080],
  ];
  const chain = renderer.graph.passNames().includes('upscale');
  const state = readChainUrl(new URLSearchParams(location.search));
  const startOff = new Set(state.off);
  const report: SoakReport = { frames: 0, samples: [], toggles: 0, resizes: 0 };
  (handle as ArmatureHandle & { soak: SoakReport }).soak = report;
  return () => {
    const k = report.frames++;
    if (chain && (k === 1 || k === 2)) {
      // The warm-up: every pass on for a frame, then as at the start.
      state.off = k === 1 ? new Set() : new Set(startOff);
      applyChainState(renderer, state);
    }
    if (k > 0 && k % 100 === 0) {
      // Frames 100, 300, 500…: a pass flipped; 200, 400…: back as it began. Each 200 frames, the next pass.
      const flip = k % 200 === 100;
      if (!chain) {
        renderer.world.useBundles = !flip;
      } else {
        state.off = new Set(startOff);
        const pass = CHAIN_PASSES[Math.floor(k / 200) % CHAIN_PASSES.length]!;
        if (flip && !state.off.delete(pass)) state.off.add(pass);
        applyChainState(renderer, state);
      }
      report.toggles++;
    }
    if (k > 0 && k % 250 === 0) {
      [canvas.width, canvas.height] = sizes[(k / 250) % sizes.length]!;
      report.resizes++;
    }
    if (k % 1000 === 0 || k % 1000 === 5) window.gc?.();
    if (k % 1000 === 10 && handle.gpuResources)
      report.samples.push({ frame: k, resources: { ...handle.gpuResources } });
  };
}
