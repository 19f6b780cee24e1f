// The browser half of `npm run bench:lights`: the same scene (?lights= point lights over 400 boxes on a ground, and a
// directional light with a 1024² shadow map) drawn by Armature's Renderer and by three.js' WebGPURenderer in this page,
// 336×240, interleaved rounds. Per frame: the CPU time of the render call, and the time until the GPU has finished it.
import * as THREE from 'three/webgpu';
import {
  boxGeometry,
  Camera,
  DirectionalLight,
  Material,
  Mesh,
  Node,
  planeGeometry,
  PointLight,
  Renderer,
} from '../../src/index';
import { requestGpu } from '../../src/advanced';

const params = new URLSearchParams(location.search);
const lights = Number(params.get('lights') ?? 16);
const shadows = params.get('shadows') !== '0';
const rounds = Number(params.get('rounds') ?? 5);
const framesPerRound = Number(params.get('frames') ?? 10);
const SIDE = 20;
const boxes = Array.from({ length: SIDE * SIDE }, (_, i) => [
  (i % SIDE) - SIDE / 2 + 0.5,
  0.3,
  Math.floor(i / SIDE) - SIDE / 2 + 0.5,
]);
/** The lights on a ring over the boxes, range 4: each reaches a few dozen boxes. */
const bulbs = Array.from({ length: lights }, (_, i) => {
  const a = (i / lights) * 2 * Math.PI;
  const r = 3 + (i % 4) * 1.8;
  return [Math.cos(a) * r, 1.2, Math.sin(a) * r] as const;
});
const COLORS = [
  [1, 0.6, 0.3],
  [0.4, 0.7, 1],
  [0.5, 1, 0.5],
] as const;

interface Subject {
  name: string;
  frame(t: number): void;
  gpuDone(): Promise<void>;
}

async function armature(): Promise<Subject> {
  const gpu = await requestGpu();
  const root = new Node('root');
  root.add(
    new Mesh('ground', planeGeometry(SIDE + 2, SIDE + 2), new Material('lambert', [0.6, 0.6, 0.6, 1])),
  );
  const geometry = boxGeometry(0.6, 0.6, 0.6);
  const material = new Material('lambert', [0.8, 0.5, 0.3, 1]);
  boxes.forEach(([x, y, z], i) => root.add(new Mesh(`b${i}`, geometry, material).setPosition(x!, y!, z!)));
  const sun = new DirectionalLight('sun', { color: [0.8, 0.8, 0.75] });
  sun.lookAt([-0.5, -1, -0.35]);
  root.add(sun);
  const points = bulbs.map(([x, y, z], i) => {
    const light = new PointLight(`p${i}`, { color: [...COLORS[i % 3]!], intensity: 3, range: 4 });
    root.add(light.setPosition(x, y, z));
    return light;
  });
  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: Math.PI / 3,
    aspect: 336 / 240,
    near: 0.1,
    far: 60,
  });
  camera.setPosition(0, 14, 16);
  camera.lookAt([0, 0, 0]);
  root.add(camera);
  const renderer = await Renderer.create(document.querySelector<HTMLCanvasElement>('#armature')!, {
    root,
    camera,
    gpu,
  });
  renderer.graph.setEnabled('shadow', shadows);
  renderer.shadow.box = Float32Array.of(0, 0.5, 0, SIDE / 2 + 1, 0.5, SIDE / 2 + 1);
  (window as unknown as { __links: () => number }).__links = () => renderer.world.counters.lightLinks;
  return {
    name: 'armature',
    frame: (t) => {
      // The lights bob: every one moves every frame (their lists are re-made against the boxes they reach).
      points.forEach((light, i) =>
        light.setPosition(bulbs[i]![0], 1.2 + 0.3 * Math.sin(t + i), bulbs[i]![2]),
      );
      renderer.render(t);
    },
    gpuDone: () => gpu.device.queue.onSubmittedWorkDone(),
  };
}

async function three(): Promise<Subject> {
  const renderer = new THREE.WebGPURenderer({
    canvas: document.querySelector<HTMLCanvasElement>('#three')!,
    antialias: false,
  });
  renderer.setSize(336, 240, false);
  renderer.shadowMap.enabled = shadows;
  await renderer.init();
  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight(0x404050));
  const sun = new THREE.DirectionalLight(0xccccbf, 1);
  sun.position.set(0.5, 1, 0.35);
  sun.castShadow = shadows;
  sun.shadow.mapSize.set(1024, 1024);
  Object.assign(sun.shadow.camera, { left: -11, right: 11, top: 11, bottom: -11, near: -20, far: 20 });
  scene.add(sun);
  const ground = new THREE.Mesh(
    new THREE.PlaneGeometry(SIDE + 2, SIDE + 2).rotateX(-Math.PI / 2),
    new THREE.MeshLambertMaterial({ color: 0x999999 }),
  );
  ground.receiveShadow = true;
  scene.add(ground);
  const geometry = new THREE.BoxGeometry(0.6, 0.6, 0.6);
  const material = new THREE.MeshLambertMaterial({ color: 0xcc8050 });
  for (const [x, y, z] of boxes) {
    const mesh = new THREE.Mesh(geometry, material);
    mesh.position.set(x!, y!, z!);
    mesh.castShadow = mesh.receiveShadow = true;
    scene.add(mesh);
  }
  const points = bulbs.map(([x, y, z], i) => {
    const [r, g, b] = COLORS[i % 3]!;
    const light = new THREE.PointLight(new THREE.Color(r, g, b), 3, 4, 2);
    light.position.set(x, y, z);
    scene.add(light);
    return light;
  });
  const camera = new THREE.PerspectiveCamera(60, 336 / 240, 0.1, 60);
  camera.position.set(0, 14, 16);
  camera.lookAt(0, 0, 0);
  const device = (renderer.backend as unknown as { device: GPUDevice }).device;
  return {
    name: 'three',
    frame: (t) => {
      points.forEach((light, i) => (light.position.y = 1.2 + 0.3 * Math.sin(t + i)));
      renderer.render(scene, camera);
    },
    gpuDone: () => device.queue.onSubmittedWorkDone(),
  };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

async function main() {
  const subjects = [await armature(), await three()];
  const cpu = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  const total = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  let t = 0;
  const run = async (s: Subject, frames: number, keep: boolean) => {
    for (let f = 0; f < frames; f++) {
      t += 1 / 60;
      const start = performance.now();
      s.frame(t);
      const encoded = performance.now();
      await s.gpuDone();
      if (!keep) continue;
      cpu.get(s.name)!.push(encoded - start);
      total.get(s.name)!.push(performance.now() - start);
    }
  };
  for (const s of subjects) await run(s, 10, false); // pipelines built, shadow maps made
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < subjects.length; k++)
      await run(subjects[(r + k) % subjects.length]!, framesPerRound, true);
  const result = {
    lights,
    shadows,
    crossOriginIsolated,
    lightLinks: (window as unknown as { __links: () => number }).__links(),
    armatureCpuMs: median(cpu.get('armature')!),
    threeCpuMs: median(cpu.get('three')!),
    armatureFrameMs: median(total.get('armature')!),
    threeFrameMs: median(total.get('three')!),
  };
  document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
  (window as unknown as { __bench: unknown }).__bench = result;
}

main().catch((error: unknown) => {
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
