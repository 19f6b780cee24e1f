// Shared by the demos: the ?soak=N mode, a long fixed-clock run that changes passes and sizes while it draws, so a
// leak of GPU objects or a validation error shows up as numbers on the page handle.
import {
  AnimationMixer,
  boxGeometry,
  disposeGeometry,
  loadGltf,
  Material,
  Mesh,
  Node,
  Texture,
  type ClockSample,
  type Geometry,
  type Renderer,
  type ShaderEffect,
} from '../../src/index';
import {
  applyChainState,
  CHAIN_PASSES,
  readChainUrl,
  type ArmatureHandle,
  type GpuResourceCounts,
  type GlResourceCounts,
} from '../../src/debug';
import { CYCLE } from './soak-cycle';

/** Frames a soak runs past its length, so its last cycle's sample is taken. */
const SOAK_TAIL = 40;

/** A soak's frame step, and whether it has run its frames (the demo then holds, as a fixed-clock page does). */
export interface SoakRun {
  step: (sample: ClockSample) => void;
  done: () => boolean;
}

/** Resource counts at one checkpoint of a soak. */
export interface SoakSample {
  frame: number;
  resources: GpuResourceCounts | GlResourceCounts;
}

/** What a soak run publishes as `window.__armature.soak`. */
export interface SoakReport {
  frames: number;
  /**
   * Counts once a cycle, taken in the same state (all passes as at the start, the starting canvas size, no level
   * loaded, no effect added).
   */
  samples: SoakSample[];
  toggles: number;
  resizes: number;
  /** Levels loaded and unloaded (half of them disposed), effects added and removed, devices lost: see `soakStep`. */
  levels: number;
  effects: number;
  losses: number;
}

/**
 * The soak's cycle: what happens at which frame of each `CYCLE` frames. The counts are sampled at `SAMPLE_AT`, where
 * passes, canvas size and scene are as they began (garbage collected 20 and 10 frames before).
 */
const SAMPLE_AT = 30;
const LEVEL_IN = 50;
/** A pass flipped at the first of each pair, back at the second; the canvas takes the next size at each resize. */
const TOGGLES = [70, 95, 120, 145];
const RESIZES = [82, 107, 132, 157];
const EFFECT_IN = 170;
/**
 * After the toggles, with the level and the effect in: a device made again keeps only the pooled textures of the
 * frames after it, so each sample then sees the same pool.
 */
const LOSS_AT = 190;
const EFFECT_OUT = 210;
const LEVEL_OUT = 230;

/** A user effect the soak adds and removes: the image darkened a little (its GLSL twin beside it). */
const SOAK_EFFECT = {
  name: 'soakDim',
  wgsl: `
struct Params { strength: f32 }
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;
@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureLoad(source, vec2<i32>(position.xy), 0);
  return vec4<f32>(c.rgb * params.strength, c.a);
}`,
  glsl: `
layout(std140) uniform Params { float strength; } params;
uniform sampler2D source;
void main() {
  vec4 c = loadTexel(source, ivec2(fragPosition().xy));
  fragColor = vec4(c.rgb * params.strength, c.a);
}`,
  params: { strength: 0.9 },
};

/**
 * A level as a game streams one: the project's skinned and morphed rig (its clips playing), and a dozen crates each with
 * a texture of its own, in front of the camera at a tenth of its view's height.
 */
async function loadLevel(renderer: Renderer, n: number) {
  const camera = renderer.world.camera!;
  const rig = await loadGltf('/src/assets/fixtures/rig.glb');
  const root = new Node(`soak level ${n}`);
  const lens = camera.projection;
  const depth = Math.min(lens.near * 20, (lens.near + lens.far) / 2);
  const height = lens.kind === 'perspective' ? 2 * depth * Math.tan(lens.fovY / 2) : lens.top - lens.bottom;
  root.setPosition(0, 0, -depth).setScale(height / 10, height / 10, height / 10);
  root.add(rig.root);
  const textures: Texture[] = [];
  const geometries: Geometry[] = [...new Set(rig.meshes.map((mesh) => mesh.geometry))];
  for (let i = 0; i < 12; i++) {
    const map = Texture.fromPixels(2, 2, new Uint8Array(16).fill((n * 13 + i * 19) % 256), {
      label: `crate ${i}`,
    });
    const geometry = boxGeometry(0.3, 0.3, 0.3);
    textures.push(map);
    geometries.push(geometry);
    root.add(
      new Mesh(`crate ${i}`, geometry, new Material('unlit', [1, 1, 1, 1], { map })).setPosition(i - 6, 0, 0),
    );
  }
  const mixer = new AnimationMixer(rig.root);
  for (const clip of rig.animations) mixer.clipAction(clip).play();
  return { root, camera, mixer, textures, geometries };
}

declare global {
  interface Window {
    /** Chromium's collector, exposed by --js-flags=--expose-gc (the e2e browser has it). */
    gc?: () => void;
  }
}

/**
 * The soak's frame step. It starts with a warm-up: once a level and a user effect (see below) are loaded, every chain
 * pass runs for one frame with them in (the graph keeps a texture pool big enough for every pass that may run, and
 * the first skinned or outlined draw of a kind builds its pipeline for good), they go, and the device is lost. Then
 * each cycle of `CYCLE` frames (the frames below are within it) loads a level at 50 (the skinned rig playing, a dozen
 * crates with textures of their own), flips two of the chain's passes (the way the URL and the debug panel switch
 * them; without a chain, its render bundles) and back at 70-145, gives the canvas the other three of four sizes at
 * 82, 107 and 132 (odd, 1×1, 1920×1080) and its own back at 157, adds a user effect at 170 (with the chain), loses the
 * device at 190, removes the effect at 210 and unloads the level at 230 (every other one disposed, the rest left to
 * the sweep). At 30 everything is as it began, and the live GPU object counts are sampled; the first cycle is the
 * warm-up's, and from the second on every sample must be the same. Frames with a lost device are not counted.
 */
