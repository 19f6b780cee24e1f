// Shared by the demos: URL parameters (?t=&fps=&seed=), the frame loop with its budget, the page handle and the HUD.
import {
  FixedClock,
  FrameBudget,
  FrameClock,
  ReadoutThrottle,
  Renderer,
  run,
  type BackendChoice,
  type BudgetSnapshot,
  type ClockSample,
  type FrameLoop,
  type GpuRequest,
  type RendererOptions,
  type RunOptions,
  Timeline,
  type Running,
} from '../../src/index';
import type { Device } from '../../src/advanced';
import type { ArmatureHandle } from '../../src/debug';
import { showError } from './show-error';
import { soakStep } from './soak';

/** `?backend=auto|webgpu|webgl2`, checked; without it `auto` (WebGPU where it can start, WebGL2 otherwise). */
export function demoBackend(): BackendChoice {
  const asked = new URLSearchParams(location.search).get('backend') ?? 'auto';
  if (asked !== 'auto' && asked !== 'webgpu' && asked !== 'webgl2')
    throw new Error(`URL parameter backend=${asked}: use backend=webgpu, backend=webgl2 or backend=auto.`);
  return asked;
}

/**
 * Publishes a device's live GPU object counts on the handle and sends its uncaptured WebGPU errors to
 * `handle.errors`; called for each new GPU device (a WebGL2 context is counted once: its counts survive a restore).
 */
export function trackDevice(handle: ArmatureHandle): (device: Device) => void {
  return (device) => {
    handle.gpuResources = device.trackResources(handle.errors).counts;
  };
}

/**
 * The page's renderer on the backend the URL asks for (`?backend=`, default `auto`), its backend and the reason for a
 * fallback published on the handle. `request` is for the WebGPU device (e.g. `xrCompatible`).
 */
export async function demoRenderer(
  handle: ArmatureHandle,
  canvas: HTMLCanvasElement,
  options: RendererOptions,
  request: GpuRequest = {},
): Promise<Renderer> {
  const renderer = await Renderer.create(canvas, {
    ...options,
    backend: demoBackend(),
    request,
    onDevice: trackDevice(handle),
  });
  handle.backend = renderer.backend;
  handle.fallbackReason = renderer.fallbackReason;
  return renderer;
}

/** How far a soak's fixed clock may run (a day of scene time): the soak ends it by its own count first. */
const SOAK_CLOCK_S = 86_400;

/** The URL's parameters, with the fixed-clock ones checked: a bad value is an error on the page, not a guess. */
export function demoParams(): {
  params: URLSearchParams;
  fixed: { t: number; fps: number } | null;
  seed: number;
  /** `?soak=N`: run N frames under the fixed clock while passes and sizes change (see soak.ts). */
  soak: number | null;
} {
  const params = new URLSearchParams(location.search);
  const number = (name: string, fallback: number) => {
    const raw = params.get(name);
    if (raw === null) return fallback;
    const value = Number(raw);
    if (raw.trim() === '' || !Number.isFinite(value))
      throw new Error(`URL parameter ${name}=${raw} is not a number.`);
    return value;
  };
  const soak = params.has('soak') ? number('soak', 0) : null;
  if (soak !== null && (!Number.isInteger(soak) || soak < 1 || params.has('t')))
    throw new Error(
      `URL parameter soak=${params.get('soak')}: give a whole number of frames (≥ 1), without t=.`,
    );
  // A soak is a fixed-clock run at 60 fps that ends when the soak has counted its frames (see soak.ts), not at a time.
  const t = soak !== null ? SOAK_CLOCK_S : params.has('t') ? number('t', 0) : null;
  return {
    params,
    fixed: t === null ? null : { t, fps: soak !== null ? 60 : number('fps', 60) },
    seed: number('seed', 1),
    soak,
  };
}

/**
 * A step that advances a scene `Timeline` by the clock's delta. `schedule` fills a fresh timeline on the first frame
 * and again whenever the clock starts over from 0 (a fixed-clock replay after a device loss or a change), so timers and
 * tweens start over with it and the held frame is the one a fresh page shows.
 */
export function timelineStep(schedule: (timeline: Timeline) => void): (sample: ClockSample) => void {
  let timeline: Timeline | null = null;
  return (sample) => {
    if (!timeline || (sample.elapsed === 0 && timeline.time > 0)) {
      timeline = new Timeline();
      schedule(timeline);
    }
    timeline.advance(sample.delta);
  };
}

/** Formats a budget snapshot for the HUD. */
export function formatBudget(s: BudgetSnapshot): string {
  const ms = (v: number) => v.toFixed(2);
  return (
    `cost p50 ${ms(s.cost.p50)} p95 ${ms(s.cost.p95)} max ${ms(s.cost.max)} ms · ` +
    `interval p50 ${ms(s.interval.p50)} ms · over ${ms(s.ceilingMs)} ms: ${(s.overCeilingShare * 100).toFixed(1)}% · ` +
    `${s.drawCalls} draws · ${s.triangles} tris · ${s.bytesUploaded} B up` +
    (s.gpuMs === null ? '' : ` · GPU ${ms(s.gpuMs)} ms`)
  );
}

