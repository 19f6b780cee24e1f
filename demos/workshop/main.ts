// workshop: seed 000's bench. A table top 0.9 m above the floor, a support with two sockets, five loose pieces, a
// panel facing the user and an axle turning at 90°/s. The button attaches the big gear to the axle (it stays where it
// is, then orbits), a second click detaches it back onto the table top (where it stops); each deviation is logged.
// Pressing a loose piece picks it up (renderer.pick) and carries it over the table: released over a socket it snaps in
// (socket.snap), anywhere else it is put down (attach). Pressing elsewhere drags the table, carrying everything on it.
// The budget readout is an object in the scene, on the table.
// Fixed times for screenshots: ?t=2&fps=30&attach=0.5&detach=1.5. The pieces cast contact shadows on the table
// (?shadows=0: without).
import { installArmatureHandle } from '../../src/debug';
import {
  benchPointer,
  budgetPanelStep,
  liveReadout,
  publishBenchProbe,
  spinAxle,
  workshopScene,
} from '../shared/workshop-scene';
import { demoParams, demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const log = document.querySelector<HTMLPreElement>('#log')!;
const button = document.querySelector<HTMLButtonElement>('#attach')!;

try {
  const { params, fixed } = demoParams();
  const holdReadout = fixed !== null && !liveReadout(params); // measured times would differ run to run
  const attachAt = params.has('attach') ? Number(params.get('attach')) : null;
  const detachAt = params.has('detach') ? Number(params.get('detach')) : null;
  const bench = workshopScene();
  const { scene, top, axle, gear, camera } = bench;

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

  canvas.width = 672;
  canvas.height = 480;
  const renderer = await demoRenderer(handle, canvas, {
    root: scene,
    camera,
    clearColor: { r: 0.08, g: 0.08, b: 0.1, a: 1 },
    chain: { blurStrength: 0, barFill: 'off' },
  });
  // Contact shadows: the sun's shadow map held over the table and the floor around it (a box fixed to the world), at
  // the bench's scale (pieces a centimetre tall: a bias of 2 mm).
  renderer.graph.setEnabled('shadow', params.get('shadows') !== '0');
  renderer.shadow.box = Float32Array.of(0, 0.6, 0, 1.4, 0.7, 1.1);
  renderer.settings.shadow.bias = 0.002;
  // Pick a piece and carry it (into a socket, or down anywhere); press elsewhere to drag the table.
  benchPointer(renderer, bench, canvas, (line) => (log.textContent += `${line}\n`));
  publishBenchProbe(renderer, bench);
  // Everything that moves is on the scene timeline: the axle's endless turn, and ?attach= / ?detach= as timers (each
  // sees the axle where it stands at its own time).
  const animate = timelineStep((timeline) => {
    spinAxle(timeline, bench);
    if (attachAt !== null)
      timeline.after(attachAt, () => {
        if (!attached && (detachAt === null || timeline.time < detachAt)) toggleGear();
      });
    if (detachAt !== null)
      timeline.after(detachAt, () => {
        if (attached) toggleGear();
      });
  });
  runDemo(
    handle,
    renderer,
    [animate, budgetPanelStep(bench.budget, handle, holdReadout)],
    document.querySelector('#hud'),
    { keepRunning: true }, // under the fixed clock too: a drag or a carried piece is drawn as it happens
  );
} catch (error) {
  showError(handle, canvas, error);
}
