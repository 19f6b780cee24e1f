import type { Scheduled, Timeline } from '../time/timeline';
import { channelSize, sampleChannel, type AnimationClip, type AnimationPath } from './animation-clip';
import { Mesh } from './mesh';
import type { Node } from './node';

/** How an action plays past its clip's end: stop on the last pose, start again, or go back and forth. */
export type AnimationLoop = 'once' | 'repeat' | 'pingpong';

/** What the mixer tells its listeners: an action went round its loop, or a `once` action reached its end. */
export interface AnimationEvent {
  type: 'loop' | 'finished';
  action: AnimationAction;
  /**
   * The rounds a `loop` event stands for: one event per update, however many rounds that update went (a long step, or
   * a clip of a microsecond, makes many; said one by one, a clip of 1e-30 s would never let the page go on). 1 for
   * `finished`.
   */
  loops: number;
}

/** How a mixer runs. */
export interface AnimationMixerOptions {
  /** Scene time to follow (each advance sets the mixer's time): pausing or scaling it pauses or scales the animation. */
  timeline?: Timeline;
  /**
   * Sample the clips at this many poses a second (e.g. 12: the stepped look of pixel-art animation); default every
   * frame's own time.
   */
  fps?: number;
}

/** A weight that moves linearly from `from` to `to` over `duration` seconds of mixer time from `start`. */
interface Fade {
  start: number;
  duration: number;
  from: number;
  to: number;
  /** Stop the action when it ends (a fade out). */
  stops: boolean;
}

/**
 * One clip played by a mixer: `play()`, `stop()`, `reset()`, its `loop`, `timeScale` and `weight`, fades and
 * cross-fades. Its time is a function of the mixer's time (from when it was played), so setting the mixer to a time
 * gives the same pose whatever the frames in between.
 */
export class AnimationAction {
  /** Default `repeat`. */
  loop: AnimationLoop = 'repeat';
  /** Its share of the pose where several actions play (0…1; default 1), times its fade. */
  weight = 1;
  private _timeScale = 1;
  private playing = false;
  /** Mixer time it was (re)started at, and its clip time then: its time is `offset + (now − startedAt) × timeScale`. */
  private startedAt = 0;
  private offset = 0;
  private fade: Fade | null = null;
  /** Loops completed when last evaluated (for `loop` events) and whether `finished` was said. */
  private rounds = 0;
  private finishedSaid = false;
  /** Per channel: the key index the last sample stopped at. */
  readonly hints: number[];

  /** @internal Made by `AnimationMixer.clipAction`. */
  constructor(
    private readonly mixer: AnimationMixer,
    readonly clip: AnimationClip,
  ) {
    this.hints = clip.channels.map(() => 0);
  }

  /** Speed (1: as authored; 0.5 half; negative plays backwards); changing it keeps the current pose. */
  get timeScale(): number {
    return this._timeScale;
  }
  set timeScale(value: number) {
    if (!Number.isFinite(value))
      throw new RangeError(`AnimationAction.timeScale = ${value}: give a finite number.`);
    this.offset = this.elapsed(this.mixer.time);
    this.startedAt = this.mixer.time;
    this._timeScale = value;
  }

  /** Whether it is playing (stopped actions add nothing to the pose). */
  get isRunning(): boolean {
    return this.playing;
  }

  /** Plays from where it is (from the start when new or reset). */
  play(): this {
    if (!this.playing) {
      this.playing = true;
      this.startedAt = this.mixer.time;
      this.mixer.changed();
    }
    return this;
  }

  /** Stops it: it no longer adds to the pose; `play()` starts it again from the start. */
  stop(): this {
    this.playing = false;
    this.fade = null;
    this.offset = 0;
    this.rounds = 0;
    this.finishedSaid = false;
    this.mixer.changed();
    return this;
  }

  /** Back to the start, playing on if it was. */
  reset(): this {
    this.startedAt = this.mixer.time;
    this.offset = 0;
    this.rounds = 0;
    this.finishedSaid = false;
    this.fade = null;
    this.mixer.changed();
    return this;
  }

  /** Its weight rises from 0 over `seconds` of mixer time (playing it if it was not). */
  fadeIn(seconds: number): this {
    this.fadeTo(0, 1, seconds, false);
    return this.play();
  }

