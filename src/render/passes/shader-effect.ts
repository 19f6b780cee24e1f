import type { Device, RenderTarget, SamplerFilter, TextureFormat } from '../../device/device';
import type { FieldWriter } from '../../layout/struct-writer';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/**
 * A full-screen effect of the user's: its fragment stage in both languages, written like the chain passes'. The WGSL
 * declares `struct Params` with `@group(0) @binding(0) var<uniform> params: Params`, the image it processes at
 * `@binding(2)` (`texture_2d<f32>`), optionally a `sampler` at `@binding(1)`, and `@fragment fn fs(@builtin(position)
 * …) -> @location(0) vec4<f32>`. The GLSL ES 3.00 twin (after fullscreen.glsl: `fragPosition()`, `loadTexel`,
 * `sampleUv`, `fragColor`) declares the `Params` block and a `sampler2D` named as the WGSL texture.
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
}

/**
 * A user's full-screen effect as a render-graph pass: it reads one image and writes one of the same format and size,
 * so it can go between two passes of the chain (`Renderer.addEffect(options, { after: 'motionBlur' })`) on either
 * backend. Its parameters are set by name between frames; like every device object, it survives device losses.
 */
export class ShaderEffect implements PassDecl<FrameContext, RenderTarget> {
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  private readonly fields = new Map<string, FieldWriter>();

  private constructor(
    readonly name: string,
    private readonly program: FullscreenProgram,
    readonly input: string,
    format: TextureFormat,
    size: SizeRule,
  ) {
    this.reads = [input];
    this.writes = [{ name, format, size }];
  }

  /** Builds the effect reading `input` (a resource of `format` and `size`); a bad shader rejects with its lines. */
  static async create(
    device: Device,
    options: EffectOptions,
    input: { name: string; format: TextureFormat; size: SizeRule },
  ): Promise<ShaderEffect> {
    const program = await FullscreenProgram.create(
      device,
      { label: options.name, wgsl: options.wgsl, glsl: options.glsl },
      input.format,
      options.filter,
    );
    const effect = new ShaderEffect(options.name, program, input.name, input.format, input.size);
    for (const [name, value] of Object.entries(options.params ?? {})) effect.set(name, value);
    return effect;
  }

  /** Sets a `Params` field (a name it lacks is an error listing its fields); applies from the next frame. */
  set(name: string, value: number | readonly number[]): this {
    let field = this.fields.get(name);
    if (!field) this.fields.set(name, (field = this.program.field(name)));
    this.program.set(field, value);
    return this;
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    this.program.draw(frame, io, io.output(this.name), [io.input(this.input)]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
