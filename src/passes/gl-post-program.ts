import prelude from '../../wgsl/passes/fullscreen.glsl?raw';
import { compileGlsl } from '../gpu/compile-glsl';
import { bindUniformBlock, uniformBlockSize } from '../gpu/gl-uniform-block';
import { assertStd140Compatible } from '../gpu/std140';
import { structLayout } from '../gpu/struct-layout';
import type { FieldWriter } from '../gpu/struct-writer';
import type { PassIO } from '../graph/render-graph';
import type { GlFrame, GlTexture } from './gl-frame';
import { ParamsBlock } from './params-block';
import type { PostBackend, PostProgram, PostShaders } from './post-program';

const PARAMS_BINDING = 0;
/** Texture units from WGSL binding 2 on: a twin names its samplers `binding2`, `binding3`, … (then #defines names). */
const FIRST_TEXTURE_BINDING = 2;
const MAX_TEXTURES = 4;

/**
 * A post pass on WebGL2: its GLSL twin after the shared prelude, its `Params` (the WGSL struct, std140-checked) in one
 * uniform buffer uploaded only on change, the input textures on units 0…, one triangle into the target's framebuffer.
 */
export class GlPostProgram implements PostProgram<GlFrame, GlTexture> {
  private readonly params: ParamsBlock;
  private readonly uniform: WebGLBuffer;
  private readonly targetSize: WebGLUniformLocation | null;
  private readonly flipY: WebGLUniformLocation | null;

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly program: WebGLProgram,
    private readonly sampler: WebGLSampler,
    layout: ReturnType<typeof structLayout>,
    readonly label: string,
  ) {
    this.params = new ParamsBlock(layout);
    this.uniform = gl.createBuffer();
    gl.bindBuffer(gl.UNIFORM_BUFFER, this.uniform);
    gl.bufferData(gl.UNIFORM_BUFFER, uniformBlockSize(layout), gl.DYNAMIC_DRAW);
    this.targetSize = gl.getUniformLocation(program, 'armatureTargetSize');
    this.flipY = gl.getUniformLocation(program, 'armatureFlipY');
    gl.useProgram(program);
    for (let i = 0; i < MAX_TEXTURES; i++) {
      const at = gl.getUniformLocation(program, `binding${FIRST_TEXTURE_BINDING + i}`);
      if (at) gl.uniform1i(at, i);
    }
  }

  static create(
    gl: WebGL2RenderingContext,
    shaders: PostShaders,
    label: string,
    filter: 'linear' | null,
  ): GlPostProgram {
    const layout = structLayout(shaders.wgsl, 'Params', 'uniform');
    assertStd140Compatible(layout);
    const program = compileGlsl(gl, `${prelude}\n#ifndef VERTEX\n${shaders.glsl}\n#endif\n`, `${label}.glsl`);
    bindUniformBlock(gl, program, 'Params', layout, PARAMS_BINDING);
    // WGSL's sampler: clamp to edge; linear where the pass asked for it (textureLoad ignores the filter either way).
    const sampler = gl.createSampler();
    const mode = filter === 'linear' ? gl.LINEAR : gl.NEAREST;
    gl.samplerParameteri(sampler, gl.TEXTURE_MIN_FILTER, mode);
    gl.samplerParameteri(sampler, gl.TEXTURE_MAG_FILTER, mode);
    gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
    gl.samplerParameteri(sampler, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
    return new GlPostProgram(gl, program, sampler, layout, label);
  }

  field(name: string): FieldWriter {
    return this.params.field(name);
  }

  set(field: FieldWriter, value: number | ArrayLike<number>): void {
    this.params.set(field, value);
  }

  draw(_frame: GlFrame, _io: PassIO<GlTexture>, target: GlTexture, textures: readonly GlTexture[]): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, target.framebuffer);
    gl.viewport(0, 0, target.width, target.height);
    gl.disable(gl.DEPTH_TEST);
    gl.disable(gl.CULL_FACE);
    gl.disable(gl.BLEND);
    gl.useProgram(this.program);
    if (this.params.takeChange()) {
      gl.bindBuffer(gl.UNIFORM_BUFFER, this.uniform);
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, new Uint8Array(this.params.data.bytes));
    }
    gl.bindBufferBase(gl.UNIFORM_BUFFER, PARAMS_BINDING, this.uniform);
    gl.uniform2f(this.targetSize, target.width, target.height);
    gl.uniform1i(this.flipY, target.framebuffer === null ? 1 : 0); // the canvas holds its bottom row first
    textures.forEach((texture, i) => {
      gl.activeTexture(gl.TEXTURE0 + i);
      gl.bindTexture(gl.TEXTURE_2D, texture.texture);
      gl.bindSampler(i, this.sampler);
    });
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    textures.forEach((_, i) => {
      gl.activeTexture(gl.TEXTURE0 + i);
      gl.bindTexture(gl.TEXTURE_2D, null); // a texture bound for reading must not be the next pass's target
    });
  }

  destroy(): void {
    this.gl.deleteBuffer(this.uniform);
    this.gl.deleteSampler(this.sampler);
    this.gl.deleteProgram(this.program);
  }
}

/** The WebGL2 backend of the chain passes: their GLSL twins on `gl`. */
export function glPostBackend(gl: WebGL2RenderingContext): PostBackend<GlFrame, GlTexture> {
  return {
    program: (shaders, label, _format, filter = null) =>
      Promise.resolve(GlPostProgram.create(gl, shaders, label, filter)),
  };
}
