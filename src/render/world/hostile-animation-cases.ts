// For hostile-animation.test.ts: animation data no exporter should write, each case run in a worker thread of its own
// so a hang fails the test by its deadline instead of stopping the run. Each case loads a file made here (through
// loadGltf, from a blob: URL), plays every clip and packs frames of the scene as the world pass would (WorldPacker in
// validation mode over buffers in memory), and answers what it counted. Not part of the engine.
import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { Document, WebIO, type Node as GltfNode } from '@gltf-transform/core';
import { loadGltf, type GltfScene } from '../../assets/load-gltf';
import type { UniformStorage } from '../../layout/uniform-arena';
import { AnimationMixer } from '../../scene/animation-mixer';
import { Material } from '../../scene/material';
import type { Mesh } from '../../scene/mesh';
import { Node } from '../../scene/node';
import { WorldPacker } from './world-packer';

/** What a case answers: whatever it counted, or the message it was refused with. */
export type CaseResult = Record<string, unknown>;

/** Buffers in memory (what the arena would upload goes nowhere). */
function memoryStorage(): UniformStorage {
  return {
    alignment: 256,
    maxBindingSize: 65536,
    create: () => ({ write: () => {}, destroy: () => {} }),
  };
}

/** A .glb made by `build` (on a document with one buffer and one scene), as a blob: URL loadGltf can fetch. */
async function glbUrl(build: (doc: Document, scene: GltfNode[]) => void): Promise<string> {
  const doc = new Document();
  doc.createBuffer();
  const scene = doc.createScene();
  const top: GltfNode[] = [];
  build(doc, top);
  for (const node of top) scene.addChild(node);
  const bytes = await new WebIO().writeBinary(doc);
  return URL.createObjectURL(new Blob([bytes as BlobPart]));
}

/** An accessor of `array` in the document's buffer. */
function accessor(
  doc: Document,
  type: 'SCALAR' | 'VEC3' | 'VEC4' | 'MAT4',
  array: Float32Array | Uint16Array,
) {
  return doc.createAccessor().setType(type).setArray(array).setBuffer(doc.getRoot().listBuffers()[0]!);
}