  /** Its weight falls to 0 over `seconds`, then it stops. */
  fadeOut(seconds: number): this {
    this.fadeTo(this.fadeWeight(this.mixer.time), 0, seconds, true);
    return this;
  }

  /** Fades this out and `other` in (from its start) over the same `seconds`: their weights sum to 1 throughout. */
  crossFadeTo(other: AnimationAction, seconds: number): this {
    this.fadeOut(seconds);
    other.stop().fadeIn(seconds);
    return this;
  }

  /** Its clip time (seconds into the clip, after looping) at mixer time `now`. */
  clipTime(now = this.mixer.time): number {
    const duration = this.clip.duration;
    const t = this.elapsed(now);
    if (duration === 0) return 0;
    if (this.loop === 'once') return Math.min(Math.max(t, 0), duration);
    if (this.loop === 'repeat') return ((t % duration) + duration) % duration;
    const m = ((t % (2 * duration)) + 2 * duration) % (2 * duration);
    return m <= duration ? m : 2 * duration - m;
  }

  /** Its weight at mixer time `now`: `weight` × its fade; 0 when stopped. */
  effectiveWeight(now = this.mixer.time): number {
    return this.playing ? this.weight * this.fadeWeight(now) : 0;
  }

  /** @internal Ends fades that are over and says loops and ends since it was last evaluated. */
  evaluate(now: number, emit: (event: AnimationEvent) => void): void {
    if (!this.playing) return;
    if (this.fade && now >= this.fade.start + this.fade.duration && this.fade.stops) {
      this.stop();
      return;
    }
    const duration = this.clip.duration;
    if (duration === 0) return;
    const t = this.elapsed(now);
    if (this.loop === 'once') {
      if (!this.finishedSaid && (t >= duration || t <= 0) && now > this.startedAt) {
        this.finishedSaid = true;
        emit({ type: 'finished', action: this, loops: 1 });
      }
      return;
    }
    const rounds = Math.floor(Math.abs(t) / (this.loop === 'pingpong' ? 2 * duration : duration));
    if (rounds <= this.rounds) return;
    const loops = rounds - this.rounds;
    this.rounds = rounds;
    emit({ type: 'loop', action: this, loops });
  }

  private elapsed(now: number): number {
    return this.offset + (now - this.startedAt) * this._timeScale;
  }

  private fadeWeight(now: number): number {
    const fade = this.fade;
    if (!fade) return 1;
    const p = fade.duration > 0 ? Math.min(Math.max((now - fade.start) / fade.duration, 0), 1) : 1;
    return fade.from + (fade.to - fade.from) * p;
  }

  private fadeTo(from: number, to: number, seconds: number, stops: boolean): void {
    if (!(seconds >= 0 && Number.isFinite(seconds)))
      throw new RangeError(`AnimationAction fade: give seconds ≥ 0, got ${seconds}.`);
    this.fade = { start: this.mixer.time, duration: seconds, from, to, stops };
    this.mixer.changed();
  }
}

/** One animated property of one node, as the mixer blends it: its value at rest and the sum being built. */
interface Binding {
  node: Node;
  path: AnimationPath;
  /** For morph weights: the meshes they set (the node, if a mesh, and its mesh children: one per glTF primitive). */
  meshes: Mesh[];
  rest: Float32Array;
  sum: Float32Array;
  /** The weight summed so far, in an array: a number field written each frame would allocate a box each time. */
  total: Float64Array;
  sample: Float32Array;
}

/**
 * Plays `AnimationClip`s on a scene, the way three.js's AnimationMixer does: `clipAction(clip)` gives an action to
 * play, stop, fade and cross-fade; `update(dt)` advances by time and `setTime(t)` sets an absolute time (the same `t`
 * gives the same pose at any frame rate: fixed-clock screenshots hold). Several actions on one node blend by weight
 * (rotations along the shorter arc), with the node's rest pose (as it was when first animated) filling what their
 * weights leave (the rest pose is taken when a clip on the node is first asked for). The mixer writes through the
 * nodes' setters, and only values that changed: a still or paused mixer marks nothing. Given a `timeline` it follows
 * scene time. Morph weight channels set the weights of the node's meshes (the node itself, or its mesh children).
 */
