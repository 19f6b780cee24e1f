// The project's own animated glTF: "kit", a small character of seven joints (hips, spine, head, two arms, two legs)
// skinned to one mesh of boxes with vertex colours, with a walk (linear) and an idle (cubic spline) clip, and a
// banner on a pole whose two morph targets (wave, droop) a "flutter" clip plays. make-assets.ts writes it as
// src/assets/fixtures/rig.glb; the animation demo and the tests load that file.
import {
  Document,
  type Accessor,
  type Buffer as GltfBuffer,
  type Node,
  type Scene,
} from '@gltf-transform/core';
import { quat } from 'gl-matrix';
import { boxGeometry, VERTEX_FLOATS } from '../src/scene/geometry';

/** The skeleton: each joint's parent (or none) and its place relative to it, in the bind pose. */
export const RIG_JOINTS = [
  { name: 'hips', parent: null, at: [0, 0.8, 0] },
  { name: 'spine', parent: 'hips', at: [0, 0.15, 0] },
  { name: 'head', parent: 'spine', at: [0, 0.45, 0] },
  { name: 'arm.L', parent: 'spine', at: [0.28, 0.35, 0] },
  { name: 'arm.R', parent: 'spine', at: [-0.28, 0.35, 0] },
  { name: 'leg.L', parent: 'hips', at: [0.12, -0.05, 0] },
  { name: 'leg.R', parent: 'hips', at: [-0.12, -0.05, 0] },
] as const;
type JointName = (typeof RIG_JOINTS)[number]['name'];

const COLORS = {
  coat: [0.22, 0.45, 0.55],
  skin: [0.93, 0.76, 0.6],
  boots: [0.25, 0.18, 0.14],
  eye: [0.1, 0.08, 0.1],
} as const;

/**
 * The body's boxes in the bind pose: size, centre, colour, the joint that carries it, and (legs) the joint that
 * carries half of its top: the hips, so the top of a leg bends between the two.
 */
const PARTS: {
  size: [number, number, number];
  centre: [number, number, number];
  color: keyof typeof COLORS;
  joint: JointName;
  topHalf?: JointName;
}[] = [
  { size: [0.4, 0.55, 0.25], centre: [0, 1.075, 0], color: 'coat', joint: 'spine' },
  { size: [0.3, 0.3, 0.3], centre: [0, 1.55, 0], color: 'skin', joint: 'head' },
  { size: [0.05, 0.06, 0.02], centre: [0.07, 1.58, 0.155], color: 'eye', joint: 'head' },
  { size: [0.05, 0.06, 0.02], centre: [-0.07, 1.58, 0.155], color: 'eye', joint: 'head' },
  { size: [0.12, 0.5, 0.12], centre: [0.28, 1.05, 0], color: 'coat', joint: 'arm.L' },
  { size: [0.12, 0.5, 0.12], centre: [-0.28, 1.05, 0], color: 'coat', joint: 'arm.R' },
  { size: [0.14, 0.75, 0.14], centre: [0.12, 0.375, 0], color: 'boots', joint: 'leg.L', topHalf: 'hips' },
  { size: [0.14, 0.75, 0.14], centre: [-0.12, 0.375, 0], color: 'boots', joint: 'leg.R', topHalf: 'hips' },
];

/** A quaternion turning `degrees` about an axis, as glTF stores it (x, y, z, w). */
function turn(axis: [number, number, number], degrees: number): number[] {
  return Array.from(quat.setAxisAngle(quat.create(), axis, (degrees * Math.PI) / 180));
}

/** Puts an array in the document's buffer as an accessor of `type` (SCALAR, VEC3, …). */
type Store = (name: string, array: Float32Array | Uint8Array | Uint16Array, type: string) => Accessor;

const X: [number, number, number] = [1, 0, 0];
const Z: [number, number, number] = [0, 0, 1];

/**
 * The rig as a glTF document: the skeleton and skinned body, the banner (unless `banner` is false: the game's kit
 * alone), and the clips: walk, idle, carry (walking with both arms held out in front) and the banner's flutter.
 */
