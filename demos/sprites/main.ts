// sprites: the engine drawing art it did not make itself. A tiled, textured ground (a PNG, repeat, with mip levels so
// the checker far off reads its mean colour, not moiré), a prop loaded from
// glTF, characters from an Aseprite export walking by their tags (camera-facing sprites: each leg of a walk is a tween
// on the scene timeline, the next started as the last ends, the frames advance by clock time), and UI text
// in a BMFont with Polish diacritics. Every file is in src/assets/fixtures/, made by `npm run assets`.
import {
  Camera,
  loadBitmapFont,
  loadGltf,
  loadSpriteSheet,
  loadTexture,
  Material,
  Mesh,
  Node,
  planeGeometry,
  Sprite,
  UiAtlas,
  UiText,
  type Geometry,
  type Timeline,
} from '../../src/index';
import { VERTEX_FLOATS } from '../../src/advanced';
import { installArmatureHandle } from '../../src/debug';
import { demoRenderer, runDemo, timelineStep } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const art = (file: string) => `/src/assets/fixtures/${file}`;

/** A plane whose texture coordinates run 0…`times` across: the image tiles `times` times with a repeating sampler. */
function tiledPlane(size: number, times: number): Geometry {
  const plane = planeGeometry(size, size);
  const vertices = plane.vertices.slice();
  for (let i = 0; i < vertices.length; i += VERTEX_FLOATS) {
    vertices[i + 6]! *= times;
    vertices[i + 7]! *= times;
  }
  return { name: 'tiled ground', vertices, indices: plane.indices };
}

/** Walkers: where each starts along its track, its speed (units/s) and its lane. */
const WALKERS = [
  { start: 0, speed: 1.1, z: 0.6 },
  { start: 2.5, speed: 0.8, z: -0.4 },
  { start: 4.2, speed: 1.4, z: 1.4 },
];
const TRACK = 6; // units, there and back

try {
  const [ground, prop, sheet, font] = await Promise.all([
    loadTexture(art('checker.png'), { wrap: 'repeat', mipmaps: true }),
    loadGltf(art('prop.gltf')),
    loadSpriteSheet(art('walker.json')),
    loadBitmapFont(art('armature-pixel.fnt')),
  ]);
  const root = new Node('sprites');
  root.add(new Mesh('ground', tiledPlane(64, 64), new Material('lambert', [1, 1, 1, 1], { map: ground })));
  root.add(prop.root.setPosition(1.6, 0.75, -1.2));
  const walkers = WALKERS.map((w, i) => {
    const sprite = new Sprite(`walker ${i}`, sheet, { pivot: 'bottom' });
    sprite.play('walk');
    root.add(sprite);
    return sprite;
  });
  const idler = new Sprite('idler', sheet, { pivot: 'bottom' }).setPosition(-1.6, 0, -1);
  idler.play('idle');
  root.add(idler);
  const camera = new Camera('eye', { kind: 'perspective', fovY: 0.7, near: 0.1, far: 80 });
  camera.setPosition(0, 2.6, 6).lookAt([0, 0.6, 0]);
  root.add(camera);

  const ui = new Node('ui');
  ui.add(new UiText('title', 'Zażółć gęślą jaźń', [1, 0.9, 0.4, 1], { font }).setPosition(6, 6, 0));
  ui.add(
    new UiText('caption', "Tekstury, sprite'y Aseprite, glTF i czcionka BMFont.", [0.85, 0.9, 1, 1], {
      font,
      wrap: 140,
    }).setPosition(6, 18, 0),
  );
  const renderer = await demoRenderer(handle, canvas, {
    root,
    camera,
    native: [336, 240],
    chain: { blurStrength: 0 }, // sharp walkers: the blur would smear their frames
    clearColor: { r: 0.45, g: 0.62, b: 0.8, a: 1 },
    ui: { root: ui, atlas: new UiAtlas({}, { fonts: [font] }) },
  });
  renderer.world.lightDirection.set([-0.4, -1, -0.6]);
  /** Walks `sprite` from `from` to the end at `to` along x at `speed`, facing the way it goes, then end to end for ever. */
  const walk = (
    timeline: Timeline,
    sprite: Sprite,
    z: number,
    from: number,
    to: number,
    speed: number,
  ): void => {
    sprite.flipX = to < from;
    timeline.tween(from, to, (x) => sprite.setPosition(x, 0, z), {
      duration: Math.abs(to - from) / speed,
      onEnd: () => walk(timeline, sprite, z, to, -to, speed), // the track's ends are ±TRACK / 2
    });
  };
  runDemo(
    handle,
    renderer,
    [
      timelineStep((timeline) => {
        // Each starts `start` units along its track, walking right.
        WALKERS.forEach((w, i) => walk(timeline, walkers[i]!, w.z, -TRACK / 2 + w.start, TRACK / 2, w.speed));
      }),
      ({ delta }) => {
        for (const walker of walkers) walker.update(delta);
        idler.update(delta);
      },
    ],
    document.querySelector('#hud'),
  );
} catch (error) {
  showError(handle, canvas, error);
}