/**
 * Runs a demo through the library's `run`: the fixed clock when `?t=` is given (ready once it has reached t and that
 * frame is on screen), the wall clock otherwise (ready after the first frame); the page handle kept up to date; under
 * the fixed clock a device loss or a change replays from t = 0 so the held frame is the one a fresh page shows.
 */
export function runDemo(
  handle: ArmatureHandle,
  renderer: Renderer,
  steps: ((sample: ClockSample) => void)[],
  hud: HTMLElement | null,
  options: { fit?: boolean; keepRunning?: boolean; input?: RunOptions['input'] } = {},
): DemoRun {
  const { fixed, soak } = demoParams();
  const soakRun = soak ? soakStep(handle, renderer, soak) : null;
  const clock = fixed ? new FixedClock({ fps: fixed.fps, until: fixed.t }) : new FrameClock();
  const budget = new FrameBudget();
  const readout = new ReadoutThrottle();
  handle.backend = renderer.backend;
  let finishing = false;
  let lost = renderer.lostFrames;
  const time = (handle.clock = { elapsed: 0, delta: 0, maxDelta: 0, jumps: 0 });
  const world = (handle.world = { drawn: 0, batches: 0, culled: 0, packed: 0 });
  const clockStep = (sample: ClockSample) => {
    time.elapsed = sample.elapsed;
    time.delta = sample.delta;
    time.maxDelta = Math.max(time.maxDelta, sample.delta);
    if (sample.jumpDiscarded) time.jumps++;
  };
  // Under the fixed clock the readout follows scene time: the same snapshots at the same frames whatever the machine,
  // and none once the clock holds, so a held page's readout holds too.
  const readoutStep = (sample: ClockSample) => {
    if (!readout.due(clock instanceof FixedClock ? sample.elapsed * 1000 : performance.now())) return;
    handle.stats = budget.snapshot();
    const gpu = renderer.gpuTimes;
    handle.gpuPasses = gpu ? Object.fromEntries(gpu.passes) : null;
    if (hud && handle.stats.samples > 0)
      hud.textContent = `${formatBudget(handle.stats)} · ${world.drawn} drawn · ${world.culled} culled`;
  };
  const running = run(
    renderer,
    // The readout before the demo's steps: what they show of the budget is what the handle publishes for that frame.
    [clockStep, readoutStep, ...steps, ...(soakRun ? [soakRun.step] : [])],
    {
      clock,
      budget,
      fit: options.fit ?? false,
      ...(options.input ? { input: options.input } : {}),
      onFailure: (error) => {
        running.stop();
        if (renderer.canvas instanceof HTMLCanvasElement) showError(handle, renderer.canvas, error);
      },
      onFrame: (_counters, _sample, xrFrame) => {
        if (xrFrame) return; // a headset frame: the canvas did not change
        const counters = renderer.world.counters;
        world.drawn = counters.drawn;
        world.batches = counters.drawCalls;
        world.culled = counters.culled;
        world.packed = counters.objectsPacked;
        if (renderer.lostFrames === lost) handle.frame++; // a frame skipped for a lost device was not presented
        lost = renderer.lostFrames;
        handle.graph = renderer.graph.describe();
        const done = soakRun ? soakRun.done() : clock instanceof FixedClock ? clock.done : true;
        if (done && !finishing && !handle.ready) {
          finishing = true;
          void renderer.finished().then(() => {
            handle.ready = true;
            // The image holds: no need to keep drawing it (unless the page takes input, applied frame by frame).
            if (clock instanceof FixedClock && !options.keepRunning) running.stop();
          });
        }
      },
    },
  );
  // A device loss: the renderer rebuilds what lives in the device (tracked like the first); under the fixed clock
  // the held frame is replayed from t = 0, so the page ends on the very image it showed before.
  let recovered: (() => void) | null = null;
  renderer.onRecovered = (recovery) => {
    handle.recoveries.push(recovery);
    // A soak counts frames, and loses its device on purpose: it goes on from where it was.
    if (clock instanceof FixedClock && !soak) replay();
    const presented = handle.frame;
    const waitForFrame = () => {
      if (handle.frame > presented && (handle.ready || !(clock instanceof FixedClock))) {
        void renderer.finished().then(() => recovered?.());
      } else requestAnimationFrame(waitForFrame);
    };
    waitForFrame();
  };
  handle.simulateDeviceLoss = () =>
    new Promise<void>((resolve) => {
      recovered = resolve;
      renderer.simulateLoss();
    });
  /** After a change: under the fixed clock, run again from t = 0 (history cleared) so the held frame reflects it. */
  const replay = () => {
    if (!(clock instanceof FixedClock)) return;
    handle.ready = false;
    finishing = false;
    running.stop();
    renderer.resetHistory();
    running.start();
  };
  return { running, loop: running.loop, replay };
}

/** A running demo: the library's `running` (its loop, where XR frames go) and the replay of a fixed-clock run. */
export interface DemoRun {
  running: Running;
  loop: FrameLoop;
  replay: () => void;
}
