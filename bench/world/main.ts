// The browser half of `npm run bench:world`: the same N boxes (?moving= share turning each frame, default 1 %) drawn by
// Armature's Renderer and by three.js' WebGPURenderer and WebGLRenderer in this page — each as N meshes and as one
// InstancedMesh — CPU time of the frame (the turning and the render call; GPU wait excluded), interleaved rounds. Armature and three's meshes cull
// what is outside the view (the drawn counts are reported); an InstancedMesh draws all its instances.
import * as THREE from 'three/webgpu';
import { WebGLRenderer } from 'three';
import { quat } from 'gl-matrix';
import { boxGeometry, Camera, Material, Mesh, Node, Renderer } from '../../src/index';
import { requestGpu } from '../../src/advanced';

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 1000);
const rounds = Number(params.get('rounds') ?? 5);
const framesPerRound = Number(params.get('frames') ?? 20);
const side = Math.ceil(Math.sqrt(n));
const positions = Array.from(
  { length: n },
  (_, i) => [(i % side) - side / 2, 0, -Math.floor(i / side)] as const,
);
const share = Number(params.get('moving') ?? 0.01);
const step = Math.max(1, Math.round(1 / share));
const moving = Array.from({ length: n }, (_, i) => i).filter((i) => i % step === 0);
/**
 * ?churn=k: k boxes leave the scene in one frame and join it again in the next (the N-mesh subjects; an InstancedMesh
 * has none): every frame, k meshes join or leave.
 */
const churn = Number(params.get('churn') ?? 0);
/** Frame `f`'s boxes (spread over the grid, a new set every other frame) and whether they leave (else they join). */
const churned = (f: number, leave: (i: number) => void, join: (i: number) => void) => {
  const set = f >> 1;
  for (let j = 0; j < churn; j++) (f % 2 === 0 ? leave : join)((set * churn * 7 + j * 7919) % n);
};

interface Subject {
  name: string;
  frame(t: number): void;
  gpuDone(): Promise<void>;
  /** Meshes drawn in the last frame. */
  drawn(): number;
  /** Draw calls of the last frame, where the subject counts them. */
  drawCalls?(): number;
  /** The GPU time of the latest measured frame (timestamp queries), where the subject reports it. */
  gpuMs?(): number | null;
}

async function armature(
  bundles: boolean,
): Promise<{ subject: Subject; firstFrameMs: number; deviceMs: number }> {
  const deviceStart = performance.now();
  const gpu = await requestGpu();
  const start = performance.now();
  const deviceMs = start - deviceStart;
  const root = new Node('root');
  const geometry = boxGeometry(0.6, 0.6, 0.6);
  const material = new Material('lambert', [0.8, 0.5, 0.3, 1]);
  const meshes = positions.map(([x, y, z], i) => new Mesh(`b${i}`, geometry, material).setPosition(x, y, z));
  for (const mesh of meshes) root.add(mesh);
  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: Math.PI / 3,
    aspect: 336 / 240,
    near: 0.1,
    far: side * 3,
  });
  camera.setPosition(0, side * 0.4, side * 0.3);
  root.add(camera);
  const built = performance.now();
  const renderer = await Renderer.create(document.querySelector<HTMLCanvasElement>('#armature')!, {
    root,
    camera,
    gpu,
  });
  const created = performance.now();
  renderer.render(0);
  const encoded = performance.now();
  await gpu.device.queue.onSubmittedWorkDone();
  const firstFrameMs = performance.now() - start;
  const ms = (v: number) => v.toFixed(1);
  if (bundles)
    console.log(
      `armature first frame: scene ${ms(built - start)} ms, pipelines ${ms(created - built)} ms, ` +
        `first render ${ms(encoded - created)} ms, GPU ${ms(performance.now() - encoded)} ms`,
    );
  const q = quat.create();
  let frames = 0;
  (window as unknown as { __bundles: () => number }).__bundles = () =>
    renderer.world.counters.bundlesRecorded;
  return {
    firstFrameMs,
    deviceMs,
    subject: {
      name: bundles ? 'armature' : 'armature-no-bundles',
      frame: (t) => {
        quat.setAxisAngle(q, [0, 1, 0], t);
        for (const i of moving) meshes[i]!.setRotation(q[0], q[1], q[2], q[3]);
        churned(
          frames++,
          (i) => root.remove(meshes[i]!),
          (i) => root.add(meshes[i]!),
        );
        renderer.render(t);
      },
      gpuDone: () => gpu.device.queue.onSubmittedWorkDone(),
      drawn: () => renderer.world.counters.drawn,
      drawCalls: () => renderer.world.counters.drawCalls,
      gpuMs: () => renderer.gpuTimes?.frameMs ?? null,
    },
  };
}

