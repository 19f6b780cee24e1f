// solar-system: the scene graph's classic. The sun turns; the earth's orbit is a group around it, the moon's orbit a
// group around the earth. Each group only spins; the nesting does the rest. Speeds are in rad/s: each spin is an
// endless tween on the scene timeline, so it goes by time, pauses with it and follows a fixed clock.
import { Camera, Material, Mesh, Node, sphereGeometry, type Timeline } from '../../src/index';
import { installArmatureHandle } from '../../src/debug';
import { demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

const SPEED = { sun: 0.3, earthOrbit: 0.8, earth: 2.5, moonOrbit: 3 }; // rad/s

try {
  const solar = new Node('solar system');
  const ball = sphereGeometry(0.5, 20, 12);
  const sun = new Mesh('sun', ball, new Material('unlit', [1, 0.8, 0.2, 1])).setScale(2, 2, 2);
  const earthOrbit = new Node('earth orbit');
  const earth = new Mesh('earth', ball, new Material('lambert', [0.2, 0.45, 0.9, 1])).setScale(0.6, 0.6, 0.6);
  const moonOrbit = new Node('moon orbit').setPosition(4, 0, 0);
  const moon = new Mesh('moon', ball, new Material('lambert', [0.75, 0.75, 0.7, 1]))
    .setPosition(0.9, 0, 0)
    .setScale(0.25, 0.25, 0.25);
  solar.add(sun).add(earthOrbit);
  earthOrbit.add(moonOrbit);
  moonOrbit.add(earth).add(moon);
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.8, aspect: 336 / 240, near: 0.1, far: 50 });
  camera.setPosition(0, 6, 9);
  camera.setRotationFromAxisAngle([1, 0, 0], -0.55);
  solar.add(camera);

  const renderer = await demoRenderer(handle, canvas, {
    root: solar,
    camera,
    clearColor: { r: 0.01, g: 0.01, b: 0.03, a: 1 },
  });
  renderer.world.lightDirection.set([-1, -0.2, -0.3]); // roughly from the sun's side
  /** Turns `node` about +Y at `speed` rad/s, for ever. */
  const spin = (timeline: Timeline, node: Node, speed: number) =>
    timeline.tween(
      0,
      2 * Math.PI,
      (angle) => {
        node.setRotationFromAxisAngle([0, 1, 0], angle);
      },
      { duration: (2 * Math.PI) / speed, repeat: Infinity },
    );
  runDemo(
    handle,
    renderer,
    [
      timelineStep((timeline) => {
        spin(timeline, sun, SPEED.sun);
        spin(timeline, earthOrbit, SPEED.earthOrbit);
        spin(timeline, earth, SPEED.earth);
        spin(timeline, moonOrbit, SPEED.moonOrbit);
      }),
    ],
    document.querySelector('#hud'),
  );
} catch (error) {
  showError(handle, canvas, error);
}
