import wgsl from '../../../wgsl/passes/outline.wgsl?raw';
import glsl from '../../../wgsl/passes/outline.glsl?raw';
import type { PassIO } from '../../graph/render-graph';
import type { RenderTarget } from '../../device/device';
import type { FrameContext } from '../frame-context';
import { FullscreenProgram } from './fullscreen-program';
import { definePass, type PassKit } from './pass-descriptor';
import { ProgramRunner } from './program-runner';
import { SettingFields } from './setting-fields';
import { numberSetting } from './pass-setting';

/** The outline pass's settings. */
export interface OutlineSettings {
  /**
   * A neighbour farther by more than `depth` texels (at that depth) from a pixel and from the plane of its surface, or
   * a crease of more than `crease` (1 − cos of the angle between normals), draws a line; `highlight` > 0 lightens
   * convex creases by that much instead. Line colour and strength are each material's
   * (`setParam('outline', [r, g, b, strength])`). docs/passes.md, "Outlines", gives the rules.
   */
  outline: { depth: number; crease: number; highlight: number };
}

const shader = { label: 'outline', wgsl, glsl };

/**
 * One-pixel outlines at native resolution, from the world pass's `normals` (normal in the eye's axes, depth) and
 * `lines` (each mesh's line colour and strength: the `outline` field of its material, black by default) targets, which
 * the world pass writes while this pass is enabled. Lines fall on the nearer surface of a silhouette or crease, one
 * pixel wide; convex creases can be lightened instead (`highlight`).
 */
export const outlinePass = definePass<OutlineSettings>({
  name: 'outline',
  summary:
    'One-pixel lines on the nearer surface of silhouettes and creases, in each material’s line colour.',
  on: false,
  runs: 'view',
  reads: ['chain', 'normals', 'lines'],
  writes: [{ name: 'outlined', format: 'rgba8unorm', size: 'native' }],
  settings: {
    outline: {
      depth: numberSetting(1.5, {
        min: 0,
        max: 16,
        doc: 'The depth step, in texels, that draws a silhouette line.',
      }),
      crease: numberSetting(0.3, {
        min: 0,
        max: 2,
        doc: 'The crease (1 − cos of the angle) that draws a line.',
      }),
      highlight: numberSetting(0, {
        min: 0,
        max: 1,
        doc: 'Above 0, convex creases are lightened by this much.',
      }),
    },
  },
  shaders: [shader],
  create: async (kit) => new Outline(await FullscreenProgram.create(kit.device, shader, 'rgba8unorm'), kit),
});

class Outline extends ProgramRunner<OutlineSettings> {
  private readonly depth;

  constructor(program: FullscreenProgram, kit: PassKit<OutlineSettings>) {
    super(program, kit);
    this.depth = program.field('depthThreshold');
    // `crease` and `highlight`; and the view's lens (near, far, perspective, texel).
    this.settings = new SettingFields(program, () => kit.settings.outline, ['depth']);
    this.lens = new SettingFields(program, () => kit.frame.eye);
  }
  private readonly settings: SettingFields;
  private readonly lens: SettingFields;

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    this.program.set(this.depth, this.kit.settings.outline.depth);
    this.settings.upload();
    this.lens.upload();
    this.program.draw(frame, io, io.output('outlined'), [
      io.input(this.kit.chain),
      io.input('normals'),
      io.input('lines'),
    ]);
  }
}
