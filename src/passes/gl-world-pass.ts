import { mat4 } from 'gl-matrix';
import source from '../../wgsl/passes/world.glsl?raw';
import { compileGlsl } from '../gpu/compile-glsl';
import { assertStd140Compatible } from '../gpu/std140';
import { bindUniformBlock, uniformBlockSize } from '../gpu/gl-uniform-block';
import type { ArenaDevice } from '../gpu/uniform-arena';
import type { Geometry } from '../scene/geometry';
import type { MaterialKind } from '../scene/material';
import type { Node } from '../scene/node';
import type { Camera } from '../scene/camera';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { GlFrame, GlTexture } from './gl-frame';
import { FRAME, materialKinds, OBJECT, WORLD_LAYOUTS, WorldPacker } from './world-packer';

// The WGSL structs are the one definition of the bytes; std140 must give the same offsets for WebGL2 to read them.
assertStd140Compatible(OBJECT, WORLD_LAYOUTS);
assertStd140Compatible(FRAME, WORLD_LAYOUTS);

const FRAME_BINDING = 0;
/** Column-major: y' = −y, z' = 2z − w (WebGPU's 0…1 depth range to GL's −1…1). */
const ZO_TO_NO_FLIP_Y = new Float32Array([1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 2, 0, 0, 0, -1, 1]);
const OBJECT_BINDING = 1;
const PANEL_UNIT = 0;
const OBJECT_BLOCK_BYTES = uniformBlockSize(OBJECT);
/** world.glsl's defines for each material kind. */
const DEFINES: Record<MaterialKind, string[]> = { unlit: ['UNLIT'], lambert: [], panel: ['PANEL'] };

/** One view `GlWorldPass.renderViews` draws: a framebuffer region with the eye's view and projection. */
export interface GlView {
  /** null: the canvas's default framebuffer (what XRWebGLLayer.framebuffer is under emulation). */
  framebuffer: WebGLFramebuffer | null;
  viewport: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  /** World → eye. */
  view: Float32Array;
  /**
   * Draws the image upside down in GL's terms, i.e. top row first as WebGPU stores it (the graph's textures); the
   * winding flips with it. Off for framebuffers that are shown as they are (the canvas, an XR layer).
   */
  flipY?: boolean;
  /** Clears the region first (default); false draws over what is there, depth-tested against its depth. */
  clear?: boolean;
}

/** Settings of the WebGL2 world pass (the light as in `WorldPassOptions`). */
export interface GlWorldPassOptions {
  root: Node;
  /** The camera of the graph's `scene` target (XR views bring their own matrices). */
  camera?: Camera;
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
  let view: Uint8Array | null = null;
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
        // One byte view per staging buffer (it changes only when the arena grows), not one per uploaded range.
        if (view?.buffer !== data) view = new Uint8Array(data);
        gl.bindBuffer(gl.UNIFORM_BUFFER, (buffer as GlArenaBuffer).gl);
        gl.bufferSubData(gl.UNIFORM_BUFFER, offset, view, dataOffset, size ?? data.byteLength - dataOffset);
      },
    } as unknown as GPUQueue,
  };
}

/**
 * The world pass on WebGL2: the same scene, packer and per-object bytes as `WorldPass`, drawn with world.glsl (the
 * GLSL ES 3.00 twin of world.wgsl) into framebuffer regions, one per view. What the WebXR bridge uses where the
 * browser has no WebXR/WebGPU binding (XRWebGLLayer).
 */
