import { keyOf, realizeTextures, type Physical, type Resource, type TextureAllocator } from './texture-pool';
import { GraphError } from './graph-error';
import { PassRoutes } from './pass-routes';
import { TEXTURE_FORMAT_BYTES } from './texture-format-bytes';
import {
  isOptional,
  readName,
  writeName,
  type PassDecl,
  type PassIO,
  type PassName,
  type ResourceDecl,
  type SizeRule,
} from './pass-decl';

export type { PassDecl, PassIO, PassName, ReadDecl, ResourceDecl, SizeRule } from './pass-decl';

/** How the graph makes and drops textures: the WebGPU backend in the browser, a fake in Node tests. */
export type { TextureAllocator } from './texture-pool';

/** The compiled graph as the debug panel and `window.__armature.graph` show it. */
export interface CompiledPassInfo {
  name: PassName;
  enabled: boolean;
  inputs: string[];
  outputs: string[];
  size: [number, number] | null;
}

/** Exact counters; a steady state leaves `texturesCreated` and `compiles` unchanged. */
export interface GraphCounters {
  passesExecuted: number;
  texturesAlive: number;
  textureBytes: number;
  texturesCreated: number;
  compiles: number;
}

interface CompiledPass<C, T> {
  decl: PassDecl<C, T>;
  io: PassIO<T>;
}

/**
 * Passes with declared resources, compiled once into an ordered list with pooled, aliased textures; a frame only runs
 * that list. It recompiles only when its shape changes (a pass toggled, a resize), and a disabled pass is bypassed.
 */
export class RenderGraph<C, T> {
  readonly counters: GraphCounters = {
    passesExecuted: 0,
    texturesAlive: 0,
    textureBytes: 0,
    texturesCreated: 0,
    compiles: 0,
  };
  private readonly passes: PassDecl<C, T>[] = [];
  private readonly disabled = new Set<string>();
  /** Reads redirected by `insertAfter` and followed through bypasses. */
  private readonly routes = new PassRoutes(this.passes, this.disabled);
  private readonly externals = new Map<string, { format: string; size: SizeRule; texture: T | null }>();
  private nativeSize: readonly [number, number];
  private canvasSize: readonly [number, number];
  private compiled: CompiledPass<C, T>[] | null = null;
  private resources = new Map<string, Resource<T>>();
  private pool: Physical<T>[] = [];
  private info: CompiledPassInfo[] = [];
  private histories: [Physical<T>, Physical<T>][] = [];

  /** The largest texture side the allocator can make: a resource beyond it is refused when the graph is planned. */
  private readonly maxTextureSize: number;

  constructor(
    private readonly allocator: TextureAllocator<T>,
    options: {
      native: readonly [number, number];
      canvas: readonly [number, number];
      maxTextureSize?: number;
    },
  ) {
    this.nativeSize = checkSize('native', options.native);
    this.canvasSize = checkSize('canvas', options.canvas);
    this.maxTextureSize = options.maxTextureSize ?? Infinity;
  }

  /** Adds a pass at the end of the declaration list (order of execution comes from the dependencies). */
  addPass(pass: PassDecl<C, T>): this {
    for (const write of pass.writes) if (typeof write !== 'string') checkRule(pass.name, write);
    if (this.passes.some((p) => p.name === pass.name)) {
      throw new GraphError(
        `A pass named "${pass.name}" is already in the graph; give each pass its own name.`,
      );
    }
    this.passes.push(pass);
    this.compiled = null; // checked as a whole by validate() or the first frame: a graph is built a pass at a time
    return this;
  }