export function rigDocument({ banner: withBanner = true }: { banner?: boolean } = {}): Document {
  const doc = new Document();
  const buffer = doc.createBuffer('rig');
  const store: Store = (name, array, type) =>
    doc
      .createAccessor(name)
      .setArray(array)
      .setType(type as 'SCALAR')
      .setBuffer(buffer as GltfBuffer);
  const scene = doc.createScene('rig');
  const kit = doc.createNode('kit');
  scene.addChild(kit);

  // The skeleton, and each joint's place in the world in the bind pose (the rig stands at the origin).
  const joints = new Map<string, { node: Node; world: [number, number, number] }>();
  for (const spec of RIG_JOINTS) {
    const node = doc.createNode(spec.name).setTranslation([...spec.at]);
    const parent = spec.parent ? joints.get(spec.parent)! : null;
    (parent ? parent.node : kit).addChild(node);
    const base = parent?.world ?? [0, 0, 0];
    joints.set(spec.name, {
      node,
      world: [base[0] + spec.at[0], base[1] + spec.at[1], base[2] + spec.at[2]],
    });
  }
  const index = (name: JointName) => RIG_JOINTS.findIndex((j) => j.name === name);

  // The body: every box's vertices, coloured, each on its joint (a leg's top half on the hips).
  const positions: number[] = [];
  const normals: number[] = [];
  const colors: number[] = [];
  const jointIndices: number[] = [];
  const weights: number[] = [];
  const indices: number[] = [];
  for (const part of PARTS) {
    const box = boxGeometry(...part.size);
    const base = positions.length / 3;
    for (let v = 0; v * VERTEX_FLOATS < box.vertices.length; v++) {
      const at = v * VERTEX_FLOATS;
      const y = box.vertices[at + 1]!;
      for (let a = 0; a < 3; a++) {
        positions.push(box.vertices[at + a]! + part.centre[a]!);
        normals.push(box.vertices[at + 3 + a]!);
      }
      colors.push(...COLORS[part.color]);
      const top = part.topHalf && y > 0;
      jointIndices.push(index(part.joint), top ? index(part.topHalf!) : 0, 0, 0);
      weights.push(top ? 0.5 : 1, top ? 0.5 : 0, 0, 0);
    }
    for (const i of box.indices) indices.push(base + i);
  }
  const body = doc
    .createPrimitive()
    .setAttribute('POSITION', store('body position', Float32Array.from(positions), 'VEC3'))
    .setAttribute('NORMAL', store('body normal', Float32Array.from(normals), 'VEC3'))
    .setAttribute('COLOR_0', store('body colour', Float32Array.from(colors), 'VEC3'))
    .setAttribute('JOINTS_0', store('body joints', Uint8Array.from(jointIndices), 'VEC4'))
    .setAttribute('WEIGHTS_0', store('body weights', Float32Array.from(weights), 'VEC4'))
    .setIndices(store('body indices', Uint16Array.from(indices), 'SCALAR'))
    .setMaterial(doc.createMaterial('kit').setBaseColorFactor([1, 1, 1, 1]).setRoughnessFactor(1));
  const inverseBind = new Float32Array(RIG_JOINTS.length * 16);
  RIG_JOINTS.forEach((spec, j) => {
    const [x, y, z] = joints.get(spec.name)!.world;
    inverseBind.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -x, -y, -z, 1], j * 16);
  });
  const skin = doc
    .createSkin('kit skeleton')
    .setSkeleton(joints.get('hips')!.node)
    .setInverseBindMatrices(store('inverse binds', inverseBind, 'MAT4'));
  for (const spec of RIG_JOINTS) skin.addJoint(joints.get(spec.name)!.node);
  kit.addChild(
    doc.createNode('kit body').setMesh(doc.createMesh('kit body').addPrimitive(body)).setSkin(skin),
  );

  const banner = withBanner ? bannerNode(doc, store, scene) : null;

  // The clips.
  const clip = (name: string) => doc.createAnimation(name);
  const channel = (
    animation: ReturnType<typeof clip>,
    node: Node,
    path: 'translation' | 'rotation' | 'weights',
    times: number[],
    values: number[],
    interpolation: 'LINEAR' | 'CUBICSPLINE' = 'LINEAR',
  ) => {
    const type = path === 'rotation' ? 'VEC4' : path === 'translation' ? 'VEC3' : 'SCALAR';
    const sampler = doc
      .createAnimationSampler()
      .setInput(
        store(`${name(animation)} ${node.getName()} ${path} times`, Float32Array.from(times), 'SCALAR'),
      )
      .setOutput(store(`${name(animation)} ${node.getName()} ${path}`, Float32Array.from(values), type))
      .setInterpolation(interpolation);
    animation
      .addSampler(sampler)
      .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath(path).setSampler(sampler));
  };
  const name = (animation: ReturnType<typeof clip>) => animation.getName();
  const joint = (n: JointName) => joints.get(n)!.node;

  // Walk: legs swing ±30° out of phase, arms against them, the hips dip at each step; 0.8 s a stride.
  const walk = clip('walk');
  const stride = [0, 0.2, 0.4, 0.6, 0.8];
  const swing = (degrees: number) => [0, degrees, 0, -degrees, 0].flatMap((d) => turn(X, d));
  channel(walk, joint('leg.L'), 'rotation', stride, swing(30));
  channel(walk, joint('leg.R'), 'rotation', stride, swing(-30));
  channel(walk, joint('arm.L'), 'rotation', stride, swing(-20));
  channel(walk, joint('arm.R'), 'rotation', stride, swing(20));
  channel(
    walk,
    joint('hips'),
    'translation',
    stride,
    [0, 0.8, 0, 0, 0.76, 0, 0, 0.8, 0, 0, 0.76, 0, 0, 0.8, 0],
  );

  // Idle: breathing and a slow sway, as a cubic spline (flat tangents: eased in and out); 2 s.
  const idle = clip('idle');
  const calm = [0, 1, 2];
  const eased = (values: number[][]) => values.flatMap((v) => [...v.map(() => 0), ...v, ...v.map(() => 0)]);
  channel(idle, joint('spine'), 'rotation', calm, eased([turn(Z, 0), turn(Z, 4), turn(Z, 0)]), 'CUBICSPLINE');
  channel(idle, joint('head'), 'rotation', calm, eased([turn(X, 0), turn(X, -6), turn(X, 0)]), 'CUBICSPLINE');
  channel(
    idle,
    joint('hips'),
    'translation',
    calm,
    eased([
      [0, 0.8, 0],
      [0, 0.785, 0],
      [0, 0.8, 0],
    ]),
    'CUBICSPLINE',
  );

  // Carry: the walk's legs and hips, both arms held out in front (70° forward) the whole stride; 0.8 s. Held at its
  // start (legs together), it is standing with a load.
  const carry = clip('carry');
  const held = stride.flatMap(() => turn(X, -70));
  channel(carry, joint('leg.L'), 'rotation', stride, swing(30));
  channel(carry, joint('leg.R'), 'rotation', stride, swing(-30));
  channel(carry, joint('arm.L'), 'rotation', stride, held);
  channel(carry, joint('arm.R'), 'rotation', stride, held);
  channel(
    carry,
    joint('hips'),
    'translation',
    stride,
    [0, 0.8, 0, 0, 0.77, 0, 0, 0.8, 0, 0, 0.77, 0, 0, 0.8, 0],
  );

  // Flutter: the banner waves and droops; 1.2 s.
  if (banner) {
    const flutter = clip('flutter');
    channel(
      flutter,
      banner,
      'weights',
      [0, 0.3, 0.6, 0.9, 1.2],
      [0, 0.2, 1, 0.5, -0.6, 0.3, 0.2, 0.6, 0, 0.2],
    );
  }
  return doc;
}

