// diorama: a small pixel-art diorama at native 336×240 seen by the pixel-stable orthographic camera, which orbits and
// pans slowly (every texel stays on the world; the view glides by whole device pixels), with one-pixel outlines in a
// dark shade of each surface (convex edges lit instead), a palette and a stable Bayer dither, banded light lit per
// texel on the textured ground, the sun's shadows fixed to the world, two lanterns at the cottage door, a warm grade,
// and a UI layer that says what is on.
// URL: the chain's state like pixel-chain (?off=palette&on=bloom&upscale=…), plus ?pan=<texels> (the camera moved
// along its own x after the scene is set up), ?snap=0, ?bands=N (0: smooth), ?texel=0, ?palette=<name>,
// ?dither=none|bayer4|bayer8|blue-noise, ?shadows=0 (the shadow pass off, as ?off=shadow), ?daynight=1 (a day of 40 s:
// the sun sets, the lanterns take over) and the fixed clock ?t=&fps=. With ?t=0 nothing in the scene moves.
import {
  DITHER_MODES,
  Node,
  Palette,
  PALETTE_NAMES,
  UiAtlas,
  UiRect,
  UiText,
  type DitherMode,
  type PaletteName,
} from '../../src/index';
import { applyChainState, DebugPanel, installArmatureHandle, readChainUrl } from '../../src/debug';
import { dioramaScene } from '../shared/diorama-scene';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

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
    shadows: number('shadows', 1, (v) => v === 0 || v === 1, 'use 1 (on) or 0 (off)') === 1,
    daynight: number('daynight', 0, (v) => v === 0 || v === 1, 'use 1 (on) or 0 (off)') === 1,
    palette,
    dither,
  };
}

try {
  const { params } = demoParams();
  // Motion blur starts off here: the diorama holds still, and a frame of zero duration (?t=0) would show only the trail.
  const look = readLook(params);
  const state = readChainUrl(params, {
    on: ['outline', 'grade', 'palette', ...(look.shadows ? ['shadow'] : [])],
    off: ['motionBlur', ...(look.shadows ? [] : ['shadow'])],
  });
  const [nw, nh] = state.native;

  const { world, camera, materials, place, light } = dioramaScene(nw, nh);
  for (const material of materials) {
    material.setParam('bands', look.bands);
    material.setParam('texelLight', look.texel ? 1 : 0);
    // Lines in a dark shade of each surface's own colour, as pixel artists draw them.
    const [r, g, b] = material.color;
    material.setParam('outline', [r! * 0.3, g! * 0.3, b! * 0.35, 1]);
  }
  place(0, look.pan);

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
    chain: { snap: look.snap },
    ui: { root: ui, atlas },
  });
  // The shadow map holds the plinth and what stands on it, whatever the camera does: fixed to the world.
  renderer.shadow.box = Float32Array.of(0, 1.2, 0, 5.2, 1.6, 5.2);
  Object.assign(renderer.settings.palette, { palette: Palette.named(look.palette), dither: look.dither });
  Object.assign(renderer.settings.outline, { highlight: 0.25 }); // convex edges catch the light
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
    state.settings.set('snap', look.snap); // the chain's own setting under the same URL key: kept in step
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
    [
      (sample) => {
        place(sample.elapsed, look.pan);
        if (look.daynight) light(sample.elapsed, 40, renderer.environment.ambient);
      },
    ],
    document.querySelector('#hud'),
    {
      fit: true,
    },
  );
} catch (error) {
  showError(handle, canvas, error);
}
