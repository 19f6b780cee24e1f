// pixel-chain: a small animated world at native 336×240 seen by an ortho camera, a pixel-art UI over it, and every
// pass of the chain, driven by the debug panel (backquote or its button). URL parameters set the whole state, so every
// state is a link and a screenshot: ?off=motionBlur&on=crt&upscale=integer&par=8:7&native=336x240&bars=pixelated&blur=0.08&t=1.5&fps=60
import {
  boxGeometry,
  Camera,
  Material,
  Mesh,
  Node,
  quadGeometry,
  UiAtlas,
  UiRect,
  UiSprite,
  UiText,
} from '../../src/index';
import { applyChainState, DebugPanel, installArmatureHandle, readChainUrl } from '../../src/debug';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;

try {
  const { params } = demoParams();
  const state = readChainUrl(params);
  const [nw, nh] = state.native;

  // The world: native pixels as units, y up, an ortho camera looking down -Z.
  const world = new Node('world');
  const camera = Camera.pixels('eye', nw, nh);
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

  const renderer = await demoRenderer(handle, canvas, {
    root: world,
    camera,
    native: [nw, nh],
    clearColor: { r: 0, g: 0, b: 0, a: 1 },
    chain: true,
    ui: { root: ui, atlas },
  });
  applyChainState(renderer, state);
  const debug = new DebugPanel({ renderer, state, stats: () => handle.stats, onChange: () => demo.replay() });
  if (params.get('debug') === '1') debug.toggle(true);

  const demo = runDemo(
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
    // The canvas follows the page in device pixels; resizing a paused page re-presents the last native frame.
    { fit: true },
  );
} catch (error) {
  showError(handle, canvas, error);
}
