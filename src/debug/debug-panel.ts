import { Pane } from 'tweakpane';
import type { PassDescriptor } from '../render/passes/pass-descriptor';
import {
  controlId,
  getSetting,
  putSetting,
  settingLeaves,
  urlKey,
  type SettingLeaf,
} from '../render/passes/pass-setting';
import type { Renderer } from '../render/renderers/renderer';
import type { BudgetSnapshot } from '../time/frame-budget';
import type { AnimationMixer } from '../scene/animation-mixer';
import { HEADSET_90HZ_MS } from '../time/frame-ceilings';
import { applyChainState, chainPassEnabled, writeChainUrl, type ChainUrlState } from './chain-url';

/** What the panel shows and drives; it only reads state and calls public API. */
export interface DebugPanelOptions {
  renderer: Renderer;
  /** The chain state read from the URL; the panel changes it and writes it back to the URL. */
  state: ChainUrlState;
  /** The budget's latest snapshot (the demo's `window.__armature.stats`). */
  stats: () => BudgetSnapshot | null;
  /** XR state for the info line, when the page has one. */
  xr?: () => string;
  container?: HTMLElement;
  /** The UI kernel's delivered events, on pages that have one: the panel shows the latest (seed 004's console). */
  uiEvents?: () => readonly { type: string; control: string | null }[];
  /** The page's animation mixers: the panel lists each action with its weight and clip time. */
  mixers?: () => readonly AnimationMixer[];
  /** Called after the panel changed the renderer (e.g. to replay a fixed-clock demo so the screenshot is current). */
  onChange?: () => void;
}

/** Lines of the UI event log the panel shows. */
const UI_EVENT_ROWS = 12;

type Folder = ReturnType<Pane['addFolder']>;
type Binding = ReturnType<Folder['addBinding']>;

/**
 * The debug panel (Tweakpane): one toggle per pass in chain order (disabled ones shown as bypassed), each pass's
 * settings as its descriptor declares them (slider, list or checkbox, `data-testid` from the setting), backend/adapter/XR, and the budget with a frame-time graph, refreshed at 4 Hz. Opens with the backquote
 * key or its button; every change is reflected into the URL, so a state can be shared. Nothing in the engine imports it.
 */
export class DebugPanel {
  readonly pane: Pane;
  readonly button: HTMLButtonElement;
  /** The panel's fullscreen toggle (the Fullscreen API on the renderer's canvas). */
  readonly fullscreen: HTMLButtonElement;
  private readonly toggles = new Map<string, Binding>();
  /** Every setting control, refreshed when the state is applied (the URL or another control may have changed it). */
  private readonly controls: Binding[] = [];
  private readonly enabled: Record<string, boolean> = {};
  private applying = false;
  private readonly readout = {
    cost: '',
    interval: '',
    budget: '',
    targets: '',
    missed: '',
    counts: '',
    objects: '',
    gpu: '',
    costMs: 0,
    uiEvents: '',
    actions: '',
  };
  private readonly timer: ReturnType<typeof setInterval>;
  private readonly onKey = (event: KeyboardEvent) => {
    if (event.key === '`') this.toggle();
  };

