// hello: the smallest Armature page. Acquires the GPU through the engine and draws the test pattern every frame from
// the frame loop, with the budget on window.__armature.stats. `?frames=N` stops after N frames; `?backend=webgl2`
// draws the same through WebGL2 (the default where the browser has no WebGPU).
import {
  configureCanvas,
  FrameBudget,
  FrameClock,
  FrameLoop,
  GlTestPattern,
  GpuTimer,
  installArmatureHandle,
  ReadoutThrottle,
  requestGpu,
  TestPattern,
} from '../../src/index';
import { demoBackend } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const CLEAR_COLOR = { r: 0.1, g: 0.12, b: 0.2, a: 1 };

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const maxFrames = Number(new URLSearchParams(location.search).get('frames') ?? Infinity);

try {
  const backend = demoBackend();
  const budget = new FrameBudget();
  const readout = new ReadoutThrottle();
  handle.backend = backend;
  let draw: () => { drawCalls: number; triangles: number; gpuMs?: number | undefined };
  let finished: () => Promise<void>;
  if (backend === 'webgl2') {
    const gl = canvas.getContext('webgl2', { antialias: false, alpha: false });
    if (!gl) throw new Error('canvas.getContext("webgl2") returned null: this browser has no WebGL2.');
    const pattern = GlTestPattern.create(gl);
    draw = () => {
      pattern.draw(CLEAR_COLOR);
      return { drawCalls: 1, triangles: 1 };
    };
    finished = () => Promise.resolve(gl.finish());
  } else {
    const gpu = await requestGpu();
    const { context, format } = configureCanvas(gpu, canvas);
    const pattern = await TestPattern.create(gpu.device, format);
    const timer = new GpuTimer(gpu.device);
    draw = () => {
      timer.beginFrame();
      const encoder = gpu.device.createCommandEncoder({ label: 'hello frame' });
      pattern.encode(
        encoder,
        context.getCurrentTexture().createView(),
        CLEAR_COLOR,
        timer.timestampWrites('pattern'),
      );
      timer.resolve(encoder);
      gpu.device.queue.submit([encoder.finish()]);
      void timer.read();
      return { drawCalls: 1, triangles: 1, gpuMs: timer.latest?.frameMs };
    };
    finished = () => gpu.device.queue.onSubmittedWorkDone();
  }

  const loop = new FrameLoop({
    clock: new FrameClock(),
    budget,
    render: () => {
      const counters = draw();
      handle.frame++;
      if (handle.frame === 1) void finished().then(() => (handle.ready = true));
      if (handle.frame >= maxFrames) loop.stop();
      return counters;
    },
  });
  // The budget records a frame after render; publish what it knows a few times a second, and on the last frame.
  loop.addStep(() => {
    if (readout.due(performance.now()) || handle.frame + 1 >= maxFrames) handle.stats = budget.snapshot();
  });
  loop.start();
} catch (error) {
  showError(handle, canvas, error);
}
