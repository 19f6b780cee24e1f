// The browser half of `npm run bench:skin`: 100 skinned characters of 20 joints (one glTF made here with
// glTF-Transform, loaded by each library's own loader), each playing a walk clip on its own mixer, drawn by Armature
// (WebGPU, and WebGL2) and by three.js (GLTFLoader, SkeletonUtils.clone, AnimationMixer, WebGLRenderer) in this page.
// CPU time of a frame: every mixer's update and the render call (GPU wait excluded), interleaved rounds.
import { Document, WebIO, type Accessor, type Node as GltfNode } from '@gltf-transform/core';
import { quat } from 'gl-matrix';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { clone } from 'three/examples/jsm/utils/SkeletonUtils.js';
import { AnimationMixer, boxGeometry, Camera, loadGltf, Node, Renderer } from '../../src/index';
import { VERTEX_FLOATS } from '../../src/advanced';

const params = new URLSearchParams(location.search);
const count = Number(params.get('n') ?? 100);
const rounds = Number(params.get('rounds') ?? 5);
const framesPerRound = Number(params.get('frames') ?? 20);
const side = Math.ceil(Math.sqrt(count));
const place = (i: number) => [((i % side) - side / 2) * 1.2, 0, -Math.floor(i / side) * 1.2] as const;

/** The skeleton: 6 along the spine, 4 down each arm, 3 down each leg; each joint's parent and offset from it. */
const JOINTS: { name: string; parent: number; at: [number, number, number] }[] = [];
const joint = (name: string, parent: number, at: [number, number, number]) =>
  JOINTS.push({ name, parent, at }) - 1;
let spine = joint('hips', -1, [0, 0.9, 0]);
for (const name of ['spine', 'chest', 'upper chest', 'neck', 'head'])
  spine = joint(name, spine, [0, 0.14, 0]);
for (const side of [1, -1]) {
  let arm = joint(`shoulder ${side}`, 3, [0.12 * side, 0.1, 0]);
  for (const name of ['upper arm', 'forearm', 'hand'])
    arm = joint(`${name} ${side}`, arm, [0.1 * side, -0.05, 0]);
  let leg = joint(`thigh ${side}`, 0, [0.1 * side, -0.05, 0]);
  for (const name of ['shin', 'foot']) leg = joint(`${name} ${side}`, leg, [0, -0.4, 0]);
}

/** The character as a .glb: a box per joint, skinned to it, and a 1 s walk turning every joint (9 keys each). */
async function characterGlb(): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const store = (array: Float32Array | Uint8Array | Uint16Array, type: string): Accessor =>
    doc
      .createAccessor()
      .setArray(array)
      .setType(type as 'SCALAR')
      .setBuffer(buffer);
  const nodes: GltfNode[] = [];
  const world: [number, number, number][] = [];
  const scene = doc.createScene();
  const root = doc.createNode('character');
  scene.addChild(root);
  JOINTS.forEach((j, i) => {
    nodes[i] = doc.createNode(j.name).setTranslation(j.at);
    (j.parent < 0 ? root : nodes[j.parent]!).addChild(nodes[i]!);
    const base = j.parent < 0 ? [0, 0, 0] : world[j.parent]!;
    world[i] = [base[0]! + j.at[0], base[1]! + j.at[1], base[2]! + j.at[2]];
  });
  const [positions, normals, joints, weights, indices] = [[], [], [], [], []] as [
    number[],
    number[],
    number[],
    number[],
    number[],
  ];
  const box = boxGeometry(0.09, 0.12, 0.09);
  JOINTS.forEach((_, j) => {
    const base = positions.length / 3;
    for (let v = 0; v * VERTEX_FLOATS < box.vertices.length; v++) {
      for (let a = 0; a < 3; a++) {
        positions.push(box.vertices[v * VERTEX_FLOATS + a]! + world[j]![a]!);
        normals.push(box.vertices[v * VERTEX_FLOATS + 3 + a]!);
      }
      joints.push(j, 0, 0, 0);
      weights.push(1, 0, 0, 0);
    }
    for (const i of box.indices) indices.push(base + i);
  });
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', store(Float32Array.from(positions), 'VEC3'))
    .setAttribute('NORMAL', store(Float32Array.from(normals), 'VEC3'))
    .setAttribute('JOINTS_0', store(Uint8Array.from(joints), 'VEC4'))
    .setAttribute('WEIGHTS_0', store(Float32Array.from(weights), 'VEC4'))
    .setIndices(store(Uint16Array.from(indices), 'SCALAR'))
    .setMaterial(doc.createMaterial().setBaseColorFactor([0.8, 0.5, 0.3, 1]).setRoughnessFactor(1));
  const inverse = new Float32Array(JOINTS.length * 16);
  world.forEach(([x, y, z], j) => inverse.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], j * 16));
  const skin = doc.createSkin().setInverseBindMatrices(store(inverse, 'MAT4'));
  for (const node of nodes) skin.addJoint(node);
  root.addChild(doc.createNode('body').setMesh(doc.createMesh().addPrimitive(primitive)).setSkin(skin));
  const walk = doc.createAnimation('walk');
  const times = Float32Array.from({ length: 9 }, (_, k) => k / 8);
  nodes.forEach((node, j) => {
    const values = new Float32Array(9 * 4);
    const q = quat.create();
    for (let k = 0; k < 9; k++) {
      quat.setAxisAngle(q, [1, 0, 0], 0.4 * Math.sin((k / 8) * 2 * Math.PI + j));
      values.set(q, k * 4);
    }
    const sampler = doc
      .createAnimationSampler()
      .setInput(store(times, 'SCALAR'))
      .setOutput(store(values, 'VEC4'));
    walk
      .addSampler(sampler)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler),
      );
  });
  return new WebIO().writeBinary(doc);
}

