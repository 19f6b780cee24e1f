// hello: the smallest Armature page. Acquires the GPU through the engine, clears the canvas and draws the test pattern.
import { configureCanvas, installArmatureHandle, requestGpu, TestPattern } from '../../src/index';
import { showError } from '../shared/show-error';

const CLEAR_COLOR = { r: 0.1, g: 0.12, b: 0.2, a: 1 };

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

try {
  const gpu = await requestGpu();
  const { context, format } = configureCanvas(gpu, canvas);
  const pattern = await TestPattern.create(gpu.device, format);
  handle.backend = 'webgpu';

  const encoder = gpu.device.createCommandEncoder({ label: 'hello frame' });
  pattern.encode(encoder, context.getCurrentTexture().createView(), CLEAR_COLOR);
  gpu.device.queue.submit([encoder.finish()]);
  await gpu.device.queue.onSubmittedWorkDone();
  handle.frame = 1;
  handle.ready = true;
} catch (error) {
  showError(handle, canvas, error);
}
