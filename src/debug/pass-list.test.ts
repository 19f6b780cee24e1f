// The chain is declared once, by its pass descriptors: this test adds a pass to the list and finds it in every place
// that is derived from it (the graph, the settings, the URL state, the panel's ids, the docs table).
import { describe, expect, it } from 'vitest';
import type { Device } from '../device/device';
import type { WorldPass } from '../render/world/world-pass';
import { RenderGraph } from '../graph/render-graph';
import { CHAIN, chainOrder, chainSettings, createChainPass, worldStage } from '../render/passes/chain';
import { chainFrame, definePass, type PassDescriptor } from '../render/passes/pass-descriptor';
import { controlId, numberSetting, settingLeaves } from '../render/passes/pass-setting';
import { passTable } from '../render/passes/pass-table';
import { readChainUrl, writeChainUrl } from './chain-url';

/** A sparkle pass, declared as a built-in pass would be; it never draws here (no device in Node). */
const sparkle = definePass<{ sparkle: { amount: number } }>({
  name: 'sparkle',
  summary: 'Makes bright texels twinkle.',
  on: false,
  reads: ['chain'],
  writes: [{ name: 'sparkled', format: 'input', size: 'input' }],
  settings: {
    sparkle: { amount: numberSetting(0.5, { min: 0, max: 1, doc: 'How many texels twinkle.' }) },
  },
  shaders: [],
  create: async () => ({ execute() {}, destroy() {} }),
});

/** The chain with the sparkle after the palette. */
const PASSES: PassDescriptor[] = [...CHAIN];
PASSES.splice(PASSES.findIndex((p) => p.name === 'palette') + 1, 0, sparkle as PassDescriptor);

const OPTIONS = { native: [64, 48] as const, ui: { root: {}, atlas: {} } as never, chain: true };
const frame = chainFrame([64, 48]);

describe('one list of passes', () => {
  it('a pass added to the list is wired into the graph where the list puts it', async () => {
    const { order, end } = chainOrder(OPTIONS, PASSES);
    expect(order.map((o) => o.descriptor.name)).toEqual([
      'outline',
      'ui',
      'motionBlur',
      'bloom',
      'grade',
      'vignette',
      'palette',
      'sparkle',
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
          world: {} as WorldPass,
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
    expect(info['sparkle']).toMatchObject({ inputs: ['paletted'], outputs: ['sparkled'], size: [64, 48] });
    expect(info['upscale']!.inputs).toEqual(['sparkled']);
    // Off as its descriptor says, it is bypassed: the upscale reads the palette's image again.
    graph.setEnabled('sparkle', false);
    expect(graph.describe().find((p) => p.name === 'upscale')!.inputs).toEqual(['paletted']);
  });

  it('its settings join the renderer’s, with defaults and checks', () => {
    type WithSparkle = { sparkle: { amount: number } };
    expect((chainSettings(OPTIONS, PASSES) as unknown as WithSparkle).sparkle).toEqual({ amount: 0.5 });
    const given = chainSettings({ ...OPTIONS, chain: { sparkle: { amount: 0.2 } } }, PASSES);
    expect((given as unknown as WithSparkle).sparkle.amount).toBe(0.2);
    expect(() => chainSettings({ ...OPTIONS, chain: { sparkle: { amount: 2 } } }, PASSES)).toThrow(
      'chain.sparkle.amount = 2: give a number from 0 to 1.',
    );
    expect(() => chainSettings({ ...OPTIONS, chain: { vignete: {} } }, PASSES)).toThrow(
      /chain\.vignete: no such setting/,
    );
  });

  it('the URL turns it on and sets it; a written URL says so', () => {
    const state = readChainUrl(new URLSearchParams('on=sparkle&sparkle.amount=0.9'), { passes: PASSES });
    expect(state.defaultOff.has('sparkle')).toBe(true);
    expect(state.off.has('sparkle')).toBe(false);
    expect(state.settings.get('sparkle.amount')).toBe(0.9);
    const written = writeChainUrl(state, new URLSearchParams());
    expect([written.get('on'), written.get('sparkle.amount')]).toEqual(['sparkle', '0.9']);
    expect(() => readChainUrl(new URLSearchParams('sparkle.amount=dark'), { passes: PASSES })).toThrow(
      "?sparkle.amount=dark: give a number from 0 to 1. It sets sparkle's sparkle.amount",
    );
  });

  it('the panel’s control and the docs table name it', () => {
    const leaves = settingLeaves(sparkle.settings);
    expect(leaves.map(controlId)).toEqual(['sparkle-amount']);
    const table = passTable(PASSES);
    expect(table).toContain('| `sparkle` | off | `chain` | `sparkled` | Makes bright texels twinkle. |');
    expect(table).toContain(
      '| `sparkle` | `sparkle.amount` | `0.5` | `?sparkle.amount=` | slider `sparkle-amount` | How many texels twinkle. |',
    );
    expect(table.indexOf('`sparkle` | off')).toBeGreaterThan(table.indexOf('`palette` | off'));
  });
});