  /**
   * Puts `pass` right after `anchor` in the chain: `pass` reads what `anchor` writes first, and every other pass that
   * read that resource reads `pass`'s first output instead (history reads, `name@prev`, stay). A user's effect goes
   * between two shipped passes this way. A graph that would not validate is an error, and nothing changes.
   */
  insertAfter(anchor: PassName, pass: PassDecl<C, T>): this {
    const from = this.findPass(anchor);
    const resource = writeName(
      from.writes[0] ?? throwError(new GraphError(`Pass "${anchor}" writes nothing.`)),
    );
    if (!pass.reads.some((r) => readName(r) === resource))
      throw new GraphError(
        `Pass "${pass.name}" goes after "${anchor}", so it must read "${resource}" (what "${anchor}" writes).`,
      );
    const output = writeName(
      pass.writes[0] ?? throwError(new GraphError(`Pass "${pass.name}" writes nothing to pass on.`)),
    );
    this.addPass(pass);
    const undo = this.routes.reroute(resource, output, [pass, from]);
    try {
      this.plan();
    } catch (error) {
      undo();
      this.passes.splice(this.passes.indexOf(pass), 1);
      throw error;
    }
    this.compiled = null;
    return this;
  }

  /**
   * Takes a pass out (one a user added, say): what read its output reads what it read, and the pass frees what it made
   * (`PassDecl.removed`). A graph that would not validate without it, or a pass its owner keeps (`PassDecl.kept`), is
   * an error, and nothing changes.
   */
  removePass(name: PassName): this {
    const pass = this.findPass(name);
    if (pass.kept) throw new GraphError(`Pass "${name}" cannot be removed: ${pass.kept}`);
    const output = pass.writes[0] ? writeName(pass.writes[0]) : null;
    const input = pass.reads[0] ? this.routes.routed(name, readName(pass.reads[0])) : null;
    const undo = output !== null && input !== null ? this.routes.reroute(output, input, [pass]) : () => {};
    const index = this.passes.indexOf(pass);
    this.passes.splice(index, 1);
    const wasDisabled = this.disabled.delete(name);
    try {
      this.plan();
    } catch (error) {
      this.passes.splice(index, 0, pass);
      if (wasDisabled) this.disabled.add(name);
      undo();
      throw error;
    }
    this.routes.forget(name);
    this.compiled = null;
    pass.removed?.();
    return this;
  }

  /** The pass named `name` (an error lists the passes when there is none). */
  pass(name: PassName): PassDecl<C, T> {
    return this.findPass(name);
  }

  /** A texture supplied from outside every frame (the canvas, an XR layer), written by the last pass. */
  addExternal(name: string, format: string, size: SizeRule): this {
    this.externals.set(name, { format, size, texture: null });
    this.compiled = null;
    return this;
  }

  /** Sets this frame's texture for an external resource (e.g. the canvas' current texture). */
  setExternal(name: string, texture: T): void {
    const external = this.externals.get(name);
    if (!external) throw new GraphError(`No external resource "${name}"; declare it with addExternal first.`);
    external.texture = texture;
  }

  /** Checks the whole graph as declared (ordering, wiring, formats, sizes) without allocating; throws a GraphError. */
  validate(): void {
    this.plan();
  }

  passNames(): PassName[] {
    return this.passes.map((p) => p.name);
  }

  isEnabled(name: PassName): boolean {
    this.findPass(name);
    return !this.disabled.has(name);
  }

  /** Enables or disables a pass; throws (and changes nothing) when the graph could not run that way. */
  setEnabled(name: PassName, enabled: boolean): void {
    this.findPass(name);
    if (enabled === !this.disabled.has(name)) return;
    if (enabled) this.disabled.delete(name);
    else this.disabled.add(name);
    this.invalidate(() => (enabled ? this.disabled.add(name) : this.disabled.delete(name)));
  }

  setNativeSize(width: number, height: number): void {
    const previous = this.nativeSize;
    if (previous[0] === width && previous[1] === height) return;
    this.nativeSize = checkSize('native', [width, height]);
    this.invalidate(() => (this.nativeSize = previous));
  }

  setCanvasSize(width: number, height: number): void {
    const previous = this.canvasSize;
    if (previous[0] === width && previous[1] === height) return;
    this.canvasSize = checkSize('canvas', [width, height]);
    this.invalidate(() => (this.canvasSize = previous));
  }

  get native(): readonly [number, number] {
    return this.nativeSize;
  }

  get canvas(): readonly [number, number] {
    return this.canvasSize;
  }

