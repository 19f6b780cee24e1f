import { MIP_SHADER } from '../mip-shader';
import { compileGlsl } from './compile-glsl';
import type { GlState } from './gl-state';

/** The mip program and framebuffer of one context (made on first use; a restored context makes its own). */
const made = new WeakMap<WebGL2RenderingContext, { program: WebGLProgram; framebuffer: WebGLFramebuffer }>();

/**
 * Draws each smaller mip level of an RGBA8 `texture` of `levels` levels from the level above it: the texture's base
 * and max level are narrowed to the level read (so sampling it while drawing the next is no feedback loop), then
 * widened back. Level 0 must hold the image already. GL state goes through `state`, so its cache stays true.
 */
export function generateMips(
  gl: WebGL2RenderingContext,
  state: GlState,
  texture: WebGLTexture,
  width: number,
  height: number,
  levels: number,
): void {
  let own = made.get(gl);
  // A restored context keeps its object but not what was made in it.
  if (!own || !gl.isProgram(own.program)) {
    own = {
      program: compileGlsl(gl, MIP_SHADER.glsl, MIP_SHADER.label, [], { source: 0 }, state),
      framebuffer: gl.createFramebuffer()!,
    };
    made.set(gl, own);
  }
  // A texture is uploaded when a draw first binds it, in the middle of a pass: what the pass set is set back.
  const framebuffers = state.framebuffers;
  const restore = state.saveDrawState();
  state.useProgram(own.program);
  state.bindFramebuffer(own.framebuffer);
  state.bindVertexArray(null);
  for (const capability of [gl.DEPTH_TEST, gl.CULL_FACE, gl.BLEND, gl.SCISSOR_TEST])
    state.set(capability, false);
  state.bindSampler(0, null);
  state.editTexture(texture);
  for (let level = 1; level < levels; level++) {
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_BASE_LEVEL, level - 1);
    gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, level - 1);
    gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, level);
    state.viewport(0, 0, Math.max(1, width >> level), Math.max(1, height >> level));
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_BASE_LEVEL, 0);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAX_LEVEL, levels - 1);
  gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, null, 0);
  state.bindFramebuffers(framebuffers.read ?? null, framebuffers.draw ?? null);
  restore();
}