/** A triangle's mesh: skinned to joints 0…2 when `skinned`, with `targets` morph targets. */
function triangle(doc: Document, targets: number, skinned: boolean) {
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor(doc, 'VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])));
  if (skinned) {
    primitive.setAttribute(
      'JOINTS_0',
      accessor(doc, 'VEC4', new Uint16Array([0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0])),
    );
    primitive.setAttribute(
      'WEIGHTS_0',
      accessor(doc, 'VEC4', new Float32Array([1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0])),
    );
  }
  for (let t = 0; t < targets; t++)
    primitive.addTarget(
      doc
        .createPrimitiveTarget()
        .setAttribute('POSITION', accessor(doc, 'VEC3', new Float32Array(9).fill(0.01 * (t + 1)))),
    );
  const mesh = doc.createMesh('triangle').addPrimitive(primitive);
  if (targets > 0) mesh.setWeights(new Array<number>(targets).fill(0.5));
  return mesh;
}

/** A skinned triangle on a chain of `joints` joints, each turned by a clip of two keys: the top node. */
function skinnedChain(doc: Document, joints: number): GltfNode {
  const top = doc.createNode('rig');
  const chain = Array.from({ length: joints }, (_, i) =>
    doc.createNode(`joint ${i}`).setTranslation([0, 0.01, 0]),
  );
  chain.reduce((parent, joint) => (parent.addChild(joint), joint), top);
  const skin = doc.createSkin('chain');
  for (const joint of chain) skin.addJoint(joint);
  const identity = new Float32Array(16 * joints).map((_, i) => ((i % 16) % 5 === 0 ? 1 : 0));
  skin.setInverseBindMatrices(accessor(doc, 'MAT4', identity));
  top.addChild(
    doc
      .createNode('body')
      .setMesh(triangle(doc, 2, true))
      .setSkin(skin),
  );
  const clip = doc.createAnimation('bend');
  const times = accessor(doc, 'SCALAR', new Float32Array([0, 1]));
  const turn = accessor(doc, 'VEC4', new Float32Array([0, 0, 0, 1, 0, 0.0998, 0, 0.995]));
  for (const joint of chain) {
    const sampler = doc.createAnimationSampler().setInput(times).setOutput(turn);
    clip
      .addSampler(sampler)
      .addChannel(
        doc.createAnimationChannel().setTargetNode(joint).setTargetPath('rotation').setSampler(sampler),
      );
  }
  return top;
}

/**
 * Plays every clip of `gltf` under a root for `frames` frames of 1/60 s from `start` (with `each(frame)` first), packing
 * each frame in validation mode; answers the mixer's and packer's counters, the most of each a frame.
 */
function play(gltf: GltfScene, frames: number, start = 0, each?: (frame: number) => void): CaseResult {
  const root = new Node('root').add(gltf.root);
  const mixer = new AnimationMixer(gltf.root);
  for (const clip of gltf.animations) mixer.clipAction(clip).play();
  let loops = 0;
  mixer.on((event) => (loops += event.loops));
  const packer = new WorldPacker(root, memoryStorage(), { validate: true });
  const most = { sampled: 0, written: 0, events: 0, packed: 0, jointMatrices: 0 };
  for (let f = 0; f < frames; f++) {
    each?.(f);
    mixer.setTime(start + f / 60);
    const before = packer.counters.jointMatrices;
    const { packed } = packer.prepare();
    const joints = packer.counters.jointMatrices - before;
    for (const [key, value] of [
      ...Object.entries(mixer.counters),
      ['packed', packed],
      ['jointMatrices', joints],
    ] as const)
      most[key as keyof typeof most] = Math.max(most[key as keyof typeof most], value);
  }
  packer.destroy();
  return { ...most, loops, draws: packer.draws.length, unsupported: gltf.unsupported };
}

/** The cases, by name. */
export const CASES: Record<string, () => Promise<CaseResult>> = {
  /** One clip of 10 000 channels over 100 nodes (translation, rotation and scale: 300 properties moved). */
  async 'a clip of 10 000 channels'() {
    const url = await glbUrl((doc, scene) => {
      const nodes = Array.from({ length: 100 }, (_, i) => doc.createNode(`n${i}`));
      scene.push(...nodes);
      nodes[0]!.setMesh(triangle(doc, 0, false));
      const clip = doc.createAnimation('many');
      const times = accessor(doc, 'SCALAR', new Float32Array([0, 0.5, 1]));
      const values = {
        translation: accessor(doc, 'VEC3', new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0])),
        rotation: accessor(doc, 'VEC4', new Float32Array([0, 0, 0, 1, 0, 0.0998, 0, 0.995, 0, 0, 0, 1])),
        scale: accessor(doc, 'VEC3', new Float32Array([1, 1, 1, 2, 2, 2, 1, 1, 1])),
      };
      for (let c = 0; c < 10_000; c++) {
        const path = (['translation', 'rotation', 'scale'] as const)[c % 3]!;
        const sampler = doc.createAnimationSampler().setInput(times).setOutput(values[path]);
        clip.addSampler(sampler).addChannel(
          doc
            .createAnimationChannel()
            .setTargetNode(nodes[c % 100]!)
            .setTargetPath(path)
            .setSampler(sampler),
        );
      }
    });
    const gltf = await loadGltf(url);
    return { channels: gltf.animations[0]!.channels.length, ...play(gltf, 90) };
  },

  /** A skin of 300 joints: refused, naming the mesh and the limit, before anything is made. */
  async 'a skin of 300 joints'() {
    const url = await glbUrl((doc, scene) => scene.push(skinnedChain(doc, 300)));
    try {
      await loadGltf(url);
      return { refused: null };
    } catch (error) {
      return { refused: (error as Error).message.replace(/^glTF "[^"]*": /, '') };
    }
  },

  /** A skin of 128 joints (the most), every joint turning: played. */
  async 'a skin of 128 joints'() {
    const url = await glbUrl((doc, scene) => scene.push(skinnedChain(doc, 128)));
    return play(await loadGltf(url), 60);
  },

  /** A mesh of 20 morph targets with its weights animated: the 16 a mesh blends are not enough. */
  async 'a mesh of 20 morph targets'() {
    const url = await glbUrl((doc, scene) => {
      const node = doc.createNode('morphed').setMesh(triangle(doc, 20, false));
      scene.push(node);
      const sampler = doc
        .createAnimationSampler()
        .setInput(accessor(doc, 'SCALAR', new Float32Array([0, 1])))
        .setOutput(
          accessor(
            doc,
            'SCALAR',
            new Float32Array(40).map((_, i) => (i % 3) / 2),
          ),
        );
      doc
        .createAnimation('weights')
        .addSampler(sampler)
        .addChannel(
          doc.createAnimationChannel().setTargetNode(node).setTargetPath('weights').setSampler(sampler),
        );
    });
    return play(await loadGltf(url), 30);
  },

  /** A clip of 1e-30 s (two keys), looping, asked for an hour in: one loop event, not 3.6e33. */
  async 'a clip of 1e-30 s an hour in'() {
    const url = await glbUrl((doc, scene) => {
      const node = doc.createNode('n').setMesh(triangle(doc, 0, false));
      scene.push(node);
      const sampler = doc
        .createAnimationSampler()
        .setInput(accessor(doc, 'SCALAR', new Float32Array([0, 1e-30])))
        .setOutput(accessor(doc, 'VEC3', new Float32Array([0, 0, 0, 1, 0, 0])));
      doc
        .createAnimation('blink')
        .addSampler(sampler)
        .addChannel(
          doc.createAnimationChannel().setTargetNode(node).setTargetPath('translation').setSampler(sampler),
        );
    });
    return play(await loadGltf(url), 10, 3600);
  },

  /**
   * The project's rig (skinned body, morphed banner) played while its meshes' materials are swapped every frame:
   * another kind, double-sided, blended, back.
   */
  async 'the rig with its materials swapped every frame'() {
    const bytes = readFileSync(new URL('../../assets/fixtures/rig.glb', import.meta.url));
    const gltf = await loadGltf(URL.createObjectURL(new Blob([bytes])));
    const swaps = [
      () => new Material('unlit', [1, 0, 0, 1]),
      () => new Material('lambert', [0, 1, 0, 1], { doubleSided: true }),
      () => new Material('lambert', [0, 0, 1, 0.5], { blend: true }),
    ];
    const meshes: Mesh[] = gltf.meshes;
    const originals = meshes.map((mesh) => mesh.material);
    return play(gltf, 240, 0, (f) =>
      meshes.forEach((mesh, m) => (mesh.material = f % 4 === 3 ? originals[m]! : swaps[(f + m) % 3]!())),
    );
  },
};

// Run in a worker thread: the case named by the test, its answer (or its error's message) posted back.
if (parentPort && (workerData as { hostileCase?: string } | null)?.hostileCase) {
  const name = (workerData as { hostileCase: string }).hostileCase;
  CASES[name]!().then(
    (result) => parentPort!.postMessage({ result }),
    (error: unknown) => parentPort!.postMessage({ error: String((error as Error).stack ?? error) }),
  );
}