  /** The texture behind a resource in this frame (history: the one written this frame), for readback and tools. */
  textureOf(name: string): T {
    this.compile();
    const resource = this.resources.get(name);
    if (!resource) throw new GraphError(`No resource "${name}" in the compiled graph.`);
    // An aliased texture holds, after the frame, whatever the last resource sharing it wrote: not this one.
    const physical = resource.physical;
    const later = physical
      ? [...this.resources.values()].find((r) => r.physical === physical && r.firstUse > resource.firstUse)
      : undefined;
    if (later)
      throw new GraphError(
        `Resource "${name}" shares its texture with "${later.decl.name}", written later in the frame, so after the ` +
          `frame it holds "${later.decl.name}". Read "${name}" where the two differ in size or format, or from a pass.`,
      );
    return resource.pair?.[0].texture ?? physical?.texture ?? this.externalTexture(name);
  }

  /** Every texture that holds history (both of each pair), e.g. to clear them before a deterministic replay. */
  historyTextures(): T[] {
    this.compile();
    return this.histories.flatMap((pair) => pair.map((p) => p.texture));
  }

  /** The compiled pass list, for the debug panel and tests. */
  describe(): CompiledPassInfo[] {
    this.compile();
    return this.info;
  }

  /**
   * Runs the compiled passes in order (compiling first only if the shape changed). With `from`, runs only that pass
   * and the ones after it, reading what earlier passes left last frame (a redraw after a resize), and keeps history.
   */
  execute(context: C, from?: PassName): void {
    this.compile();
    const compiled = this.compiled!;
    let start = 0;
    if (from === undefined) {
      // Last frame's output becomes this frame's history (the IO reads the pair live, so a swap is all it takes).
      for (let i = 0; i < this.histories.length; i++) this.histories[i]!.reverse();
    } else {
      start = compiled.findIndex((p) => p.decl.name === from);
      if (start < 0)
        throw new GraphError(`Cannot run from "${from}": it is not an enabled pass of the compiled graph.`);
    }
    for (let i = start; i < compiled.length; i++) compiled[i]!.decl.execute(context, compiled[i]!.io);
    this.counters.passesExecuted = compiled.length - start;
  }

  /** Drops every texture the graph holds. */
  destroy(): void {
    for (const physical of this.allPhysical()) this.allocator.destroy(physical.texture);
    this.pool = [];
    this.resources.clear();
    this.histories = [];
    this.compiled = null;
    this.updateCounters();
  }

  /** Checks a changed shape at once, so a bad toggle or resize fails where it was made and changes nothing. */
  private invalidate(undo: () => void): void {
    try {
      this.plan();
    } catch (error) {
      undo();
      throw error;
    }
    this.compiled = null;
  }

  private compile(): void {
    if (this.compiled) return;
    const { order, resources } = this.plan();
    this.realize(resources);
    this.resources = resources;
    this.histories = [...resources.values()].flatMap((r) => (r.pair ? [r.pair] : []));
    this.compiled = order.map((decl) => ({ decl, io: this.makeIO(decl, resources) }));
    for (const pass of this.passes) if (!order.includes(pass)) pass.idle?.();
    this.counters.compiles++;
    this.info = this.chainOrder().map((decl) => {
      const enabled = !this.disabled.has(decl.name);
      const outputs = decl.writes.map(writeName);
      const first = outputs[0] ? resources.get(outputs[0]) : undefined;
      return {
        name: decl.name,
        enabled,
        inputs: decl.reads.flatMap((r) => {
          const read = this.routes.routed(decl.name, readName(r));
          const resolved = enabled ? this.routes.resolve(read, undefined, isOptional(r)) : read;
          return resolved === null ? [] : [resolved];
        }),
        outputs,
        size: first ? [first.width, first.height] : null,
      };
    });
    this.updateCounters();
  }

  /** Every pass, disabled ones included, in the order they would run with all enabled: how the panel lists them. */
  private chainOrder(): PassDecl<C, T>[] {
    const producer = new Map(
      this.passes.flatMap((p) => p.writes.map((w) => [writeName(w), p.name] as const)),
    );
    const edges = new Map(
      this.passes.map((p) => [
        p.name,
        new Set(
          p.reads
            .map((r) => this.routes.routed(p.name, readName(r)))
            .flatMap((r) => (producer.has(r) && producer.get(r) !== p.name ? [producer.get(r)!] : [])),
        ),
      ]),
    );
    try {
      return topologicalOrder(this.passes, edges);
    } catch {
      return this.passes; // only a bypass keeps this graph acyclic: list passes as declared
    }
  }

