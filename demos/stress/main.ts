// stress: N boxes (?n=, default 10 000), a share of them (?moving=, default 0.01) turning, drawn at 336×240 with the
// frame budget on screen; ?turn= turns the eye where it stands (radians per second, default 0), so culling shows in
// the HUD's drawn and culled counts; ?cull=gpu culls on the GPU (a compute pass and indirect draws, where the device
// has them; default cpu). The demo that shows what the engine costs per frame.
import { quat } from 'gl-matrix';
import { boxGeometry, Camera, Material, Mesh, Node, seededRandom } from '../../src/index';
import { installArmatureHandle } from '../../src/debug';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

try {
  const { params, seed } = demoParams();
  const n = Number(params.get('n') ?? 10_000);
  const share = Number(params.get('moving') ?? 0.01);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`?n=${params.get('n')} must be a whole number of boxes ≥ 1.`);
  if (!(share >= 0 && share <= 1))
    throw new Error(`?moving=${params.get('moving')} must be a share between 0 and 1.`);
  const turn = Number(params.get('turn') ?? 0);
  if (!Number.isFinite(turn)) throw new Error(`?turn=${params.get('turn')} must be radians per second.`);
  const cull = params.get('cull') ?? 'cpu';
  if (cull !== 'cpu' && cull !== 'gpu') throw new Error(`?cull=${cull} must be cpu or gpu.`);

  const random = seededRandom(seed);
  const root = new Node('root');
  const box = boxGeometry(0.6, 0.6, 0.6);
  const palette = Array.from(
    { length: 8 },
    (_, i) => new Material('lambert', [0.3 + 0.09 * i, 0.8 - 0.07 * i, 0.5, 1]),
  );
  const side = Math.ceil(Math.sqrt(n));
  const moving: Mesh[] = [];
  for (let i = 0; i < n; i++) {
    const mesh = new Mesh(`box${i}`, box, palette[i % palette.length]!);
    mesh.setPosition((i % side) - side / 2, 0, -Math.floor(i / side));
    const q = quat.fromEuler(quat.create(), random() * 90, random() * 90, 0);
    mesh.setRotation(q[0], q[1], q[2], q[3]);
    root.add(mesh);
    if (random() < share) moving.push(mesh);
  }
  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: Math.PI / 3,
    aspect: 336 / 240,
    near: 0.1,
    far: side * 2 + 10,
  });
  camera.setRotationFromAxisAngle([1, 0, 0], -0.6);
  // The eye turns in place about a vertical axis (a pivot where it stands): ?turn= makes it look away from the field.
  const pivot = new Node('pivot').setPosition(0, side * 0.35, side * 0.25);
  pivot.add(camera);
  root.add(pivot);

  const renderer = await demoRenderer(handle, canvas, {
    root,
    camera,
    clearColor: { r: 0.05, g: 0.05, b: 0.08, a: 1 },
    gpuCulling: cull === 'gpu',
  });
  if (cull === 'gpu' && !renderer.world.gpuCulling)
    throw new Error(
      `?cull=gpu: this ${renderer.backend} device has no compute shaders with indirect draws from any first ` +
        'instance; use ?cull=cpu here.',
    );
  const spin = quat.create();
  runDemo(
    handle,
    renderer,
    [
      (sample) => {
        // 2 rad/s, by time, not frames; one quaternion for every moving box (thousands: not worked out per box).
        quat.setAxisAngle(spin, [0, 1, 0], sample.elapsed * 2);
        for (const mesh of moving) mesh.setRotation(spin[0], spin[1], spin[2], spin[3]);
        if (turn !== 0) pivot.setRotationFromEuler(0, sample.elapsed * turn, 0);
      },
    ],
    document.querySelector('#hud'),
  );
} catch (error) {
  showError(handle, canvas, error);
}
