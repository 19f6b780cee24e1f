import { FLOAT32_MAX } from '../../math/float32-max';

/**
 * How a setting appears outside the code: a slider between `min` and `max`, a list of named choices, or a checkbox.
 * A setting without a control (an image, a palette object) is set from code or, with `parse`, from the URL only.
 */
export type SettingControl =
  | { kind: 'slider'; min: number; max: number; step?: number }
  | { kind: 'list'; options: Readonly<Record<string, string | number>> }
  | { kind: 'checkbox' };

/** What a setting is: its default, what it accepts, and how the URL, the debug panel and the docs show it. */
export interface SettingSpec<T> {
  /** The value a renderer starts with (a function for values that must not be shared, e.g. arrays). */
  default: T | (() => T);
  /** One sentence for the docs table and the panel's tooltip. */
  doc: string;
  /** The URL parameter that holds it (default: its path, e.g. `crt.scanlines`); false keeps it out of the URL. */
  url?: string | false;
  /** The debug panel control's `data-testid` (default: the path in kebab case, e.g. `crt-scanlines`). */
  id?: string;
  /** The panel's label (default: the path). */
  label?: string;
  control?: SettingControl;
  /** Null when `value` is acceptable, else what is accepted (e.g. "a number from 0 to 1"). */
  check(value: unknown): string | null;
  /** A URL parameter's text as a value; throws saying what is accepted. */
  parse?(text: string): T;
  /** The value as URL text (default `String`); undefined: it cannot be written (an image of the app's own). */
  format?(value: T): string | undefined;
}

/** One setting of a pass (see `SettingSpec`); a pass's settings are a tree of these, grouped by plain objects. */
export class Setting<T = unknown> {
  constructor(readonly spec: SettingSpec<T>) {}

  /** A fresh default value. */
  make(): T {
    const d = this.spec.default;
    if (typeof d === 'function') return (d as () => T)();
    return (Array.isArray(d) ? [...d] : d) as T;
  }
}

/** The shape of a pass's settings spec for its settings type `S`: a `Setting` per leaf, groups as nested objects. */
export type SettingsSpec<S> = {
  readonly [K in keyof S]-?: Setting<S[K]> | (S[K] extends object ? SettingsSpec<S[K]> : never);
};

/** A setting with the path it sits at, e.g. `['crt', 'scanlines']`. */
export interface SettingLeaf {
  path: readonly string[];
  setting: Setting;
}

const kebab = (path: readonly string[]) =>
  path
    .join('-')
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase();

/** The leaves of a spec, in declaration order. */
export function settingLeaves(spec: object, path: readonly string[] = []): SettingLeaf[] {
  return Object.entries(spec).flatMap(([key, value]) =>
    value instanceof Setting
      ? [{ path: [...path, key], setting: value }]
      : settingLeaves(value, [...path, key]),
  );
}

/** The URL parameter of a leaf, or null when it stays out of the URL. */
export function urlKey(leaf: SettingLeaf): string | null {
  const url = leaf.setting.spec.url;
  if (url === false) return null;
  return url ?? leaf.path.join('.');
}

/** The panel's `data-testid` of a leaf's control. */
export function controlId(leaf: SettingLeaf): string {
  return leaf.setting.spec.id ?? kebab(leaf.path);
}

/** The value at `path` in `settings`. */
export function getSetting(settings: object, path: readonly string[]): unknown {
  let at: unknown = settings;
  for (const key of path) at = (at as Record<string, unknown>)[key];
  return at;
}

/** Writes `value` at `path` in `settings` (groups are changed in place: passes hold the same objects). */
export function putSetting(settings: object, path: readonly string[], value: unknown): void {
  let at = settings as Record<string, unknown>;
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>;
  at[path[path.length - 1]!] = value;
}

/** Fresh defaults for a spec. */
export function defaultSettings<S>(spec: SettingsSpec<S>): S {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(spec))
    out[key] = value instanceof Setting ? value.make() : defaultSettings(value as SettingsSpec<unknown>);
  return out as S;
}