  constructor(private readonly options: DebugPanelOptions) {
    const { renderer, state } = options;
    this.pane = new Pane({
      title: 'Armature debug',
      ...(options.container ? { container: options.container } : {}),
    });
    // Tweakpane's checkbox is a 0×0 invisible input behind a drawn box; stretch it over the box so a pointer (and a
    // test driver) clicks the real control.
    const style = document.createElement('style');
    style.textContent = '.tp-ckbv_i{width:100%;height:100%;margin:0;z-index:1;cursor:pointer}';
    // Every pass's settings make a long panel: it scrolls inside the window rather than running off its bottom.
    Object.assign(this.pane.element.style, { maxHeight: 'calc(100vh - 16px)', overflowY: 'auto' });
    this.pane.element.append(style);
    this.pane.hidden = true;
    this.button = document.createElement('button');
    this.button.textContent = 'debug (`)';
    this.button.dataset['testid'] = 'debug-toggle';
    this.button.setAttribute('aria-label', 'toggle debug panel');
    this.button.style.cssText = 'position:fixed;right:8px;bottom:8px;z-index:10';
    this.button.addEventListener('click', () => this.toggle());
    document.body.append(this.button);
    // Fullscreen shows the canvas alone on the screen; the canvas follows its new size as it follows any resize. A
    // button of the panel (not one more over the page: page screenshots stay as they were).
    const fullscreen = this.pane.addButton({ title: 'fullscreen' });
    this.fullscreen = fullscreen.element.querySelector('button')!;
    this.fullscreen.dataset['testid'] = 'fullscreen-toggle';
    this.fullscreen.setAttribute('aria-label', 'toggle fullscreen');
    fullscreen.on('click', () => void this.toggleFullscreen().catch(() => {})); // a refusal shows on its title
    window.addEventListener('keydown', this.onKey);

    const passes = this.pane.addFolder({ title: 'render graph' });
    const enabled = this.enabled;
    for (const { name } of renderer.passes) {
      enabled[name] = renderer.graph.isEnabled(name);
      const binding = passes.addBinding(enabled, name, { label: name });
      const input = binding.element.querySelector('input');
      input?.setAttribute('data-testid', `pass-toggle-${name}`);
      input?.setAttribute('aria-label', `pass ${name}`);
      binding.on('change', (event) => {
        if (this.applying) return;
        if (event.value) state.off.delete(name);
        else state.off.add(name);
        this.apply();
      });
      this.toggles.set(name, binding);
    }

    const native = { native: `${renderer.graph.native[0]}×${renderer.graph.native[1]}` };
    passes.addBinding(native, 'native', { readonly: true, label: 'native' });
    for (const pass of renderer.passes) this.addSettings(pass);

    const info = this.pane.addFolder({ title: 'device' });
    const device = {
      backend: renderer.backend === 'webgpu' ? 'WebGPU' : 'WebGL2',
      adapter: renderer.adapter,
      fallback: renderer.fallbackReason ?? 'none',
      xr: options.xr?.() ?? 'none',
    };
    info.addBinding(device, 'backend', { readonly: true });
    info.addBinding(device, 'fallback', { readonly: true, label: 'why not WebGPU' });
    info.addBinding(device, 'adapter', { readonly: true });
    info.addBinding(device, 'xr', { readonly: true, label: 'XR' });

    const budget = this.pane.addFolder({ title: 'budget' });
    const monitor = { readonly: true, interval: 250 } as const;
    budget.addBinding(this.readout, 'cost', { ...monitor, label: 'cost p50/p95/max' });
    budget.addBinding(this.readout, 'interval', { ...monitor, label: 'interval p50/p95/max' });
    budget.addBinding(this.readout, 'budget', { ...monitor, label: 'over ceiling' });
    budget
      .addBinding(this.readout, 'targets', { ...monitor, multiline: true, rows: 2, label: 'targets' })
      .element.setAttribute('data-testid', 'budget-targets');
    budget
      .addBinding(this.readout, 'missed', { ...monitor, label: 'frames missed' })
      .element.setAttribute('data-testid', 'budget-missed');
    budget.addBinding(this.readout, 'counts', {
      ...monitor,
      label: 'draws / instances / culled / tris / bytes',
    });
    budget
      .addBinding(this.readout, 'objects', { ...monitor, label: 'GPU objects' })
      .element.setAttribute('data-testid', 'gpu-objects');
    budget.addBinding(this.readout, 'gpu', { ...monitor, label: 'GPU' });
    budget.addBinding(this.readout, 'costMs', {
      ...monitor,
      view: 'graph',
      min: 0,
      max: HEADSET_90HZ_MS * 2,
      label: 'frame cost',
    });
    if (options.uiEvents) {
      const events = this.pane.addFolder({ title: 'UI events' });
      events
        .addBinding(this.readout, 'uiEvents', {
          ...monitor,
          multiline: true,
          rows: UI_EVENT_ROWS,
          label: 'latest',
        })
        .element.setAttribute('data-testid', 'ui-events');
    }
    if (options.mixers) {
      const animation = this.pane.addFolder({ title: 'animation' });
      animation
        .addBinding(this.readout, 'actions', { ...monitor, multiline: true, rows: 6, label: 'actions' })
        .element.setAttribute('data-testid', 'animation-actions');
    }
    this.timer = setInterval(() => this.refresh(), 250);
    this.refresh();
    this.apply();
    this.constructed = true;
  }

