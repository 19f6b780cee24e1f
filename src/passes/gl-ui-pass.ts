import source from '../../wgsl/passes/ui.glsl?raw';
import { compileGlsl } from '../gpu/compile-glsl';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { Node } from '../scene/node';
import type { UiAtlas } from '../scene/ui-atlas';
import type { GlFrame, GlTexture } from './gl-frame';
import { FLOATS_PER_INSTANCE, UiPacker } from './ui-packer';

/** The instance attributes as ui.wgsl declares them: location, float offset, float count. */
const ATTRIBUTES = [
  [0, 0, 2],
  [1, 2, 2],
  [2, 4, 2],
  [3, 6, 2],
  [4, 8, 4],
  [5, 12, 4],
  [6, 16, 1],
] as const;

/** The UI layer on WebGL2: the same packer and instances as `UiPass`, drawn over a copy of the world. */
export class GlUiPass implements PassDecl<GlFrame, GlTexture> {
  readonly name = 'ui';
  readonly reads: string[];
  readonly writes: ResourceDecl[] = [
    { name: 'composed', format: 'rgba8unorm', size: { relativeTo: 'native' } },
  ];
  readonly bypass: Record<string, string>;
  readonly counters = { instances: 0, drawCalls: 0, bytesUploaded: 0 };
  private readonly packer: UiPacker;
  private readonly vao: WebGLVertexArrayObject;
  private readonly buffer: WebGLBuffer;
  private bufferBytes = 0;
  private readonly screenSize: WebGLUniformLocation | null;

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly program: WebGLProgram,
    private readonly atlasTexture: WebGLTexture,
    root: Node,
    atlas: UiAtlas,
    readonly input: string,
  ) {
    this.reads = [input];
    this.bypass = { composed: input };
    this.packer = new UiPacker(root, atlas);
    this.screenSize = gl.getUniformLocation(program, 'screenSize');
    this.vao = gl.createVertexArray();
    this.buffer = gl.createBuffer();
    gl.bindVertexArray(this.vao);
    gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
    for (const [location, offset, count] of ATTRIBUTES) {
      gl.enableVertexAttribArray(location);
      gl.vertexAttribPointer(location, count, gl.FLOAT, false, FLOATS_PER_INSTANCE * 4, offset * 4);
      gl.vertexAttribDivisor(location, 1);
    }
    gl.bindVertexArray(null);
  }

  static create(gl: WebGL2RenderingContext, root: Node, atlas: UiAtlas, input: string): GlUiPass {
    const program = compileGlsl(gl, source, 'passes/ui.glsl');
    const texture = gl.createTexture();
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.texStorage2D(gl.TEXTURE_2D, 1, gl.RGBA8, atlas.width, atlas.height);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      0,
      0,
      atlas.width,
      atlas.height,
      gl.RGBA,
      gl.UNSIGNED_BYTE,
      atlas.pixels,
    );
    gl.bindTexture(gl.TEXTURE_2D, null);
    return new GlUiPass(gl, program, texture, root, atlas, input);
  }

  execute(_frame: GlFrame, io: PassIO<GlTexture>): void {
    const gl = this.gl;
    const [width, height] = io.size('composed');
    const target = io.output('composed');
    // Over a copy of the world, so the world's own target stays intact for whoever else reads it.
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, io.input(this.input).framebuffer);
    gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, target.framebuffer);
    gl.blitFramebuffer(0, 0, width, height, 0, 0, width, height, gl.COLOR_BUFFER_BIT, gl.NEAREST);
    gl.bindFramebuffer(gl.READ_FRAMEBUFFER, null);
    this.draw(target);
  }

  /**
   * Draws the UI layer alone over `background` into `target` at its size (top row first, like the graph's textures):
   * the image of a headset's diegetic panel (`world.panelTexture`).
   */
  renderPanel(target: GlTexture, background: readonly [number, number, number, number]): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.disable(gl.SCISSOR_TEST);
    gl.clearColor(...background);
    gl.clear(gl.COLOR_BUFFER_BIT);
    this.draw(target);
  }

  private draw(target: GlTexture): void {
    const gl = this.gl;
    const { width, height } = target;
    const count = this.packer.pack();
    const bytes = count * FLOATS_PER_INSTANCE * 4;
    if (count > 0) {
      gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
      gl.viewport(0, 0, width, height);
      gl.disable(gl.DEPTH_TEST);
      gl.disable(gl.CULL_FACE);
      gl.enable(gl.BLEND);
      gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
      gl.useProgram(this.program);
      gl.uniform2f(this.screenSize, width, height);
      gl.activeTexture(gl.TEXTURE0);
      gl.bindTexture(gl.TEXTURE_2D, this.atlasTexture);
      gl.bindSampler(0, null);
      gl.bindBuffer(gl.ARRAY_BUFFER, this.buffer);
      const instances = this.packer.instances;
      if (instances.byteLength > this.bufferBytes) {
        gl.bufferData(gl.ARRAY_BUFFER, instances.byteLength, gl.DYNAMIC_DRAW);
        this.bufferBytes = instances.byteLength;
      }
      gl.bufferSubData(gl.ARRAY_BUFFER, 0, instances, 0, count * FLOATS_PER_INSTANCE);
      gl.bindVertexArray(this.vao);
      gl.drawArraysInstanced(gl.TRIANGLES, 0, 6, count);
      gl.bindVertexArray(null);
      gl.disable(gl.BLEND);
    }
    this.counters.instances = count;
    this.counters.drawCalls = count > 0 ? 1 : 0;
    this.counters.bytesUploaded = bytes;
  }

  destroy(): void {
    const gl = this.gl;
    gl.deleteVertexArray(this.vao);
    gl.deleteBuffer(this.buffer);
    gl.deleteTexture(this.atlasTexture);
    gl.deleteProgram(this.program);
  }
}
