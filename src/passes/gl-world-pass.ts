import { mat4 } from 'gl-matrix';
import source from '../../wgsl/passes/world.glsl?raw';
import { compileGlsl } from '../gpu/compile-glsl';
import { assertStd140Compatible } from '../gpu/std140';
import type { StructLayout } from '../gpu/struct-layout';
import type { ArenaDevice } from '../gpu/uniform-arena';
import type { Geometry } from '../scene/geometry';
import type { MaterialKind } from '../scene/material';
import type { Node } from '../scene/node';
import { FRAME, OBJECT, WORLD_LAYOUTS, WorldPacker } from './world-packer';

// The WGSL structs are the one definition of the bytes; std140 must give the same offsets for WebGL2 to read them.
assertStd140Compatible(OBJECT, WORLD_LAYOUTS);
assertStd140Compatible(FRAME, WORLD_LAYOUTS);

const FRAME_BINDING = 0;
const OBJECT_BINDING = 1;
const blockSize = (layout: StructLayout) => Math.ceil(layout.size / 16) * 16;

/** One view `GlWorldPass.renderViews` draws: a framebuffer region with the eye's view and projection. */
export interface GlView {
  /** null: the canvas's default framebuffer (what XRWebGLLayer.framebuffer is under emulation). */
  framebuffer: WebGLFramebuffer | null;
  viewport: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  /** World → eye. */
  view: Float32Array;
}

/** Settings of the WebGL2 world pass (the light as in `WorldPassOptions`). */
export interface GlWorldPassOptions {
  root: Node;
  clearColor?: readonly [number, number, number, number];
  lightDirection?: readonly [number, number, number];
  lightColor?: readonly [number, number, number];
  ambient?: readonly [number, number, number];
}

interface GlGeometry {
  vao: WebGLVertexArrayObject;
  buffers: WebGLBuffer[];
  indexType: number;
  indexCount: number;
}

/** A GL uniform buffer dressed as the GPUBuffer the arena makes; `gl` is the real one. */
type GlArenaBuffer = GPUBuffer & { readonly gl: WebGLBuffer };

/**
 * The `GPUDevice` part the uniform arena needs, served by WebGL2: its buffers are GL uniform buffers and its writes
 * `bufferSubData`, its alignment `UNIFORM_BUFFER_OFFSET_ALIGNMENT`. The arena's bytes are then bound per draw as
 * std140 ranges (`bindBufferRange`): one buffer for every object, as on WebGPU.
 */
function glArenaDevice(gl: WebGL2RenderingContext): ArenaDevice {
  return {
    limits: {
      minUniformBufferOffsetAlignment: gl.getParameter(gl.UNIFORM_BUFFER_OFFSET_ALIGNMENT) as number,
      maxUniformBufferBindingSize: gl.getParameter(gl.MAX_UNIFORM_BLOCK_SIZE) as number,
    } as GPUSupportedLimits,
    createBuffer: (descriptor: GPUBufferDescriptor) => {
      const buffer = gl.createBuffer();
      gl.bindBuffer(gl.UNIFORM_BUFFER, buffer);
      gl.bufferData(gl.UNIFORM_BUFFER, descriptor.size, gl.DYNAMIC_DRAW);
      return {
        size: descriptor.size,
        gl: buffer,
        destroy: () => gl.deleteBuffer(buffer),
      } as unknown as GPUBuffer;
    },
    createBindGroup: () => {
      throw new Error('WebGL2 has no bind groups: bind the arena with bindBufferRange.');
    },
    queue: {
      writeBuffer: (buffer: GPUBuffer, offset: number, data: ArrayBuffer, dataOffset = 0, size?: number) => {
        gl.bindBuffer(gl.UNIFORM_BUFFER, (buffer as GlArenaBuffer).gl);
        gl.bufferSubData(gl.UNIFORM_BUFFER, offset, new Uint8Array(data, dataOffset, size));
      },
    } as unknown as GPUQueue,
  };
}

/**
 * The world pass on WebGL2: the same scene, packer and per-object bytes as `WorldPass`, drawn with world.glsl (the
 * GLSL ES 3.00 twin of world.wgsl) into framebuffer regions, one per view. What the WebXR bridge uses where the
 * browser has no WebXR/WebGPU binding (XRWebGLLayer).
 */
