import type { RenderTarget, SamplerFilter } from '../../device/device';
import type { FieldWriter } from '../../layout/struct-writer';
import type { PassIO } from '../../graph/render-graph';
import type { FrameContext } from '../frame-context';
import { wgslBindings } from '../../layout/wgsl-bindings';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassDescriptor, type PassKit, type PassRunner } from './pass-descriptor';

/**
 * A full-screen effect of the user's: its fragment stage in both languages, written like the chain passes'. The WGSL
 * declares `struct Params` with `@group(0) @binding(0) var<uniform> params: Params`, the image it processes at
 * `@binding(2)` (`texture_2d<f32>`) and any further `inputs` at 3, 4, …, optionally a `sampler` at `@binding(1)`, and
 * `@fragment fn fs(@builtin(position) …) -> @location(0) vec4<f32>`. The GLSL ES 3.00 twin (after fullscreen.glsl:
 * `fragPosition()`, `loadTexel`, `sampleUv`, `fragColor`) declares the `Params` block and a `sampler2D` named as each
 * WGSL texture.
 */
export interface EffectOptions {
  /** The pass's name in the graph, and its output resource's. */
  name: string;
  wgsl: string;
  glsl: string;
  /** Starting values of `Params` fields. */
  params?: Readonly<Record<string, number | readonly number[]>>;
  /** How its sampler filters, if it declares one (default nearest). */
  filter?: SamplerFilter;
  /** Further resources it reads after the chain's image (e.g. `normals`, or `blurred@prev`). */
  inputs?: readonly string[];
  /** One sentence for the docs table and the panel. */
  summary?: string;
}

/**
 * A user's full-screen effect as a chain pass: it reads the image of the pass it follows (and any further inputs)
 * and writes one of that image's format and size, so it can go after any pass of the chain
 * (`renderer.addEffect(options, { after: 'motionBlur' })`) on either backend, and shows in the panel and the URL like
 * the built-in passes. The descriptor is what `addEffect` gives `addPass`.
 */
export function effectPass(options: EffectOptions): PassDescriptor {
  const shader = { label: options.name, wgsl: options.wgsl, glsl: options.glsl };
  return definePass({
    name: options.name,
    summary: options.summary ?? 'A full-screen effect of the app’s own.',
    on: true,
    runs: 'view',
    reads: ['chain', ...(options.inputs ?? [])],
    writes: [{ name: options.name, format: 'input', size: 'input' }],
    settings: {},
    shaders: [shader],
    async create(kit) {
      checkEffectBindings(options);
      const program = await FullscreenProgram.create(kit.device, shader, kit.format, options.filter);
      const effect = new ShaderEffect(options.name, program, kit, options.inputs ?? []);
      for (const [name, value] of Object.entries(options.params ?? {})) effect.set(name, value);
      return effect;
    },
  });
}

/**
 * Refuses, naming the effect, WGSL that declares what a full-screen effect does not bind: anything but its `params`
 * uniform at binding 0, a sampler at 1 and one `texture_2d<f32>` at 2, 3, … for the chain's image and each input.
 */
function checkEffectBindings(options: EffectOptions): void {
  const fail = (why: string): never => {
    throw new Error(`Effect "${options.name}": ${why}`);
  };
  let bindings: ReturnType<typeof wgslBindings> = [];
  try {
    bindings = wgslBindings(options.wgsl);
  } catch (error) {
    fail((error as Error).message);
  }
  const textures = 1 + (options.inputs?.length ?? 0);
  for (const { group, binding, name, kind } of bindings) {
    const wanted =
      binding === 0 ? 'uniform' : binding === 1 ? 'sampler' : binding < 2 + textures ? 'texture' : null;
    if (group !== 0 || kind !== wanted)
      fail(
        `@group(${group}) @binding(${binding}) var ${name} (${kind}) is not what an effect binds: params (a uniform ` +
          `struct) at binding 0, an optional sampler at 1, and a texture_2d<f32> at 2…${1 + textures} for the ` +
          `image it follows and its ${textures - 1} input(s), all in group 0.`,
      );
  }
  const read = bindings.filter((b) => b.kind === 'texture').length;
  if (read !== textures)
    fail(
      `it reads ${read} texture(s); it is given ${textures} (the image it follows` +
        `${textures > 1 ? ` and inputs ${options.inputs!.join(', ')}` : ''}): declare one texture_2d<f32> for each ` +
        'at bindings 2, 3, ….',
    );
}

/** A running user effect (`addEffect`'s answer): its parameters are set by name between frames. */
export class ShaderEffect implements PassRunner {
  private readonly fields = new Map<string, FieldWriter>();
  /** The textures of this frame's draw, refilled in place. */
  private readonly textures: RenderTarget[] = [];

  /** @internal */
  constructor(
    readonly name: string,
    private readonly program: FullscreenProgram,
    private readonly kit: PassKit<object>,
    private readonly inputs: readonly string[],
  ) {}

  /** Sets a `Params` field (a name it lacks is an error listing its fields); applies from the next frame. */
  set(name: string, value: number | readonly number[]): this {
    if (this.destroyed)
      throw new Error(
        `Effect "${this.name}" was removed, and what it made freed; add it again (renderer.addEffect) to use it.`,
      );
    let field = this.fields.get(name);
    if (!field) this.fields.set(name, (field = this.program.field(name)));
    this.program.set(field, value);
    return this;
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const textures = this.textures;
    textures[0] = io.input(this.kit.chain);
    for (let i = 0; i < this.inputs.length; i++) {
      const name = this.inputs[i]!;
      textures[i + 1] = name.endsWith('@prev') ? io.history(name.slice(0, -5)) : io.input(name);
    }
    this.program.draw(frame, io, io.output(this.name), textures);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.destroyed = true;
    this.program.destroy();
  }
  private destroyed = false;
}