export class GlWorldPass implements PassDecl<GlFrame, GlTexture> {
  readonly name = 'world';
  readonly reads = [];
  readonly writes: ResourceDecl[] = [
    { name: 'scene', format: 'rgba8unorm', size: { relativeTo: 'native' } },
    { name: 'depth', format: 'depth24plus', size: { relativeTo: 'native' } },
  ];
  readonly bypass = {};
  camera: Camera | null;
  /** The image `panel` materials show (the UI layer's); drawing a panel mesh without one throws. */
  panelTexture: GlTexture | null = null;
  readonly clearColor: Float32Array;
  readonly lightDirection: Float32Array;
  readonly lightColor: Float32Array;
  readonly ambient: Float32Array;
  /** Of the last frame. */
  readonly counters = {
    drawCalls: 0,
    triangles: 0,
    objectsPacked: 0,
    bytesUploaded: 0,
    /** Since creation: one per material kind drawn (those in the scene at create time are linked up front). */
    programsLinked: 0,
  };
  private readonly programs: Partial<Record<MaterialKind, WebGLProgram>> = {};
  private readonly packer: WorldPacker;
  private readonly frameBuffer: WebGLBuffer;
  private readonly geometries = new WeakMap<Geometry, GlGeometry>();
  private readonly made: GlGeometry[] = [];
  private readonly viewProjection = mat4.create();
  private frameView: Uint8Array | null = null;
  /** The graph's view: a framebuffer of its scene and depth textures, remade when the graph gives others. */
  private target: { scene: GlTexture; depth: GlTexture; framebuffer: WebGLFramebuffer } | null = null;
  private readonly graphView: GlView = {
    framebuffer: null,
    viewport: { x: 0, y: 0, width: 0, height: 0 },
    projection: new Float32Array(16),
    view: new Float32Array(16),
    flipY: true,
  };
  private readonly graphViews = [this.graphView];

  private constructor(
    private readonly gl: WebGL2RenderingContext,
    readonly root: Node,

    options: GlWorldPassOptions,
  ) {
    this.camera = options.camera ?? null;
    this.clearColor = Float32Array.from(options.clearColor ?? [0, 0, 0, 1]);
    this.lightDirection = Float32Array.from(options.lightDirection ?? [-0.4, -1, -0.6]);
    this.lightColor = Float32Array.from([...(options.lightColor ?? [0.9, 0.9, 0.85]), 1]);
    this.ambient = Float32Array.from([...(options.ambient ?? [0.25, 0.25, 0.3]), 1]);
    this.packer = new WorldPacker(root, glArenaDevice(gl));
    this.frameBuffer = gl.createBuffer();
    gl.bindBuffer(gl.UNIFORM_BUFFER, this.frameBuffer);
    gl.bufferData(gl.UNIFORM_BUFFER, uniformBlockSize(FRAME), gl.DYNAMIC_DRAW);
  }

  /**
   * Compiles and links world.glsl for the material kinds the scene has now (a kind that first appears later is linked
   * when first drawn), each checked against the WGSL block layout as it links.
   */
  static create(gl: WebGL2RenderingContext, options: GlWorldPassOptions): GlWorldPass {
    const pass = new GlWorldPass(gl, options.root, options);
    for (const kind of materialKinds(options.root)) pass.program(kind);
    return pass;
  }

  /** The kind's program, linked on first use. */
  private program(kind: MaterialKind): WebGLProgram {
    let made = this.programs[kind];
    if (made) return made;
    const gl = this.gl;
    const units = kind === 'panel' ? { panel: PANEL_UNIT } : {};
    made = compileGlsl(gl, source, `passes/world.glsl (${kind})`, DEFINES[kind], units);
    bindUniformBlock(gl, made, 'Frame', FRAME, FRAME_BINDING);
    bindUniformBlock(gl, made, 'Object', OBJECT, OBJECT_BINDING);
    this.counters.programsLinked++;
    return (this.programs[kind] = made);
  }