interface Subject {
  name: string;
  /** Updates the mixers and renders; returns the ms spent in the mixers. */
  frame(dt: number): number;
  gpuDone(): Promise<void>;
}

async function armature(url: string, backend: 'webgpu' | 'webgl2'): Promise<Subject> {
  const root = new Node('root');
  const mixers: AnimationMixer[] = [];
  for (let i = 0; i < count; i++) {
    const character = await loadGltf(url);
    root.add(character.root.setPosition(...place(i)));
    const mixer = new AnimationMixer(character.root);
    mixer.clipAction(character.animations[0]!).play();
    mixer.setTime(i * 0.037); // each out of step with the others
    mixers.push(mixer);
  }
  const camera = new Camera('eye', { kind: 'perspective', fovY: Math.PI / 3, near: 0.1, far: 100 });
  camera.setPosition(0, side * 0.9, side * 0.9).lookAt([0, 0, -side * 0.6]);
  root.add(camera);
  const canvas = document.querySelector<HTMLCanvasElement>(backend === 'webgpu' ? '#armature' : '#webgl2')!;
  const renderer = await Renderer.create(canvas, { root, camera, backend });
  let t = 0;
  return {
    name: `armature ${backend}`,
    frame: (dt) => {
      const start = performance.now();
      for (let i = 0; i < mixers.length; i++) mixers[i]!.update(dt);
      const animated = performance.now() - start;
      renderer.render((t += dt));
      return animated;
    },
    gpuDone: () => renderer.finished(),
  };
}

async function three(url: string): Promise<Subject> {
  const gltf = await new GLTFLoader().loadAsync(url);
  const renderer = new THREE.WebGLRenderer({
    canvas: document.querySelector<HTMLCanvasElement>('#three')!,
    antialias: false,
  });
  renderer.setSize(336, 240, false);
  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight(0x404050), new THREE.DirectionalLight(0xffffff, 1));
  const mixers: THREE.AnimationMixer[] = [];
  for (let i = 0; i < count; i++) {
    const character = clone(gltf.scene);
    character.position.set(...place(i));
    scene.add(character);
    const mixer = new THREE.AnimationMixer(character);
    mixer.clipAction(gltf.animations[0]!).play();
    mixer.setTime(i * 0.037);
    mixers.push(mixer);
  }
  const camera = new THREE.PerspectiveCamera(60, 336 / 240, 0.1, 100);
  camera.position.set(0, side * 0.9, side * 0.9);
  camera.lookAt(0, 0, -side * 0.6);
  const gl = renderer.getContext();
  return {
    name: 'three',
    frame: (dt) => {
      const start = performance.now();
      for (let i = 0; i < mixers.length; i++) mixers[i]!.update(dt);
      const animated = performance.now() - start;
      renderer.render(scene, camera);
      return animated;
    },
    gpuDone: async () => {
      gl.finish();
    },
  };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

async function main() {
  const url = URL.createObjectURL(new Blob([(await characterGlb()).slice()], { type: 'model/gltf-binary' }));
  const subjects = [await armature(url, 'webgpu'), await armature(url, 'webgl2'), await three(url)];
  const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  const mixing = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  const run = async (s: Subject, frames: number, keep: boolean) => {
    for (let f = 0; f < frames; f++) {
      const start = performance.now();
      const animated = s.frame(1 / 60);
      const cpu = performance.now() - start;
      await s.gpuDone(); // outside the timed span
      if (keep) {
        samples.get(s.name)!.push(cpu);
        mixing.get(s.name)!.push(animated);
      }
    }
  };
  for (const s of subjects) await run(s, 30, false); // warm up
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < subjects.length; k++)
      await run(subjects[(r + k) % subjects.length]!, framesPerRound, true);
  const result = {
    characters: count,
    joints: JOINTS.length,
    crossOriginIsolated,
    ms: Object.fromEntries(subjects.map((s) => [s.name, median(samples.get(s.name)!)])),
    mixersMs: Object.fromEntries(subjects.map((s) => [s.name, median(mixing.get(s.name)!)])),
  };
  document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
  (window as unknown as { __bench: unknown }).__bench = result;
}

main().catch((error: unknown) => {
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
