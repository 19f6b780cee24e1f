// hello: the smallest Armature page. Acquires the GPU through the engine and draws the test pattern every frame from
// the frame loop, with the budget on window.__armature.stats. `?frames=N` stops after N frames.
import {
  configureCanvas,
  FrameBudget,
  FrameClock,
  FrameLoop,
  GpuTimer,
  installArmatureHandle,
  ReadoutThrottle,
  requestGpu,
  TestPattern,
} from '../../src/index';
import { showError } from '../shared/show-error';

const CLEAR_COLOR = { r: 0.1, g: 0.12, b: 0.2, a: 1 };

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const maxFrames = Number(new URLSearchParams(location.search).get('frames') ?? Infinity);

try {
  const gpu = await requestGpu();
  const { context, format } = configureCanvas(gpu, canvas);
  const pattern = await TestPattern.create(gpu.device, format);
  const timer = new GpuTimer(gpu.device);
  const budget = new FrameBudget();
  const readout = new ReadoutThrottle();
  handle.backend = 'webgpu';

  const loop = new FrameLoop({
    clock: new FrameClock(),
    budget,
    render: () => {
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
      handle.frame++;
      if (handle.frame === 1) void gpu.device.queue.onSubmittedWorkDone().then(() => (handle.ready = true));
      if (handle.frame >= maxFrames) loop.stop();
      return { drawCalls: 1, triangles: 1, gpuMs: timer.latest?.frameMs };
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