export class GlWorldPass {
  readonly clearColor: Float32Array;
  readonly lightDirection: Float32Array;
  readonly lightColor: Float32Array;
  readonly ambient: Float32Array;
  /** Of the last frame. */
  readonly counters = { drawCalls: 0, triangles: 0, objectsPacked: 0, bytesUploaded: 0 };
  private readonly packer: WorldPacker;
  private readonly frameBuffer: WebGLBuffer;
  private readonly geometries = new WeakMap<Geometry, GlGeometry>();
  private readonly made: GlGeometry[] = [];
  private readonly viewProjection = mat4.create();

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    readonly root: Node,
    private readonly programs: Record<MaterialKind, WebGLProgram>,
    options: GlWorldPassOptions,
  ) {
    this.clearColor = Float32Array.from(options.clearColor ?? [0, 0, 0, 1]);
    this.lightDirection = Float32Array.from(options.lightDirection ?? [-0.4, -1, -0.6]);
    this.lightColor = Float32Array.from([...(options.lightColor ?? [0.9, 0.9, 0.85]), 1]);
    this.ambient = Float32Array.from([...(options.ambient ?? [0.25, 0.25, 0.3]), 1]);
    this.packer = new WorldPacker(root, glArenaDevice(gl));
    this.frameBuffer = gl.createBuffer();
    gl.bindBuffer(gl.UNIFORM_BUFFER, this.frameBuffer);
    gl.bufferData(gl.UNIFORM_BUFFER, blockSize(FRAME), gl.DYNAMIC_DRAW);
  }

  /** Compiles and links world.glsl for both materials and checks GL's block layout against the WGSL one. */
  static create(gl: WebGL2RenderingContext, options: GlWorldPassOptions): GlWorldPass {
    const program = (kind: MaterialKind) => {
      const made = compileGlsl(gl, source, `passes/world.glsl (${kind})`, kind === 'unlit' ? ['UNLIT'] : []);
      bindBlock(gl, made, 'Frame', FRAME, FRAME_BINDING);
      bindBlock(gl, made, 'Object', OBJECT, OBJECT_BINDING);
      return made;
    };
    return new GlWorldPass(
      gl,
      options.root,
      { unlit: program('unlit'), lambert: program('lambert') },
      options,
    );
  }

  /** Draws the scene once per view, each into its framebuffer region (cleared first), with the view's matrices. */
  renderViews(time: number, views: readonly GlView[]): void {
    const gl = this.gl;
    const { packed, bytesUploaded } = this.packer.prepare();
    const arena = this.packer.arena;
    const objects = (arena.buffer as GlArenaBuffer).gl;
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    gl.enable(gl.CULL_FACE);
    gl.cullFace(gl.BACK);
    gl.frontFace(gl.CCW);
    gl.enable(gl.SCISSOR_TEST);
    let drawCalls = 0;
    let triangles = 0;
    for (const view of views) {
      const v = view.viewport;
      gl.bindFramebuffer(gl.FRAMEBUFFER, view.framebuffer);
      gl.viewport(v.x, v.y, v.width, v.height);
      gl.scissor(v.x, v.y, v.width, v.height); // a clear is not bound by the viewport: only this eye's region
      const c = this.clearColor;
      gl.clearColor(c[0]!, c[1]!, c[2]!, c[3]!);
      gl.clearDepth(1);
      gl.depthMask(true);
      gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      mat4.multiply(this.viewProjection, view.projection, view.view);
      gl.bindBuffer(gl.UNIFORM_BUFFER, this.frameBuffer);
      gl.bufferSubData(
        gl.UNIFORM_BUFFER,
        0,
        new Uint8Array(this.packer.frameBytes(this.viewProjection, time, this)),
      );
      gl.bindBufferBase(gl.UNIFORM_BUFFER, FRAME_BINDING, this.frameBuffer);
      let program: WebGLProgram | null = null;
      for (const draw of this.packer.draws) {
        if (!draw.mesh.visible) continue;
        const wanted = this.programs[draw.mesh.material.kind];
        if (wanted !== program) gl.useProgram((program = wanted));
        const geometry = this.glGeometry(draw.mesh.geometry);
        gl.bindVertexArray(geometry.vao);
        gl.bindBufferRange(
          gl.UNIFORM_BUFFER,
          OBJECT_BINDING,
          objects,
          arena.offset(draw.slot),
          blockSize(OBJECT),
        );
        gl.drawElements(gl.TRIANGLES, geometry.indexCount, geometry.indexType, 0);
        drawCalls++;
        triangles += geometry.indexCount / 3;
      }
    }
    gl.bindVertexArray(null);
    gl.disable(gl.SCISSOR_TEST);
    const counters = this.counters;
    counters.drawCalls = drawCalls;
    counters.triangles = triangles;
    counters.objectsPacked = packed;
    counters.bytesUploaded = bytesUploaded + FRAME.size * views.length;
  }

  destroy(): void {
    const gl = this.gl;
    this.packer.destroy();
    gl.deleteBuffer(this.frameBuffer);
    for (const geometry of this.made) {
      gl.deleteVertexArray(geometry.vao);
      for (const buffer of geometry.buffers) gl.deleteBuffer(buffer);
    }
    gl.deleteProgram(this.programs.unlit);
    gl.deleteProgram(this.programs.lambert);
  }

  private glGeometry(geometry: Geometry): GlGeometry {
    let made = this.geometries.get(geometry);
    if (made) return made;
    const gl = this.gl;
    const vao = gl.createVertexArray();
    gl.bindVertexArray(vao);
    const vertices = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, vertices);
    gl.bufferData(gl.ARRAY_BUFFER, geometry.vertices, gl.STATIC_DRAW);
    // Interleaved position and normal, 24 bytes a vertex: the layout WorldPass declares.
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 3, gl.FLOAT, false, 24, 0);
    gl.enableVertexAttribArray(1);
    gl.vertexAttribPointer(1, 3, gl.FLOAT, false, 24, 12);
    const indices = gl.createBuffer();
    gl.bindBuffer(gl.ELEMENT_ARRAY_BUFFER, indices);
    gl.bufferData(gl.ELEMENT_ARRAY_BUFFER, geometry.indices, gl.STATIC_DRAW);
    gl.bindVertexArray(null);
    made = {
      vao,
      buffers: [vertices, indices],
      indexType: geometry.indices instanceof Uint32Array ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT,
      indexCount: geometry.indices.length,
    };
    this.geometries.set(geometry, made);
    this.made.push(made);
    return made;
  }
}

