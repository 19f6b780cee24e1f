import wgsl from '../../../wgsl/passes/outline.wgsl?raw';
import glsl from '../../../wgsl/passes/outline.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { Device, RenderTarget } from '../../device/device';
import { NATIVE_SIZE, type ChainSettings } from './chain-settings';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/**
 * One-pixel outlines at native resolution (`settings.outline`), from the world pass's `normals` (normal in the eye's
 * axes, depth) and `lines` (each mesh's line colour and strength: the `outline` field of its material, black by
 * default) targets, which the world pass writes while this pass is enabled. Lines fall on the nearer surface of a
 * silhouette or crease, one pixel wide; convex creases can be lightened instead (`highlight`).
 */
export class OutlinePass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'outline';
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  readonly bypass: Record<string, string>;
  private readonly fields;

  private constructor(
    private readonly program: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    size: SizeRule,
  ) {
    this.reads = [input, 'normals', 'lines'];
    this.writes = [{ name: 'outlined', format: 'rgba8unorm', size }];
    this.bypass = { outlined: input };
    this.fields = {
      depthThreshold: program.field('depthThreshold'),
      crease: program.field('crease'),
      highlight: program.field('highlight'),
      near: program.field('near'),
      far: program.field('far'),
      perspective: program.field('perspective'),
      texel: program.field('texel'),
    };
  }

  static async create(
    device: Device,
    settings: ChainSettings,
    input: string,
    size: SizeRule = NATIVE_SIZE,
  ): Promise<OutlinePass> {
    return new OutlinePass(
      await FullscreenProgram.create(device, { label: 'outline', wgsl, glsl }, 'rgba8unorm'),
      settings,
      input,
      size,
    );
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const { outline, eye } = this.settings;
    const f = this.fields;
    const p = this.program;
    p.set(f.depthThreshold, outline.depth);
    p.set(f.crease, outline.crease);
    p.set(f.highlight, outline.highlight);
    p.set(f.near, eye.near);
    p.set(f.far, eye.far);
    p.set(f.perspective, eye.perspective ? 1 : 0);
    p.set(f.texel, eye.texel);
    p.draw(frame, io, io.output('outlined'), [io.input(this.input), io.input('normals'), io.input('lines')]);
  }

  idle(): void {
    this.program.forget();
  }

  destroy(): void {
    this.program.destroy();
  }
}