export class AnimationMixer {
  // In an array: a number field written every frame would allocate a box each time.
  private readonly clock = new Float64Array(1);
  /**
   * What the last update did: node properties written (a still pose writes none), channels sampled (one per channel
   * of each action weighing in, each at most log₂ of its keys: the work is linear in what the clips hold) and events
   * said (at most one per action).
   */
  readonly counters = { written: 0, sampled: 0, events: 0 };
  private readonly byClip = new Map<AnimationClip, AnimationAction>();
  private readonly bindings = new Map<string, Binding>();
  // Lists beside the maps: a frame walks these (iterating a Map makes an iterator and entries every frame).
  private readonly actionList: AnimationAction[] = [];
  /** Each action's channels' bindings, in channel order (null: a channel the mixer does not play). */
  private readonly channelBindings: (Binding | null)[][] = [];
  private readonly bindingList: Binding[] = [];
  private readonly listeners: ((event: AnimationEvent) => void)[] = [];
  private readonly ticker: Scheduled | null = null;

  /** Its actions, in the order their clips were first asked for (what a debug panel lists). */
  get actions(): readonly AnimationAction[] {
    return this.actionList;
  }

  /** Mixer seconds (what `update` advances and `setTime` sets). */
  get time(): number {
    return this.clock[0]!;
  }
  private readonly fps: number;
  private dirty = true;
  private readonly emit = (event: AnimationEvent) => {
    this.counters.events++;
    for (const listener of this.listeners.slice()) listener(event);
  };

  constructor(
    readonly root: Node,
    options: AnimationMixerOptions = {},
  ) {
    this.fps = options.fps ?? 0;
    if (!(this.fps >= 0 && Number.isFinite(this.fps)))
      throw new RangeError(`AnimationMixer: fps must be a number ≥ 0 (0: every frame), got ${options.fps}.`);
    const timeline = options.timeline;
    if (timeline) {
      const start = timeline.time;
      // A tween that never ends: called on every advance (and at each timer in between) with time standing there.
      this.ticker = timeline.progress(() => this.setTime(timeline.time - start), {
        duration: 1,
        repeat: Infinity,
      });
    }
  }

  /** The action playing `clip` on this mixer's scene (one per clip, made on first ask). */
  clipAction(clip: AnimationClip): AnimationAction {
    let action = this.byClip.get(clip);
    if (!action) {
      action = new AnimationAction(this, clip);
      this.byClip.set(clip, action);
      this.actionList.push(action);
      this.channelBindings.push(
        clip.channels.map((channel) => this.bind(channel.node, channel.path, channelSize(channel))),
      );
    }
    return action;
  }