/**
 * Binds a uniform block to its binding point after checking that GL laid it out as the WGSL struct: the same size
 * and every member at the same offset (a mismatch is an error naming the member, never a silently wrong draw).
 */
function bindBlock(
  gl: WebGL2RenderingContext,
  program: WebGLProgram,
  name: string,
  layout: StructLayout,
  binding: number,
): void {
  const index = gl.getUniformBlockIndex(program, name);
  if (index === gl.INVALID_INDEX) throw new Error(`world.glsl has no uniform block ${name}.`);
  const size = gl.getActiveUniformBlockParameter(program, index, gl.UNIFORM_BLOCK_DATA_SIZE) as number;
  if (size !== blockSize(layout))
    throw new Error(`GLSL block ${name} is ${size} bytes; the WGSL struct is ${blockSize(layout)}.`);
  const members = gl.getActiveUniformBlockParameter(
    program,
    index,
    gl.UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES,
  ) as Uint32Array;
  const offsets = gl.getActiveUniforms(program, [...members], gl.UNIFORM_OFFSET) as number[];
  [...members].forEach((member, i) => {
    const field = gl.getActiveUniform(program, member)!.name.replace(`${name}.`, '');
    const wgsl = layout.fields.find((f) => f.name === field);
    if (!wgsl || wgsl.offset !== offsets[i])
      throw new Error(
        `GLSL block ${name}.${field} is at byte ${offsets[i]}; the WGSL struct has it at ${wgsl?.offset ?? 'no such field'}.`,
      );
  });
  gl.uniformBlockBinding(program, index, binding);
}
