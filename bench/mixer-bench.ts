// npm run bench:mixer — the animation mixers alone, in Node: 100 characters of 20 joints, each walking (a rotation
// channel per joint, LINEAR, 9 keys) on its own mixer, Armature's AnimationMixer vs three.js's, and each followed by its
// library's world-matrix update (Armature: updateWorldMatrices and the change record read, as the world pass does;
// three: updateMatrixWorld). Interleaved rounds, medians with spread; see bench/README.md.
import { quat } from 'gl-matrix';
import * as THREE from 'three';
import { AnimationClip } from '../src/scene/animation-clip';
import { AnimationMixer } from '../src/scene/animation-mixer';
import { ChangeRecord } from '../src/scene/change-record';
import { Node } from '../src/scene/node';
import { updateWorldMatrices } from '../src/scene/update-world-matrices';
import { formatMs, median, printTable, spread } from './bench-table';

const [CHARACTERS, JOINTS, ROUNDS, FRAMES] = [100, 20, Number(process.env['BENCH_ROUNDS'] ?? 7), 300];
const times = Float32Array.from({ length: 9 }, (_, k) => k / 8);
/** Joint j's walk: a swing about x, out of phase with its neighbours. */
function swing(j: number): Float32Array {
  const values = new Float32Array(9 * 4);
  const q = quat.create();
  for (let k = 0; k < 9; k++) {
    quat.setAxisAngle(q, [1, 0, 0], 0.4 * Math.sin((k / 8) * 2 * Math.PI + j));
    values.set(q, k * 4);
  }
  return values;
}
/** Five chains of four joints under each character. */
const parentOf = (j: number) => (j % 4 === 0 ? -1 : j - 1);

const root = new Node('root');
const ours: AnimationMixer[] = [];
for (let c = 0; c < CHARACTERS; c++) {
  const character = new Node(`character ${c}`);
  root.add(character);
  const joints: Node[] = [];
  for (let j = 0; j < JOINTS; j++) {
    joints.push(new Node(`joint ${j}`).setPosition(0, 0.1, 0));
    (parentOf(j) < 0 ? character : joints[parentOf(j)]!).add(joints[j]!);
  }
  const clip = new AnimationClip(
    'walk',
    joints.map((node, j) => ({ node, path: 'rotation', interpolation: 'LINEAR', times, values: swing(j) })),
  );
  const mixer = new AnimationMixer(character);
  mixer.clipAction(clip).play();
  mixer.setTime(c * 0.037);
  ours.push(mixer);
}
const record = ChangeRecord.of(root);
const cursor = record.open();

const scene = new THREE.Scene();
const theirs: THREE.AnimationMixer[] = [];
for (let c = 0; c < CHARACTERS; c++) {
  const character = new THREE.Object3D();
  scene.add(character);
  const bones: THREE.Bone[] = [];
  const tracks: THREE.KeyframeTrack[] = [];
  for (let j = 0; j < JOINTS; j++) {
    const bone = new THREE.Bone();
    bone.name = `bone ${c} ${j}`;
    bone.position.set(0, 0.1, 0);
    (parentOf(j) < 0 ? character : bones[parentOf(j)]!).add(bone);
    bones.push(bone);
    tracks.push(
      new THREE.QuaternionKeyframeTrack(`${bone.name}.quaternion`, Array.from(times), Array.from(swing(j))),
    );
  }
  const mixer = new THREE.AnimationMixer(character);
  mixer.clipAction(new THREE.AnimationClip('walk', 1, tracks)).play();
  mixer.setTime(c * 0.037);
  theirs.push(mixer);
}

const subjects: Record<string, () => void> = {
  'armature mixers': () => {
    for (const mixer of ours) mixer.update(1 / 60);
  },
  'three mixers': () => {
    for (const mixer of theirs) mixer.update(1 / 60);
  },
  'armature mixers + world': () => {
    for (const mixer of ours) mixer.update(1 / 60);
    updateWorldMatrices(root);
    record.read(cursor, () => {});
  },
  'three mixers + world': () => {
    for (const mixer of theirs) mixer.update(1 / 60);
    scene.updateMatrixWorld();
  },
};
const names = Object.keys(subjects);
const samples = new Map(names.map((name) => [name, [] as number[]]));
for (const name of names) for (let f = 0; f < FRAMES; f++) subjects[name]!(); // warm up
for (let r = 0; r < ROUNDS; r++)
  for (let k = 0; k < names.length; k++) {
    const name = names[(r + k) % names.length]!;
    const start = performance.now();
    for (let f = 0; f < FRAMES; f++) subjects[name]!();
    samples.get(name)!.push((performance.now() - start) / FRAMES);
  }
const ms = (name: string) => median(samples.get(name)!);
console.log(
  `${CHARACTERS} characters of ${JOINTS} joints walking, ms per frame (median of ${ROUNDS} rounds)`,
);
printTable(
  ['work', 'armature', 'three', 'ratio'],
  ['mixers', 'mixers + world'].map((what) => [
    what,
    `${formatMs(ms(`armature ${what}`))} ±${(100 * spread(samples.get(`armature ${what}`)!)).toFixed(0)}%`,
    `${formatMs(ms(`three ${what}`))} ±${(100 * spread(samples.get(`three ${what}`)!)).toFixed(0)}%`,
    `${(ms(`armature ${what}`) / ms(`three ${what}`)).toFixed(2)}×`,
  ]),
);
