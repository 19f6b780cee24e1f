// pixel-chain: a small animated world at native 336×240 seen by an ortho camera, a pixel-art UI over it, and every
// pass of the chain. URL parameters set the whole state, so every state is a link and a screenshot:
// ?off=motionBlur,crt&upscale=integer&par=8:7&native=336x240&bars=pixelated&blur=0.08&t=1.5&fps=60
import {
  BAR_FILLS,
  boxGeometry,
  Camera,
  installArmatureHandle,
  Material,
  Mesh,
  Node,
  parsePixelAspect,
  quadGeometry,
  Renderer,
  requestGpu,
  UiAtlas,
  UiRect,
  UiSprite,
  UiText,
  UPSCALE_MODES,
  type BarFill,
  type UpscaleMode,
} from '../../src/index';
import { demoParams, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const PASSES = ['world', 'ui', 'motionBlur', 'upscale', 'background', 'crt'] as const;
/** Passes that only make sense on the upscaled image: off with upscale, since there are no bars without it. */
const NEEDS_UPSCALE = ['background', 'crt'];

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

try {
  const { params } = demoParams();
  const [nw, nh] = (params.get('native') ?? '336x240').split('x').map(Number) as [number, number];
  if (!(Number.isInteger(nw) && Number.isInteger(nh) && nw > 0 && nh > 0)) {
    throw new Error(`?native=${params.get('native')} must be WIDTHxHEIGHT in whole pixels, e.g. 336x240.`);
  }
  const off = new Set((params.get('off') ?? '').split(',').filter(Boolean));
  for (const name of off) {
    if (!PASSES.includes(name as (typeof PASSES)[number]) || name === 'world') {
      throw new Error(
        `?off=${name}: no such pass to turn off. Passes: ${PASSES.filter((p) => p !== 'world').join(', ')}.`,
      );
    }
  }
  if (!params.get('on')?.split(',').includes('crt')) off.add('crt'); // CRT is off unless asked for (?on=crt)
  const upscale = (params.get('upscale') ?? 'integer') as UpscaleMode;
  if (!UPSCALE_MODES.includes(upscale))
    throw new Error(`?upscale=${upscale}: use one of ${UPSCALE_MODES.join(', ')}.`);
  const bars = (params.get('bars') ?? 'pixelated') as BarFill;
  if (!BAR_FILLS.includes(bars)) throw new Error(`?bars=${bars}: use one of ${BAR_FILLS.join(', ')}.`);
  const pixelAspect = parsePixelAspect(params.get('par') ?? '1:1');
  const blurPersistence = Number(params.get('blur') ?? 0.08);
  if (!(blurPersistence > 0))
    throw new Error(`?blur=${params.get('blur')} must be a persistence in seconds > 0.`);

  // The world: native pixels as units, y up, an ortho camera looking down -Z.
  const world = new Node('world');
  const camera = new Camera('eye', {
    kind: 'orthographic',
    left: 0,
    right: nw,
    bottom: 0,
    top: nh,
    near: 0.1,
    far: 100,
  });
  world.add(camera);
  world.add(
    new Mesh('ground', quadGeometry(nw, 60), new Material('lambert', [0.25, 0.45, 0.3, 1])).setPosition(
      nw / 2,
      30,
      -50,
    ),
  );
  const sky = new Mesh('sky', quadGeometry(nw, nh - 60), new Material('unlit', [0.35, 0.5, 0.75, 1]));
  world.add(sky.setPosition(nw / 2, 60 + (nh - 60) / 2, -60));
  const movers = [0, 1, 2, 3].map((i) => {
    const mesh = new Mesh(
      `crate${i}`,
      boxGeometry(24, 24, 24),
      new Material('lambert', [0.9, 0.55 - i * 0.1, 0.2 + i * 0.15, 1]),
    );
    world.add(mesh.setPosition(40 + i * 80, 80, -30));
    return mesh;
  });

  // The UI: its own root, in native pixels, y down.
  const ui = new Node('ui');
  const panel = new UiRect('panel', 120, 28, [0.05, 0.05, 0.12, 0.8]).setPosition(8, 8, 0);
  const title = new UiText('title', 'ARMATURE PIXEL CHAIN', [1, 0.9, 0.4, 1]).setPosition(6, 5, 0);
  const clock = new UiText('clock', 'T 0.00', [0.7, 1, 0.8, 1]).setPosition(6, 15, 0);
  panel.add(title).add(clock);
  const ship = new UiSprite('ship', 'ship').setPosition(20, 200, 0);
  ui.add(panel).add(ship);
  const atlas = new UiAtlas({
    ship: {
      rows: ['...##...', '..#oo#..', '.######.', '########', '#.#..#.#'],
      palette: { '#': [0.9, 0.9, 0.95, 1], o: [0.3, 0.8, 1, 1] },
    },
  });

  const dpr = window.devicePixelRatio || 1;
  canvas.width = Math.round(canvas.clientWidth * dpr);
  canvas.height = Math.round(canvas.clientHeight * dpr);
  const gpu = await requestGpu();
  const renderer = await Renderer.create(gpu, canvas, {
    root: world,
    camera,
    native: [nw, nh],
    clearColor: { r: 0, g: 0, b: 0, a: 1 },
    chain: { upscale, pixelAspect, barFill: bars, blurPersistence },
    ui: { root: ui, atlas },
  });
  const graph = renderer.graph;
  const apply = () => {
    const upscaling = !off.has('upscale');
    for (const name of [...PASSES].reverse()) {
      if (name === 'world') continue;
      const enabled = !off.has(name) && (upscaling || !NEEDS_UPSCALE.includes(name));
      if (graph.isEnabled(name) !== enabled && !enabled) graph.setEnabled(name, false);
    }
    for (const name of PASSES) {
      if (name === 'world') continue;
      const enabled = !off.has(name) && (upscaling || !NEEDS_UPSCALE.includes(name));
      if (graph.isEnabled(name) !== enabled && enabled) graph.setEnabled(name, true);
    }
    syncControls();
  };

  // Controls: each mirrors the URL state and writes it back, so a state can be shared as a link.
  const form = document.querySelector<HTMLFormElement>('#controls')!;
  const passesBox = form.querySelector('#passes')!;
  const toggles = new Map<string, HTMLInputElement>();
  for (const name of PASSES.filter((p) => p !== 'world')) {
    const label = document.createElement('label');
    const box = document.createElement('input');
    box.type = 'checkbox';
    box.dataset['testid'] = `pass-toggle-${name}`;
    box.addEventListener('change', () => {
      if (box.checked) off.delete(name);
      else off.add(name);
      apply();
      writeUrl();
    });
    label.append(box, ` ${name}`);
    passesBox.append(label);
    toggles.set(name, box);
  }
  const select = (id: string, values: readonly string[], current: string, onChange: (v: string) => void) => {
    const element = form.querySelector<HTMLSelectElement>(id)!;
    if (element.options.length === 0) for (const v of values) element.add(new Option(v, v));
    element.value = current;
    element.addEventListener('change', () => {
      onChange(element.value);
      writeUrl();
    });
  };
  select('#upscale', UPSCALE_MODES, upscale, (v) => (renderer.settings.upscale = v as UpscaleMode));
  select('#bars', BAR_FILLS, bars, (v) => (renderer.settings.barFill = v as BarFill));
  select(
    '#par',
    ['1:1', '8:7', '4:3'],
    params.get('par') ?? '1:1',
    (v) => (renderer.settings.pixelAspect = parsePixelAspect(v)),
  );
  const blur = form.querySelector<HTMLInputElement>('#blur')!;
  blur.value = String(blurPersistence);
  blur.addEventListener('input', () => {
    renderer.settings.blurPersistence = Number(blur.value);
    writeUrl();
  });
  function syncControls() {
    for (const [name, box] of toggles) {
      box.checked = graph.isEnabled(name);
      box.disabled = off.has('upscale') && NEEDS_UPSCALE.includes(name);
    }
  }
  function writeUrl() {
    const next = new URLSearchParams(location.search);
    const offList = [...off].filter((p) => p !== 'crt');
    if (offList.length) next.set('off', offList.join(','));
    else next.delete('off');
    if (!off.has('crt')) next.set('on', 'crt');
    else next.delete('on');
    next.set('upscale', renderer.settings.upscale);
    next.set('bars', renderer.settings.barFill);
    next.set('par', form.querySelector<HTMLSelectElement>('#par')!.value);
    next.set('blur', String(renderer.settings.blurPersistence));
    history.replaceState(null, '', `?${next}`);
  }
  apply();

  const loop = runDemo(
    handle,
    renderer,
    [
      (sample) => {
        const t = sample.elapsed;
        movers.forEach((mesh, i) =>
          mesh.setPosition(
            40 + i * 80 + Math.sin(t * 2 + i) * 24,
            80 + Math.abs(Math.sin(t * 3 + i)) * 30,
            -30,
          ),
        );
        ship.setPosition(Math.round(20 + ((t * 60) % (nw - 40))), 200, 0); // whole pixels: no half-pixel blur
        clock.text = `T ${t.toFixed(2)}`;
      },
    ],
    document.querySelector('#hud'),
  );
  // Resizing a paused page re-presents the last native frame; a running one just draws the next frame at the new size.
  new ResizeObserver(() => {
    canvas.width = Math.round(canvas.clientWidth * dpr);
    canvas.height = Math.round(canvas.clientHeight * dpr);
    if (!loop.isRunning && handle.ready) renderer.redraw();
  }).observe(canvas);
} catch (error) {
  showError(handle, canvas, error);
}
