// The page of `npm run bench:look`: the diorama at 336×240 (upscaled ×2, its two lanterns lit) drawn under each look
// option in turn (the shadow maps among them), on three renderers (the chain as it was, a pixel-stable one, and one
// that draws one draw per mesh instead of instanced), rounds interleaved; per configuration the CPU time of the render
// call and the GPU time of each pass (timestamp queries). Results on `window.__bench`.
import { Renderer, type ChainSettings } from '../../src/index';
import { dioramaScene } from '../../demos/shared/diorama-scene';

interface Config {
  name: string;
  stable: boolean;
  passes: string[];
  bands: number;
  /** A lantern casts shadows too (its six faces drawn by the shadow pass). */
  lantern?: boolean;
  /** Drawn by a renderer without instancing: one draw per mesh, its object a uniform. */
  single?: boolean;
}

const CONFIGS: Config[] = [
  { name: 'chain before (no look)', stable: false, passes: [], bands: 0 },
  { name: 'the same, one draw per mesh', stable: false, passes: [], bands: 0, single: true },
  { name: '+ outline', stable: false, passes: ['outline'], bands: 0 },
  { name: '+ palette', stable: false, passes: ['palette'], bands: 0 },
  { name: '+ grade', stable: false, passes: ['grade'], bands: 0 },
  { name: '+ bloom', stable: false, passes: ['bloom'], bands: 0 },
  { name: '+ banded light per texel', stable: false, passes: [], bands: 4 },
  { name: '+ shadow map', stable: false, passes: ['shadow'], bands: 0 },
  { name: '+ shadow map, lantern too', stable: false, passes: ['shadow'], bands: 0, lantern: true },
  { name: 'pixel-stable camera', stable: true, passes: [], bands: 0 },
  { name: 'all on', stable: true, passes: ['shadow', 'outline', 'bloom', 'grade', 'palette'], bands: 4 },
];
const LOOK = ['shadow', 'outline', 'bloom', 'grade', 'palette'];

const params = new URLSearchParams(location.search);
const rounds = Number(params.get('rounds') ?? 5);
const FRAMES = 40;

async function make(stable: boolean, instancing = true) {
  const scene = dioramaScene(336, 240);
  const canvas = document.querySelector<HTMLCanvasElement>(
    stable ? '#stable' : instancing ? '#plain' : '#single',
  )!;
  const renderer = await Renderer.create(canvas, {
    backend: 'webgpu',
    root: scene.world,
    camera: scene.camera,
    native: [336, 240],
    pixelStable: stable,
    instancing,
    chain: { barFill: 'pixelated' } satisfies Partial<ChainSettings>,
  });
  renderer.graph.setEnabled('motionBlur', true);
  renderer.shadow.box = Float32Array.of(0, 1.2, 0, 5.2, 1.6, 5.2); // as the diorama demo fits it
  return { scene, renderer };
}

try {
  const plain = await make(false);
  const stable = await make(true);
  const single = await make(false, false);
  const cpu = new Map<string, number[]>(CONFIGS.map((c) => [c.name, []]));
  const gpu = new Map<string, Map<string, number[]>>(CONFIGS.map((c) => [c.name, new Map()]));
  let t = 0;
  for (let round = 0; round < rounds; round++) {
    // Who goes first rotates.
    for (let k = 0; k < CONFIGS.length; k++) {
      const config = CONFIGS[(k + round) % CONFIGS.length]!;
      const { scene, renderer } = config.stable ? stable : config.single ? single : plain;
      for (const name of LOOK) renderer.graph.setEnabled(name, config.passes.includes(name));
      scene.lanterns[0]!.castShadow = config.lantern === true;
      for (const material of scene.materials) {
        material.setParam('bands', config.bands);
        material.setParam('texelLight', config.bands > 0 ? 1 : 0);
      }
      for (let f = 0; f < FRAMES + 10; f++) {
        t += 1 / 60;
        scene.place(t, 0); // the camera moves every frame: the snap and the re-pack of its view are measured too
        const start = performance.now();
        renderer.render(t, 1 / 60);
        const spent = performance.now() - start;
        await renderer.finished();
        if (f < 10) continue; // a toggle recompiles the graph: warm up first
        cpu.get(config.name)!.push(spent);
        const times = renderer.gpuTimes;
        if (times && f % 4 === 0) {
          const perPass = gpu.get(config.name)!;
          for (const [label, ms] of [...times.passes, ['frame', times.frameMs] as const]) {
            if (!perPass.has(label)) perPass.set(label, []);
            perPass.get(label)!.push(ms);
          }
        }
      }
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)] ?? NaN;
  };
  (window as unknown as { __bench: unknown }).__bench = {
    crossOriginIsolated,
    configs: CONFIGS.map((c) => ({
      name: c.name,
      cpuMs: median(cpu.get(c.name)!),
      gpuMs: Object.fromEntries([...gpu.get(c.name)!].map(([label, values]) => [label, median(values)])),
    })),
  };
} catch (error) {
  (window as unknown as { __bench: unknown }).__bench = { error: String((error as Error).stack ?? error) };
}