  /** Pure logic: order the enabled passes, check the wiring, compute sizes and lifetimes. Allocates no texture. */
  private plan(): { order: PassDecl<C, T>[]; resources: Map<string, Resource<T>> } {
    const enabled = this.passes.filter((p) => !this.disabled.has(p.name));
    const resources = new Map<string, Resource<T>>();
    for (const [name, external] of this.externals) {
      const [width, height] = this.resolveSize(external.size);
      resources.set(
        name,
        this.resource({ name, format: external.format, size: external.size }, width, height, null),
      );
    }
    for (const pass of this.passes) {
      for (const write of pass.writes) {
        const name = writeName(write);
        if (this.externals.has(name)) continue;
        if (typeof write === 'string') {
          throw new GraphError(
            `Pass "${pass.name}" writes "${name}" without declaring it; give its format and size.`,
          );
        }
        const existing = resources.get(name);
        if (existing) {
          throw new GraphError(
            `Passes "${existing.producer}" and "${pass.name}" both write "${name}", and nothing orders them; give one ` +
              'of them its own output and let the other read it.',
          );
        }
        const [width, height] = this.resolveSize(write.size);
        if (width > this.maxTextureSize || height > this.maxTextureSize)
          throw new GraphError(
            `Pass "${pass.name}" writes "${name}" at ${width}x${height}, beyond the largest texture this GPU makes ` +
              `(${this.maxTextureSize} a side). Lower the native resolution, the canvas size or the pass's size.`,
          );
        resources.set(name, this.resource(write, width, height, pass.name));
      }
    }
    // External writers must be unique too: the canvas has one pass that presents to it.
    for (const name of this.externals.keys()) {
      const writers = enabled.filter((p) => p.writes.some((w) => writeName(w) === name)).map((p) => p.name);
      if (writers.length > 1) {
        throw new GraphError(
          `Passes "${writers.join('" and "')}" both write "${name}"; only one pass may present to it.`,
        );
      }
    }

    // Dependencies among enabled passes, reads resolved through the bypasses of disabled producers.
    const producerOf = (resource: string) => resources.get(resource)?.producer ?? null;
    const edges = new Map<string, Set<string>>(enabled.map((p) => [p.name, new Set<string>()]));
    for (const pass of enabled) {
      for (const read of pass.reads) {
        const declared = this.routes.routed(pass.name, readName(read));
        const isHistory = declared.endsWith('@prev');
        const base = isHistory ? declared.slice(0, -'@prev'.length) : declared;
        const resolved = isHistory ? base : this.routes.resolve(base, pass.name, isOptional(read));
        if (resolved === null) continue; // an optional read of a disabled pass's output
        const resource = resources.get(resolved);
        if (!resource && isOptional(read)) continue; // … or of what no pass of this graph writes
        if (!resource) {
          throw new GraphError(
            `Pass "${pass.name}" reads "${declared}", which no pass writes. Add a pass that writes "${resolved}" ` +
              'or correct the name.',
          );
        }
        if (isHistory) {
          if (!resource.decl.history) {
            throw new GraphError(
              `Pass "${pass.name}" reads "${declared}", but "${base}" is not a history resource; declare it with ` +
                'history: true in the pass that writes it.',
            );
          }
          if (this.disabled.has(resource.producer ?? '')) {
            throw new GraphError(
              `Pass "${pass.name}" reads "${declared}", but its producer "${resource.producer}" is disabled.`,
            );
          }
          continue; // last frame's contents: no ordering edge
        }
        const producer = producerOf(resolved);
        if (producer === null) continue; // external input
        if (typeof read !== 'string' && read.format && read.format !== resource.decl.format) {
          throw new GraphError(
            `Format mismatch: pass "${pass.name}" reads "${declared}" as ${read.format}, but ${describeSource(declared, resolved)}` +
              ` is ${resource.decl.format} (written by "${producer}"). Make the formats agree.`,
          );
        }
        if (typeof read !== 'string' && read.size) {
          const [w, h] = this.resolveSize(read.size);
          if (w !== resource.width || h !== resource.height) {
            throw new GraphError(
              `Size mismatch: pass "${pass.name}" reads "${declared}" at ${w}x${h}, but ${describeSource(declared, resolved)}` +
                ` is ${resource.width}x${resource.height} (written by "${producer}").`,
            );
          }
        }
        if (producer !== pass.name) edges.get(pass.name)!.add(producer);
      }
    }

    const order = topologicalOrder(enabled, edges);
    order.forEach((pass, index) => {
      for (const write of pass.writes)
        resources.get(writeName(write))!.firstUse = Math.min(
          resources.get(writeName(write))!.firstUse,
          index,
        );
      for (const read of pass.reads) {
        const declared = this.routes.routed(pass.name, readName(read));
        if (declared.endsWith('@prev')) continue;
        const resolved = this.routes.resolve(declared, pass.name, isOptional(read));
        const resource = resolved === null ? undefined : resources.get(resolved);
        if (resource) resource.lastUse = Math.max(resource.lastUse, index);
      }
    });
    return { order, resources };
  }

