// The browser half of `npm run bench:load`: one engine per page (`?who=armature|three`), so neither inherits the
// other's warm caches. Each starts its renderer and draws one empty frame first (device, context, frame-level
// pipelines: not the model's cost), then the timed span: load the .glb from a blob URL, add it to the scene, render,
// wait until the GPU has done the frame.
import * as THREE from 'three/webgpu';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';
import { Camera, loadGltf, Node, Renderer } from '../../src/index';
import { requestGpu } from '../../src/advanced';
import { bigGltf, NODES, TRIANGLES_PER_MESH } from './big-gltf';

export interface LoadResult {
  who: string;
  /** From the load call to the frame done on the GPU. */
  totalMs: number;
  /** Fetching and parsing the file into the engine's objects (textures decoded). */
  loadMs: number;
  /** The render call's CPU side (uploads, pipelines, encoding). */
  renderMs: number;
  /** From submit to done (SwiftShader compiles shaders at first use here). */
  gpuMs: number;
  /** Drawn in that frame, to check both drew the whole model. */
  triangles: number;
  error?: string;
}

const who = new URLSearchParams(location.search).get('who') ?? 'armature';
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const aspect = canvas.width / canvas.height;

/** The timed span's parts from its four instants. */
function spans(start: number, loaded: number, rendered: number, done: number, triangles: number): LoadResult {
  return {
    who,
    totalMs: done - start,
    loadMs: loaded - start,
    renderMs: rendered - loaded,
    gpuMs: done - rendered,
    triangles,
  };
}

async function armature(url: string, extent: number): Promise<LoadResult> {
  const gpu = await requestGpu();
  const root = new Node('root');
  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: Math.PI / 3,
    aspect,
    near: 0.1,
    far: extent * 4,
  });
  camera.setPosition(0, extent * 0.5, extent * 0.4).lookAt([0, 0, -extent * 0.4]);
  root.add(camera);
  const renderer = await Renderer.create(canvas, { root, camera, gpu });
  const frameTriangles = renderer.render(0).triangles;
  await renderer.finished();

  const start = performance.now();
  const model = await loadGltf(url);
  const loaded = performance.now();
  root.add(model.root);
  const triangles = renderer.render(1 / 60).triangles - frameTriangles;
  const rendered = performance.now();
  await renderer.finished();
  const done = performance.now();
  return spans(start, loaded, rendered, done, triangles);
}

async function three(url: string, extent: number): Promise<LoadResult> {
  const renderer = new THREE.WebGPURenderer({ canvas, antialias: false });
  renderer.setSize(canvas.width, canvas.height, false);
  await renderer.init();
  const scene = new THREE.Scene();
  scene.add(new THREE.AmbientLight(0x404050), new THREE.DirectionalLight(0xffffff, 1));
  const camera = new THREE.PerspectiveCamera(60, aspect, 0.1, extent * 4);
  camera.position.set(0, extent * 0.5, extent * 0.4);
  camera.lookAt(0, 0, -extent * 0.4);
  renderer.render(scene, camera);
  const frameTriangles = renderer.info.render.triangles; // its output pass's, drawn in every frame
  const device = (renderer.backend as unknown as { device: GPUDevice }).device;
  await device.queue.onSubmittedWorkDone();

  const start = performance.now();
  const gltf = await new GLTFLoader().loadAsync(url);
  const loaded = performance.now();
  scene.add(gltf.scene);
  renderer.render(scene, camera);
  const rendered = performance.now();
  const triangles = renderer.info.render.triangles - frameTriangles; // read now: three resets it at its next animation frame
  await device.queue.onSubmittedWorkDone();
  const done = performance.now();
  return spans(start, loaded, rendered, done, triangles);
}

async function main(): Promise<LoadResult> {
  const { glb, extent } = await bigGltf();
  const url = URL.createObjectURL(new Blob([glb as BlobPart], { type: 'model/gltf-binary' }));
  const result = who === 'three' ? await three(url, extent) : await armature(url, extent);
  if (result.triangles !== NODES * TRIANGLES_PER_MESH)
    throw new Error(`${who} drew ${result.triangles} triangles of ${NODES * TRIANGLES_PER_MESH}`);
  return result;
}

main()
  .then((result) => {
    document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
    (window as unknown as { __bench: unknown }).__bench = result;
  })
  .catch((error: unknown) => {
    (window as unknown as { __bench: unknown }).__bench = { who, error: String(error) };
  });
