import { describe, expect, it } from 'vitest';
import { RenderGraph, type PassDecl, type TextureAllocator } from './render-graph';
import { GraphError } from './graph-error';

interface FakeTexture {
  id: number;
  label: string;
  format: string;
  width: number;
  height: number;
  destroyed: boolean;
}

function fakeAllocator() {
  let next = 0;
  const made: FakeTexture[] = [];
  const allocator: TextureAllocator<FakeTexture> = {
    create: (d) => {
      const texture = { id: next++, ...d, destroyed: false };
      made.push(texture);
      return texture;
    },
    destroy: (t) => {
      if (t.destroyed) throw new Error(`texture ${t.id} destroyed twice`);
      t.destroyed = true;
    },
  };
  return { allocator, made };
}

type Log = string[];
const native = { relativeTo: 'native' } as const;
const canvas = { relativeTo: 'canvas' } as const;

/** A pass that logs which textures it got, so tests see wiring and bypass at run time. */
function pass(
  name: string,
  reads: PassDecl<Log, FakeTexture>['reads'],
  writes: PassDecl<Log, FakeTexture>['writes'],
  extra: Partial<PassDecl<Log, FakeTexture>> = {},
): PassDecl<Log, FakeTexture> {
  return {
    name,
    reads,
    writes,
    ...extra,
    execute(log, io) {
      const ins = reads
        .map((r) => (typeof r === 'string' ? r : r.name))
        .map((r) =>
          r.endsWith('@prev')
            ? `${r}=#${io.history(r.slice(0, -5)).id}`
            : `${r}=${io.has(r) ? `#${io.input(r).id}` : 'none'}`,
        );
      const outs = writes
        .map((w) => (typeof w === 'string' ? w : w.name))
        .map((w) => `${w}=#${io.output(w).id}`);
      log.push(`${name}(${ins.join(',')})->${outs.join(',')}`);
    },
  };
}

/** The pixel-art chain's shape: world → ui → motionBlur (history) → upscale → present (canvas). */
function chain() {
  const { allocator, made } = fakeAllocator();
  const graph = new RenderGraph<Log, FakeTexture>(allocator, { native: [336, 240], canvas: [1280, 720] });
  graph.addExternal('canvas', 'bgra8unorm', canvas);
  // Declared out of order on purpose: the graph orders by dependencies.
  graph.addPass(pass('present', [{ name: 'upscaled', format: 'rgba8unorm' }], ['canvas']));
  graph.addPass(
    pass(
      'world',
      [],
      [
        { name: 'scene', format: 'rgba8unorm', size: native },
        { name: 'depth', format: 'depth24plus', size: native },
      ],
      { bypass: {} },
    ),
  );
  graph.addPass(pass('ui', ['scene'], [{ name: 'composed', format: 'rgba8unorm', size: native }]));
  graph.addPass(
    pass(
      'motionBlur',
      ['composed', 'blurred@prev'],
      [{ name: 'blurred', format: 'rgba8unorm', size: native, history: true }],
    ),
  );
  graph.addPass(pass('upscale', ['blurred'], [{ name: 'upscaled', format: 'rgba8unorm', size: canvas }]));
  graph.setExternal('canvas', {
    id: -1,
    label: 'canvas',
    format: 'bgra8unorm',
    width: 1280,
    height: 720,
    destroyed: false,
  });
  return { graph, made };
}

