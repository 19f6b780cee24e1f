import source from '../../wgsl/test-pattern.glsl?raw';
import { compileGlsl } from './compile-glsl';

/** `TestPattern` on WebGL2: the same clear colour and RGB triangle, into the canvas's default framebuffer. */
export class GlTestPattern {
  private constructor(
    private readonly gl: WebGL2RenderingContext,
    private readonly program: WebGLProgram,
  ) {}

  static create(gl: WebGL2RenderingContext): GlTestPattern {
    return new GlTestPattern(gl, compileGlsl(gl, source, 'test-pattern.glsl'));
  }

  draw(clearColor: { r: number; g: number; b: number; a: number }): void {
    const gl = this.gl;
    gl.bindFramebuffer(gl.FRAMEBUFFER, null);
    gl.viewport(0, 0, gl.drawingBufferWidth, gl.drawingBufferHeight);
    gl.clearColor(clearColor.r, clearColor.g, clearColor.b, clearColor.a);
    gl.clear(gl.COLOR_BUFFER_BIT);
    gl.useProgram(this.program);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }
}
