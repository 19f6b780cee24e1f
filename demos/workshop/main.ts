// workshop: seed 000's bench. A table top 0.9 m above the floor, a support with two sockets, five loose pieces, a
// panel facing the user and an axle turning at 90°/s. The button attaches the big gear to the axle (it stays where it
// is, then orbits), a second click detaches it back onto the table top (where it stops); each deviation is logged.
// Dragging the table carries everything on it. The budget readout is an object in the scene, on the table.
// Fixed times for screenshots: ?t=2&fps=30&attach=0.5&detach=1.5
import { quat } from 'gl-matrix';
import {
  boxGeometry,
  Camera,
  cylinderGeometry,
  HEADSET_90HZ_MS,
  installArmatureHandle,
  Material,
  Mesh,
  Node,
  planeGeometry,
  quadGeometry,
  Renderer,
  sphereGeometry,
} from '../../src/index';
import { demoParams, demoGpu, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const log = document.querySelector<HTMLPreElement>('#log')!;
const button = document.querySelector<HTMLButtonElement>('#attach')!;

const AXLE_SPEED = Math.PI / 2; // rad/s: 90° per second, by time, not by frames

try {
  const { params, fixed } = demoParams();
  const attachAt = params.has('attach') ? Number(params.get('attach')) : null;
  const detachAt = params.has('detach') ? Number(params.get('detach')) : null;
  const lambert = (r: number, g: number, b: number) => new Material('lambert', [r, g, b, 1]);

  const scene = new Node('scene');
  scene.add(new Mesh('floor', planeGeometry(6, 6), lambert(0.35, 0.33, 0.3)));
  const table = new Node('table'); // a group: the frame everything on the bench shares
  scene.add(table);
  const top = new Mesh('top', boxGeometry(1.2, 0.05, 0.7), lambert(0.6, 0.42, 0.25)).setPosition(0, 0.9, 0);
  table.add(top);
  for (const [x, z] of [
    [-0.55, -0.3],
    [0.55, -0.3],
    [-0.55, 0.3],
    [0.55, 0.3],
  ] as const) {
    table.add(
      new Mesh('leg', boxGeometry(0.05, 0.875, 0.05), lambert(0.45, 0.3, 0.18)).setPosition(x, 0.4375, z),
    );
  }
  const support = new Mesh('support', boxGeometry(0.3, 0.06, 0.12), lambert(0.4, 0.4, 0.45)).setPosition(
    0.3,
    0.055,
    -0.15,
  );
  top.add(support);
  for (const x of [-0.08, 0.08])
    support.add(
      new Mesh('socket', cylinderGeometry(0.025, 0.03, 12), lambert(0.2, 0.2, 0.22)).setPosition(x, 0.045, 0),
    );
  const axle = new Mesh('axle', cylinderGeometry(0.02, 0.2, 12), lambert(0.7, 0.7, 0.75)).setPosition(
    -0.3,
    0.125,
    -0.1,
  );
  top.add(axle);
  axle.add(
    new Mesh('arm', boxGeometry(0.12, 0.015, 0.015), lambert(0.8, 0.2, 0.2)).setPosition(0.06, 0.09, 0),
  ); // shows the turn
  const gear = new Mesh('big gear', cylinderGeometry(0.07, 0.02, 16), lambert(0.85, 0.7, 0.2)).setPosition(
    -0.05,
    0.035,
    -0.1,
  );
  top.add(gear);
  const loose = [
    new Mesh('pin', cylinderGeometry(0.01, 0.08, 8), lambert(0.6, 0.6, 0.6)).setPosition(0.1, 0.035, 0.15),
    new Mesh('washer', cylinderGeometry(0.03, 0.008, 12), lambert(0.5, 0.5, 0.55)).setPosition(
      -0.15,
      0.03,
      0.2,
    ),
    new Mesh('spring', cylinderGeometry(0.02, 0.06, 10), lambert(0.3, 0.5, 0.8)).setPosition(
      0.3,
      0.055,
      0.18,
    ),
    new Mesh('cap', sphereGeometry(0.03, 10, 6), lambert(0.2, 0.6, 0.3)).setPosition(-0.4, 0.055, 0.2),
  ];
  for (const piece of loose) top.add(piece);
  // The panel faces the user (+Z); the budget bar on it is the readout, a scene object on the table.
  const panel = new Mesh('panel', quadGeometry(0.5, 0.25), lambert(0.3, 0.32, 0.4)).setPosition(
    0.1,
    0.45,
    -0.33,
  );
  top.add(panel);
  const budgetBar = new Mesh(
    'budget bar',
    quadGeometry(0.4, 0.04),
    new Material('unlit', [0.2, 0.8, 0.3, 1]),
  ).setPosition(0, 0, 0.005);
  panel.add(budgetBar);

  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: 0.9,
    aspect: 336 / 240,
    near: 0.05,
    far: 20,
  });
  camera.setPosition(0, 1.55, 1.5);
  const look = quat.setAxisAngle(quat.create(), [1, 0, 0], -0.42);
  camera.setRotation(look[0], look[1], look[2], look[3]);
  scene.add(camera);

  let attached = false;
  const toggleGear = () => {
    const target = attached ? top : axle;
    const deviation = target.attach(gear); // keeps the world place; returns how far it moved (it should not)
    attached = !attached;
    log.textContent += `${attached ? 'attach' : 'detach'} big gear → ${target.name}: deviation ${deviation.toExponential(2)} m\n`;
  };
  button.addEventListener('click', () => {
    toggleGear();
    button.textContent = attached
      ? 'detach the big gear back to the table top'
      : 'attach the big gear to the axle';
  });

  // Dragging the table moves the group: every child follows with no code of its own.
  let drag: { x: number; y: number } | null = null;
  canvas.addEventListener('pointerdown', (e) => {
    drag = { x: e.clientX, y: e.clientY };
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener('pointermove', (e) => {
    if (!drag) return;
    const p = table.position;
    table.setPosition(p[0] + (e.clientX - drag.x) * 0.004, p[1], p[2] + (e.clientY - drag.y) * 0.004);
    drag = { x: e.clientX, y: e.clientY };
  });
  canvas.addEventListener('pointerup', () => (drag = null));

  canvas.width = 672;
  canvas.height = 480;
  const gpu = await demoGpu(handle);
  const renderer = await Renderer.create(gpu, canvas, {
    root: scene,
    camera,
    clearColor: { r: 0.08, g: 0.08, b: 0.1, a: 1 },
    chain: { blurStrength: 0, barFill: 'off' },
  });
  const spin = quat.create();
  runDemo(
    handle,
    renderer,
    [
      (sample) => {
        quat.setAxisAngle(spin, [0, 1, 0], sample.elapsed * AXLE_SPEED);
        axle.setRotation(spin[0], spin[1], spin[2], spin[3]);
        if (
          attachAt !== null &&
          !attached &&
          sample.elapsed >= attachAt &&
          (detachAt === null || sample.elapsed < detachAt)
        )
          toggleGear();
        if (detachAt !== null && attached && sample.elapsed >= detachAt) toggleGear();
        const stats = handle.stats;
        // Under the fixed clock the bar stays put: measured times differ run to run, screenshots must not.
        if (!fixed && stats && stats.samples > 0) {
          const load = Math.min(stats.cost.p95 / HEADSET_90HZ_MS, 1);
          budgetBar.setScale(Math.max(load, 0.02), 1, 1);
          budgetBar.material.setColor(load >= 1 ? 0.9 : 0.2, load >= 1 ? 0.2 : 0.8, 0.3, 1);
        }
      },
    ],
    document.querySelector('#hud'),
  );
} catch (error) {
  showError(handle, canvas, error);
}