/**
 * Copies `given` (a partial tree, as `RendererOptions.chain` takes it) onto `into`, checking every value against its
 * setting; an unknown key or a bad value is an error naming the path and what is accepted, and nothing is changed.
 */
export function assignSettings(spec: object, into: object, given: object, where: string): void {
  const writes: [readonly string[], unknown][] = [];
  const walk = (spec: Record<string, unknown>, given: Record<string, unknown>, path: string[]) => {
    for (const [key, value] of Object.entries(given)) {
      const at = [...path, key];
      const entry = spec[key];
      if (entry === undefined) {
        const known = Object.keys(spec).join(', ');
        throw new Error(`${where}.${at.join('.')}: no such setting. Settings here: ${known}.`);
      }
      if (entry instanceof Setting) {
        const problem = entry.spec.check(value);
        if (problem) throw new Error(`${where}.${at.join('.')} = ${show(value)}: ${problem}.`);
        writes.push([at, Array.isArray(value) ? [...value] : value]);
      } else if (value && typeof value === 'object')
        walk(entry as Record<string, unknown>, value as never, at);
      else
        throw new Error(
          `${where}.${at.join('.')}: give an object of its settings (${Object.keys(entry as object).join(', ')}).`,
        );
    }
  };
  walk(spec as Record<string, unknown>, given as Record<string, unknown>, []);
  for (const [path, value] of writes) putSetting(into, path, value);
}

/** The spec of each guarded settings tree (the renderer extends it when a pass of the app's own joins). */
const SPECS = new WeakMap<object, Record<string, unknown>>();

/**
 * `settings` behind a guard: every value set on it, or on a group of it, is checked against its `Setting` (an unknown
 * name, or a value the setting does not accept, is an error naming the path and what is accepted, and nothing is
 * changed), so `renderer.settings.upscale = 'bogus'` fails where it is written, not in a later frame. `spec` may be
 * extended later (`settingsSpec`).
 */
export function guardSettings<S extends object>(
  settings: S,
  spec: Record<string, unknown>,
  where: string,
): S {
  const groups = new WeakMap<object, object>();
  const guard = (target: Record<string, unknown>, spec: Record<string, unknown>, path: string): object =>
    new Proxy(target, {
      get(object, key, receiver) {
        const value = Reflect.get(object, key, receiver) as unknown;
        const entry = typeof key === 'string' ? spec[key] : undefined;
        if (!entry || entry instanceof Setting || !value || typeof value !== 'object') return value;
        let group = groups.get(value);
        if (!group)
          groups.set(value, (group = guard(value as never, entry as never, `${path}.${String(key)}`)));
        return group;
      },
      set(object, key, value) {
        if (typeof key !== 'string') return Reflect.set(object, key, value);
        const entry = spec[key];
        if (entry === undefined)
          throw new Error(`${path}.${key}: no such setting. Settings here: ${Object.keys(spec).join(', ')}.`);
        if (entry instanceof Setting) {
          const problem = entry.spec.check(value);
          if (problem) throw new Error(`${path}.${key} = ${show(value)}: ${problem}.`);
          object[key] = value;
          return true;
        }
        // A whole group at once: every leaf checked first, then copied over.
        const fresh = { ...(object[key] as object) };
        assignSettings(entry as object, fresh, value as object, `${path}.${key}`);
        object[key] = fresh;
        return true;
      },
    });
  const guarded = guard(settings as Record<string, unknown>, spec, where) as S;
  SPECS.set(guarded, spec);
  return guarded;
}

/** The spec behind a guarded settings tree, to extend with a new pass's settings before its values are set. */
export function settingsSpec(settings: object): Record<string, unknown> {
  const spec = SPECS.get(settings);
  if (!spec) throw new Error('settingsSpec: these settings are not guarded (make them with guardSettings).');
  return spec;
}

const show = (value: unknown) =>
  typeof value === 'string'
    ? JSON.stringify(value)
    : Array.isArray(value)
      ? `[${value.join(', ')}]`
      : String(value);

