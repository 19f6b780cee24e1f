import { describe, expect, it } from 'vitest';
import { leastHeapDelta } from '../math/least-heap-delta';
import { Timeline } from '../time/timeline';
import { AnimationClip } from './animation-clip';
import { AnimationMixer, type AnimationEvent } from './animation-mixer';
import { quadGeometry } from './geometry';
import { Mesh } from './mesh';
import { Node } from './node';

const f = (...values: number[]) => Float32Array.from(values);

/** A node and a clip moving it along x from 0 to `to` over 2 s (and optionally turning it). */
function scene(to = 2) {
  const root = new Node('root');
  const mover = new Node('mover');
  root.add(mover);
  const slide = new AnimationClip('slide', [
    {
      node: mover,
      path: 'translation',
      interpolation: 'LINEAR',
      times: f(0, 2),
      values: f(0, 0, 0, to, 0, 0),
    },
  ]);
  const lift = new AnimationClip('lift', [
    {
      node: mover,
      path: 'translation',
      interpolation: 'LINEAR',
      times: f(0, 2),
      values: f(0, 0, 0, 0, 4, 0),
    },
  ]);
  return { root, mover, slide, lift, mixer: new AnimationMixer(root) };
}

describe('AnimationMixer', () => {
  it('poses by time: any steps to t give exactly the pose setTime(t) gives', () => {
    const a = scene();
    a.mixer.clipAction(a.slide).play();
    for (const dt of [0.013, 0.4, 0.1, 0.0001, 0.25, 0.03, 0.5]) a.mixer.update(dt);
    const b = scene();
    b.mixer.clipAction(b.slide).play();
    b.mixer.setTime(a.mixer.time);
    expect(Array.from(a.mover.position)).toEqual(Array.from(b.mover.position));
    expect(a.mover.position[0]).toBeCloseTo(a.mixer.time, 5);
  });

  it('loops: repeat starts again and says so, pingpong comes back, once stops on its last pose and says so once', () => {
    const { mover, slide, mixer } = scene();
    const events: string[] = [];
    mixer.on((e: AnimationEvent) => events.push(`${e.type} ${e.action.clip.name} ×${e.loops}`));
    const action = mixer.clipAction(slide).play();
    mixer.setTime(5); // 2.5 rounds: one event for both
    expect(mover.position[0]).toBeCloseTo(1, 5);
    expect(events).toEqual(['loop slide ×2']);
    mixer.setTime(6.5);
    expect(events).toEqual(['loop slide ×2', 'loop slide ×1']);
    events.length = 0;
    action.loop = 'pingpong';
    mixer.setTime(3); // past the end by 1: coming back
    expect(mover.position[0]).toBeCloseTo(1, 5);
    action.loop = 'once';
    events.length = 0;
    mixer.setTime(7);
    mixer.setTime(9);
    expect(mover.position[0]).toBe(2);
    expect(events).toEqual(['finished slide ×1']);
  });

  it('cross-fades: the two weights sum to 1 throughout, and the pose is their weighted mix', () => {
    const { mover, slide, lift, mixer } = scene();
    const walk = mixer.clipAction(slide).play();
    const jump = mixer.clipAction(lift);
    mixer.setTime(1);
    walk.crossFadeTo(jump, 0.5);
    for (const t of [1, 1.1, 1.25, 1.4, 1.5]) {
      mixer.setTime(t);
      const [a, b] = [walk.effectiveWeight(), jump.effectiveWeight()];
      expect(a + b).toBeCloseTo(1, 6);
      // walk at clip time t (x = t), jump from its start at 1 (y = 2 (t − 1)).
      expect(mover.position[0]).toBeCloseTo(a * t, 5);
      expect(mover.position[1]).toBeCloseTo(b * 2 * (t - 1), 5);
    }
    mixer.setTime(1.6);
    expect(walk.isRunning).toBe(false); // faded out: stopped
  });

  it('a weight below 1 leaves the rest of the pose to the node as it was', () => {
    const { mover, slide, mixer } = scene();
    mover.setPosition(0, 10, 0);
    const action = mixer.clipAction(slide).play();
    action.weight = 0.25;
    action.loop = 'once'; // at its end, not round to its start
    mixer.setTime(2); // the clip says (2, 0, 0); the rest pose (0, 10, 0)
    expect(Array.from(mover.position)).toEqual([0.5, 7.5, 0]);
  });

  it('steps: with fps 12 the pose changes only on twelfths of a second', () => {
    const root = new Node('root');
    const mover = new Node('mover');
    root.add(mover);
    const clip = new AnimationClip('slide', [
      {
        node: mover,
        path: 'translation',
        interpolation: 'LINEAR',
        times: f(0, 2),
        values: f(0, 0, 0, 24, 0, 0),
      },
    ]);
    const mixer = new AnimationMixer(root, { fps: 12 });
    mixer.clipAction(clip).play();
    const xs = [0.01, 0.05, 0.08, 0.09, 0.16, 0.17].map((t) => mixer.setTime(t) && mover.position[0]);
    expect(xs).toEqual([0, 0, 0, 1, 1, 2]); // 12 units a second: one per step
  });

  it('writes only what changed: nothing when still, paused or stopped', () => {
    const { mover, slide, mixer } = scene();
    const action = mixer.clipAction(slide).play();
    mixer.setTime(0.5);
    expect(mixer.counters.written).toBe(1);
    mixer.setTime(0.5);
    expect(mixer.counters.written).toBe(0);
    mixer.setTime(3.5); // the same clip time one round later: the same pose, nothing written
    mixer.setTime(5.5);
    expect(mixer.counters.written).toBe(0);
    action.stop();
    mixer.update(0.1); // the rest pose back once
    expect([mixer.counters.written, mover.position[0]]).toEqual([1, 0]);
    mixer.update(0.1);
    expect(mixer.counters.written).toBe(0);
  });

  it('follows scene time on a timeline: pausing it pauses the animation', () => {
    const root = new Node('root');
    const mover = new Node('mover');
    root.add(mover);
    const clip = new AnimationClip('slide', [
      {
        node: mover,
        path: 'translation',
        interpolation: 'LINEAR',
        times: f(0, 2),
        values: f(0, 0, 0, 2, 0, 0),
      },
    ]);
    const timeline = new Timeline();
    const mixer = new AnimationMixer(root, { timeline });
    mixer.clipAction(clip).play();
    timeline.advance(0.5);
    expect(mover.position[0]).toBeCloseTo(0.5, 6);
    timeline.paused = true;
    timeline.advance(1);
    expect(mover.position[0]).toBeCloseTo(0.5, 6);
    timeline.paused = false;
    timeline.timeScale = 0.5;
    timeline.advance(1);
    expect(mover.position[0]).toBeCloseTo(1, 6);
    mixer.dispose();
    timeline.advance(1);
    expect(mover.position[0]).toBeCloseTo(1, 6);
  });

  // Not zero yet: V8 boxes the numbers passed to and returned from the functions it does not inline (~16 bytes each),
  // a few per action per frame. Nothing is allocated per key, channel or node: the bound holds for any clip size.
  it('a frame of a playing cross-fade allocates under 160 bytes an action (no arrays, closures or iterators)', async () => {
    const { slide, lift, mixer } = scene();
    const cubic = new AnimationClip('turn', [
      {
        node: scene().mover,
        path: 'rotation',
        interpolation: 'CUBICSPLINE',
        times: f(0, 1),
        values: f(0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0),
      },
    ]);
    mixer.clipAction(cubic).play();
    mixer.clipAction(slide).play().crossFadeTo(mixer.clipAction(lift), 1000);
    const frames = () => {
      for (let i = 0; i < 2000; i++) mixer.update(1 / 60);
    };
    frames();
    expect(await leastHeapDelta(frames)).toBeLessThan(2000 * 3 * 160);
  });
});

