import type { GlState } from './gl-state';

/** A GLSL ES program WebGL2 rejected; the message quotes each offending line of the source as written. */
export class GlslCompileError extends Error {
  /** `headerLines`: lines put before `source` when it was compiled (reported line numbers count them). */
  constructor(label: string, stage: string, log: string, source: string, headerLines = 0) {
    const lines = source.split('\n');
    // Drivers report "ERROR: 0:<line>: …", counting the header lines compileGlsl prepends.
    const described = log
      .split('\n')
      .filter((l) => l.trim() !== '')
      .map((l) => {
        const line = /^ERROR:\s*\d+:(\d+):/.exec(l)?.[1];
        const text = line === undefined ? undefined : lines[Number(line) - 1 - headerLines];
        return text === undefined ? l : `${l}\n    ${text.trim()}`;
      });
    super(`GLSL "${label}" (${stage}) does not compile:\n${described.join('\n')}`);
    this.name = 'GlslCompileError';
  }
}

/**
 * Compiles one GLSL ES 3.00 source as a vertex and a fragment shader (`#define VERTEX` for the first, `defines` for
 * both) and links them; a compile or link failure throws with the driver's log and the offending lines. Each sampler
 * named in `textureUnits` is set to its unit once, here (GL keeps it with the program): the program is made current
 * through `state` when one is given (so the device's cache knows it); without one it is left unbound, as it was.
 */
export function compileGlsl(
  gl: WebGL2RenderingContext,
  source: string,
  label: string,
  defines: readonly string[] = [],
  textureUnits: Readonly<Record<string, number>> = {},
  state?: GlState,
): WebGLProgram {
  const stage = (type: number, name: string, define: string) => {
    const shader = gl.createShader(type)!;
    const header = ['#version 300 es', `#define ${define} 1`, ...defines.map((d) => `#define ${d} 1`)];
    gl.shaderSource(shader, `${header.join('\n')}\n${source}`);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) {
      const log = gl.getShaderInfoLog(shader) ?? '';
      gl.deleteShader(shader);
      throw new GlslCompileError(label, name, log, source, header.length);
    }
    return shader;
  };
  const vertex = stage(gl.VERTEX_SHADER, 'vertex', 'VERTEX');
  const fragment = stage(gl.FRAGMENT_SHADER, 'fragment', 'FRAGMENT');
  const program = gl.createProgram()!;
  gl.attachShader(program, vertex);
  gl.attachShader(program, fragment);
  gl.linkProgram(program);
  gl.deleteShader(vertex);
  gl.deleteShader(fragment);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS)) {
    const log = gl.getProgramInfoLog(program) ?? '';
    gl.deleteProgram(program);
    throw new GlslCompileError(label, 'link', log, source);
  }
  const samplers = Object.entries(textureUnits);
  if (samplers.length > 0) {
    const use = (p: WebGLProgram | null) => (state ? state.useProgram(p) : gl.useProgram(p));
    use(program);
    for (const [name, unit] of samplers) {
      const at = gl.getUniformLocation(program, name);
      // A sampler the source declares but this variant never reads (a shadow caster's images) is compiled out: fine.
      if (!at && new RegExp(`uniform\\s+(\\w+\\s+)?u?sampler2D\\s+${name}\\b`).test(source)) continue;
      if (!at) {
        use(null);
        gl.deleteProgram(program);
        throw new Error(
          `GLSL "${label}" has no sampler "${name}" in use; check the name against the source.`,
        );
      }
      gl.uniform1i(at, unit);
    }
    if (!state) gl.useProgram(null);
  }
  return program;
}
