import { describe, expect, it } from 'vitest';
import { GlslCompileError, compileGlsl } from './compile-glsl';

function context(): WebGL2RenderingContext {
  const gl = document.createElement('canvas').getContext('webgl2', { antialias: false });
  if (!gl) throw new Error('no WebGL2 in this browser');
  return gl;
}

describe('GLSL on real WebGL2', () => {
  it('reports a GLSL error with the offending line of the file', () => {
    const gl = context();
    const broken =
      'precision highp float;\n#ifdef VERTEX\nvoid main() { gl_Position = vec4(undefinedThing); }\n#else\nout vec4 c;\nvoid main() { c = vec4(1.0); }\n#endif\n';
    expect(() => compileGlsl(gl, broken, 'broken.glsl')).toThrow(GlslCompileError);
    expect(() => compileGlsl(gl, broken, 'broken.glsl')).toThrow(
      /vertex[\s\S]*gl_Position = vec4\(undefinedThing\)/,
    );
  });

  it('sets named samplers to their texture units, and names a sampler the program does not have', () => {
    const gl = context();
    const sampling =
      'precision highp float;\n#ifdef VERTEX\nvoid main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n#else\n' +
      'uniform sampler2D image;\nout vec4 c;\nvoid main() { c = texture(image, vec2(0.5)); }\n#endif\n';
    const program = compileGlsl(gl, sampling, 'sampling.glsl', [], { image: 3 });
    expect(gl.getUniform(program, gl.getUniformLocation(program, 'image')!)).toBe(3);
    expect(gl.getParameter(gl.CURRENT_PROGRAM)).toBeNull(); // left unbound, as it was
    expect(() => compileGlsl(gl, sampling, 'sampling.glsl', [], { imgae: 3 })).toThrow(
      /"sampling.glsl" has no sampler "imgae" in use/,
    );
    expect(gl.getError()).toBe(0);
  });
});
