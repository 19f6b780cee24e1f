import { BAR_FILLS, type BarFill } from '../render/passes/chain-settings';
import { OFF_BY_DEFAULT } from '../render/passes/chain-graph';
import { parsePixelAspect, UPSCALE_MODES, type UpscaleMode } from '../render/passes/frame-rect';

/** The passes of the pixel-art chain a URL can turn off or on, in chain order. */
export const CHAIN_PASSES = [
  'outline',
  'ui',
  'motionBlur',
  'bloom',
  'grade',
  'palette',
  'upscale',
  'background',
  'crt',
] as const;
export type ChainPass = (typeof CHAIN_PASSES)[number];

/**
 * A pixel-chain state as the URL holds it: `?off=…&on=…&upscale=…&par=…&native=WxH&bars=…&blur=…`. `off` names
 * passes to bypass and `on` passes to run, each against the page's defaults (`defaultOff`: the passes that change the
 * look, unless the page says otherwise).
 */
export interface ChainUrlState {
  off: Set<ChainPass>;
  /** The passes this page starts without: what `on=` turns on, and what a written URL leaves unsaid when off. */
  defaultOff: ReadonlySet<ChainPass>;
  upscale: UpscaleMode;
  par: string;
  native: [number, number];
  bars: BarFill;
  blur: number;
}

/**
 * Reads the chain state from URL parameters; each bad value is an error saying what is accepted. The passes in
 * `defaultOff` (by default bloom, grade, palette and CRT) are off unless `on=` names them; a pass in both lists is an
 * error.
 */
export function readChainUrl(
  params: URLSearchParams,
  defaultOff: Iterable<ChainPass> = OFF_BY_DEFAULT,
): ChainUrlState {
  const off = new Set<ChainPass>();
  for (const name of (params.get('off') ?? '').split(',').filter(Boolean)) {
    if (!CHAIN_PASSES.includes(name as ChainPass)) {
      throw new Error(`?off=${name}: no such pass to turn off. Passes: ${CHAIN_PASSES.join(', ')}.`);
    }
    off.add(name as ChainPass);
  }
  const on = (params.get('on') ?? '').split(',').filter(Boolean);
  for (const name of on) {
    if (!CHAIN_PASSES.includes(name as ChainPass))
      throw new Error(`?on=${name}: no such pass. Passes: ${CHAIN_PASSES.join(', ')}.`);
    if (off.has(name as ChainPass)) throw new Error(`?on=${name} and ?off=${name}: say one or the other.`);
  }
  const defaults = new Set(defaultOff);
  for (const name of defaults) if (!on.includes(name)) off.add(name);
  const upscale = (params.get('upscale') ?? 'integer') as UpscaleMode;
  if (!UPSCALE_MODES.includes(upscale))
    throw new Error(`?upscale=${upscale}: use one of ${UPSCALE_MODES.join(', ')}.`);
  const bars = (params.get('bars') ?? 'pixelated') as BarFill;
  if (!BAR_FILLS.includes(bars)) throw new Error(`?bars=${bars}: use one of ${BAR_FILLS.join(', ')}.`);
  const par = params.get('par') ?? '1:1';
  parsePixelAspect(par); // throws with the accepted forms
  const native = (params.get('native') ?? '336x240').split('x').map(Number);
  if (native.length !== 2 || !native.every((v) => Number.isInteger(v) && v > 0)) {
    throw new Error(`?native=${params.get('native')} must be WIDTHxHEIGHT in whole pixels, e.g. 336x240.`);
  }
  const blur = Number(params.get('blur') ?? 0.08);
  if (!(blur > 0) || !Number.isFinite(blur))
    throw new Error(`?blur=${params.get('blur')} must be a persistence in seconds > 0.`);
  return { off, defaultOff: defaults, upscale, par, native: native as [number, number], bars, blur };
}

/** Writes a chain state into `params` (keeping unrelated ones such as t, fps and seed), the inverse of `readChainUrl`. */
export function writeChainUrl(state: ChainUrlState, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const off = CHAIN_PASSES.filter((p) => !state.defaultOff.has(p) && state.off.has(p));
  const on = CHAIN_PASSES.filter((p) => state.defaultOff.has(p) && !state.off.has(p));
  if (off.length) next.set('off', off.join(','));
  else next.delete('off');
  if (on.length) next.set('on', on.join(','));
  else next.delete('on');
  next.set('upscale', state.upscale);
  next.set('par', state.par);
  next.set('native', state.native.join('x'));
  next.set('bars', state.bars);
  next.set('blur', String(state.blur));
  return next;
}

/** Passes that need the upscaled image: with upscale off there are no bars to fill or frame to curve. */
const NEEDS_UPSCALE: readonly ChainPass[] = ['background', 'crt'];

/** The graph and settings a chain state is applied to (a `Renderer` with the chain has both). */
export interface ChainTarget {
  graph: { isEnabled(name: string): boolean; setEnabled(name: string, enabled: boolean): void };
  settings: { upscale: UpscaleMode; pixelAspect: number; barFill: BarFill; blurPersistence: number };
}

/** Whether `pass` runs in `state` (upscale off takes background and CRT with it). */
export function chainPassEnabled(state: ChainUrlState, pass: ChainPass): boolean {
  return !state.off.has(pass) && (!state.off.has('upscale') || !NEEDS_UPSCALE.includes(pass));
}

/**
 * Applies a chain state: parameters, then pass toggles in an order where every intermediate graph is valid
 * (turning off from the end of the chain, on from its start).
 */
export function applyChainState(target: ChainTarget, state: ChainUrlState): void {
  target.settings.upscale = state.upscale;
  target.settings.pixelAspect = parsePixelAspect(state.par);
  target.settings.barFill = state.bars;
  target.settings.blurPersistence = state.blur;
  const { graph } = target;
  for (const pass of [...CHAIN_PASSES].reverse())
    if (!chainPassEnabled(state, pass) && graph.isEnabled(pass)) graph.setEnabled(pass, false);
  for (const pass of CHAIN_PASSES)
    if (chainPassEnabled(state, pass) && !graph.isEnabled(pass)) graph.setEnabled(pass, true);
}
