import vertex from '../../../wgsl/passes/fullscreen.wgsl?raw';
import prelude from '../../../wgsl/passes/fullscreen.glsl?raw';
import type {
  BindingResource,
  Bindings,
  Device,
  DeviceBuffer,
  DeviceTexture,
  Pipeline,
  RenderTarget,
  SamplerFilter,
  ShaderPair,
  TextureFormat,
} from '../../device/device';
import type { FieldWriter } from '../../layout/struct-writer';
import type { PassIO } from '../../graph/render-graph';
import type { FrameContext } from '../frame-context';
import { ParamsBlock } from './params-block';

/**
 * The bindings cache: a path of weak maps, one step per input texture (no key strings). It holds the bindings of one
 * compiled graph only (at most two: a history input alternates), so after any toggle or resize the live bind groups
 * are exactly those the current plan uses.
 */
interface BindingsNode {
  readonly next: WeakMap<DeviceTexture, BindingsNode>;
  bindings?: Bindings;
}

/** A full-screen fragment stage in both languages: WGSL declaring `struct Params` and `fn fs`, and its GLSL twin. */
export type FragmentPair = ShaderPair;

/**
 * A full-screen fragment shader with the bindings every post pass uses: `params` (its `Params` struct) at binding 0,
 * an optional sampler at 1, its textures from 2 on (in binding order). Written once over the device layer: the WGSL
 * after the shared covering triangle, the GLSL twin after its prelude (fullscreen.glsl).
 */
export class FullscreenProgram {
  private readonly params: ParamsBlock;
  private readonly uniform: DeviceBuffer;
  private groups: BindingsNode = { next: new WeakMap() };
  /** Every bindings of the cache, to let go of them with it (the weak maps cannot be walked). */
  private readonly made: Bindings[] = [];
  /** The compiled graph the cached bindings belong to: the graph makes a new PassIO each time it compiles. */
  private io: PassIO<RenderTarget> | null = null;
  /** The WGSL names of the textures (binding 2, 3, …) and of the sampler, if any. */
  private readonly textureNames: string[];
  private readonly samplerName: string | undefined;

  private constructor(
    private readonly device: Device,
    private readonly pipeline: Pipeline,
    readonly label: string,
    private readonly filter: SamplerFilter,
  ) {
    const layout = pipeline.bindings.find((b) => b.name === 'params')?.layout;
    if (!layout)
      throw new Error(`${label}: the fragment must declare var<uniform> params: Params at binding 0.`);
    this.params = new ParamsBlock(layout);
    this.uniform = device.createBuffer({
      label,
      size: this.params.data.bytes.byteLength,
      usage: 'uniform',
      restore: () => this.params.data.bytes,
    });
    this.textureNames = pipeline.bindings.filter((b) => b.kind === 'texture').map((b) => b.name);
    this.samplerName = pipeline.bindings.find((b) => b.kind === 'sampler')?.name;
  }

  /**
   * Builds the pipeline for targets of `format`; `filter` is the filter of the fragment's sampler, if it has one
   * (default nearest).
   */
  static async create(
    device: Device,
    fragment: FragmentPair,
    format: TextureFormat,
    filter: SamplerFilter = 'nearest',
  ): Promise<FullscreenProgram> {
    const pipeline = await device.createPipeline({
      shader: {
        label: fragment.label,
        wgsl: `${vertex}\n${fragment.wgsl}`,
        glsl: `${prelude}\n#ifndef VERTEX\n${fragment.glsl}\n#endif\n`,
      },
      format,
    });
    return new FullscreenProgram(device, pipeline, fragment.label, filter);
  }

  /** The names of the `Params` fields, in order. */
  get fieldNames(): string[] {
    return this.params.fieldNames;
  }

  /** A writer for one of the `Params` fields, resolved once (a typo throws here). */
  field(name: string): FieldWriter {
    return this.params.field(name);
  }

  /** Sets a parameter; the uniform is uploaded before the next draw only if something changed. */
  set(field: FieldWriter, value: number | ArrayLike<number>): void {
    this.params.set(field, value);
  }

  /** Draws into `target`, reading `textures` at bindings 2, 3, …; `io` is the calling pass's, for the cache. */
  draw(
    frame: FrameContext,
    io: PassIO<RenderTarget>,
    target: RenderTarget,
    textures: readonly RenderTarget[],
  ): void {
    if (this.params.takeChange()) this.uniform.write(0, this.params.data.bytes);
    if (io !== this.io) {
      this.forget();
      this.io = io;
    }
    let node = this.groups;
    for (let i = 0; i < textures.length; i++) {
      const texture = textures[i] as DeviceTexture;
      let next = node.next.get(texture);
      if (!next) node.next.set(texture, (next = { next: new WeakMap() }));
      node = next;
    }
    let bindings = node.bindings;
    if (!bindings) this.made.push((bindings = node.bindings = this.createBindings(textures)));
    const pass = frame.device.beginPass({
      label: this.label,
      color: target,
      clearColor: OPAQUE_BLACK,
      timed: true,
    });
    pass.setPipeline(this.pipeline);
    pass.setBindings(0, bindings);
    pass.draw(3);
    pass.end();
  }

  /** Forgets the cached bindings (their pass is bypassed: the plan they were made for is gone). */
  forget(): void {
    this.io = null;
    this.groups = { next: new WeakMap() };
    for (const bindings of this.made) bindings.destroy();
    this.made.length = 0;
  }

  private createBindings(textures: readonly RenderTarget[]): Bindings {
    if (textures.length !== this.textureNames.length)
      throw new Error(
        `${this.label}: ${textures.length} texture(s) given; the shader reads ${this.textureNames.length} (` +
          `${this.textureNames.join(', ')}).`,
      );
    const resources: Record<string, BindingResource> = { params: this.uniform };
    if (this.samplerName) resources[this.samplerName] = this.device.sampler(this.filter);
    textures.forEach((texture, i) => {
      if (texture.kind !== 'texture')
        throw new Error(
          `${this.label}: "${texture.label}" is not a texture the device made; it cannot be read.`,
        );
      resources[this.textureNames[i]!] = texture;
    });
    return this.device.createBindings(this.pipeline, 0, resources);
  }

  destroy(): void {
    this.forget();
    this.uniform.destroy();
    this.pipeline.destroy();
  }
}

const OPAQUE_BLACK = [0, 0, 0, 1] as const;
