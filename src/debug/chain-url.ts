import { BUILT_IN_PASSES } from '../render/passes/chain';
import type { PassDescriptor } from '../render/passes/pass-descriptor';
import { putSetting, settingLeaves, urlKey, type SettingLeaf } from '../render/passes/pass-setting';

/** The built-in passes in the order they run (the shadow map, then the chain): the names `?off=` and `?on=` take. */
export const CHAIN_PASSES: readonly string[] = BUILT_IN_PASSES.map((p) => p.name);

/** The native resolution a page gets when its URL names none. */
const DEFAULT_NATIVE: [number, number] = [336, 240];

/**
 * A pixel-chain state as the URL holds it: `?off=…&on=…&native=WxH` and each pass setting under its URL key
 * (`upscale`, `par`, `bars`, `blur`, `crt.scanlines`, …: `docs/passes.md` lists them). `off` names passes to bypass and
 * `on` passes to run, each against the page's defaults (`defaultOff`: the passes that change the look, unless the page
 * says otherwise). Only the settings the URL gives (or the panel changed) are held: the rest stay as the page set them.
 */
export interface ChainUrlState {
  /** The passes the state speaks of, in chain order (the chain's, and any the page adds). */
  passes: readonly PassDescriptor[];
  off: Set<string>;
  /** The passes this page starts without: what `on=` turns on, and what a written URL leaves unsaid when off. */
  defaultOff: ReadonlySet<string>;
  native: [number, number];
  /** Setting values by URL key, parsed: what the URL gave and what the panel changed since. */
  settings: Map<string, unknown>;
}

/** A setting the URL can hold: its key, its pass, and where it sits in `renderer.settings`. */
export interface UrlSetting extends SettingLeaf {
  key: string;
  pass: string;
}

/** The settings of `passes` that the URL can hold, by URL key; two settings under one key are an error. */
export function urlSettings(passes: readonly PassDescriptor[]): Map<string, UrlSetting> {
  const out = new Map<string, UrlSetting>();
  for (const pass of passes)
    for (const leaf of settingLeaves(pass.settings)) {
      const key = urlKey(leaf);
      if (key === null) continue;
      const other = out.get(key);
      if (other)
        throw new Error(
          `Pass "${pass.name}": its setting ${leaf.path.join('.')} takes URL key "${key}", which ${other.pass}'s ` +
            `${other.path.join('.')} has; give one of them another url.`,
        );
      if (key === 'on' || key === 'off' || key === 'native')
        throw new Error(
          `Pass "${pass.name}": URL key "${key}" is the chain's own; give ${leaf.path.join('.')} another url.`,
        );
      out.set(key, { ...leaf, key, pass: pass.name });
    }
  return out;
}

/** A page's own start against the passes' defaults: passes it turns on, and passes it turns off. */
export interface PageDefaults {
  on?: readonly string[];
  off?: readonly string[];
  /** The passes the page has, in the order they run (default the built-in ones; add the page's own). */
  passes?: readonly PassDescriptor[];
}

/**
 * Reads the chain state from URL parameters; each bad value is an error saying what is accepted. A pass starts as its
 * descriptor says unless the page says otherwise (`page.on`, `page.off`); `?on=` and `?off=` then turn passes on or
 * off against that start, and a pass in both is an error.
 */