/** three.js's two renderers behind one face: the WebGPU one (the default since r171) and the WebGL one. */
type ThreeBackend = 'webgpu' | 'webgl';

async function threeRenderer(
  backend: ThreeBackend,
  canvasId: string,
): Promise<{ render(scene: THREE.Scene, camera: THREE.Camera): void; gpuDone(): Promise<void> }> {
  const canvas = document.querySelector<HTMLCanvasElement>(`#${canvasId}`)!;
  if (backend === 'webgl') {
    const renderer = new WebGLRenderer({ canvas, antialias: false });
    renderer.setSize(336, 240, false);
    const gl = renderer.getContext();
    const pixel = new Uint8Array(4);
    return {
      render: (scene, camera) => renderer.render(scene, camera),
      // Reading a pixel waits for the GL work (finish() may return earlier).
      gpuDone: async () => gl.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, pixel),
    };
  }
  const renderer = new THREE.WebGPURenderer({ canvas, antialias: false });
  renderer.setSize(336, 240, false);
  await renderer.init();
  const device = (renderer.backend as unknown as { device: GPUDevice }).device;
  return {
    render: (scene, camera) => renderer.render(scene, camera),
    gpuDone: () => device.queue.onSubmittedWorkDone(),
  };
}

/** The scene both three.js subjects share: lights, the camera, and the boxes' material and geometry. */
function threeStage(): {
  scene: THREE.Scene;
  camera: THREE.PerspectiveCamera;
  geometry: THREE.BoxGeometry;
  material: THREE.MeshLambertMaterial;
} {
  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight(0x404050), new THREE.DirectionalLight(0xffffff, 1));
  const camera = new THREE.PerspectiveCamera(60, 336 / 240, 0.1, side * 3);
  camera.position.set(0, side * 0.4, side * 0.3);
  return {
    scene,
    camera,
    geometry: new THREE.BoxGeometry(0.6, 0.6, 0.6),
    material: new THREE.MeshLambertMaterial({ color: 0xcc8050 }),
  };
}

/** The boxes as N three.js meshes, each moving one turned by its `rotation`. */
async function three(backend: ThreeBackend): Promise<{ subject: Subject; firstFrameMs: number }> {
  const start = performance.now();
  const renderer = await threeRenderer(backend, `three-${backend}`);
  const { scene, camera, geometry, material } = threeStage();
  const meshes = positions.map(([x, y, z]) => {
    const mesh = new THREE.Mesh(geometry, material);
    mesh.position.set(x, y, z);
    scene.add(mesh);
    return mesh;
  });
  renderer.render(scene, camera);
  await renderer.gpuDone();
  const firstFrameMs = performance.now() - start;
  let frames = 0;
  return {
    firstFrameMs,
    subject: {
      name: `three-${backend}`,
      frame: (t) => {
        for (const i of moving) meshes[i]!.rotation.y = t;
        churned(
          frames++,
          (i) => scene.remove(meshes[i]!),
          (i) => scene.add(meshes[i]!),
        );
        renderer.render(scene, camera);
      },
      gpuDone: renderer.gpuDone,
      // three's own test (Frustum.intersectsObject: the bounding sphere), as its renderer culls.
      drawn: () => {
        const frustum = new THREE.Frustum().setFromProjectionMatrix(
          new THREE.Matrix4().multiplyMatrices(camera.projectionMatrix, camera.matrixWorldInverse),
        );
        return meshes.filter((mesh) => frustum.intersectsObject(mesh)).length;
      },
    },
  };
}