/** The banner on its pole (added to `scene`): a 1 × 0.6 cloth of 4 × 2 quads, waving (target 0) and drooping (1). */
function bannerNode(doc: Document, store: Store, scene: Scene): Node {
  const [columns, rows] = [4, 2];
  const cloth: number[] = [];
  const wave: number[] = [];
  const droop: number[] = [];
  for (let r = 0; r <= rows; r++)
    for (let c = 0; c <= columns; c++) {
      const u = c / columns;
      cloth.push(u, 0.6 * (1 - r / rows), 0);
      wave.push(0, 0, 0.12 * Math.sin(u * Math.PI * 1.5));
      droop.push(0, -0.2 * u * u, 0);
    }
  const clothIndices: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const i = r * (columns + 1) + c;
      clothIndices.push(i, i + columns + 1, i + 1, i + 1, i + columns + 1, i + columns + 2);
    }
  const clothNormals = new Float32Array(cloth.length);
  for (let i = 2; i < clothNormals.length; i += 3) clothNormals[i] = 1;
  const flag = doc
    .createPrimitive()
    .setAttribute('POSITION', store('banner position', Float32Array.from(cloth), 'VEC3'))
    .setAttribute('NORMAL', store('banner normal', clothNormals, 'VEC3'))
    .setIndices(store('banner indices', Uint16Array.from(clothIndices), 'SCALAR'))
    .setMaterial(
      doc
        .createMaterial('banner')
        .setBaseColorFactor([0.78, 0.22, 0.2, 1])
        .setRoughnessFactor(1)
        .setDoubleSided(true),
    )
    .addTarget(
      doc
        .createPrimitiveTarget('wave')
        .setAttribute('POSITION', store('wave', Float32Array.from(wave), 'VEC3')),
    )
    .addTarget(
      doc
        .createPrimitiveTarget('droop')
        .setAttribute('POSITION', store('droop', Float32Array.from(droop), 'VEC3')),
    );
  const banner = doc
    .createNode('banner')
    .setTranslation([0.05, 1.2, 0])
    .setMesh(doc.createMesh('banner').addPrimitive(flag).setWeights([0, 0]));
  const poleBox = boxGeometry(0.06, 1.8, 0.06);
  const pole = doc
    .createPrimitive()
    .setMaterial(doc.createMaterial('pole').setBaseColorFactor([0.45, 0.32, 0.2, 1]).setRoughnessFactor(1));
  const polePositions = new Float32Array((poleBox.vertices.length / VERTEX_FLOATS) * 3);
  const poleNormals = new Float32Array(polePositions.length);
  for (let v = 0; v < polePositions.length / 3; v++)
    for (let a = 0; a < 3; a++) {
      polePositions[v * 3 + a] = poleBox.vertices[v * VERTEX_FLOATS + a]! + (a === 1 ? 0.9 : 0);
      poleNormals[v * 3 + a] = poleBox.vertices[v * VERTEX_FLOATS + 3 + a]!;
    }
  pole
    .setAttribute('POSITION', store('pole position', polePositions, 'VEC3'))
    .setAttribute('NORMAL', store('pole normal', poleNormals, 'VEC3'))
    .setIndices(store('pole indices', Uint16Array.from(poleBox.indices), 'SCALAR'));
  const post = doc
    .createNode('banner pole')
    .setTranslation([1.2, 0, 0])
    .setMesh(doc.createMesh('pole').addPrimitive(pole));
  post.addChild(banner);
  scene.addChild(post);

  return banner;
}
