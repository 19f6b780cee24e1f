// diorama: a small pixel-art diorama at native 336×240 seen by the pixel-stable orthographic camera, which orbits and
// pans slowly (every texel stays on the world; the view glides by whole device pixels), with a palette and a stable
// Bayer dither, banded light lit per texel on the textured ground, a warm grade, and a UI layer that says what is on.
// URL: the chain's state like pixel-chain (?off=palette&on=bloom&upscale=…), plus ?pan=<texels> (the camera moved
// along its own x after the scene is set up), ?snap=0, ?bands=N (0: smooth), ?texel=0, ?palette=<name>,
// ?dither=none|bayer4|bayer8 and the fixed clock ?t=&fps=. With ?t=0 nothing in the scene moves.
import {
  boxGeometry,
  Camera,
  cylinderGeometry,
  DITHER_MODES,
  Material,
  Mesh,
  Node,
  Palette,
  PALETTE_NAMES,
  parsePixelAspect,
  planeGeometry,
  seededRandom,
  sphereGeometry,
  Texture,
  UiAtlas,
  UiRect,
  UiText,
  type DitherMode,
  type PaletteName,
} from '../../src/index';
import { applyChainState, DebugPanel, installArmatureHandle, readChainUrl } from '../../src/debug';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

/** World units across the view: 336 texels of 1/21 unit. */
const VIEW_WIDTH = 16;

/** The look as the URL holds it (beside the chain's own state); each bad value is an error saying what is accepted. */
function readLook(params: URLSearchParams) {
  const number = (name: string, fallback: number, ok: (v: number) => boolean, accepted: string) => {
    const text = params.get(name);
    const value = text === null ? fallback : Number(text);
    if (!ok(value)) throw new Error(`?${name}=${text}: ${accepted}.`);
    return value;
  };
  const palette = (params.get('palette') ?? 'pico-8') as PaletteName;
  if (!PALETTE_NAMES.includes(palette))
    throw new Error(`?palette=${palette}: use one of ${PALETTE_NAMES.join(', ')}.`);
  const dither = (params.get('dither') ?? 'bayer4') as DitherMode;
  if (!DITHER_MODES.includes(dither))
    throw new Error(`?dither=${dither}: use one of ${DITHER_MODES.join(', ')}.`);
  return {
    pan: number('pan', 0, Number.isFinite, 'give a number of texels (fractions allowed)'),
    snap: number('snap', 1, (v) => v === 0 || v === 1, 'use 1 (on) or 0 (off)') === 1,
    bands: number(
      'bands',
      4,
      (v) => v === 0 || (Number.isInteger(v) && v >= 2 && v <= 16),
      'use 0 (smooth) or 2…16',
    ),
    texel: number('texel', 1, (v) => v === 0 || v === 1, 'use 1 (on) or 0 (off)') === 1,
    palette,
    dither,
  };
}

/** A 32×32 grass-and-dirt image, made here from a seeded generator (the project's own art). */
function groundTexture(): Texture {
  const random = seededRandom(7);
  const pixels = new Uint8Array(32 * 32 * 4);
  for (let y = 0; y < 32; y++)
    for (let x = 0; x < 32; x++) {
      const path = Math.abs(x - 12 - Math.round(Math.sin(y / 5) * 3)) < 3;
      const speck = random();
      const [r, g, b] = path
        ? speck < 0.2
          ? [150, 120, 80]
          : [176, 144, 96]
        : speck < 0.12
          ? [70, 140, 60]
          : speck < 0.2
            ? [120, 190, 80]
            : [96, 168, 72];
      pixels.set([r, g, b, 255], (y * 32 + x) * 4);
    }
  return Texture.fromPixels(32, 32, pixels, { label: 'diorama ground' });
}

