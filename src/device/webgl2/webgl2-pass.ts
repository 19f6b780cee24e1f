import type { Bindings, Bundle, DeviceBuffer, DrawEncoder, PassEncoder, Pipeline } from '../device';

import {
  noCompute,
  type GlBindingsHandle,
  type GlBufferHandle,
  type GlHost,
  type GlPipelineHandle,
} from './webgl2-resources';

/** Column-major: z' = 2z − w (WebGPU's depth 0…1 to GL's −1…1). */
const ZO_TO_NO = new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, -1, 1]);
/** The same with y' = −y: draws a texture top row first, as WebGPU stores it. */
const ZO_TO_NO_FLIP_Y = new Float32Array([1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 2, 0, 0, 0, -1, 1]);

/**
 * A pass on WebGL2. Commands are recorded as state (pipeline, bindings, buffers) and applied through the device's
 * state cache at each draw, so a draw sets only what differs from the last one. Device textures are kept top row first
 * (drawn y-flipped, the winding flipped with it); the canvas and XR layers are stored bottom row first, as GL shows them.
 */
export class GlPass implements PassEncoder {
  clipTransform: Float32Array = ZO_TO_NO;
  private flipped = false;
  private height = 0;
  private external = false;
  private width = 0;
  private pipeline: GlPipelineHandle | null = null;
  private readonly groups: (GlBindingsHandle | undefined)[] = [];
  private readonly offsets: number[] = [];
  /** The vertex buffers by slot (one per layout of the pipeline). */
  private readonly vertexBuffers: GlBufferHandle[] = [];
  private indexBuffer: GlBufferHandle | null = null;
  private indexType = 0;

  constructor(private readonly device: GlHost) {}

  /** Aims the encoder at a target `width`×`height`: a device texture (flipped) or a framebuffer shown as it is. */
  begin(width: number, height: number, external: boolean): this {
    this.width = width;
    this.height = height;
    this.external = external;
    this.flipped = !external;
    this.clipTransform = this.flipped ? ZO_TO_NO_FLIP_Y : ZO_TO_NO;
    this.pipeline = null;
    this.groups.length = 0;
    this.vertexBuffers.length = 0;
    this.indexBuffer = null;
    return this;
  }

  setViewport(x: number, y: number, width: number, height: number): void {
    // Given from the top left; GL counts rows from the bottom of what it stores.
    this.device.state.viewport(x, this.flipped ? y : this.height - y - height, width, height);
  }

  setScissor(x: number, y: number, width: number, height: number): void {
    const state = this.device.state;
    state.set(this.device.gl.SCISSOR_TEST, true); // off again when the next pass begins
    state.scissor(x, this.flipped ? y : this.height - y - height, width, height);
  }

  setPipeline(pipeline: Pipeline): void {
    this.pipeline = pipeline as GlPipelineHandle;
  }

  setBindings(group: number, bindings: Bindings, dynamicOffset = 0): void {
    this.groups[group] = bindings as GlBindingsHandle;
    this.offsets[group] = dynamicOffset;
  }

  setVertexBuffer(slot: number, buffer: DeviceBuffer): void {
    this.vertexBuffers[slot] = buffer as GlBufferHandle;
  }

  setIndexBuffer(buffer: DeviceBuffer, format: 'uint16' | 'uint32'): void {
    const gl = this.device.gl;
    this.indexBuffer = buffer as GlBufferHandle;
    this.indexType = format === 'uint32' ? gl.UNSIGNED_INT : gl.UNSIGNED_SHORT;
  }

  draw(vertexCount: number, instanceCount = 1): void {
    this.apply(false);
    const gl = this.device.gl;
    if (instanceCount === 1) gl.drawArrays(gl.TRIANGLES, 0, vertexCount);
    else gl.drawArraysInstanced(gl.TRIANGLES, 0, vertexCount, instanceCount);
  }

  drawIndexedIndirect(): void {
    throw noCompute('drawIndexedIndirect');
  }

  drawIndexed(indexCount: number, instanceCount = 1, firstInstance = 0): void {
    this.apply(true);
    const gl = this.device.gl;
    const p = this.pipeline!;
    if (firstInstance !== 0 && !p.baseInstance)
      throw new Error(
        `${p.label}: an instanced draw from instance ${firstInstance} on WebGL2 needs its GLSL to declare ` +
          '`uniform int armatureBaseInstance;` and add it to gl_InstanceID.',
      );
    if (p.baseInstance && p.lastTarget.baseInstance !== firstInstance)
      gl.uniform1i(p.baseInstance, (p.lastTarget.baseInstance = firstInstance));
    if (instanceCount === 1 && firstInstance === 0)
      gl.drawElements(gl.TRIANGLES, indexCount, this.indexType, 0);
    else gl.drawElementsInstanced(gl.TRIANGLES, indexCount, this.indexType, 0, instanceCount);
  }

  executeBundle(_bundle: Bundle, _rerecord: boolean, record: (encoder: DrawEncoder) => void): boolean {
    record(this);
    return false;
  }

  end(): void {
    this.pipeline = null;
  }

  /** Sets everything the draw needs that GL does not have yet. */
  private apply(indexed: boolean): void {
    const p = this.pipeline;
    if (!p) throw new Error('GlPass: setPipeline before drawing.');
    const { gl, state } = this.device;
    state.useProgram(p.linked);
    state.set(gl.DEPTH_TEST, p.depthTest);
    if (p.depthTest) state.depth(p.depthFunc, p.depthWrite);
    state.set(gl.CULL_FACE, p.cull);
    // Drawing into a texture flips y, which turns the winding over too. Set with culling off as well:
    // gl_FrontFacing (a double-sided material's back faces) reads it.
    state.frontFace(this.flipped !== p.clockwise ? gl.CW : gl.CCW);
    state.set(gl.BLEND, p.blend);
    if (p.blend) state.blendAlpha();
    for (let g = 0; g < p.groups; g++) {
      const bindings = this.groups[g];
      if (!bindings) throw new Error(`${p.label}: bind group ${g} was not set before the draw.`);
      const offset = this.offsets[g]!;
      for (const u of bindings.uniforms) state.bindUniformRange(u.point, u.buffer.buffer, offset, u.size);
      for (const t of bindings.textures) {
        state.bindTexture(t.unit, t.texture.texture);
        state.bindSampler(t.unit, t.sampler.sampler);
      }
    }
    const last = p.lastTarget;
    if (p.targetSize && (last.width !== this.width || last.height !== this.height)) {
      gl.uniform2f(p.targetSize, (last.width = this.width), (last.height = this.height));
    }
    const flip = this.external ? 1 : 0;
    if (p.flipY && last.flip !== flip) gl.uniform1i(p.flipY, (last.flip = flip));
    state.bindVertexArray(
      this.vertexBuffers.length > 0
        ? this.device.vertexArray(p, this.vertexBuffers, indexed ? this.indexBuffer : null)
        : null,
    );
  }
}