/** The same boxes as one three.js InstancedMesh: each moving box's matrix set again every frame. */
async function threeInstanced(backend: ThreeBackend): Promise<Subject> {
  const renderer = await threeRenderer(backend, `three-${backend}-instanced`);
  const { scene, camera, geometry, material } = threeStage();
  const boxes = new THREE.InstancedMesh(geometry, material, n);
  const place = new THREE.Object3D();
  positions.forEach(([x, y, z], i) => {
    place.position.set(x, y, z);
    place.updateMatrix();
    boxes.setMatrixAt(i, place.matrix);
  });
  scene.add(boxes);
  renderer.render(scene, camera);
  await renderer.gpuDone();
  return {
    name: `three-${backend}-instanced`,
    frame: (t) => {
      for (const i of moving) {
        const [x, y, z] = positions[i]!;
        place.position.set(x, y, z);
        place.rotation.y = t;
        place.updateMatrix();
        boxes.setMatrixAt(i, place.matrix);
      }
      boxes.instanceMatrix.needsUpdate = true;
      renderer.render(scene, camera);
    },
    gpuDone: renderer.gpuDone,
    drawn: () => n,
  };
}

const median = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!;

async function main() {
  const ours = await armature(true);
  const plain = await armature(false);
  const theirs = await three('webgpu');
  const theirsGl = await three('webgl');
  const subjects = [
    ours.subject,
    plain.subject,
    theirs.subject,
    await threeInstanced('webgpu'),
    theirsGl.subject,
    await threeInstanced('webgl'),
  ];
  const samples = new Map<string, number[]>(subjects.map((s) => [s.name, []]));
  const gpuSamples: number[] = [];
  let t = 0;
  const run = async (s: Subject, frames: number, keep: boolean) => {
    for (let f = 0; f < frames; f++) {
      t += 1 / 60;
      const start = performance.now();
      s.frame(t);
      const cpu = performance.now() - start;
      await s.gpuDone(); // outside the timed span
      if (keep) samples.get(s.name)!.push(cpu);
      const gpu = s === ours.subject && keep ? s.gpuMs!() : null;
      if (gpu !== null) gpuSamples.push(gpu);
    }
  };
  for (const s of subjects) await run(s, 30, false); // warm up 30 frames each
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < subjects.length; k++)
      await run(subjects[(r + k) % subjects.length]!, framesPerRound, true);
  }
  // For the allocation count: the bench script reads the heap around calls to this (frames without a GPU wait).
  (window as unknown as { __frames: (name: string, count: number) => void }).__frames = (name, count) => {
    const s = subjects.find((x) => x.name === name)!;
    for (let f = 0; f < count; f++) s.frame((t += 1 / 60));
  };
  const result = {
    n,
    moving: moving.length,
    crossOriginIsolated,
    armatureDrawn: ours.subject.drawn(),
    armatureDrawCalls: ours.subject.drawCalls!(),
    bundlesRecorded: (window as unknown as { __bundles: () => number }).__bundles(),
    framesRendered: 30 + rounds * framesPerRound + 1,
    threeDrawn: theirs.subject.drawn(),
    armatureMs: median(samples.get('armature')!),
    armatureNoBundlesMs: median(samples.get('armature-no-bundles')!),
    threeMs: median(samples.get('three-webgpu')!),
    threeInstancedMs: median(samples.get('three-webgpu-instanced')!),
    threeGlMs: median(samples.get('three-webgl')!),
    threeGlInstancedMs: median(samples.get('three-webgl-instanced')!),
    armatureGpuMs: gpuSamples.length > 0 ? median(gpuSamples) : null,
    armatureFirstFrameMs: ours.firstFrameMs,
    armatureDeviceMs: ours.deviceMs,
    threeFirstFrameMs: theirs.firstFrameMs,
  };
  document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
  (window as unknown as { __bench: unknown }).__bench = result;
}

main().catch((error: unknown) => {
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
