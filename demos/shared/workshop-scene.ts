// Shared by the workshop and xr demos: seed 000's bench in metres. A table top 0.9 m above the floor, a support with
// two sockets, five loose pieces, a panel facing the user with the budget bar on it, an axle, and the desk camera.
import { quat } from 'gl-matrix';
import {
  boxGeometry,
  Camera,
  cylinderGeometry,
  HEADSET_90HZ_MS,
  Material,
  Mesh,
  Node,
  planeGeometry,
  quadGeometry,
  sphereGeometry,
} from '../../src/index';
import type { ArmatureHandle } from '../../src/debug';

/** The bench's nodes the demos move or read. */
export interface Workshop {
  scene: Node;
  table: Node;
  top: Mesh;
  axle: Mesh;
  gear: Mesh;
  budgetBar: Mesh<ReturnType<typeof quadGeometry>, Material>;
  camera: Camera;
}

/** Builds the bench (a fresh tree each call). */
export function workshopScene(): Workshop {
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

  return { scene, table, top, axle, gear, budgetBar, camera };
}

/**
 * The step that makes the bench's budget bar the frame-budget readout (on the desk and, in XR, the headset's HUD):
 * its length is p95 cost over the 90 Hz headset ceiling, red when over. Held still under the fixed clock, since measured
 * times differ run to run and screenshots must not.
 */
export function budgetBarStep(
  bar: Workshop['budgetBar'],
  handle: ArmatureHandle,
  fixed: boolean,
): () => void {
  return () => {
    const stats = handle.stats;
    if (fixed || !stats || stats.samples === 0) return;
    const load = Math.min(stats.cost.p95 / HEADSET_90HZ_MS, 1);
    bar.setScale(Math.max(load, 0.02), 1, 1);
    bar.material.setColor(load >= 1 ? 0.9 : 0.2, load >= 1 ? 0.2 : 0.8, 0.3, 1);
  };
}
