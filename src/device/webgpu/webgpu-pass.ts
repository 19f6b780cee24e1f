import type { Bindings, Bundle, DeviceBuffer, DrawEncoder, PassEncoder, Pipeline } from '../device';

import type {
  GpuBindingsHandle,
  GpuHost,
  GpuBufferHandle,
  GpuBundleHandle,
  GpuPipelineHandle,
} from './webgpu-resources';

type Commands = GPURenderCommandsMixin & GPUBindingCommandsMixin;

/** Draw commands into a WebGPU render pass or render bundle encoder (they share the commands). */
class GpuDraws implements DrawEncoder {
  protected commands!: Commands;
  /** The one dynamic offset a draw passes, without a list per call. */
  private readonly offset = new Uint32Array(1);

  setPipeline(pipeline: Pipeline): void {
    this.commands.setPipeline((pipeline as GpuPipelineHandle).pipeline);
  }

  setBindings(group: number, bindings: Bindings, dynamicOffset?: number): void {
    const bindGroup = (bindings as GpuBindingsHandle).bindGroup;
    if (dynamicOffset === undefined) this.commands.setBindGroup(group, bindGroup);
    else {
      this.offset[0] = dynamicOffset;
      this.commands.setBindGroup(group, bindGroup, this.offset, 0, 1);
    }
  }

  setVertexBuffer(slot: number, buffer: DeviceBuffer, size?: number): void {
    this.commands.setVertexBuffer(slot, (buffer as GpuBufferHandle).buffer, 0, size);
  }

  setIndexBuffer(buffer: DeviceBuffer, format: 'uint16' | 'uint32'): void {
    this.commands.setIndexBuffer((buffer as GpuBufferHandle).buffer, format);
  }

  draw(vertexCount: number, instanceCount = 1): void {
    this.commands.draw(vertexCount, instanceCount);
  }

  drawIndexed(indexCount: number, instanceCount = 1, firstInstance = 0): void {
    this.commands.drawIndexed(indexCount, instanceCount, 0, 0, firstInstance);
  }

  drawIndexedIndirect(buffer: DeviceBuffer, offset: number): void {
    this.commands.drawIndexedIndirect((buffer as GpuBufferHandle).buffer, offset);
  }

  /** Aims these commands at another encoder (one object serves every pass and bundle of a device). */
  aim(commands: Commands): this {
    this.commands = commands;
    return this;
  }
}

/** A WebGPU render pass as a `PassEncoder`: the device reuses one for every pass. */
export class GpuPass extends GpuDraws implements PassEncoder {
  readonly clipTransform = null;
  private pass!: GPURenderPassEncoder;
  private colorFormats: GPUTextureFormat[] = ['rgba8unorm'];
  private depthFormat: GPUTextureFormat | undefined;
  private readonly bundleDraws = new GpuDraws();

  constructor(private readonly device: GpuHost) {
    super();
  }

  begin(pass: GPURenderPassEncoder, colorFormats: GPUTextureFormat[], depthFormat?: GPUTextureFormat): this {
    this.pass = pass;
    this.colorFormats = colorFormats;
    this.depthFormat = depthFormat;
    return this.aim(pass);
  }

  setViewport(x: number, y: number, width: number, height: number): void {
    this.pass.setViewport(x, y, width, height, 0, 1);
  }

  setScissor(x: number, y: number, width: number, height: number): void {
    this.pass.setScissorRect(x, y, width, height);
  }

  executeBundle(bundle: Bundle, rerecord: boolean, record: (encoder: DrawEncoder) => void): boolean {
    const b = bundle as GpuBundleHandle;
    const stale =
      rerecord ||
      !b.native ||
      b.generation !== this.device.generation ||
      b.depthFormat !== this.depthFormat ||
      !sameFormats(b.colorFormats, this.colorFormats);
    if (stale) {
      const encoder = this.device.gpu.device.createRenderBundleEncoder({
        label: b.label,
        colorFormats: this.colorFormats,
        ...(this.depthFormat ? { depthStencilFormat: this.depthFormat } : {}),
      });
      record(this.bundleDraws.aim(encoder));
      b.native = encoder.finish();
      b.list[0] = b.native;
      b.generation = this.device.generation;
      b.colorFormats = this.colorFormats.slice();
      b.depthFormat = this.depthFormat;
    }
    this.pass.executeBundles(b.list);
    return stale;
  }

  end(): void {
    this.pass.end();
  }
}

/** Whether two lists of target formats are the same, compared in place (no key string per draw chunk per frame). */
function sameFormats(a: readonly GPUTextureFormat[], b: readonly GPUTextureFormat[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