  get open(): boolean {
    return !this.pane.hidden;
  }

  toggle(open = this.pane.hidden): void {
    this.pane.hidden = !open;
  }

  /**
   * Puts the renderer's canvas fullscreen, or leaves fullscreen. A refusal (no user gesture, a policy) is shown on
   * the button and rejected, not swallowed.
   */
  async toggleFullscreen(): Promise<void> {
    const canvas = this.options.renderer.canvas;
    try {
      if (document.fullscreenElement) await document.exitFullscreen();
      else if (canvas instanceof HTMLCanvasElement) await canvas.requestFullscreen();
      else throw new Error('an OffscreenCanvas cannot go fullscreen');
      this.fullscreen.title = '';
    } catch (error) {
      this.fullscreen.title = `fullscreen refused: ${(error as Error).message}`;
      throw error;
    }
  }

  dispose(): void {
    clearInterval(this.timer);
    window.removeEventListener('keydown', this.onKey);
    this.button.remove();
    this.pane.dispose();
  }

  /** Applies the state to the renderer, shows which passes are bypassed, and writes the state into the URL. */
  private apply(): void {
    applyChainState(this.options.renderer, this.options.state);
    this.applying = true;
    const passes = this.options.renderer.passes; // each call builds the list: once per apply
    for (const [name, binding] of this.toggles) {
      const on = chainPassEnabled(this.options.state, name, passes);
      binding.label = on ? name : `${name} (bypassed)`;
      this.enabled[name] = on;
      binding.refresh();
      const needs = passes.find((p) => p.name === name)?.needs ?? [];
      binding.disabled = needs.some((need) => this.options.state.off.has(need));
    }
    for (const control of this.controls) control.refresh();
    this.applying = false;
    history.replaceState(
      null,
      '',
      `?${writeChainUrl(this.options.state, new URLSearchParams(location.search))}`,
    );
    if (this.constructed) this.options.onChange?.();
  }

  private constructed = false;

  /**
   * A folder of `pass`'s settings that have a control (open while the pass runs): each bound to `renderer.settings`
   * at its path, a vector as one slider per component; a change is recorded in the state (so it lands in the URL).
   */
  private addSettings(pass: PassDescriptor): void {
    const leaves = settingLeaves(pass.settings).filter((leaf) => leaf.setting.spec.control);
    if (leaves.length === 0) return;
    const { renderer, state } = this.options;
    const folder = this.pane.addFolder({ title: pass.name, expanded: renderer.graph.isEnabled(pass.name) });
    for (const leaf of leaves) {
      const value = getSetting(renderer.settings, leaf.path);
      const parts = Array.isArray(value) ? value.map((_, i) => i) : [null];
      for (const part of parts) {
        const cell = settingCell(renderer.settings, leaf, part);
        const binding = folder.addBinding(cell, 'value', {
          label: (leaf.setting.spec.label ?? leaf.path.join('.')) + (part === null ? '' : `[${part}]`),
          ...controlParams(leaf),
        });
        const id = controlId(leaf) + (part === null ? '' : `-${part}`);
        binding.element.querySelector('input, select')?.setAttribute('data-testid', id);
        binding.on('change', () => {
          if (this.applying) return;
          const key = urlKey(leaf);
          if (key !== null)
            state.settings.set(key, structuredCloneValue(getSetting(renderer.settings, leaf.path)));
          this.apply();
        });
        this.controls.push(binding);
      }
    }
  }