  /** Gives every used resource a texture (see `realizeTextures`); spares a disabled pass would use again stay pooled. */
  private realize(resources: Map<string, Resource<T>>): void {
    // Room per texture kind: one per resource any pass (enabled or not) writes, history pairs aside.
    const room = new Map<string, number>();
    for (const pass of this.passes) {
      for (const write of pass.writes) {
        const resource = resources.get(writeName(write));
        if (resource && resource.producer !== null && !resource.decl.history)
          room.set(resource.key, (room.get(resource.key) ?? 0) + 1);
      }
    }
    this.pool = realizeTextures({
      pool: this.pool,
      previous: this.resources,
      resources,
      room,
      allocator: this.allocator,
      bytes: (r) => this.bytes(r),
      created: () => this.counters.texturesCreated++,
    });
  }

  private makeIO(pass: PassDecl<C, T>, resources: Map<string, Resource<T>>): PassIO<T> {
    const inputs = new Map<string, Resource<T>>();
    for (const read of pass.reads) {
      const declared = readName(read);
      if (declared.endsWith('@prev')) continue;
      const resolved = this.routes.resolve(
        this.routes.routed(pass.name, declared),
        pass.name,
        isOptional(read),
      );
      const resource = resolved === null ? undefined : resources.get(resolved);
      if (resource) inputs.set(declared, resource);
    }
    const outputs = new Map(pass.writes.map((w) => [writeName(w), resources.get(writeName(w))!]));
    const histories = new Map(
      pass.reads
        .map(readName)
        .filter((n) => n.endsWith('@prev'))
        .map((n) => [n.slice(0, -'@prev'.length), resources.get(n.slice(0, -'@prev'.length))!] as const),
    );
    const current = (r: Resource<T>): T =>
      r.pair?.[0].texture ?? r.physical?.texture ?? this.externalTexture(r.decl.name);
    const missing = (kind: string, name: string) =>
      new GraphError(`Pass "${pass.name}" asked for ${kind} "${name}", which it did not declare.`);
    return {
      input: (name) => current(inputs.get(name) ?? throwError(missing('input', name))),
      has: (name) => inputs.has(name),
      output: (name) => current(outputs.get(name) ?? throwError(missing('output', name))),
      isRead: (name) => (outputs.get(name) ?? throwError(missing('output', name))).lastUse >= 0,
      history: (name) =>
        (histories.get(name) ?? throwError(missing('history', `${name}@prev`))).pair![1].texture,
      size: (name) => {
        const r =
          inputs.get(name) ??
          outputs.get(name) ??
          histories.get(name) ??
          throwError(missing('resource', name));
        return [r.width, r.height];
      },
    };
  }

  private externalTexture(name: string): T {
    const texture = this.externals.get(name)?.texture;
    if (texture === null || texture === undefined) {
      throw new GraphError(
        `External resource "${name}" has no texture this frame; call setExternal("${name}", texture).`,
      );
    }
    return texture;
  }

