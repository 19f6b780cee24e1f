// animation: a skinned character made by the project's own script (src/assets/fixtures/rig.glb: seven joints, a walk
// and an idle clip) walking a circle round its banner, stopping to idle and walking on, each change a cross-fade, and
// the banner fluttering by its morph targets. Poses are sampled at 12 frames a second (the stepped look of pixel-art
// animation; `?stepped=0` for every frame). The debug panel (backquote) lists the actions with their weights and times.
// Everything is a function of scene time: `?t=&fps=` holds the same frame on every run and backend.
import {
  AnimationMixer,
  boxGeometry,
  Camera,
  loadGltf,
  Material,
  Mesh,
  Node,
  planeGeometry,
  seededRandom,
  type AnimationAction,
  type Geometry,
  type Timeline,
} from '../../src/index';
import { applyChainState, DebugPanel, installArmatureHandle, readChainUrl } from '../../src/debug';
import { demoParams, demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const art = (file: string) => `/src/assets/fixtures/${file}`;

/** The walk: radius of the circle (units), its speed (units/s), how long each stretch walks and idles (s). */
const RADIUS = 1.6;
const SPEED = 0.9;
const [WALKING, IDLING, FADE] = [3.2, 1.8, 0.35];
/** The circle's centre: the banner's pole (where rig.glb stands it). */
const CENTRE = [1.2, 0, 0] as const;

/** A flat ring on the ground (y = 0, facing up) between two radii, in `segments` quads. */
function ringGeometry(inner: number, outer: number, segments: number): Geometry {
  const vertices: number[] = [];
  const indices: number[] = [];
  for (let i = 0; i <= segments; i++) {
    const a = (i / segments) * 2 * Math.PI;
    for (const r of [inner, outer]) vertices.push(r * Math.cos(a), 0, r * Math.sin(a), 0, 1, 0, 0, 0);
    if (i < segments) indices.push(2 * i, 2 * i + 2, 2 * i + 1, 2 * i + 1, 2 * i + 2, 2 * i + 3);
  }
  return { name: 'ring', vertices: Float32Array.from(vertices), indices: Uint16Array.from(indices) };
}

try {
  const { params, seed } = demoParams();
  // One-pixel outlines on (the pixel-art look); motion blur off (it would smear the stepped poses).
  const state = readChainUrl(params, { on: ['outline'], off: ['motionBlur'] });
  const stepped = Number(params.get('stepped') ?? 12);
  if (!(stepped >= 0)) throw new Error(`URL parameter stepped=${params.get('stepped')} is not a number ≥ 0.`);
  const rig = await loadGltf(art('rig.glb'));
  const root = new Node('animation');
  // A meadow with tufts of grass scattered by the seed, and the circle the kit walks, trodden bare.
  root.add(new Mesh('meadow', planeGeometry(64, 64), new Material('lambert', [0.45, 0.66, 0.34, 1])));
  const random = seededRandom(seed);
  const tuft = boxGeometry(0.12, 0.1, 0.12);
  const grass = [
    new Material('lambert', [0.34, 0.55, 0.26, 1]),
    new Material('lambert', [0.56, 0.74, 0.36, 1]),
  ];
  for (let i = 0; i < 90; i++) {
    const [x, z] = [CENTRE[0] + (random() - 0.5) * 12, (random() - 0.5) * 8];
    const fromPath = Math.abs(Math.hypot(x - CENTRE[0], z - CENTRE[2]) - RADIUS);
    if (fromPath < 0.4 || Math.hypot(x - CENTRE[0], z) < 0.3) continue; // not on the path, nor at the pole
    root.add(new Mesh(`tuft ${i}`, tuft, grass[i % 2]!).setPosition(x, 0.05, z));
  }
  root.add(
    new Mesh(
      'path',
      ringGeometry(RADIUS - 0.25, RADIUS + 0.25, 48),
      new Material('lambert', [0.62, 0.5, 0.36, 1]),
    ).setPosition(CENTRE[0], 0.01, CENTRE[2]),
  );
  root.add(rig.root);
  const kit = rig.nodes.find((n) => n.name === 'kit')!;
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.5, near: 0.1, far: 80 });
  camera.setPosition(CENTRE[0], 3.4, 6.6).lookAt([CENTRE[0], 0.6, 0]);
  root.add(camera);
  const renderer = await demoRenderer(handle, canvas, {
    root,
    camera,
    native: [336, 240],
    clearColor: { r: 0.5, g: 0.66, b: 0.82, a: 1 },
  });
  applyChainState(renderer, state);
  renderer.world.lightDirection.set([-0.5, -1, -0.4]);
  renderer.world.ambient.set([0.45, 0.45, 0.5]);

  const clip = (name: string) => rig.animations.find((c) => c.name === name)!;
  const mixer = new AnimationMixer(rig.root, { fps: stepped });
  const [walk, idle, flutter] = [
    mixer.clipAction(clip('walk')),
    mixer.clipAction(clip('idle')),
    mixer.clipAction(clip('flutter')),
  ];
  const debug = new DebugPanel({
    renderer,
    state,
    stats: () => handle.stats,
    mixers: () => [mixer],
  });
  if (params.get('debug') === '1') debug.toggle(true);

  /** Where along the circle the kit is (radians), moved by the walking stretches' tweens. */
  let angle = 0;
  const place = () => {
    kit.setPosition(CENTRE[0] + RADIUS * Math.cos(angle), 0, CENTRE[2] + RADIUS * Math.sin(angle));
    // Facing the way it walks (the angle falling): its forward, +z turned by θ about y to (sin θ, 0, cos θ), along
    // the tangent (sin a, 0, −cos a).
    const heading = Math.PI - angle;
    kit.setRotation(0, Math.sin(heading / 2), 0, Math.cos(heading / 2));
  };
  /** Walks a stretch of the circle, then cross-fades to idle, idles, cross-fades back and walks on: for ever. */
  const stretch = (timeline: Timeline, from: number, current: AnimationAction) => {
    const to = from - (SPEED * WALKING) / RADIUS;
    // Each fade starts at the timer's own time, whatever the frame rate.
    mixer.setTime(timeline.time);
    if (current !== walk) current.crossFadeTo(walk.reset().play(), FADE);
    timeline.tween(from, to, (a) => ((angle = a), place()), {
      duration: WALKING,
      onEnd: () => {
        mixer.setTime(timeline.time);
        walk.crossFadeTo(idle.reset().play(), FADE);
        timeline.after(IDLING, () => stretch(timeline, to, idle));
      },
    });
  };
  runDemo(
    handle,
    renderer,
    [
      timelineStep((timeline) => {
        // A fresh start (the first frame, or a fixed-clock replay): every action from the beginning.
        mixer.setTime(0);
        for (const action of mixer.actions) action.stop();
        walk.reset().play();
        flutter.reset().play();
        angle = Math.PI / 2; // in front of the banner
        place();
        stretch(timeline, angle, walk);
        // The mixer follows scene time (as `AnimationMixer`'s timeline option does: a tween that never ends).
        timeline.progress(() => mixer.setTime(timeline.time), { duration: 1, repeat: Infinity });
      }),
    ],
    document.querySelector('#hud'),
  );
} catch (error) {
  showError(handle, canvas, error);
}
