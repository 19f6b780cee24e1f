import wgsl from '../../../wgsl/passes/bloom.wgsl?raw';
import glsl from '../../../wgsl/passes/bloom.glsl?raw';
import type { PassDecl, PassIO, ResourceDecl, SizeRule } from '../../graph/render-graph';
import type { Device, RenderTarget } from '../../device/device';
import { NATIVE_SIZE, type ChainSettings } from './chain-settings';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';

/**
 * Bloom at native resolution (`settings.bloom`): what is brighter than the threshold is blurred (a separable Gaussian,
 * across then down) and added back at `strength`; strength 0 gives the image bit for bit. Two programs of one shader,
 * each with its own parameters: one uniform written twice in a frame would give both draws the second value.
 */
export class BloomPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'bloom';
  readonly reads: string[];
  readonly writes: ResourceDecl[];
  readonly bypass: Record<string, string>;
  private readonly fields;

  private constructor(
    private readonly across: FullscreenProgram,
    private readonly down: FullscreenProgram,
    readonly settings: ChainSettings,
    readonly input: string,
    size: SizeRule,
  ) {
    this.writes = [
      { name: 'bloomed', format: 'rgba16float', size },
      { name: 'bloomAcross', format: 'rgba16float', size },
    ];
    this.reads = [input];
    this.bypass = { bloomed: input };
    across.set(across.field('direction'), [1, 0]);
    down.set(down.field('direction'), [0, 1]);
    this.fields = [across, down].map((program) => ({
      program,
      threshold: program.field('threshold'),
      sigma: program.field('sigma'),
      strength: program.field('strength'),
    }));
  }

  static async create(
    device: Device,
    settings: ChainSettings,
    input: string,
    size: SizeRule = NATIVE_SIZE,
  ): Promise<BloomPass> {
    // Labelled apart: GPU times are kept per label.
    const make = (label: string) => FullscreenProgram.create(device, { label, wgsl, glsl }, 'rgba16float');
    const [across, down] = await Promise.all([make('bloom across'), make('bloom down')]);
    return new BloomPass(across, down, settings, input, size);
  }

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const { threshold, sigma, strength } = this.settings.bloom;
    for (const f of this.fields) {
      f.program.set(f.threshold, threshold);
      f.program.set(f.sigma, sigma);
      f.program.set(f.strength, strength);
    }
    const source = io.input(this.input);
    const across = io.output('bloomAcross');
    // The first draw reads no glow: its image stands in for the binding.
    this.across.draw(frame, io, across, [source, source]);
    this.down.draw(frame, io, io.output('bloomed'), [source, across]);
  }

  idle(): void {
    this.across.forget();
    this.down.forget();
  }

  destroy(): void {
    this.across.destroy();
    this.down.destroy();
  }
}
