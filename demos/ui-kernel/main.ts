// ui-kernel: seed 004's test program for the UI kernel, made real. One scrolling box of controls — yellow statics
// (transparent to the mouse), green buttons, red sliders (mouse capture, the wheel, left/right), blue text fields
// (text-edit capture, mouse capture to select), purple checkboxes — and two pinned controls in its top-right corner.
// Keys 1-4, Q-R, A-F, Z-V unlock, lock, show and hide the yellow, green, red and blue controls; the wheel scrolls
// (Ctrl 1 px, Shift fast); arrows, a pad's D-pad or stick, Tab and Shift+Tab move focus and hide the engine cursor,
// the mouse shows it.
// The events the kernel delivers are logged on the right and in the debug panel (?debug=1, or backquote).
// window.__armature.ui publishes the kernel's state.
import {
  Camera,
  CURSOR_SPRITES,
  InputQueue,
  loadBitmapFont,
  Node,
  UiAtlas,
  UiBox,
  UiControl,
  UiCursor,
  UiKernel,
  UiText,
  UiView,
  type ControlKind,
  type UiControlOptions,
} from '../../src/index';
import { DebugPanel, installArmatureHandle, readChainUrl, uiHandle } from '../../src/debug';
import { demoParams, demoRenderer, runDemo } from '../shared/run-demo';
import { showError } from '../shared/show-error';

const handle = installArmatureHandle();
const canvas = document.querySelector<HTMLCanvasElement>('#view')!;
const [W, H] = [336, 240];

/** The seed's keys: per colour, the keys that unlock, lock, show and hide its controls. */
const KEYS: Record<string, [string, string, string, string]> = {
  yellow: ['1', '2', '3', '4'],
  green: ['q', 'w', 'e', 'r'],
  red: ['a', 's', 'd', 'f'],
  blue: ['z', 'x', 'c', 'v'],
};

/** The box's controls: five rows of a static, a button, a slider and a checkbox over a text field. */
function controls(box: UiBox): void {
  const add = (name: string, kind: ControlKind, options: UiControlOptions) =>
    box.add(new UiControl(name, kind, options));
  for (let i = 0; i < 5; i++) {
    const y = 4 + i * 34;
    add(`yellow-${i}`, 'static', { x: 4, y, width: 30, height: 13, label: `S${i}` });
    add(`green-${i}`, 'button', { x: 38, y, width: 40, height: 13, label: `OK ${i}` });
    add(`red-${i}`, 'slider', { x: 82, y, width: 61, height: 13, min: 0, max: 60, value: 10 * i });
    add(`check-${i}`, 'checkbox', { x: 147, y, width: 13, height: 13, value: i % 2 === 0 });
    add(`blue-${i}`, 'text', { x: 4, y: y + 16, width: 156, height: 13, value: '', text: { maxLength: 24 } });
  }
  // Pinned: a green button and a yellow static below it, apart (a focus ring around the button stays whole).
  add('pin-green', 'button', { x: 168, y: 4, width: 20, height: 20, pinned: true, label: 'P' });
  add('pin-yellow', 'static', { x: 170, y: 28, width: 16, height: 16, pinned: true });
}

try {
  const font = await loadBitmapFont('/src/assets/fixtures/armature-pixel.fnt');
  const kernel = new UiKernel();
  const box = new UiBox('box', { x: 8, y: 18, width: 196, height: 150 });
  controls(box);
  kernel.add(box);
  const view = new UiView(kernel, { font });
  const cursor = new UiCursor();

  const ui = new Node('ui');
  const title = new UiText('title', 'ARMATURE UI KERNEL', [1, 0.9, 0.4, 1]).setPosition(8, 7, 0);
  const help = new UiText(
    'help',
    '1-4 QWER ASDF ZXCV: UNLOCK LOCK SHOW HIDE\nWHEEL SCROLLS: CTRL 1 PX, SHIFT FAST',
    [0.7, 0.8, 1, 1],
  ).setPosition(8, 174, 0);
  const state = new UiText('state', '', [0.7, 1, 0.8, 1]).setPosition(8, 190, 0);
  const lines = Array.from({ length: 34 }, (_, i) =>
    new UiText(`log ${i}`, '', [0.85, 0.85, 0.85, 1]).setPosition(212, 18 + i * 6, 0),
  );
  ui.add(title).add(help).add(state).add(view.root);
  for (const line of lines) ui.add(line);
  ui.add(cursor.sprite);
  const log: string[] = [];
  kernel.onEvent = (event) => {
    log.push(`${event.type} ${event.control ?? event.box}`);
    if (log.length > lines.length) log.shift();
  };

  const world = new Node('world');
  const camera = Camera.pixels('eye', W, H, 10);
  world.add(camera);
  const renderer = await demoRenderer(handle, canvas, {
    root: world,
    camera,
    native: [W, H],
    chain: { blurStrength: 0 }, // a crisp UI: the cursor would leave trails
    clearColor: { r: 0.08, g: 0.09, b: 0.14, a: 1 },
    ui: { root: ui, atlas: new UiAtlas({ ...CURSOR_SPRITES }, { fonts: [font] }) },
  });
  const input = new InputQueue(canvas, {
    toNative: (x, y) => renderer.clientToNative(x, y),
    takesKey: (key) => kernel.takesKey(key), // Tab moves the UI's focus, not the page's
  });
  const published = (handle.ui = uiHandle(kernel, (x, y) => renderer.nativeToClient(x, y)));
  // The debug panel (backquote or its button) shows the latest UI events: the seed's console.
  const { params } = demoParams();
  const debug = new DebugPanel({
    renderer,
    state: readChainUrl(params),
    stats: () => handle.stats,
    uiEvents: () => published.events,
  });
  if (params.get('debug') === '1') debug.toggle(true);
  const all = box.controls;

  runDemo(
    handle,
    renderer,
    [
      ({ delta }) => {
        // The input phase has run (all input first, seed 004): the page's own keys are those the UI did not take.
        for (const { key } of kernel.unusedKeys)
          for (const [colour, keys] of Object.entries(KEYS)) {
            const which = keys.indexOf(key.toLowerCase());
            if (which < 0) continue;
            const group = all.filter((c) => c.name.startsWith(`${colour}-`) || c.name === `pin-${colour}`);
            for (const c of group) {
              if (which < 2) c.locked = which === 1;
              else c.hidden = which === 3;
            }
          }
        view.update();
        cursor.update(kernel, delta);
        // The engine draws the cursor over the image; over the bars, where it cannot, the system one shows.
        const { x, y } = kernel.pointer;
        const system = x >= 0 && y >= 0 && x < W && y < H ? 'none' : 'default';
        if (canvas.style.cursor !== system) canvas.style.cursor = system;
        state.text =
          `FOCUS ${kernel.focus?.name ?? '-'} HOVER ${kernel.hover?.name ?? '-'}\n` +
          `CAPTURE ${kernel.capture ?? '-'} SCROLL ${box.scroll}`;
        lines.forEach((line, i) => (line.text = log[i] ?? ''));
      },
    ],
    document.querySelector('#hud'),
    { keepRunning: true, input: { queue: input, kernel } },
  );
} catch (error) {
  showError(handle, canvas, error);
}