export function readChainUrl(params: URLSearchParams, page: PageDefaults = {}): ChainUrlState {
  const passes = page.passes ?? BUILT_IN_PASSES;
  for (const name of [...(page.on ?? []), ...(page.off ?? [])])
    if (!passes.some((p) => p.name === name))
      throw new Error(`readChainUrl: the page names pass "${name}", which it does not have.`);
  const names = passes.map((p) => p.name);
  const off = new Set<string>();
  for (const name of (params.get('off') ?? '').split(',').filter(Boolean)) {
    if (!names.includes(name))
      throw new Error(`?off=${name}: no such pass to turn off. Passes: ${names.join(', ')}.`);
    off.add(name);
  }
  const on = (params.get('on') ?? '').split(',').filter(Boolean);
  for (const name of on) {
    if (!names.includes(name)) throw new Error(`?on=${name}: no such pass. Passes: ${names.join(', ')}.`);
    if (off.has(name)) throw new Error(`?on=${name} and ?off=${name}: say one or the other.`);
  }
  const starts = (p: PassDescriptor) =>
    page.off?.includes(p.name) ? false : page.on?.includes(p.name) || p.on;
  const defaults = new Set(passes.filter((p) => !starts(p)).map((p) => p.name));
  for (const name of defaults) if (!on.includes(name)) off.add(name);
  const native = (params.get('native') ?? DEFAULT_NATIVE.join('x')).split('x').map(Number);
  if (native.length !== 2 || !native.every((v) => Number.isInteger(v) && v > 0)) {
    throw new Error(`?native=${params.get('native')} must be WIDTHxHEIGHT in whole pixels, e.g. 336x240.`);
  }
  const settings = new Map<string, unknown>();
  for (const [key, setting] of urlSettings(passes)) {
    const text = params.get(key);
    if (text === null) continue;
    const { parse } = setting.setting.spec;
    try {
      settings.set(key, parse ? parse(text) : text);
    } catch (error) {
      const { doc } = setting.setting.spec;
      throw new Error(
        `?${key}=${text}: ${(error as Error).message}. It sets ${setting.pass}'s ${setting.path.join('.')}: ${doc}`,
        { cause: error },
      );
    }
  }
  return { passes, off, defaultOff: defaults, native: native as [number, number], settings };
}

/** Writes a chain state into `params` (keeping unrelated ones such as t, fps and seed), the inverse of `readChainUrl`. */
export function writeChainUrl(state: ChainUrlState, params: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(params);
  const names = state.passes.map((p) => p.name);
  const off = names.filter((p) => !state.defaultOff.has(p) && state.off.has(p));
  const on = names.filter((p) => state.defaultOff.has(p) && !state.off.has(p));
  if (off.length) next.set('off', off.join(','));
  else next.delete('off');
  if (on.length) next.set('on', on.join(','));
  else next.delete('on');
  next.set('native', state.native.join('x'));
  const known = urlSettings(state.passes);
  for (const [key, value] of state.settings) {
    const format = known.get(key)?.setting.spec.format ?? String;
    const text = format(value as never);
    // A value with no text form (an image of the app's own) cannot be shared by URL: the key is dropped, not faked.
    if (text === undefined) next.delete(key);
    else next.set(key, text);
  }
  return next;
}

/** The renderer a chain state is applied to: its graph, its settings and its passes (a `Renderer` has all three). */
export interface ChainTarget {
  graph: { isEnabled(name: string): boolean; setEnabled(name: string, enabled: boolean): void };
  settings: object;
  passes: readonly PassDescriptor[];
}

/**
 * Whether `pass` runs in `state`: not turned off, and neither is a pass it needs (upscale off takes CRT with it). What
 * each needs is read from `passes`: a renderer's (`renderer.passes`) know what their place in its chain adds.
 */
export function chainPassEnabled(
  state: ChainUrlState,
  pass: string,
  passes: readonly PassDescriptor[] = state.passes,
): boolean {
  if (state.off.has(pass)) return false;
  const needs = passes.find((p) => p.name === pass)?.needs ?? [];
  return needs.every((need) => !state.off.has(need));
}

/**
 * Applies a chain state: the settings it holds, then pass toggles in an order where every intermediate graph is valid
 * (turning off from the end of the chain, on from its start). Settings of passes the target lacks are left alone.
 */
export function applyChainState(target: ChainTarget, state: ChainUrlState): void {
  const known = urlSettings(state.passes);
  for (const [key, value] of state.settings) {
    const setting = known.get(key);
    if (setting && setting.path[0]! in target.settings) putSetting(target.settings, setting.path, value);
  }
  // A pass the state does not know (one the page added after reading the URL) is left as it is.
  const names = target.passes.map((p) => p.name).filter((name) => state.passes.some((p) => p.name === name));
  const { graph } = target;
  for (const pass of [...names].reverse())
    if (!chainPassEnabled(state, pass, target.passes) && graph.isEnabled(pass)) graph.setEnabled(pass, false);
  for (const pass of names)
    if (chainPassEnabled(state, pass, target.passes) && !graph.isEnabled(pass)) graph.setEnabled(pass, true);
}