try {
  const { params } = demoParams();
  // Motion blur starts off here: the diorama holds still, and a frame of zero duration (?t=0) would show only the trail.
  const state = readChainUrl(params, ['motionBlur', 'bloom', 'crt']);
  const look = readLook(params);
  const [nw, nh] = state.native;

  const world = new Node('world');
  const lit = (color: [number, number, number, number], map?: Texture) =>
    new Material('lambert', color, map ? { map } : {});
  const materials: Material[] = [];
  const add = (mesh: Mesh<unknown, Material>) => {
    materials.push(mesh.material);
    world.add(mesh);
    return mesh;
  };
  add(new Mesh('ground', planeGeometry(10, 10), lit([1, 1, 1, 1], groundTexture())));
  add(new Mesh('plinth', boxGeometry(10.4, 0.6, 10.4), lit([0.45, 0.32, 0.25, 1]))).setPosition(0, -0.31, 0);
  // A cottage: walls, a roof of two slabs, a door and a chimney.
  const house = new Node('house').setPosition(-1.6, 0, -1.2).setRotationFromEuler(0, 0.35, 0);
  world.add(house);
  const part = (mesh: Mesh<unknown, Material>) => {
    materials.push(mesh.material);
    house.add(mesh);
    return mesh;
  };
  part(new Mesh('walls', boxGeometry(2.4, 1.6, 1.8), lit([0.92, 0.85, 0.7, 1]))).setPosition(0, 0.8, 0);
  for (const side of [-1, 1])
    part(new Mesh(`roof${side}`, boxGeometry(2.8, 0.16, 1.3), lit([0.75, 0.25, 0.2, 1])))
      .setPosition(0, 1.95, side * 0.48)
      .setRotationFromEuler(side * 0.6, 0, 0);
  part(new Mesh('door', boxGeometry(0.5, 0.9, 0.06), lit([0.45, 0.28, 0.15, 1]))).setPosition(
    0.4,
    0.45,
    0.92,
  );
  part(new Mesh('chimney', boxGeometry(0.3, 0.8, 0.3), lit([0.5, 0.5, 0.55, 1]))).setPosition(
    -0.7,
    2.1,
    -0.3,
  );
  // Trees, rocks and a pond, placed by a seeded generator.
  const random = seededRandom(21);
  for (let i = 0; i < 7; i++) {
    const x = 1 + random() * 3.5;
    const z = -3.5 + random() * 7;
    const h = 0.6 + random() * 0.6;
    add(new Mesh(`trunk${i}`, cylinderGeometry(0.12, h, 6), lit([0.45, 0.3, 0.18, 1]))).setPosition(
      x,
      h / 2,
      z,
    );
    add(
      new Mesh(
        `leaves${i}`,
        sphereGeometry(0.55 + random() * 0.25, 8, 5),
        lit([0.2, 0.55 + random() * 0.15, 0.25, 1]),
      ),
    ).setPosition(x, h + 0.35, z);
  }
  for (let i = 0; i < 5; i++)
    add(new Mesh(`rock${i}`, sphereGeometry(0.25 + random() * 0.2, 6, 4), lit([0.6, 0.6, 0.62, 1])))
      .setPosition(-4 + random() * 3, 0.1, 1.5 + random() * 2.5)
      .setScale(1.3, 0.7, 1);
  add(new Mesh('pond', boxGeometry(2, 0.05, 1.4), lit([0.3, 0.55, 0.9, 1]))).setPosition(-2.2, 0.02, 2.6);
  for (const material of materials) {
    material.setParam('bands', look.bands);
    material.setParam('texelLight', look.texel ? 1 : 0);
  }

  // The camera: orthographic, 16 units across, orbiting the middle at a fixed height.
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: -VIEW_WIDTH / 2,
    right: VIEW_WIDTH / 2,
    bottom: -(VIEW_WIDTH * nh) / nw / 2,
    top: (VIEW_WIDTH * nh) / nw / 2,
    near: 0.1,
    far: 60,
  });
  world.add(camera);
  const texel = VIEW_WIDTH / nw;
  const place = (t: number) => {
    const angle = 0.7 + t * 0.05; // radians: a slow orbit
    camera.setPosition(Math.sin(angle) * 20, 14, Math.cos(angle) * 20);
    camera.lookAt([0, 0.5, 0]);
    // The pan: along the camera's own x, by `pan` texels plus a slow sway.
    const w = camera.worldMatrix;
    const along = (look.pan + Math.sin(t * 0.3) * 12) * texel;
    camera.setPosition(w[12]! + w[0]! * along, w[13]! + w[1]! * along, w[14]! + w[2]! * along);
  };
  place(0);

  // The UI: a title and what is on.
  const ui = new Node('ui');
  const panel = new UiRect('panel', 158, 28, [0.05, 0.05, 0.12, 1]).setPosition(6, 6, 0);
  const title = new UiText('title', 'ARMATURE DIORAMA', [1, 0.9, 0.4, 1]).setPosition(5, 5, 0);
  const status = new UiText('status', '', [0.7, 1, 0.8, 1]).setPosition(5, 16, 0);
  panel.add(title).add(status);
  ui.add(panel);
  const atlas = new UiAtlas({});

  const renderer = await demoRenderer(handle, canvas, {
    root: world,
    camera,
    native: [nw, nh],
    clearColor: { r: 0.12, g: 0.1, b: 0.18, a: 1 },
    pixelStable: true,
    chain: {
      upscale: state.upscale,
      pixelAspect: parsePixelAspect(state.par),
      barFill: state.bars,
      blurPersistence: state.blur,
      snap: look.snap,
    },
    ui: { root: ui, atlas },
  });
  renderer.environment.lightDirection.set([-0.5, -1, -0.35]);
  Object.assign(renderer.settings.palette, { palette: Palette.named(look.palette), dither: look.dither });
  Object.assign(renderer.settings.grade, {
    lift: [0.03, 0.01, 0.05],
    gamma: [1, 1, 1],
    gain: [1.08, 1.02, 0.94],
  });
  applyChainState(renderer, state);
  const onOff = (on: boolean) => (on ? 'ON' : 'OFF');
  const writeStatus = () => {
    const palette = renderer.graph.isEnabled('palette') ? look.palette.toUpperCase() : 'OFF';
    status.text = `SNAP ${onOff(renderer.settings.snap)} PAL ${palette} BANDS ${look.bands || 'OFF'}`;
  };
  const debug = new DebugPanel({
    renderer,
    state,
    stats: () => handle.stats,
    onChange: () => {
      writeStatus();
      demo.replay();
    },
  });
  // The look's own switches, beside the chain's: each lands in the URL and replays the fixed clock.
  const folder = debug.pane.addFolder({ title: 'diorama look' });
  const toUrl = () => {
    const next = new URLSearchParams(location.search);
    next.set('snap', look.snap ? '1' : '0');
    next.set('bands', String(look.bands));
    next.set('texel', look.texel ? '1' : '0');
    next.set('palette', look.palette);
    next.set('dither', look.dither);
    history.replaceState(null, '', `?${next}`);
    renderer.settings.snap = look.snap;
    renderer.settings.palette.palette = Palette.named(look.palette);
    renderer.settings.palette.dither = look.dither;
    for (const material of materials) {
      material.setParam('bands', look.bands);
      material.setParam('texelLight', look.texel ? 1 : 0);
    }
    writeStatus();
    demo.replay();
  };
  type BindingOptions = Parameters<typeof folder.addBinding>[2];
  const bind = (
    key: 'snap' | 'texel' | 'bands' | 'palette' | 'dither',
    options: BindingOptions,
    testid: string,
  ) =>
    folder
      .addBinding(look, key, options)
      .on('change', toUrl)
      .element.querySelector('input, select')
      ?.setAttribute('data-testid', testid);
  bind('snap', { label: 'pixel-stable camera' }, 'look-snap');
  bind('texel', { label: 'light per texel' }, 'look-texel');
  bind('bands', { label: 'light bands', options: { smooth: 0, 2: 2, 3: 3, 4: 4, 6: 6 } }, 'look-bands');
  bind(
    'palette',
    { label: 'palette', options: Object.fromEntries(PALETTE_NAMES.map((n) => [n, n])) },
    'look-palette',
  );
  bind(
    'dither',
    { label: 'dither', options: Object.fromEntries(DITHER_MODES.map((n) => [n, n])) },
    'look-dither',
  );
  if (params.get('debug') === '1') debug.toggle(true);
  writeStatus();

  const demo = runDemo(
    handle,
    renderer,
    [(sample) => place(sample.elapsed)],
    document.querySelector('#hud'),
    {
      fit: true,
    },
  );
} catch (error) {
  showError(handle, canvas, error);
}
