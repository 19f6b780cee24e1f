// The browser half of `npm run bench:cull`: N boxes (?n=, a share ?moving= of them turning) seen by an eye that turns
// every frame, so every box may go into or out of the view, drawn by two Armature renderers in this page: one culling
// on the CPU (each box's world box tested against the view every frame), one on the GPU (a compute pass, indirect
// draws). Per subject, over interleaved rounds: CPU time of the frame (the turning and the render call; GPU wait
// excluded), GPU time (timestamp queries: the frame's, the world pass's and the cull's), draw calls and bundles
// recorded, and the meshes drawn and culled.
import { quat } from 'gl-matrix';
import { boxGeometry, Camera, Material, Mesh, Node, Renderer } from '../../src/index';
import { requestGpu } from '../../src/advanced';

const params = new URLSearchParams(location.search);
const n = Number(params.get('n') ?? 10_000);
const rounds = Number(params.get('rounds') ?? 5);
const framesPerRound = Number(params.get('frames') ?? 20);
const share = Number(params.get('moving') ?? 0.01);
const side = Math.ceil(Math.sqrt(n));
const step = Math.max(1, Math.round(1 / share));
/** How fast the eye turns, radians a second (0: it stands still, and the CPU cull tests only the moved boxes). */
const turn = Number(params.get('turn') ?? 0.5);

interface Subject {
  name: string;
  renderer: Renderer;
  frame(t: number): void;
  gpuDone(): Promise<void>;
}

async function subject(gpuCulling: boolean): Promise<Subject> {
  const gpu = await requestGpu();
  const root = new Node('root');
  const geometry = boxGeometry(0.6, 0.6, 0.6);
  const material = new Material('lambert', [0.8, 0.5, 0.3, 1]);
  const meshes: Mesh[] = [];
  for (let i = 0; i < n; i++) {
    const mesh = new Mesh(`b${i}`, geometry, material).setPosition(
      (i % side) - side / 2,
      0,
      -Math.floor(i / side) + side / 2,
    );
    root.add(mesh);
    meshes.push(mesh);
  }
  const moving = meshes.filter((_, i) => i % step === 0);
  // The eye stands in the middle of the field looking out over it: turning, it sees a different part each frame.
  const camera = new Camera('eye', {
    kind: 'perspective',
    fovY: Math.PI / 3,
    aspect: 336 / 240,
    near: 0.1,
    far: side,
  });
  const pivot = new Node('pivot').setPosition(0, side * 0.08, 0);
  pivot.add(camera);
  camera.setRotationFromAxisAngle([1, 0, 0], -0.3);
  root.add(pivot);
  const renderer = await Renderer.create(
    document.querySelector<HTMLCanvasElement>(gpuCulling ? '#gpu' : '#cpu')!,
    {
      root,
      camera,
      gpu,
      gpuCulling,
    },
  );
  if (renderer.world.gpuCulling !== gpuCulling) throw new Error('this GPU cannot cull on the GPU');
  const q = quat.create();
  return {
    name: gpuCulling ? 'gpu' : 'cpu',
    renderer,
    frame: (t) => {
      quat.setAxisAngle(q, [0, 1, 0], t * 2);
      for (const mesh of moving) mesh.setRotation(q[0], q[1], q[2], q[3]);
      pivot.setRotationFromEuler(0, t * turn, 0);
      renderer.render(t);
    },
    gpuDone: () => gpu.device.queue.onSubmittedWorkDone(),
  };
}

const median = (v: number[]) => (v.length === 0 ? null : [...v].sort((a, b) => a - b)[v.length >> 1]!);

async function main() {
  const subjects = [await subject(false), await subject(true)];
  const samples = new Map(
    subjects.map((s) => [
      s.name,
      { cpu: [] as number[], frame: [] as number[], world: [] as number[], cull: [] as number[] },
    ]),
  );
  let t = 0;
  const run = async (s: Subject, frames: number, keep: boolean) => {
    for (let f = 0; f < frames; f++) {
      t += 1 / 60;
      const start = performance.now();
      s.frame(t);
      const cpu = performance.now() - start;
      await s.gpuDone(); // outside the timed span
      if (!keep) continue;
      const kept = samples.get(s.name)!;
      kept.cpu.push(cpu);
      const times = s.renderer.gpuTimes;
      if (times) {
        kept.frame.push(times.frameMs);
        const world = times.passes.get('world');
        const cull = times.passes.get('cull');
        if (world !== undefined) kept.world.push(world);
        if (cull !== undefined) kept.cull.push(cull);
      }
    }
  };
  for (const s of subjects) await run(s, 30, false);
  const recordedBefore = subjects.map((s) => s.renderer.world.counters.bundlesRecorded);
  for (let r = 0; r < rounds; r++)
    for (let k = 0; k < subjects.length; k++)
      await run(subjects[(r + k) % subjects.length]!, framesPerRound, true);
  const frames = rounds * framesPerRound;
  const result = {
    n,
    crossOriginIsolated,
    ...Object.fromEntries(
      subjects.map((s, i) => {
        const kept = samples.get(s.name)!;
        const c = s.renderer.world.counters;
        return [
          s.name,
          {
            cpuMs: median(kept.cpu),
            gpuFrameMs: median(kept.frame),
            gpuWorldMs: median(kept.world),
            gpuCullMs: median(kept.cull),
            drawCalls: c.drawCalls,
            drawn: c.drawn,
            culled: c.culled,
            bundlesPerFrame: (c.bundlesRecorded - recordedBefore[i]!) / frames,
          },
        ];
      }),
    ),
  };
  document.querySelector('#out')!.textContent = JSON.stringify(result, null, 2);
  (window as unknown as { __bench: unknown }).__bench = result;
}

main().catch((error: unknown) => {
  (window as unknown as { __bench: unknown }).__bench = { error: String(error) };
});