  /** Calls `listener` when an action loops or a `once` action ends; returns a function that stops it. */
  on(listener: (event: AnimationEvent) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** Advances by `delta` seconds and poses the scene. */
  update(delta: number): this {
    return this.setTime(this.clock[0]! + delta);
  }

  /** Sets the mixer's time to `time` seconds and poses the scene for it. */
  setTime(time: number): this {
    if (!Number.isFinite(time)) throw new RangeError(`AnimationMixer.setTime(${time}): give a finite time.`);
    const moved = time !== this.clock[0];
    this.clock[0] = time;
    const counters = this.counters;
    counters.written = counters.sampled = counters.events = 0;
    if (!moved && !this.dirty) return this;
    let running = false;
    for (let a = 0; a < this.actionList.length; a++) {
      const action = this.actionList[a]!;
      action.evaluate(time, this.emit);
      running ||= action.isRunning;
    }
    if (!running && !this.dirty) return this; // nothing plays: nothing to pose
    this.dirty = false;
    this.pose(time);
    return this;
  }

  /** Stops following the timeline. */
  dispose(): void {
    this.ticker?.cancel();
  }

  /** @internal An action started, stopped or faded: the next update poses even at the same time. */
  changed(): void {
    this.dirty = true;
  }

  private bind(node: Node, path: AnimationPath, size: number): Binding | null {
    const key = `${nodeId(node)} ${path}`;
    let binding = this.bindings.get(key);
    if (!binding) {
      const meshes =
        path !== 'weights'
          ? []
          : node instanceof Mesh
            ? [node]
            : node.children.filter((child): child is Mesh => child instanceof Mesh);
      if (path === 'weights' && meshes.length === 0) return null; // weights of nothing drawn
      const rest = new Float32Array(size);
      if (path === 'weights') rest.set(meshes[0]!.morphWeights.subarray(0, size));
      else rest.set(node[path === 'translation' ? 'position' : path]);
      binding = {
        node,
        path,
        meshes,
        rest,
        sum: new Float32Array(size),
        total: new Float64Array(1),
        sample: new Float32Array(size),
      };
      this.bindings.set(key, binding);
      this.bindingList.push(binding);
    }
    return binding;
  }

  private pose(time: number): void {
    const bindings = this.bindingList;
    for (let b = 0; b < bindings.length; b++) {
      bindings[b]!.sum.fill(0);
      bindings[b]!.total[0] = 0;
    }
    for (let a = 0; a < this.actionList.length; a++) {
      const action = this.actionList[a]!;
      const weight = action.effectiveWeight(time);
      if (weight <= 0) continue;
      let clipTime = action.clipTime(time);
      if (this.fps > 0) clipTime = Math.floor(clipTime * this.fps + 1e-6) / this.fps;
      const channels = action.clip.channels;
      const targets = this.channelBindings[a]!;
      for (let c = 0; c < channels.length; c++) {
        const binding = targets[c];
        if (!binding) continue;
        action.hints[c] = sampleChannel(channels[c]!, clipTime, binding.sample, action.hints[c]);
        this.counters.sampled++;
        accumulate(binding, binding.sample, weight);
      }
    }
    for (let b = 0; b < bindings.length; b++) this.write(bindings[b]!);
  }

  private write(binding: Binding): void {
    const { node, path, sum, rest } = binding;
    // What the actions' weights leave is the rest pose's: a half-faded walk is half rest.
    const total = binding.total[0]!;
    if (total < 1) accumulate(binding, rest, 1 - total);
    const size = sum.length;
    if (path === 'rotation') {
      const length =
        Math.sqrt(sum[0]! * sum[0]! + sum[1]! * sum[1]! + sum[2]! * sum[2]! + sum[3]! * sum[3]!) || 1;
      for (let i = 0; i < 4; i++) sum[i]! /= length;
    } else for (let i = 0; i < size; i++) sum[i]! /= binding.total[0]!;
    if (path === 'weights') {
      // setMorphWeight marks a mesh only when a weight changes.
      let changed = false;
      for (let m = 0; m < binding.meshes.length; m++)
        for (let i = 0; i < size; i++) {
          const mesh = binding.meshes[m]!;
          const before = mesh.morphVersion;
          mesh.setMorphWeight(i, sum[i]!);
          changed ||= mesh.morphVersion !== before;
        }
      if (changed) this.counters.written++;
      return;
    }
    const current = path === 'translation' ? node.position : path === 'rotation' ? node.rotation : node.scale;
    let same = true;
    for (let i = 0; i < size; i++) same &&= current[i] === Math.fround(sum[i]!);
    if (same) return;
    if (path === 'translation') node.setPosition(sum[0]!, sum[1]!, sum[2]!);
    else if (path === 'scale') node.setScale(sum[0]!, sum[1]!, sum[2]!);
    else node.setRotation(sum[0]!, sum[1]!, sum[2]!, sum[3]!);
    this.counters.written++;
  }
}

/** Adds `value` × `weight` to a binding's sum; a rotation joins on the side of the sum's hemisphere (shorter arc). */
function accumulate(binding: Binding, value: Float32Array, weight: number): void {
  const sum = binding.sum;
  let sign = 1;
  if (binding.path === 'rotation' && binding.total[0]! > 0) {
    let dot = 0;
    for (let i = 0; i < 4; i++) dot += sum[i]! * value[i]!;
    if (dot < 0) sign = -1;
  }
  for (let i = 0; i < sum.length; i++) sum[i]! += sign * weight * value[i]!;
  binding.total[0]! += weight;
}

const nodeIds = new WeakMap<Node, number>();
let nextNodeId = 0;
function nodeId(node: Node): number {
  let id = nodeIds.get(node);
  if (id === undefined) nodeIds.set(node, (id = nextNodeId++));
  return id;
}
