import { mat4 } from 'gl-matrix';
import { describe, expect, it } from 'vitest';
import { GlslCompileError, compileGlsl } from '../gpu/compile-glsl';
import { boxGeometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { GlWorldPass } from './gl-world-pass';

const EYE = { width: 160, height: 120 };

function context(): WebGL2RenderingContext {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [EYE.width * 2, EYE.height];
  const gl = canvas.getContext('webgl2', { antialias: false });
  if (!gl) throw new Error('no WebGL2 in this browser');
  return gl;
}

/** Left and right eye side by side in one framebuffer, as XRWebGLLayer lays them out. */
function views(distanceIpd = 0.064) {
  const projection = mat4.perspectiveNO(new Float32Array(16), Math.PI / 2, EYE.width / EYE.height, 0.1, 100);
  const eye = (x: number, left: number) => ({
    framebuffer: null,
    viewport: { x: left, y: 0, width: EYE.width, height: EYE.height },
    projection: projection as Float32Array,
    view: mat4.fromTranslation(new Float32Array(16), [-x, 0, 0]) as Float32Array,
  });
  return [eye(-distanceIpd / 2, 0), eye(distanceIpd / 2, EYE.width)];
}

function read(gl: WebGL2RenderingContext, x: number): Uint8Array {
  const pixels = new Uint8Array(EYE.width * EYE.height * 4);
  gl.readPixels(x, 0, EYE.width, EYE.height, gl.RGBA, gl.UNSIGNED_BYTE, pixels);
  return pixels;
}

function redCentre(pixels: Uint8Array): { x: number; count: number } {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < pixels.length; i += 4)
    if (pixels[i]! > 200 && pixels[i + 1]! < 50) {
      sum += (i / 4) % EYE.width;
      count++;
    }
  return { x: sum / count, count };
}

describe('the WebGL2 world pass (real WebGL2 in Chromium)', () => {
  it('draws the scene per view into framebuffer regions, from the same arena bytes as WebGPU', () => {
    const gl = context();
    const root = new Node('root');
    const box = new Mesh('box', boxGeometry(0.1, 0.1, 0.1), new Material('unlit', [1, 0, 0, 1])).setPosition(
      0,
      0,
      -0.5,
    );
    const far = new Mesh('far', boxGeometry(2, 2, 0.1), new Material('lambert', [0, 0.8, 0, 1])).setPosition(
      0,
      0,
      -3,
    );
    root.add(box).add(far);
    const pass = GlWorldPass.create(gl, { root, clearColor: [0, 0, 0.2, 1] });
    pass.renderViews(0, views());
    expect(gl.getError()).toBe(gl.NO_ERROR);
    expect(pass.counters).toMatchObject({ drawCalls: 4, triangles: 48, objectsPacked: 2 });
    const left = read(gl, 0);
    const right = read(gl, EYE.width);
    const l = redCentre(left);
    const r = redCentre(right);
    expect(l.count).toBeGreaterThan(100);
    expect(r.count).toBeGreaterThan(100);
    // 60 px focal length (half of 120 at 90°) × 0.064 / 0.45 (the front face) = 8.5 px of disparity.
    expect(l.x - r.x).toBeCloseTo((60 * 0.064) / 0.45, 0);
    // Depth: the red box hides the green wall behind it; around it the lit wall shows; the corners are the clear colour.
    const centre = (EYE.height / 2) * EYE.width * 4 + (EYE.width / 2 + 4) * 4;
    expect([...left.subarray(centre, centre + 4)]).toEqual([255, 0, 0, 255]);
    expect(left[(EYE.height / 2) * EYE.width * 4 + 66 * 4 + 1]).toBeGreaterThan(40); // green, lit (the wall spans x 60–100)
    expect([...left.subarray(0, 4)]).toEqual([0, 0, 51, 255]);

    // A second frame with nothing moved packs nothing; moving the box packs one slot.
    pass.renderViews(1 / 60, views());
    expect(pass.counters.objectsPacked).toBe(0);
    box.setPosition(0.05, 0, -0.5);
    pass.renderViews(2 / 60, views());
    expect(pass.counters.objectsPacked).toBe(1);
    pass.destroy();
  });

  it('links programs for the kinds the scene has; a kind added later is linked when first drawn, and draws', () => {
    const gl = context();
    const root = new Node('root');
    const lit = new Mesh('lit', boxGeometry(0.1, 0.1, 0.1), new Material('lambert')).setPosition(
      0.3,
      0,
      -0.5,
    );
    root.add(lit);
    const world = GlWorldPass.create(gl, { root });
    expect(world.counters.programsLinked).toBe(1);
    root.add(
      new Mesh('red', boxGeometry(0.1, 0.1, 0.1), new Material('unlit', [1, 0, 0, 1])).setPosition(
        0,
        0,
        -0.5,
      ),
    );
    const eyes = views();
    world.renderViews(0, eyes);
    expect(world.counters.programsLinked).toBe(2);
    expect(redCentre(read(gl, 0)).count).toBeGreaterThan(50);
    world.renderViews(0, eyes);
    expect(world.counters.programsLinked).toBe(2);
    expect(gl.getError()).toBe(0);
    world.destroy();
  });

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
