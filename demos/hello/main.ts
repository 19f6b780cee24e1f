// hello: the smallest Armature page. Makes the canvas's device through the engine (WebGPU, or WebGL2 where WebGPU
// cannot start) and draws the test pattern every frame from the frame loop, with the budget on
// window.__armature.stats. `?frames=N` stops after N frames; `?backend=webgl2` forces WebGL2.
import { FrameBudget, FrameClock, FrameLoop, ReadoutThrottle } from '../../src/index';
import { createDevice } from '../../src/advanced';
import { installArmatureHandle, TestPattern } from '../../src/debug';
import { demoBackend, trackDevice } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const CLEAR_COLOR = [0.1, 0.12, 0.2, 1] as const;

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const maxFrames = Number(new URLSearchParams(location.search).get('frames') ?? Infinity);

try {
  const { device, fallbackReason } = await createDevice(canvas, {
    backend: demoBackend(),
    onDevice: trackDevice(handle),
  });
  handle.backend = device.backend;
  handle.fallbackReason = fallbackReason;
  const pattern = await TestPattern.create(device, device.canvasTarget().format);
  const budget = new FrameBudget();
  const readout = new ReadoutThrottle();
  const loop = new FrameLoop({
    clock: new FrameClock(),
    budget,
    render: () => {
      device.beginFrame();
      pattern.draw(device, device.canvasTarget(), CLEAR_COLOR);
      device.submit();
      handle.frame++;
      if (handle.frame === 1) void device.finished().then(() => (handle.ready = true));
      if (handle.frame >= maxFrames) loop.stop();
      return { drawCalls: 1, triangles: 1, gpuMs: device.gpuTimes?.frameMs };
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
