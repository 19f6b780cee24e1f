import type { Device, RenderTarget, TextureFormat } from '../../device/device';
import type { PassDecl, ReadDecl, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import { shadowPass, type ShadowSettings } from './shadow-pass';
import type { WorldPass } from '../world/world-pass';
import type { FrameContext } from '../frame-context';
import { backgroundPass } from './background-pass';
import { bloomPass } from './bloom-pass';
import { crtPass } from './crt-pass';
import { gradePass } from './grade-pass';
import { motionBlurPass } from './motion-blur-pass';
import { outlinePass } from './outline-pass';
import { palettePass } from './palette-pass';
import type { ChainFrame, PassDescriptor, PassRead, PassRunner, PassSize } from './pass-descriptor';
import { assignSettings, defaultSettings, guardSettings } from './pass-setting';
import { uiPass } from './ui-pass';
import { upscalePass } from './upscale-pass';
import { vignettePass } from './vignette-pass';

/**
 * The pixel-art chain, in order: each pass reads the image the one before it wrote (world → … → present). Adding a
 * built-in pass is its file (the pass and its descriptor) beside its shaders, and its line here.
 */
export const CHAIN = [
  outlinePass,
  uiPass,
  motionBlurPass,
  bloomPass,
  gradePass,
  vignettePass,
  palettePass,
  upscalePass,
  backgroundPass,
  crtPass,
] as const;

/** The passes before the world: they draw what it reads (the shadow map). */
export const WORLD_PASSES = [shadowPass] as const;

/**
 * Every built-in pass in the order the graph runs them: the world's, then the chain. What the URL state, the debug
 * panel and the docs list.
 */
export const BUILT_IN_PASSES: readonly PassDescriptor[] = [...WORLD_PASSES, ...CHAIN] as PassDescriptor[];

type SettingsOf<D> = D extends PassDescriptor<infer S> ? S : never;
type Intersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void ? I : never;

/** The chain's settings (`renderer.settings`): every built-in pass's, as its file declares them. */
export type ChainSettings = Intersection<SettingsOf<(typeof CHAIN)[number]>> & ShadowSettings;

/** Settings as an app gives them (`RendererOptions.chain`): any part of the tree, the rest left at its defaults. */
export type SettingsInput<S> = {
  [K in keyof S]?: S[K] extends readonly unknown[]
    ? S[K]
    : S[K] extends (...args: never[]) => unknown
      ? S[K]
      : S[K] extends object
        ? SettingsInput<S[K]> | S[K]
        : S[K];
};

/** The chain's settings as `RendererOptions.chain` takes them: any part of the tree. */
export type ChainSettingsInput = SettingsInput<ChainSettings>;

/** The built-in passes that start bypassed: each changes the picture, so an app turns it on. */
export const OFF_BY_DEFAULT: readonly string[] = BUILT_IN_PASSES.filter((p) => !p.on).map((p) => p.name);

/** Texels of margin a pixel-stable camera's world image has on each side: room for a shift of up to half a texel. */
export const PIXEL_STABLE_PAD = 1;

/** The part of the renderer's options the chain is made from (see `RendererOptions`). */
export interface ChainOptions {
  chain?: object | boolean;
  ui?: { root: Node; atlas: UiAtlas };
  native?: readonly [number, number];
  pixelStable?: boolean;
}

/** A pass of the chain in the graph: what the graph sees, the pass at work, and the descriptor it came from. */
export interface ChainPass extends PassDecl<FrameContext, RenderTarget> {
  readonly descriptor: PassDescriptor;
  readonly runner: PassRunner;
  /** Where it stands in the chain (where a pass added after it stands follows from it). */
  readonly stage: ChainStage;
  /** Passes it cannot run without: its descriptor's, and the one that made its canvas-sized input (the upscale). */
  readonly needs: readonly string[];
}

/**
 * Where a pass stands in the chain: the image it reads as `chain` (its size and format), the last native one, and once
 * the chain is canvas-sized, the pass that made it so (without it a pass here would get a native image).
 */
export interface ChainStage {
  chain: string;
  native: string;
  size: SizeRule;
  format: TextureFormat;
  canvasBy?: string;
}

/** Whether the chain runs: when asked for, and by default when a native resolution is given. */
export function hasChain(options: ChainOptions): boolean {
  return options.chain !== false && (options.chain !== undefined || options.native !== undefined);
}

/** The size of the world's image and of the chain's images up to the upscale: native, plus a margin if pixel-stable. */
export function worldSize(options: ChainOptions): SizeRule {
  return options.pixelStable ? { relativeTo: 'native', pad: PIXEL_STABLE_PAD } : { relativeTo: 'native' };
}

/**
 * The settings of `passes` (by default the chain's): every default, then `options.chain` over them, each value
 * checked (a bad one is an error naming it and what is accepted). A UI layer or a pixel-stable camera without the
 * chain is an error.
 */
export function chainSettings(
  options: ChainOptions,
  passes: readonly PassDescriptor[] = BUILT_IN_PASSES,
): ChainSettings {
  if (options.ui && !hasChain(options))
    throw new Error(
      'Renderer: a UI layer needs the pixel-art chain; give a native resolution or chain: true.',
    );
  if (options.pixelStable && !hasChain(options))
    throw new Error(
      'Renderer: pixelStable shifts the image at the upscale, so it needs the pixel-art chain; give a native resolution or chain: true.',
    );
  const settings = {};
  for (const pass of passes) addSettings(settings, pass);
  const spec = Object.assign({}, ...passes.map((p) => p.settings)) as Record<string, unknown>;
  if (typeof options.chain === 'object') assignSettings(spec, settings, options.chain, 'chain');
  return guardSettings(settings as ChainSettings, spec, 'settings');
}

/** Adds a pass's default settings to `settings`; a setting another pass already has is an error. */
export function addSettings(settings: object, pass: PassDescriptor): void {
  const fresh = defaultSettings(pass.settings) as object;
  const clash = Object.keys(fresh).find((key) => key in settings);
  if (clash)
    throw new Error(
      `Pass "${pass.name}": its setting "${clash}" is another pass's; name its settings apart.`,
    );
  Object.assign(settings, fresh);
}

/**
 * The chain's passes for these options in order, each with the stage it stands at: the chain's list, less what does
 * not apply (the UI pass without a UI layer); a pixel-stable camera's UI goes after the upscale, where the camera's
 * sub-texel shift does not move it.
 */
export function chainOrder(
  options: ChainOptions,
  passes: readonly PassDescriptor[] = CHAIN,
): { order: { descriptor: PassDescriptor; stage: ChainStage }[]; end: ChainStage } {
  const order = passes.filter((p) => p.applies?.(options) ?? true);
  const ui = order.findIndex((p) => p.name === 'ui');
  const upscale = order.findIndex((p) => p.name === 'upscale');
  if (options.pixelStable && ui >= 0 && upscale > ui) order.splice(upscale, 0, ...order.splice(ui, 1));
  let stage = worldStage(options);
  const placed = order.map((descriptor) => {
    const at = stage;
    stage = stageAfter(descriptor, at, options);
    return { descriptor, stage: at };
  });
  return { order: placed, end: stage };
}

/** The stage right after the world pass: its native `scene` image. */
export function worldStage(options: ChainOptions): ChainStage {
  return { chain: 'scene', native: 'scene', size: worldSize(options), format: 'rgba8unorm' };
}

/** The stage after `descriptor`: its first output is the next pass's `chain` image (and `native`, while native-sized). */
export function stageAfter(descriptor: PassDescriptor, stage: ChainStage, options: ChainOptions): ChainStage {
  const out = descriptor.writes[0];
  if (!out) return stage;
  const size = sizeRule(out.size, stage, options);
  const native = 'relativeTo' in size && size.relativeTo === 'native' ? out.name : stage.native;
  const canvasBy = stage.canvasBy ?? (isCanvas(size) ? descriptor.name : undefined);
  return {
    chain: out.name,
    native,
    size,
    format: out.format === 'input' ? stage.format : out.format,
    ...(canvasBy ? { canvasBy } : {}),
  };
}

/**
 * Builds a chain pass on `device` at `stage`: the descriptor's reads, writes and bypass put in the graph's terms
 * (`chain` and `native` named, sizes resolved), and the pass at work.
 */
export async function createChainPass(
  descriptor: PassDescriptor,
  stage: ChainStage,
  kit: { device: Device; settings: object; frame: ChainFrame; options: ChainOptions; world: WorldPass },
  /** What the graph is told of its removal: why it is kept, or what to do once it is out. */
  owner: Pick<PassDecl<FrameContext, RenderTarget>, 'kept' | 'removed'> = {},
): Promise<ChainPass> {
  const { options } = kit;
  const name = (read: string) => (read === 'chain' ? stage.chain : read === 'native' ? stage.native : read);
  // Past the upscale the chain must be canvas-sized: the graph refuses a shape that bypasses what made it so, rather
  // than handing this pass a native image (a copy out of range on the GPU).
  const checked = (read: PassRead): PassRead =>
    stage.canvasBy && (read === 'chain' || (typeof read !== 'string' && read.name === 'chain' && !read.size))
      ? { name: 'chain', size: 'input' }
      : read;
  const reads = descriptor.reads
    .map(checked)
    .map((read: PassRead): string | ReadDecl =>
      typeof read === 'string'
        ? name(read)
        : { name: name(read.name), ...(read.size ? { size: sizeRule(read.size, stage, options) } : {}) },
    );
  const needs = [...new Set([...(descriptor.needs ?? []), ...(stage.canvasBy ? [stage.canvasBy] : [])])];
  const writes = descriptor.writes.map((write): ResourceDecl => ({
    name: write.name,
    format: write.format === 'input' ? stage.format : write.format,
    size: sizeRule(write.size, stage, options),
    ...(write.history ? { history: true } : {}),
  }));
  const bypass = descriptor.bypass
    ? Object.fromEntries(Object.entries(descriptor.bypass).map(([output, read]) => [output, name(read)]))
    : undefined;
  const runner = await descriptor.create({
    device: kit.device,
    settings: kit.settings,
    frame: kit.frame,
    chain: stage.chain,
    native: stage.native,
    format: stage.format,
    pad: options.pixelStable ? PIXEL_STABLE_PAD : 0,
    world: kit.world,
    ui: options.ui
      ? {
          ...options.ui,
          stage: isCanvas(stage.size) ? 'canvas' : 'native',
        }
      : null,
  });
  return {
    name: descriptor.name,
    reads,
    writes,
    ...(bypass ? { bypass } : {}),
    descriptor,
    runner,
    stage,
    needs,
    execute: (frame, io) => runner.execute(frame, io),
    idle: () => runner.idle?.(),
    ...owner,
  };
}

function isCanvas(size: SizeRule): boolean {
  return 'relativeTo' in size && size.relativeTo === 'canvas';
}

function sizeRule(size: PassSize, stage: ChainStage, options: ChainOptions): SizeRule {
  if (size === 'native') return worldSize(options);
  if (size === 'canvas') return { relativeTo: 'canvas' };
  if (size === 'input') return stage.size;
  return size;
}