// The kinds of setting the built-in passes use.

/** A number from `min` to `max` (a slider). `above` makes the lower bound exclusive (a time constant > 0). */
export function numberSetting(
  value: number,
  options: { min: number; max: number; step?: number; above?: boolean; doc: string } & Partial<
    Pick<SettingSpec<number>, 'url' | 'id' | 'label'>
  >,
): Setting<number> {
  const { min, max, above, step, ...rest } = options;
  // Without an upper bound, still one a shader can read: a 32-bit float (beyond it, the GPU sees Infinity).
  const range = above
    ? `a number above ${min} and at most 3.4e38 (a 32-bit float)`
    : `a number from ${min} to ${max}`;
  const accepts = (v: number) =>
    Number.isFinite(v) && (above ? v > min && Math.abs(v) <= FLOAT32_MAX : v >= min && v <= max);
  return new Setting<number>({
    ...rest,
    default: value,
    control: { kind: 'slider', min, max, ...(step === undefined ? {} : { step }) },
    check: (v) => (typeof v === 'number' && accepts(v) ? null : `give ${range}`),
    parse: (text) => {
      const v = text.trim() === '' ? NaN : Number(text);
      if (!accepts(v)) throw new Error(`give ${range}`);
      return v;
    },
  });
}

/** One of a few names (a list). */
export function choiceSetting<T extends string>(
  options: readonly T[],
  value: T,
  doc: string,
  extra: Partial<Pick<SettingSpec<T>, 'url' | 'id' | 'label'>> = {},
): Setting<T> {
  const accepted = `use one of ${options.join(', ')}`;
  return new Setting<T>({
    ...extra,
    doc,
    default: value,
    control: { kind: 'list', options: Object.fromEntries(options.map((o) => [o, o])) },
    check: (v) => (options.includes(v as T) ? null : accepted),
    parse: (text) => {
      if (!options.includes(text as T)) throw new Error(accepted);
      return text as T;
    },
  });
}

/** On or off (a checkbox; `1` / `0` in the URL). */
export function flagSetting(value: boolean, doc: string): Setting<boolean> {
  return new Setting<boolean>({
    doc,
    default: value,
    control: { kind: 'checkbox' },
    check: (v) => (typeof v === 'boolean' ? null : 'give true or false'),
    parse: (text) => {
      if (text !== '1' && text !== '0') throw new Error('give 1 (on) or 0 (off)');
      return text === '1';
    },
    format: (v) => (v ? '1' : '0'),
  });
}

/** A fixed number of numbers, each from `min` to `max` (a colour, a per-channel grade); `a,b,c` in the URL. */
export function vectorSetting<T extends number[]>(
  value: T,
  options: { min: number; max: number; doc: string },
): Setting<T> {
  const n = value.length;
  const accepted = `give ${n} numbers from ${options.min} to ${options.max}`;
  const ok = (v: unknown) =>
    Array.isArray(v) &&
    v.length === n &&
    v.every((x) => typeof x === 'number' && x >= options.min && x <= options.max);
  return new Setting<T>({
    doc: options.doc,
    default: () => [...value] as T,
    control: { kind: 'slider', min: options.min, max: options.max },
    check: (v) => (ok(v) ? null : accepted),
    parse: (text) => {
      const v = text.split(',').map((x) => (x.trim() === '' ? NaN : Number(x)));
      if (!ok(v)) throw new Error(`${accepted}, separated by commas`);
      return v as T;
    },
    format: (v) => v.join(','),
  });
}

/** Anything else (an image, a palette): checked when set; `parse`/`format` put it in the URL if it has a text form. */
export function valueSetting<T>(
  value: T | (() => T),
  options: Pick<SettingSpec<T>, 'doc' | 'check'> & Partial<Pick<SettingSpec<T>, 'parse' | 'format' | 'url'>>,
): Setting<T> {
  return new Setting<T>({ ...(options.parse ? {} : { url: false as const }), ...options, default: value });
}