export function soakStep(handle: ArmatureHandle, renderer: Renderer, frames: number): SoakRun {
  const canvas = renderer.canvas;
  const sizes: [number, number][] = [
    [canvas.width, canvas.height],
    [641, 359],
    [1, 1],
    [1920, 1080],
  ];
  const chain = renderer.graph.passNames().includes('upscale');
  const state = readChainUrl(new URLSearchParams(location.search));
  const startOff = new Set(state.off);
  const report: SoakReport = {
    frames: 0,
    samples: [],
    toggles: 0,
    resizes: 0,
    levels: 0,
    effects: 0,
    losses: 0,
  };
  (handle as ArmatureHandle & { soak: SoakReport }).soak = report;
  type Level = Awaited<ReturnType<typeof loadLevel>>;
  let level: Promise<Level> | null = null;
  let playing: Level | null = null;
  let effect: Promise<ShaderEffect> | null = null;
  const fail = (error: unknown) => handle.errors.push(`soak: ${(error as Error).message}`);
  const unload = (loaded: Level, dispose: boolean) => {
    if (playing === loaded) playing = null;
    loaded.root.parent?.remove(loaded.root);
    if (!dispose) return;
    for (const texture of loaded.textures) texture.dispose();
    for (const geometry of loaded.geometries) disposeGeometry(geometry);
  };
  // The warm-up (before the first sample): a level and the effect drawn for two frames, then gone. What the first of
  // them makes for good (a skinned kind's pipelines, the deform buffer) is then there at every sample.
  let warm: { level: Level; effect: ShaderEffect | null; at: number } | null = null;
  let warmed = !renderer.world.camera;
  let warmFrames = 0;
  if (renderer.world.camera)
    Promise.all([
      loadLevel(renderer, -1),
      chain ? renderer.addEffect(SOAK_EFFECT, { after: 'motionBlur' }) : null,
    ]).then(([loaded, added]) => {
      loaded.camera.add(loaded.root);
      warm = { level: loaded, effect: added, at: warmFrames };
    }, fail);
  const warmUp = (w: number) => {
    if (!warm) return;
    if (chain && w <= warm.at + 1) {
      // Every pass on for the first frame the warm-up level is in, then as at the start.
      state.off = w === warm.at ? new Set() : new Set(startOff);
      applyChainState(renderer, state);
    }
    if (w === warm.at + 2) {
      unload(warm.level, true);
      if (warm.effect) renderer.removeEffect(SOAK_EFFECT.name);
    }
    if (w === warm.at + 3) {
      // A first loss: every sample is then taken on a device made again since the last loss.
      renderer.simulateLoss();
      report.losses++;
      warm = null;
      warmed = true;
    }
  };
  const step = (sample: ClockSample) => {
    // The cycle counts frames drawn after the warm-up: a device being made again (a few frames, or many on a loaded
    // machine) and a slow first load shift nothing in it.
    if (renderer.isLost) return;
    if (!warmed) return warmUp(warmFrames++);
    const k = report.frames++;
    const j = k % CYCLE;
    const cycle = Math.floor(k / CYCLE);
    playing?.mixer.setTime(sample.elapsed);
    if (j === LEVEL_IN && renderer.world.camera) {
      level = loadLevel(renderer, report.levels);
      level.then((loaded) => {
        playing = loaded;
        loaded.camera.add(loaded.root);
      }, fail);
    }
    if (j === LEVEL_OUT && level) {
      // Half the levels are disposed at once (a game streaming levels), half left to the renderer's sweep.
      const dispose = report.levels++ % 2 === 0;
      void level.then((loaded) => unload(loaded, dispose), fail);
      level = null;
    }
    if (j === EFFECT_IN && chain) effect = renderer.addEffect(SOAK_EFFECT, { after: 'motionBlur' });
    if (j === EFFECT_OUT && effect) {
      void effect.then(() => {
        renderer.removeEffect(SOAK_EFFECT.name);
        report.effects++;
      }, fail);
      effect = null;
    }
    if (j === LOSS_AT) {
      renderer.simulateLoss();
      report.losses++;
    }
    const toggle = TOGGLES.indexOf(j);
    if (toggle >= 0) {
      // Two passes a cycle, each flipped and back, the next two the next cycle.
      const flip = toggle % 2 === 0;
      if (!chain) renderer.world.useBundles = !flip;
      else {
        state.off = new Set(startOff);
        const pass = CHAIN_PASSES[(2 * cycle + (toggle >> 1)) % CHAIN_PASSES.length]!;
        if (flip && !state.off.delete(pass)) state.off.add(pass);
        applyChainState(renderer, state);
      }
      report.toggles++;
    }
    const resize = RESIZES.indexOf(j);
    if (resize >= 0) {
      [canvas.width, canvas.height] = sizes[(resize + 1) % sizes.length]!;
      report.resizes++;
    }
    if (j === SAMPLE_AT - 20 || j === SAMPLE_AT - 10) window.gc?.();
    if (j === SAMPLE_AT && handle.gpuResources)
      report.samples.push({ frame: k, resources: { ...handle.gpuResources } });
  };
  return { step, done: () => report.frames >= frames + SOAK_TAIL };
}