  private refresh(): void {
    const mixers = this.options.mixers?.();
    if (mixers)
      this.readout.actions = mixers
        .flatMap((mixer) =>
          mixer.actions.map(
            (a) =>
              `${a.clip.name}${a.isRunning ? '' : ' (stopped)'}: weight ${a.effectiveWeight().toFixed(2)}, ` +
              `${a.clipTime().toFixed(2)} s`,
          ),
        )
        .join('\n');
    const events = this.options.uiEvents?.();
    if (events)
      this.readout.uiEvents = events
        .slice(-UI_EVENT_ROWS)
        .map((e) => `${e.type} ${e.control ?? ''}`)
        .join('\n');
    const s = this.options.stats();
    if (!s || s.samples === 0) return;
    const ms = (v: number) => v.toFixed(2);
    const r = this.readout;
    r.cost = `${ms(s.cost.p50)} / ${ms(s.cost.p95)} / ${ms(s.cost.max)} ms`;
    r.interval = `${ms(s.interval.p50)} / ${ms(s.interval.p95)} / ${ms(s.interval.max)} ms`;
    const ceiling = Math.abs(s.ceilingMs - HEADSET_90HZ_MS) < 1e-9 ? '90 Hz headset' : '60 Hz desktop';
    r.budget = `${(s.overCeilingShare * 100).toFixed(1)}% over ${ms(s.ceilingMs)} ms (${ceiling})`;
    r.targets = s.targets
      .map((t) => `${(t.overShare * 100).toFixed(1)}% over ${ms(t.ceilingMs)} ms: ${t.device}`)
      .join('\n');
    r.missed = `${s.missedFrames} in ${s.samples} frames (refresh ${ms(s.refreshMs)} ms)`;
    // Draw calls (an instanced batch is one) beside the meshes they drew.
    const world = this.options.renderer.world.counters;
    r.counts = `${s.drawCalls} / ${world.drawn} / ${world.culled} / ${s.triangles} / ${s.bytesUploaded}`;
    const o = this.options.renderer.gpuObjects;
    r.objects = `${o.buffers} buf · ${o.textures} tex · ${o.bindGroups} bind · ${o.pipelines} pipe · ${o.samplers} smp`;
    const passes = this.options.renderer.gpuTimes?.passes;
    r.gpu =
      s.gpuMs === null
        ? 'unavailable (no timestamp-query)'
        : `${ms(s.gpuMs)} ms · ${[...(passes ?? [])].map(([name, t]) => `${name} ${ms(t)}`).join(' · ')}`;
    r.costMs = s.cost.p50;
  }
}

/** A setting (or one component of a vector setting) as the `value` of an object, for Tweakpane to bind. */
function settingCell(settings: object, leaf: SettingLeaf, part: number | null): { value: unknown } {
  return {
    get value() {
      const value = getSetting(settings, leaf.path);
      return part === null ? value : (value as number[])[part];
    },
    set value(next: unknown) {
      if (part === null) {
        putSetting(settings, leaf.path, next);
        return;
      }
      const vector = [...(getSetting(settings, leaf.path) as number[])];
      vector[part] = next as number;
      putSetting(settings, leaf.path, vector);
    },
  };
}

/** Tweakpane's options for a setting's control. */
function controlParams(leaf: SettingLeaf): Record<string, unknown> {
  const control = leaf.setting.spec.control!;
  if (control.kind === 'slider')
    return {
      min: control.min,
      max: control.max,
      ...(control.step === undefined ? {} : { step: control.step }),
    };
  if (control.kind === 'list') return { options: control.options };
  return {};
}

/** A copy of a setting's value for the URL state (a vector is copied; objects such as a palette are kept as they are). */
function structuredCloneValue(value: unknown): unknown {
  return Array.isArray(value) ? [...value] : value;
}
