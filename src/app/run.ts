import type { InputEvent } from '../input/input-event';
import type { InputQueue } from '../input/input-queue';
import type { UiKernel } from '../ui/ui-kernel';
import type { Renderer } from '../render/renderers/renderer';
import { FrameBudget } from '../time/frame-budget';
import { FrameClock, type Clock, type ClockSample } from '../time/frame-clock';
import { FrameLoop, type FrameCounters, type FrameStep, type WindowFrames } from '../time/frame-loop';
import { fitCanvas } from './fit-canvas';
import { isBareCanvas, sizeBareCanvas } from './size-bare-canvas';
import { showFailure } from '../render/renderers/show-failure';

/** How `run` drives a renderer; every option has a default that suits a page. */
export interface RunOptions {
  /** Default: a `FrameClock` (measured time, first frame 0, long stalls capped). A `FixedClock` for repeatable runs. */
  clock?: Clock;
  /** Default: a `FrameBudget` against the 90 Hz headset ceiling. */
  budget?: FrameBudget;
  /**
   * Keep the canvas's drawing buffer at its CSS size in device pixels (default: true for a canvas in a document).
   * While the loop is stopped a resize re-presents the last frame (`renderer.redraw()`). A canvas that CSS does not
   * size (a bare `<canvas>`) is first given the largest whole multiple of the native resolution that fits its
   * container, so the picture is crisp.
   */
  fit?: boolean;
  /** Where frames come from (default: the window). */
  frames?: WindowFrames;
  /**
   * Called when the renderer's device is gone for good (no new one after a loss). Default: the loop stops and the
   * canvas is replaced by the message (`showFailure`). While a loss is being recovered, frames are skipped, not
   * thrown, and the loop runs on.
   */
  onFailure?: (error: Error) => void;
  /**
   * The input phase (seed 004: all input first, then logic): each frame, before the steps, everything the queue
   * collected is handed to the UI kernel and the kernel updated (its events go to `kernel.onEvent`), and text input is
   * asked for while a field edits; then `events` gets the frame's input too (a game's `HeldActions`, a recorder).
   */
  input?: {
    queue: Pick<InputQueue, 'drain' | 'textInput'>;
    kernel?: UiKernel;
    events?: (events: InputEvent[]) => void;
  };
  /** Called after each frame is drawn (or skipped), with what it drew: for a readout, a test, a recorder. */
  onFrame?: (counters: FrameCounters, sample: ClockSample, xrFrame?: XRFrame) => void;
}

/** A renderer being run: its loop, clock and budget, and where a headset session's frames go. */
export interface Running {
  readonly renderer: Renderer;
  readonly loop: FrameLoop;
  readonly clock: Clock;
  readonly budget: FrameBudget;
  /** While set, frames of an XR session are drawn by it instead of the canvas renderer (`enterXr` sets it). */
  xrRender: ((sample: ClockSample, frame: XRFrame) => FrameCounters) | null;
  /** The counters of the last frame drawn. */
  readonly last: FrameCounters;
  start(): void;
  /** Stops asking for frames (the clock restarts from 0 with the next start). */
  stop(): void;
  /** Stops, stops following the canvas's size, and frees the renderer. */
  destroy(): void;
}

/**
 * The one obvious way to run a renderer: fits its canvas to the page in device pixels, then every frame measures the
 * time, applies the queued input (`options.input`), runs `steps` (animation, game logic: they get the clock's
 * `elapsed` and `delta` in seconds) and renders,
 * recording the frame's cost in the budget. Frames come from the window, or from an XR session while one runs.
 */
export function run(
  renderer: Renderer,
  steps: FrameStep | readonly FrameStep[] = [],
  options: RunOptions = {},
): Running {
  const clock = options.clock ?? new FrameClock();
  const budget = options.budget ?? new FrameBudget();
  const canvas = renderer.canvas;
  let last: FrameCounters = { drawCalls: 0, triangles: 0 };
  const loop = new FrameLoop({
    clock,
    budget,
    ...(options.frames ? { window: options.frames } : {}),
    render: (sample, xrFrame) => {
      // In a headset session the frame goes to the session's layer; the canvas resumes when it ends.
      last =
        xrFrame && running.xrRender
          ? running.xrRender(sample, xrFrame)
          : renderer.render(sample.elapsed, sample.delta);
      options.onFrame?.(last, sample, xrFrame);
      return last;
    },
  });
  const input = options.input;
  if (input)
    loop.addStep(() => {
      const events = input.queue.drain();
      if (input.kernel) {
        for (const event of events) input.kernel.push(event);
        input.kernel.update();
        input.queue.textInput = input.kernel.capture === 'text';
      }
      input.events?.(events);
    });
  for (const step of typeof steps === 'function' ? [steps] : steps) loop.addStep(step);
  const element =
    typeof HTMLCanvasElement !== 'undefined' && canvas instanceof HTMLCanvasElement ? canvas : null;
  const fit = element !== null && (options.fit ?? element.isConnected);
  const unsize =
    fit && isBareCanvas(element) ? sizeBareCanvas(element, () => renderer.graph.native) : () => {};
  const unfitBuffer = fit
    ? fitCanvas(element, () => {
        if (!loop.isRunning) renderer.redraw();
      })
    : () => {};
  const unfit = () => {
    unsize();
    unfitBuffer();
  };
  renderer.onUnrecoverable =
    options.onFailure ??
    ((error) => {
      loop.stop();
      showFailure(canvas, error);
    });
  const running: Running = {
    renderer,
    loop,
    clock,
    budget,
    xrRender: null,
    get last() {
      return last;
    },
    start: () => loop.start(),
    stop: () => loop.stop(),
    destroy: () => {
      loop.stop();
      unfit();
      renderer.destroy();
    },
  };
  loop.start();
  return running;
}
