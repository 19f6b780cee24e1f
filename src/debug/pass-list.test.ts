// The chain is declared once, by its pass descriptors: this test adds a pass to the list and finds it in every place
// that is derived from it (the graph, the settings, the URL state, the panel's ids, the docs table).
import { describe, expect, it } from 'vitest';
import type { Device } from '../device/device';
import { RenderGraph } from '../graph/render-graph';
import { CHAIN, chainOrder, chainSettings, createChainPass, worldStage } from '../render/passes/chain';
import { definePass, type ChainFrame, type PassDescriptor } from '../render/passes/pass-descriptor';
import { controlId, numberSetting, settingLeaves } from '../render/passes/pass-setting';
import { passTable } from '../render/passes/pass-table';
import { readChainUrl, writeChainUrl } from './chain-url';

/** A vignette pass, declared as a built-in pass would be; it never draws here (no device in Node). */
const vignette = definePass<{ vignette: { strength: number } }>({
  name: 'vignette',
  summary: 'Darkens the corners.',
  on: false,
  reads: ['chain'],
  writes: [{ name: 'vignetted', format: 'input', size: 'input' }],
  settings: {
    vignette: { strength: numberSetting(0.5, { min: 0, max: 1, doc: 'How dark the corners get.' }) },
  },
  shaders: [],
  create: async () => ({ execute() {}, destroy() {} }),
});

/** The chain with the vignette after the palette. */
const PASSES: PassDescriptor[] = [...CHAIN];
PASSES.splice(PASSES.findIndex((p) => p.name === 'palette') + 1, 0, vignette as PassDescriptor);

const OPTIONS = { native: [64, 48] as const, ui: { root: {}, atlas: {} } as never, chain: true };
const frame: ChainFrame = {
  rect: { x: 0, y: 0, width: 64, height: 48, scale: 1 },
  native: [64, 48],
  shift: [0, 0],
  ditherOrigin: [0, 0],
  eye: { near: 0.1, far: 100, perspective: false, texel: 1 },
};

describe('one list of passes', () => {
  it('a pass added to the list is wired into the graph where the list puts it', async () => {
    const { order, end } = chainOrder(OPTIONS, PASSES);
    expect(order.map((o) => o.descriptor.name)).toEqual([
      'outline',
      'ui',
      'motionBlur',
      'bloom',
      'grade',
      'palette',
      'vignette',
      'upscale',
      'background',
      'crt',
    ]);
    // Every pass's runner made without a device (the descriptors' own `create` needs one): only the wiring is tested.
    const settings = chainSettings(OPTIONS, PASSES);
    const passes = await Promise.all(
      order.map(({ descriptor, stage }) =>
        createChainPass({ ...descriptor, create: async () => ({ execute() {}, destroy() {} }) }, stage, {
          device: {} as Device,
          settings,
          frame,
          options: OPTIONS,
        }),
      ),
    );
    const graph = new RenderGraph<unknown, object>(
      { create: (d) => ({ ...d }), destroy: () => {} },
      { native: [64, 48], canvas: [640, 480] },
    );
    graph.addExternal('canvas', 'rgba8unorm', { relativeTo: 'canvas' });
    graph.addPass({
      name: 'world',
      reads: [],
      writes: [
        { name: 'scene', format: 'rgba8unorm', size: worldStage(OPTIONS).size },
        { name: 'normals', format: 'rgba16float', size: { relativeTo: 'native' } },
        { name: 'lines', format: 'rgba8unorm', size: { relativeTo: 'native' } },
      ],
      execute() {},
    });
    for (const pass of passes) graph.addPass(pass);
    graph.addPass({ name: 'present', reads: [end.chain], writes: ['canvas'], execute() {} });
    graph.validate();
    const info = Object.fromEntries(graph.describe().map((p) => [p.name, p]));
    expect(info['vignette']).toMatchObject({ inputs: ['paletted'], outputs: ['vignetted'], size: [64, 48] });
    expect(info['upscale']!.inputs).toEqual(['vignetted']);
    // Off as its descriptor says, it is bypassed: the upscale reads the palette's image again.
    graph.setEnabled('vignette', false);
    expect(graph.describe().find((p) => p.name === 'upscale')!.inputs).toEqual(['paletted']);
  });

  it('its settings join the renderer’s, with defaults and checks', () => {
    type WithVignette = { vignette: { strength: number } };
    expect((chainSettings(OPTIONS, PASSES) as unknown as WithVignette).vignette).toEqual({ strength: 0.5 });
    const given = chainSettings({ ...OPTIONS, chain: { vignette: { strength: 0.2 } } }, PASSES);
    expect((given as unknown as WithVignette).vignette.strength).toBe(0.2);
    expect(() => chainSettings({ ...OPTIONS, chain: { vignette: { strength: 2 } } }, PASSES)).toThrow(
      'chain.vignette.strength = 2: give a number from 0 to 1.',
    );
    expect(() => chainSettings({ ...OPTIONS, chain: { vignete: {} } }, PASSES)).toThrow(
      /chain\.vignete: no such setting/,
    );
  });

  it('the URL turns it on and sets it; a written URL says so', () => {
    const state = readChainUrl(new URLSearchParams('on=vignette&vignette.strength=0.9'), undefined, PASSES);
    expect(state.defaultOff.has('vignette')).toBe(true);
    expect(state.off.has('vignette')).toBe(false);
    expect(state.settings.get('vignette.strength')).toBe(0.9);
    const written = writeChainUrl(state, new URLSearchParams());
    expect([written.get('on'), written.get('vignette.strength')]).toEqual(['vignette', '0.9']);
    expect(() => readChainUrl(new URLSearchParams('vignette.strength=dark'), undefined, PASSES)).toThrow(
      "?vignette.strength=dark: give a number from 0 to 1. It sets vignette's vignette.strength",
    );
  });

  it('the panel’s control and the docs table name it', () => {
    const leaves = settingLeaves(vignette.settings);
    expect(leaves.map(controlId)).toEqual(['vignette-strength']);
    const table = passTable(PASSES);
    expect(table).toContain('| `vignette` | off | `chain` | `vignetted` | Darkens the corners. |');
    expect(table).toContain(
      '| `vignette` | `vignette.strength` | `0.5` | `?vignette.strength=` | slider `vignette-strength` | How dark the corners get. |',
    );
    expect(table.indexOf('`vignette` | off')).toBeGreaterThan(table.indexOf('`palette` | off'));
  });
});