  private resource(decl: ResourceDecl, width: number, height: number, producer: string | null): Resource<T> {
    return {
      decl,
      width,
      height,
      key: keyOf(decl.format, width, height),
      producer,
      firstUse: Infinity,
      lastUse: -1,
      physical: null,
      pair: null,
    };
  }

  private resolveSize(rule: SizeRule): [number, number] {
    if ('fixed' in rule) return [rule.fixed[0], rule.fixed[1]];
    const base = rule.relativeTo === 'native' ? this.nativeSize : this.canvasSize;
    const scale = rule.scale ?? 1;
    const pad = 2 * (rule.pad ?? 0);
    return [Math.max(1, Math.round(base[0] * scale) + pad), Math.max(1, Math.round(base[1] * scale) + pad)];
  }

  private bytes(resource: Resource<T>): number {
    return resource.width * resource.height * (TEXTURE_FORMAT_BYTES[resource.decl.format] ?? 4);
  }

  private findPass(name: PassName): PassDecl<C, T> {
    const pass = this.passes.find((p) => p.name === name);
    if (!pass) {
      throw new GraphError(
        `No pass named "${name}". The graph has: ${this.passes.map((p) => p.name).join(', ') || 'none'}.`,
      );
    }
    return pass;
  }

  private *allPhysical(): Iterable<Physical<T>> {
    yield* this.pool;
    for (const resource of this.resources.values()) if (resource.pair) yield* resource.pair;
  }

  private updateCounters(): void {
    let alive = 0;
    let bytes = 0;
    for (const physical of this.allPhysical()) {
      alive++;
      bytes += physical.bytes;
    }
    this.counters.texturesAlive = alive;
    this.counters.textureBytes = bytes;
  }
}

function describeSource(declared: string, resolved: string): string {
  return declared === resolved
    ? `"${resolved}"`
    : `"${resolved}" (standing in for "${declared}" while its producer is bypassed)`;
}

function throwError(error: Error): never {
  throw error;
}

/** A size rule that could make a texture: whole sizes ≥ 1, a finite scale above 0, a whole margin ≥ 0. */
function checkRule(pass: string, write: ResourceDecl): void {
  const rule = write.size;
  const whole = (v: number, least: number) => Number.isInteger(v) && v >= least;
  const ok =
    'fixed' in rule
      ? whole(rule.fixed[0], 1) && whole(rule.fixed[1], 1)
      : (rule.scale === undefined || (Number.isFinite(rule.scale) && rule.scale > 0)) &&
        (rule.pad === undefined || whole(rule.pad, 0));
  if (!ok)
    throw new GraphError(
      `Pass "${pass}" declares "${write.name}" with size ${JSON.stringify(rule)}: a fixed size is whole texels ≥ 1, ` +
        'a scale a number above 0, a pad whole texels ≥ 0.',
    );
}

function checkSize(what: string, size: readonly [number, number]): readonly [number, number] {
  if (!size.every((v) => Number.isInteger(v) && v >= 0)) {
    throw new GraphError(`The ${what} size must be whole numbers ≥ 0, got ${size.join('x')}.`);
  }
  return [size[0], size[1]];
}

/** Kahn's algorithm, stable in declaration order; a cycle is an error naming the passes in it. */
function topologicalOrder<C, T>(passes: PassDecl<C, T>[], edges: Map<string, Set<string>>): PassDecl<C, T>[] {
  const order: PassDecl<C, T>[] = [];
  const placed = new Set<string>();
  while (order.length < passes.length) {
    const next = passes.find(
      (p) => !placed.has(p.name) && [...edges.get(p.name)!].every((d) => placed.has(d)),
    );
    if (!next) {
      const stuck = passes.filter((p) => !placed.has(p.name)).map((p) => p.name);
      throw new GraphError(
        `The passes ${stuck.map((n) => `"${n}"`).join(', ')} depend on each other in a cycle; break it.`,
      );
    }
    order.push(next);
    placed.add(next.name);
  }
  return order;
}