describe('RenderGraph ordering and wiring', () => {
  it('orders passes by their dependencies and runs the compiled list', () => {
    const { graph } = chain();
    const log: Log = [];
    graph.execute(log);
    expect(log.map((l) => l.split('(')[0])).toEqual(['world', 'ui', 'motionBlur', 'upscale', 'present']);
    expect(graph.counters.passesExecuted).toBe(5);
    expect(graph.describe().map((p) => [p.name, p.enabled, p.size])).toEqual([
      ['world', true, [336, 240]],
      ['ui', true, [336, 240]],
      ['motionBlur', true, [336, 240]],
      ['upscale', true, [1280, 720]],
      ['present', true, [1280, 720]],
    ]);
    graph.setEnabled('ui', false);
    expect(graph.describe().map((p) => `${p.name}:${p.enabled}`)).toEqual([
      'world:true',
      'ui:false',
      'motionBlur:true',
      'upscale:true',
      'present:true',
    ]);
  });

  it('bypasses a disabled pass: its consumers read its input instead', () => {
    const { graph } = chain();
    graph.setEnabled('ui', false);
    const log: Log = [];
    graph.execute(log);
    const world = log.find((l) => l.startsWith('world'))!;
    const blur = log.find((l) => l.startsWith('motionBlur'))!;
    const sceneId = /scene=#(\d+)/.exec(world)![1];
    expect(blur).toContain(`composed=#${sceneId}`); // reads world's output where ui's used to be
    expect(log.some((l) => l.startsWith('ui'))).toBe(false);
    expect(graph.describe().find((p) => p.name === 'motionBlur')!.inputs).toEqual(['scene', 'blurred@prev']);
    graph.setEnabled('motionBlur', false);
    graph.setEnabled('ui', true);
    const log2: Log = [];
    graph.execute(log2);
    expect(log2.map((l) => l.split('(')[0])).toEqual(['world', 'ui', 'upscale', 'present']);
  });

  it('isRead: an output is read while a pass of the compiled graph reads it, not while that pass is disabled', () => {
    const { allocator } = fakeAllocator();
    const graph = new RenderGraph<Log, FakeTexture>(allocator, { native: [16, 16], canvas: [16, 16] });
    graph.addExternal('canvas', 'rgba8unorm', canvas);
    const seen: boolean[] = [];
    const rgba = (name: string) => ({ name, format: 'rgba8unorm', size: native });
    graph.addPass({
      ...pass('world', [], [rgba('scene'), rgba('normals')], { bypass: {} }),
      execute: (_log, io) => void seen.push(io.isRead('normals')),
    });
    graph.addPass(pass('outline', ['scene', 'normals'], [rgba('outlined')]));
    graph.addPass(pass('present', ['outlined'], ['canvas']));
    const screen = { id: -1, label: 'canvas', format: 'rgba8unorm', width: 16, height: 16, destroyed: false };
    graph.setExternal('canvas', screen);
    graph.execute([]);
    graph.setEnabled('outline', false);
    graph.execute([]);
    graph.setEnabled('outline', true);
    graph.execute([]);
    expect(seen).toEqual([true, false, true]);
  });

  it('an optional read: the reader gets it while its producer runs, and runs without it while that is disabled', () => {
    const { allocator } = fakeAllocator();
    const graph = new RenderGraph<Log, FakeTexture>(allocator, { native: [336, 240], canvas: [640, 480] });
    const map = { name: 'shadowMap', format: 'rgba8unorm', size: { fixed: [64, 64] as const } };
    // Declared after its reader on purpose: the optional read still orders them.
    graph.addPass(
      pass(
        'world',
        [{ name: 'shadowMap', optional: true }],
        [{ name: 'scene', format: 'rgba8unorm', size: native }],
        { bypass: {} },
      ),
    );
    graph.addPass(pass('shadow', [], [map], { bypass: {} }));
    const run = () => {
      const log: Log = [];
      graph.execute(log);
      return log.map((l) => l.replace(/#\d+/g, '#'));
    };
    expect(run()).toEqual(['shadow()->shadowMap=#', 'world(shadowMap=#)->scene=#']);
    graph.setEnabled('shadow', false);
    expect(run()).toEqual(['world(shadowMap=none)->scene=#']);
    expect(graph.describe().find((p) => p.name === 'world')!.inputs).toEqual([]);
    graph.setEnabled('shadow', true);
    expect(run()).toEqual(['shadow()->shadowMap=#', 'world(shadowMap=#)->scene=#']);
    // A graph with no pass that writes it: the reader runs without it; a read that is not optional is an error.
    const alone = new RenderGraph<Log, FakeTexture>(allocator, { native: [336, 240], canvas: [640, 480] });
    alone.addPass(pass('world', [{ name: 'shadowMap', optional: true }], [{ ...map, name: 'scene' }]));
    const log: Log = [];
    alone.execute(log);
    expect(log).toEqual([expect.stringContaining('world(shadowMap=none)')]);
    const strict = new RenderGraph<Log, FakeTexture>(allocator, { native: [336, 240], canvas: [640, 480] });
    strict.addPass(pass('world', ['shadowMap'], [{ ...map, name: 'scene' }]));
    expect(() => strict.validate()).toThrow(/reads "shadowMap", which no pass writes/);
  });

  it('tells a pass each compile leaves out that it is idle (it drops what it kept for the old plan)', () => {
    const { graph } = chain();
    const idled: string[] = [];
    for (const name of ['ui', 'motionBlur', 'upscale'])
      Object.assign(graph.pass(name), { idle: () => idled.push(name) });
    graph.execute([]);
    expect(idled).toEqual([]);
    graph.setEnabled('ui', false);
    graph.execute([]);
    expect(idled).toEqual(['ui']);
    graph.setEnabled('ui', true);
    graph.execute([]);
    expect(idled).toEqual(['ui']);
  });

  it('swaps history every frame: this frame’s output is next frame’s history', () => {
    const { graph } = chain();
    const frames = [[], [], []].map(() => {
      const log: Log = [];
      graph.execute(log);
      const blur = log.find((l) => l.startsWith('motionBlur'))!;
      return [Number(/blurred@prev=#(\d+)/.exec(blur)![1]), Number(/->blurred=#(\d+)/.exec(blur)![1])];
    });
    expect(frames[1]![0]).toBe(frames[0]![1]);
    expect(frames[2]![0]).toBe(frames[1]![1]);
    expect(frames[0]![0]).not.toBe(frames[0]![1]);
  });
});

describe('RenderGraph: a pass inserted after another', () => {
  const effect = (name: string, input: string) =>
    pass(name, [input], [{ name, format: 'rgba8unorm', size: native }]);
  const producers = (log: Log, reader: string) => {
    const line = log.find((l) => l.startsWith(`${reader}(`))!;
    return line;
  };

  it('reads the anchor’s output, and what read that reads the new pass’s; history reads stay', () => {
    const { graph } = chain();
    graph.insertAfter('motionBlur', effect('tint', 'blurred'));
    expect(graph.describe().map((p) => p.name)).toEqual([
      'world',
      'ui',
      'motionBlur',
      'tint',
      'upscale',
      'present',
    ]);
    expect(graph.describe().find((p) => p.name === 'upscale')!.inputs).toEqual(['tint']);
    expect(graph.describe().find((p) => p.name === 'motionBlur')!.inputs).toEqual([
      'composed',
      'blurred@prev',
    ]);
    const log: Log = [];
    graph.execute(log);
    const tint = /->tint=#(\d+)/.exec(producers(log, 'tint'))![1];
    const blurred = /->blurred=#(\d+)/.exec(producers(log, 'motionBlur'))![1];
    expect(producers(log, 'tint')).toContain(`blurred=#${blurred}`);
    expect(producers(log, 'upscale')).toContain(`blurred=#${tint}`); // upscale asks for "blurred", gets the tint
  });

  it('a second one after the same pass goes between it and the first; disabling one bypasses it', () => {
    const { graph } = chain();
    graph.insertAfter('motionBlur', effect('tint', 'blurred'));
    graph.insertAfter('motionBlur', effect('grain', 'blurred'));
    expect(graph.describe().map((p) => p.name)).toEqual([
      'world',
      'ui',
      'motionBlur',
      'grain',
      'tint',
      'upscale',
      'present',
    ]);
    expect(graph.describe().find((p) => p.name === 'tint')!.inputs).toEqual(['grain']);
    graph.setEnabled('grain', false);
    expect(graph.describe().find((p) => p.name === 'tint')!.inputs).toEqual(['blurred']);
    graph.setEnabled('tint', false);
    expect(graph.describe().find((p) => p.name === 'upscale')!.inputs).toEqual(['blurred']);
  });

  it('is refused, changing nothing, when the pass does not read the anchor’s output or breaks the graph', () => {
    const { graph } = chain();
    const before = graph.describe().map((p) => [p.name, p.inputs.join()]);
    expect(() => graph.insertAfter('motionBlur', effect('tint', 'scene'))).toThrow(
      /"tint" goes after "motionBlur", so it must read "blurred"/,
    );
    const wrongFormat = pass(
      'tint',
      [{ name: 'blurred', format: 'rgba16float' }],
      [{ name: 'tint', format: 'rgba8unorm', size: native }],
    );
    expect(() => graph.insertAfter('motionBlur', wrongFormat)).toThrow(/Format mismatch: pass "tint"/);
    expect(() => graph.insertAfter('nowhere', effect('tint', 'blurred'))).toThrow(/No pass named "nowhere"/);
    expect(graph.describe().map((p) => [p.name, p.inputs.join()])).toEqual(before);
  });

  it('comes out again with removePass: its readers read what it read', () => {
    const { graph } = chain();
    const before = graph.describe().map((p) => [p.name, p.inputs.join()]);
    graph.insertAfter('motionBlur', effect('tint', 'blurred'));
    graph.insertAfter('tint', effect('grain', 'tint'));
    graph.removePass('tint');
    expect(graph.describe().find((p) => p.name === 'grain')!.inputs).toEqual(['blurred']);
    graph.removePass('grain');
    expect(graph.describe().map((p) => [p.name, p.inputs.join()])).toEqual(before);
    graph.removePass('ui'); // a shipped pass comes out the same way: motionBlur reads the world's image
    expect(graph.describe().find((p) => p.name === 'motionBlur')!.inputs).toEqual(['scene', 'blurred@prev']);
    expect(() => graph.removePass('world')).toThrow(/reads "scene", which no pass writes/);
    expect(graph.passNames()).toContain('world');
  });

  it('tells a pass it was removed (once, after the graph let go of it); a kept pass is refused, unchanged', () => {
    const { graph } = chain();
    const told: string[] = [];
    const tint = { ...effect('tint', 'blurred'), removed: () => told.push(graph.passNames().join()) };
    graph.insertAfter('motionBlur', tint);
    const world = graph.pass('world');
    Object.assign(world, { removed: () => told.push('world') });
    expect(() => graph.removePass('world')).toThrow(/which no pass writes/);
    expect(told).toEqual([]); // refused: nothing freed
    graph.removePass('tint');
    expect(told).toEqual([graph.passNames().join()]); // called once, with the pass already out
    expect(told[0]).not.toContain('tint');
    const kept = { ...effect('grain', 'blurred'), kept: 'the renderer draws with it.' };
    graph.insertAfter('motionBlur', kept);
    const before = graph.describe();
    expect(() => graph.removePass('grain')).toThrow(
      'Pass "grain" cannot be removed: the renderer draws with it.',
    );
    expect(graph.describe()).toEqual(before);
  });
});

describe('RenderGraph validation errors name the pass and resource', () => {
  const graphWith = (...passes: PassDecl<Log, FakeTexture>[]) => {
    const graph = new RenderGraph<Log, FakeTexture>(fakeAllocator().allocator, {
      native: [64, 64],
      canvas: [128, 128],
    });
    for (const p of passes) graph.addPass(p);
    graph.validate();
    return graph;
  };

  it('a read with no producer', () => {
    expect(() =>
      graphWith(pass('ui', ['scene'], [{ name: 'out', format: 'rgba8unorm', size: native }])),
    ).toThrow(
      new GraphError(
        'Pass "ui" reads "scene", which no pass writes. Add a pass that writes "scene" or correct the name.',
      ),
    );
  });

  it('two writers of one resource', () => {
    const a = pass('a', [], [{ name: 'x', format: 'rgba8unorm', size: native }]);
    const b = pass('b', [], [{ name: 'x', format: 'rgba8unorm', size: native }]);
    expect(() => graphWith(a, b)).toThrow(/Passes "a" and "b" both write "x", and nothing orders them/);
  });

  it('a cycle', () => {
    const a = pass('a', ['y'], [{ name: 'x', format: 'rgba8unorm', size: native }]);
    const b = pass('b', ['x'], [{ name: 'y', format: 'rgba8unorm', size: native }]);
    expect(() => graphWith(a, b)).toThrow(/The passes "a", "b" depend on each other in a cycle/);
  });

  it('a format or size mismatch on a connection, also one a bypass would create', () => {
    const world = pass('world', [], [{ name: 'scene', format: 'rgba16float', size: native }]);
    expect(() => graphWith(world, pass('ui', [{ name: 'scene', format: 'rgba8unorm' }], []))).toThrow(
      /Format mismatch: pass "ui" reads "scene" as rgba8unorm, but "scene" is rgba16float \(written by "world"\)/,
    );
    expect(() => graphWith(world, pass('ui', [{ name: 'scene', size: canvas }], []))).toThrow(
      /Size mismatch: pass "ui" reads "scene" at 128x128, but "scene" is 64x64/,
    );
    const graph = graphWith(
      world,
      pass('tonemap', ['scene'], [{ name: 'ldr', format: 'rgba8unorm', size: native }]),
      pass('present', [{ name: 'ldr', format: 'rgba8unorm' }], []),
    );
    expect(() => graph.setEnabled('tonemap', false)).toThrow(
      /reads "ldr" as rgba8unorm, but "scene" \(standing in for "ldr"/,
    );
    expect(graph.isEnabled('tonemap')).toBe(true); // unchanged after the error
  });

  it('history misuse, unknown passes, a pass with no stand-in', () => {
    const world = pass('world', [], [{ name: 'scene', format: 'rgba8unorm', size: native }]);
    expect(() => graphWith(world, pass('blur', ['scene@prev'], []))).toThrow(
      /"scene" is not a history resource; declare it with history: true/,
    );
    const graph = graphWith(world, pass('ui', ['scene'], []));
    expect(() => graph.setEnabled('bloom', false)).toThrow(
      'No pass named "bloom". The graph has: world, ui.',
    );
    expect(() => graph.setEnabled('world', false)).toThrow(
      /Pass "world" is disabled, and nothing stands in for its output "scene", which "ui" reads/,
    );
    expect(() => graph.addPass(pass('ui', [], []))).toThrow(/already in the graph/);
  });
});

describe('RenderGraph sizes: checked before a texture is made', () => {
  it('a pass declaring a size that is no size is refused when it is added, naming it; nothing is added', () => {
    const { graph } = chain();
    const names = graph.passNames();
    for (const size of [
      { fixed: [-4, 4] as const },
      { fixed: [0, 4] as const },
      { relativeTo: 'native' as const, scale: 0 },
      { relativeTo: 'canvas' as const, pad: 0.5 },
    ])
      expect(() =>
        graph.addPass(pass('odd', ['scene'], [{ name: 'odd', format: 'rgba8unorm', size }])),
      ).toThrow(/Pass "odd" declares "odd" with size .*: a fixed size is whole texels ≥ 1/);
    expect(graph.passNames()).toEqual(names);
  });

  it('a texture beyond the largest the GPU makes is refused where the shape changes, and the shape is kept', () => {
    const { allocator, made } = fakeAllocator();
    const graph = new RenderGraph<Log, FakeTexture>(allocator, {
      native: [336, 240],
      canvas: [1280, 720],
      maxTextureSize: 2048,
    });
    graph.addExternal('canvas', 'rgba8unorm', canvas);
    graph.addPass(pass('world', [], [{ name: 'scene', format: 'rgba8unorm', size: native }]));
    graph.addPass(pass('up', ['scene'], [{ name: 'big', format: 'rgba8unorm', size: canvas }]));
    graph.addPass(pass('present', ['big'], ['canvas']));
    graph.validate();
    expect(() => graph.setCanvasSize(4096, 720)).toThrow(
      'Pass "up" writes "big" at 4096x720, beyond the largest texture this GPU makes (2048 a side). Lower the native ' +
        "resolution, the canvas size or the pass's size.",
    );
    expect(graph.canvas).toEqual([1280, 720]);
    expect(() =>
      graph.insertAfter(
        'world',
        pass('huge', ['scene'], [{ name: 'huge', format: 'rgba8unorm', size: { fixed: [3000, 10] } }]),
      ),
    ).toThrow(/"huge" at 3000x10, beyond/);
    expect(graph.passNames()).toEqual(['world', 'up', 'present']);
    expect(made).toEqual([]); // nothing was allocated on the way
  });
});

describe('RenderGraph textures: pooling, aliasing, recompiles', () => {
  it('aliases textures whose lifetimes do not overlap, never a history resource', () => {
    const { allocator } = fakeAllocator();
    const graph = new RenderGraph<Log, FakeTexture>(allocator, { native: [64, 64], canvas: [64, 64] });
    const rgba = (name: string, history = false) => ({ name, format: 'rgba8unorm', size: native, history });
    graph.addPass(pass('a', [], [rgba('t1')]));
    graph.addPass(pass('b', ['t1'], [rgba('t2')]));
    graph.addPass(pass('c', ['t2'], [rgba('t3')])); // t1 is dead by now: t3 can take its texture
    graph.addPass(pass('d', ['t3', 'h@prev'], [rgba('h', true)]));
    const log: Log = [];
    graph.execute(log);
    const id = (line: string, name: string) => Number(new RegExp(`${name}=#(\\d+)`).exec(line)![1]);
    expect(id(log[2]!, 't3')).toBe(id(log[0]!, 't1'));
    expect(id(log[1]!, 't2')).not.toBe(id(log[0]!, 't1'));
    const historyIds = [id(log[3]!, 'h@prev'), id(log[3]!, '>h')].sort();
    expect(historyIds).not.toContain(id(log[0]!, 't1'));
    expect(graph.counters.texturesAlive).toBe(4); // t1/t3 shared, t2, and the history pair
    expect(graph.counters.textureBytes).toBe(4 * 64 * 64 * 4);
  });

  it('refuses to hand out a resource whose texture a later one took over (it would read that one)', () => {
    const graph = new RenderGraph<Log, FakeTexture>(fakeAllocator().allocator, {
      native: [8, 8],
      canvas: [8, 8],
    });
    const rgba = (name: string) => ({ name, format: 'rgba8unorm', size: native });
    graph.addPass(pass('a', [], [rgba('t1')]));
    graph.addPass(pass('b', ['t1'], [rgba('t2')]));
    graph.addPass(pass('c', ['t2'], [rgba('t3')]));
    graph.execute([]);
    expect(() => graph.textureOf('t1')).toThrow(
      /Resource "t1" shares its texture with "t3", written later in the frame, so after the frame it holds "t3"/,
    );
    expect(graph.textureOf('t2').id).not.toBe(graph.textureOf('t3').id);
  });

  it('recompiles only when the shape changes; 1000 steady frames create nothing', () => {
    const { graph } = chain();
    graph.execute([]);
    const after = { ...graph.counters };
    for (let f = 0; f < 1000; f++) graph.execute([]);
    expect(graph.counters).toEqual({ ...after, passesExecuted: 5 });
    graph.setCanvasSize(1280, 720); // same size: no change
    graph.execute([]);
    expect(graph.counters.compiles).toBe(after.compiles);
    graph.setCanvasSize(640, 360);
    graph.execute([]);
    expect(graph.counters.compiles).toBe(after.compiles + 1);
  });

  it('releases the old-size textures on resize, keeps the native ones and the history', () => {
    const { graph, made } = chain();
    graph.execute([]);
    const alive = made.filter((t) => !t.destroyed);
    graph.setCanvasSize(800, 600);
    graph.execute([]);
    const upscaledOld = alive.find((t) => t.label === 'upscaled')!;
    expect(upscaledOld.destroyed).toBe(true);
    expect(alive.filter((t) => t.width === 336).every((t) => !t.destroyed)).toBe(true);
    expect(made.filter((t) => !t.destroyed).length).toBe(alive.length);
  });

  it('toggling a pass 100 times leaves the texture counts flat', () => {
    const { graph, made } = chain();
    graph.execute([]);
    const alive = graph.counters.texturesAlive;
    const created = graph.counters.texturesCreated;
    for (let i = 0; i < 100; i++) {
      graph.setEnabled('ui', i % 2 === 0 ? false : true);
      graph.execute([]);
      expect(graph.counters.texturesCreated).toBe(created); // the bypassed pass's texture waits in the pool
    }
    graph.setEnabled('ui', true);
    graph.execute([]);
    expect(graph.counters.texturesAlive).toBe(alive);
    expect(made.filter((t) => !t.destroyed).length).toBe(alive);
  });
});
