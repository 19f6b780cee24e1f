// The glTF fixtures drawn by Armature and by three.js (GLTFLoader with its meshopt and Draco decoders, WebGLRenderer) in
// the same page, through the same camera: what each file covers must be the same pixels. Colours are compared with the
// scene built by hand (gltf.gpu.test.ts); three's colour management would make a colour comparison a test of it.
import * as THREE from 'three';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import dracoScript from 'three/examples/jsm/libs/draco/gltf/draco_decoder.js?url';
import { describe, expect, it } from 'vitest';
import { loadGltf, type GltfScene } from '../../assets/load-gltf';
import { AnimationMixer } from '../../scene/animation-mixer';
import { dracoDecoderModule } from '../../assets/test-draco';
import { Camera } from '../../scene/camera';
import { Material } from '../../scene/material';
import { Node } from '../../scene/node';
import { nativeRenderer, TEST_BACKENDS } from '../renderers/test-backends';

const FIXTURES = new URL('../../assets/fixtures/texel-test.png', import.meta.url);
const fixture = (name: string) => new URL(name, FIXTURES).href;
const [W, H] = [160, 120];
type Eye = { fovY: number; near: number; far: number; at: readonly number[]; look: readonly number[] };
const PROP_EYE: Eye = { fovY: 0.9, near: 0.1, far: 20, at: [1.2, 1.4, 3.2], look: [0, 0.2, 0] };
/** The rig: the character and the banner beside it, seen a little from the side. */
const RIG_EYE: Eye = { fovY: 0.8, near: 0.1, far: 20, at: [1.6, 1.3, 3.4], look: [0.5, 0.9, 0] };
/** The clips played on the rig, and the times (s) it is drawn at. */
const RIG_POSES: { clips: string[]; time: number }[] = [
  { clips: ['walk', 'flutter'], time: 0.1 },
  { clips: ['walk', 'flutter'], time: 0.45 },
  { clips: ['walk', 'flutter'], time: 1.1 },
  { clips: ['idle'], time: 0.7 },
];

/** Which pixels a drawing covers (anything but the black clear colour). */
const coverage = (rgba: Uint8Array) =>
  Array.from({ length: W * H }, (_, i) => rgba[i * 4]! + rgba[i * 4 + 1]! + rgba[i * 4 + 2]! > 0);

/**
 * Armature's coverage of a file, every mesh white and unlit (double-sided where the file says), over black; posed
 * first by `clips` played at `time` when given.
 */
async function armatureCoverage(
  backend: (typeof TEST_BACKENDS)[number],
  file: string,
  draco: object,
  eye = PROP_EYE,
  pose?: { clips: string[]; time: number },
) {
  const gltf = await loadGltf(fixture(file), { draco });
  if (pose) play(gltf, pose);
  for (const mesh of gltf.meshes)
    mesh.material = new Material('unlit', [1, 1, 1, 1], { doubleSided: mesh.material.doubleSided });
  const root = new Node('root').add(gltf.root);
  const camera = new Camera('eye', { kind: 'perspective', fovY: eye.fovY, near: eye.near, far: eye.far });
  camera.setPosition(eye.at[0]!, eye.at[1]!, eye.at[2]!).lookAt([...eye.look]);
  root.add(camera);
  const { renderer, draw } = await nativeRenderer(backend, { root, camera, native: [W, H] });
  renderer.world.clearColor = [0, 0, 0, 1];
  const pixels = await draw();
  renderer.destroy();
  return coverage(pixels);
}

/** Plays `clips` of a loaded file with an AnimationMixer set to `time`. */
function play(gltf: GltfScene, pose: { clips: string[]; time: number }) {
  const mixer = new AnimationMixer(gltf.root);
  for (const name of pose.clips) mixer.clipAction(gltf.animations.find((c) => c.name === name)!).play();
  mixer.setTime(pose.time);
}

/**
 * three.js's coverage of a file, drawn the same way (MeshBasicMaterial white, the file's side), top row first; posed
 * by its AnimationMixer (`setTime`) when given clips.
 */
async function threeCoverage(file: string, eye = PROP_EYE, pose?: { clips: string[]; time: number }) {
  const draco = new DRACOLoader().setDecoderPath(dracoScript.replace(/[^/]*$/, ''));
  const loader = new GLTFLoader().setMeshoptDecoder(MeshoptDecoder).setDRACOLoader(draco);
  const gltf = await loader.loadAsync(fixture(file));
  if (pose) {
    const mixer = new THREE.AnimationMixer(gltf.scene);
    for (const name of pose.clips) mixer.clipAction(gltf.animations.find((c) => c.name === name)!).play();
    mixer.setTime(pose.time);
  }
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
  const camera = new THREE.PerspectiveCamera((eye.fovY * 180) / Math.PI, W / H, eye.near, eye.far);
  camera.position.set(eye.at[0]!, eye.at[1]!, eye.at[2]!);
  camera.lookAt(eye.look[0]!, eye.look[1]!, eye.look[2]!);
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

  it('the rig (skin, morph targets, linear, cubic and weight clips) at four poses covers the same pixels as three.js AnimationMixer.setTime', async () => {
    const draco = await dracoDecoderModule();
    const report: string[] = [];
    const bind = await threeCoverage('rig.glb', RIG_EYE);
    for (const pose of RIG_POSES) {
      const three = await threeCoverage('rig.glb', RIG_EYE, pose);
      const covered = three.filter(Boolean).length;
      expect(covered, `${pose.clips} at ${pose.time}: three.js draws it`).toBeGreaterThan(1000);
      // The pose must be one: were the clips not played, it would be the bind pose.
      expect(three.filter((c, i) => c !== bind[i]).length, 'posed, not the bind pose').toBeGreaterThan(20);
      for (const backend of TEST_BACKENDS) {
        const ours = await armatureCoverage(backend, 'rig.glb', draco, RIG_EYE, pose);
        const both = ours.filter((c, i) => c && three[i]).length;
        const either = ours.filter((c, i) => c || three[i]).length;
        report.push(
          `rig ${pose.clips} at ${pose.time} s, ${backend}: IoU ${(both / either).toFixed(4)}, ` +
            `${either - both} of ${covered} pixels differ`,
        );
        expect(either - both, `rig ${pose.clips} at ${pose.time} on ${backend}`).toBeLessThanOrEqual(4);
      }
    }
    console.info(report.join('\n'));
  });
});