describe('AnimationMixer: morph weights', () => {
  it("a weights channel sets the node's meshes' morph weights (every primitive's), blended and faded like the rest", () => {
    const root = new Node('root');
    const banner = new Node('banner');
    const targets = [{ positions: new Float32Array(12) }, { positions: new Float32Array(12) }];
    const geometry = { ...quadGeometry(), morphTargets: targets };
    const [front, back] = [new Mesh('front', geometry, null), new Mesh('back', geometry, null)];
    banner.add(front).add(back);
    root.add(banner);
    const wave = new AnimationClip('wave', [
      { node: banner, path: 'weights', interpolation: 'LINEAR', times: f(0, 1), values: f(0, 1, 1, 0) },
    ]);
    const mixer = new AnimationMixer(root);
    const action = mixer.clipAction(wave).play();
    mixer.setTime(0.25);
    expect(Array.from(front.morphWeights)).toEqual([0.25, 0.75]);
    expect(Array.from(back.morphWeights)).toEqual([0.25, 0.75]);
    expect(mixer.counters.written, 'one binding written').toBe(1);
    mixer.setTime(0.25);
    expect(mixer.counters.written, 'still').toBe(0);
    // Half weight: the rest (weights 0, 0) fills the other half.
    action.weight = 0.5;
    mixer.setTime(0.5);
    expect(Array.from(front.morphWeights)).toEqual([0.25, 0.25]);
  });
});