  /** As a graph pass: draws the camera's view into the `scene` target with the `depth` one. */
  execute(frame: GlFrame, io: PassIO<GlTexture>): void {
    if (!this.camera) throw new Error("GlWorldPass: give it a camera to use it as the graph's world pass.");
    const scene = io.output('scene');
    const depth = io.output('depth');
    if (this.target?.scene !== scene || this.target.depth !== depth) {
      const gl = this.gl;
      if (this.target) gl.deleteFramebuffer(this.target.framebuffer);
      const framebuffer = gl.createFramebuffer();
      gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, scene.texture, 0);
      gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.TEXTURE_2D, depth.texture, 0);
      this.target = { scene, depth, framebuffer };
    }
    const view = this.graphView;
    view.framebuffer = this.target.framebuffer;
    view.viewport.width = scene.width;
    view.viewport.height = scene.height;
    // The camera's projection maps depth to 0…1 (WebGPU); GL clips −1…1: z' = 2z − w; and y flips (see GlView).
    mat4.multiply(view.projection, ZO_TO_NO_FLIP_Y, this.camera.projectionMatrix);
    view.view.set(this.camera.viewMatrix);
    this.renderViews(frame.time, this.graphViews);
  }

  /** Draws the scene once per view, each into its framebuffer region (cleared first unless told), with its matrices. */
  renderViews(time: number, views: readonly GlView[]): void {
    const gl = this.gl;
    const { packed, bytesUploaded } = this.packer.prepare();
    const arena = this.packer.arena;
    const objects = (arena.buffer as GlArenaBuffer).gl;
    gl.enable(gl.DEPTH_TEST);
    gl.depthFunc(gl.LESS);
    gl.enable(gl.CULL_FACE);
    gl.cullFace(gl.BACK);
    gl.enable(gl.SCISSOR_TEST);
    let drawCalls = 0;
    let triangles = 0;
    for (const view of views) {
      const v = view.viewport;
      gl.frontFace(view.flipY ? gl.CW : gl.CCW);
      gl.bindFramebuffer(gl.FRAMEBUFFER, view.framebuffer);
      gl.viewport(v.x, v.y, v.width, v.height);
      gl.scissor(v.x, v.y, v.width, v.height); // a clear is not bound by the viewport: only this eye's region
      const c = this.clearColor;
      gl.clearColor(c[0]!, c[1]!, c[2]!, c[3]!);
      gl.clearDepth(1);
      gl.depthMask(true);
      if (view.clear !== false) gl.clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT);
      mat4.multiply(this.viewProjection, view.projection, view.view);
      gl.bindBuffer(gl.UNIFORM_BUFFER, this.frameBuffer);
      // frameBytes packs into the same bytes every call: one view over them, made once.
      const bytes = this.packer.frameBytes(this.viewProjection, time, this);
      if (this.frameView?.buffer !== bytes) this.frameView = new Uint8Array(bytes);
      gl.bufferSubData(gl.UNIFORM_BUFFER, 0, this.frameView);
      gl.bindBufferBase(gl.UNIFORM_BUFFER, FRAME_BINDING, this.frameBuffer);
      let program: WebGLProgram | null = null;
      let geometry: GlGeometry | null = null;
      for (const draw of this.packer.draws) {
        if (!draw.mesh.visible) continue;
        const kind = draw.mesh.material.kind;
        const wanted = this.program(kind);
        if (wanted !== program) {
          gl.useProgram((program = wanted));
          if (kind === 'panel') this.bindPanel(draw.mesh.name);
        }
        const made = this.glGeometry(draw.mesh.geometry);
        if (made !== geometry) gl.bindVertexArray((geometry = made).vao);
        gl.bindBufferRange(
          gl.UNIFORM_BUFFER,
          OBJECT_BINDING,
          objects,
          arena.offset(draw.slot),
          OBJECT_BLOCK_BYTES,
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

  private bindPanel(mesh: string): void {
    if (!this.panelTexture?.texture)
      throw new Error(
        `GlWorldPass: mesh "${mesh}" has a panel material but the pass has no panelTexture; set ` +
          'world.panelTexture to the UI image (a headset renderer does), or hide the mesh.',
      );
    const gl = this.gl;
    gl.activeTexture(gl.TEXTURE0 + PANEL_UNIT);
    gl.bindTexture(gl.TEXTURE_2D, this.panelTexture.texture);
    gl.bindSampler(PANEL_UNIT, null);
  }

  destroy(): void {
    const gl = this.gl;
    this.packer.destroy();
    gl.deleteBuffer(this.frameBuffer);
    for (const geometry of this.made) {
      gl.deleteVertexArray(geometry.vao);
      for (const buffer of geometry.buffers) gl.deleteBuffer(buffer);
    }
    if (this.target) gl.deleteFramebuffer(this.target.framebuffer);
    for (const program of Object.values(this.programs)) gl.deleteProgram(program);
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
