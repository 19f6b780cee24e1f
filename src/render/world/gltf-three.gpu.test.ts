// The glTF fixtures drawn by Armature and by three.js (GLTFLoader with its meshopt and Draco decoders, WebGLRenderer) in
// the same page, through the same camera: what each file covers must be the same pixels. Colours are compared with the
// scene built by hand (gltf.gpu.test.ts); three's colour management would make a colour comparison a test of it.
import * as THREE from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import dracoScript from 'three/examples/jsm/libs/draco/gltf/draco_decoder.js?url';
import { describe, expect, it } from 'vitest';
import { loadGltf } from '../../assets/load-gltf';
import { dracoDecoderModule } from '../../assets/test-draco';
import { Camera } from '../../scene/camera';
import { Material } from '../../scene/material';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const FIXTURES = new URL('../../assets/fixtures/texel-test.png', import.meta.url);
const fixture = (name: string) => new URL(name, FIXTURES).href;
const [W, H] = [160, 120];
const EYE = { fovY: 0.9, near: 0.1, far: 20, at: [1.2, 1.4, 3.2] as const, look: [0, 0.2, 0] as const };

/** Which pixels a drawing covers (anything but the black clear colour). */
const coverage = (rgba: Uint8Array) =>
  Array.from({ length: W * H }, (_, i) => rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]! > 0);

/** Armature's coverage of a file: every mesh white and unlit (double-sided where the file says), over black. */
async function armatureCoverage(backend: (typeof TEST_BACKENDS)[number], file: string, draco: object) {
  const gltf = await loadGltf(fixture(file), { draco });
  for (const mesh of gltf.meshes)
    mesh.material = new Material('unlit', [1, 1, 1, 1], { doubleSided: mesh.material.doubleSided });
  const root = new Node('root').add(gltf.root);
  const camera = new Camera('eye', { kind: 'perspective', fovY: EYE.fovY, near: EYE.near, far: EYE.far });
  camera.setPosition(...EYE.at).lookAt([...EYE.look]);
  root.add(camera);
  const { renderer, draw } = await nativeRenderer(backend, { root, camera, native: [W, H] });
  renderer.world.clearColor = [0, 0, 0, 1];
  const pixels = await draw();
  renderer.destroy();
  return coverage(pixels);
}

/** three.js's coverage of a file, drawn the same way (MeshBasicMaterial white, the file's side), top row first. */
async function threeCoverage(file: string) {
  const draco = new DRACOLoader().setDecoderPath(dracoScript.replace(/[^/]*$/, ''));
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).setDRACOLoader(draco);
  const gltf = await loader.loadAsync(fixture(file));
  gltf.scene.traverse((object) => {
    const mesh = object as THREE.Mesh;
    if (mesh.isMesh) {
      const side = (mesh.material as THREE.Material).side;
      mesh.material = new THREE.MeshBasicMaterial({ color: 0xffffff, side });
    }
  });
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [W, H];
  const renderer = new THREE.WebGLRenderer({ canvas, antialias: false, preserveDrawingBuffer: true });
  renderer.setPixelRatio(1);
  renderer.setClearColor(0x000000, 1);
  const camera = new THREE.PerspectiveCamera((EYE.fovY * 180) / Math.PI, W / H, EYE.near, EYE.far);
  camera.position.set(...EYE.at);
  camera.lookAt(...EYE.look);
  renderer.render(gltf.scene, camera);
  const gl = renderer.getContext();
  const bottomUp = new Uint8Array(W * H * 4);
  gl.readPixels(0, 0, W, H, gl.RGBA, gl.UNSIGNED_BYTE, bottomUp);
  const pixels = new Uint8Array(W * H * 4);
  for (let y = 0; y < H; y++) pixels.set(bottomUp.subarray((H - 1 - y) * W * 4, (H - y) * W * 4), y * W * 4);
  renderer.dispose();
  draco.dispose();
  return coverage(pixels);
}

describe('glTF fixtures against three.js GLTFLoader', () => {
  it('every fixture covers the same pixels in Armature (both backends) as in three.js', async () => {
    const draco = await dracoDecoderModule();
    const files = [
      'prop.gltf',
      'prop.glb',
      'prop-quantized.glb',
      'prop-morphed.glb',
      'prop-transformed.glb',
      'prop-meshopt.glb',
      'prop-meshopt.gltf',
      'prop-draco.glb',
      'prop-second-uvs.glb',
      'prop-colors.glb',
      'prop-emissive.glb',
    ];
    const report: string[] = [];
    for (const file of files) {
      const three = await threeCoverage(file);
      const covered = three.filter(Boolean).length;
      expect(covered, `${file}: three.js draws it`).toBeGreaterThan(1000);
      for (const backend of TEST_BACKENDS) {
        const ours = await armatureCoverage(backend, file, draco);
        const both = ours.filter((c, i) => c && three[i]).length;
        const either = ours.filter((c, i) => c || three[i]).length;
        const differ = either - both;
        report.push(
          `${file} ${backend}: IoU ${(both / either).toFixed(4)}, ${differ} of ${covered} pixels differ`,
        );
        // Rasterisation may differ on an edge pixel or two; anything more is a different drawing.
        expect(differ, `${file} on ${backend} against three.js`).toBeLessThanOrEqual(4);
      }
    }
    console.info(report.join('\n'));
  });
});
