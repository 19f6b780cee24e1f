import { mat4 } from 'gl-matrix';
import code from '../../wgsl/passes/world.wgsl?raw';
import { compileWgsl } from '../gpu/compile-wgsl';
import type { PassDecl, PassIO, ResourceDecl } from '../graph/render-graph';
import type { Camera } from '../scene/camera';
import type { Geometry } from '../scene/geometry';
import type { MaterialKind } from '../scene/material';
import type { Node } from '../scene/node';
import type { GpuFrame } from './gpu-frame';
import { viewOf } from './view-of';
import { FRAME, materialKinds, OBJECT, WorldPacker } from './world-packer';

export type { WorldMesh } from './world-packer';

interface GpuGeometry {
  vertices: GPUBuffer;
  indices: GPUBuffer;
  indexFormat: GPUIndexFormat;
  indexCount: number;
}

/** One view `renderViews` draws: its attachments, the region of them, and the eye's view and projection matrices. */
export interface WorldView {
  color: GPUTextureView;
  depth: GPUTextureView;
  /** In texels of the attachments; the whole attachment when omitted. */
  viewport?: { x: number; y: number; width: number; height: number };
  projection: Float32Array;
  /** World → eye (the inverse of the eye's pose). */
  view: Float32Array;
  /** Clears colour and depth first; false for a later view drawing into the same attachments (side by side). */
  clear: boolean;
}

/** Settings of the world pass; the light is a direction (towards which it shines) plus colours. */
export interface WorldPassOptions {
  root: Node;
  /** The camera of the graph's `scene` target; `renderViews` (XR eyes) brings its own matrices instead. */
  camera?: Camera;
  format?: GPUTextureFormat;
  clearColor?: GPUColor;
  lightDirection?: readonly [number, number, number];
  lightColor?: readonly [number, number, number];
  ambient?: readonly [number, number, number];
}

const DEPTH_FORMAT: GPUTextureFormat = 'depth24plus';
/** world.wgsl's fragment entry point of each material kind. */
const FRAGMENT_ENTRY: Record<MaterialKind, string> = {
  unlit: 'fsUnlit',
  lambert: 'fsLambert',
  panel: 'fsPanel',
};

/**
 * Draws the scene graph's meshes from the camera into the native-resolution `scene` target with a depth buffer. Each
 * mesh has a slot in one uniform arena (one bind group per buffer generation, a dynamic offset per draw); only meshes
 * whose world matrix or material changed are re-packed.
 */
export class WorldPass implements PassDecl<GpuFrame, GPUTexture> {
  readonly name = 'world';
  readonly reads = [];
  readonly writes: ResourceDecl[];
  readonly bypass = {};
  clearColor: GPUColor;
  readonly lightDirection: Float32Array;
  readonly lightColor: Float32Array;
  readonly ambient: Float32Array;
  camera: Camera | null;
  /**
   * The image `panel` materials show (the UI layer's, for a headset's diegetic panel); drawing a panel mesh without
   * one throws. Any 2D texture with TEXTURE_BINDING usage.
   */
  panelTexture: GPUTexture | null = null;
  /** Of the last frame. */
  readonly counters = {
    drawCalls: 0,
    triangles: 0,
    objectsPacked: 0,
    bytesUploaded: 0,
    bundlesRecorded: 0,
    /** Since creation: one per material kind drawn (those in the scene at create time are built up front). */
    pipelinesBuilt: 0,
  };
  /** Replay the draws from a render bundle re-recorded only when the draw list changes (default on). */
  useBundles = true;
  private bundle: GPURenderBundle | null = null;
  private bundleShape = -1;
  private bundleObjects: GPUBindGroup | null = null;
  private bundlePanel: GPUBindGroup | null = null;
  private panelGroup: { texture: GPUTexture; group: GPUBindGroup } | null = null;
  private bundleCounts = { drawCalls: 0, triangles: 0 };

  private readonly packer: WorldPacker;
  private readonly frameBuffer: GPUBuffer;
  private readonly frameGroup: GPUBindGroup;
  private readonly objectLayout: GPUBindGroupLayout;
  private readonly frameLayout: GPUBindGroupLayout;
  private readonly panelLayout: GPUBindGroupLayout;
  private readonly pipelines: Partial<Record<MaterialKind, GPURenderPipeline>> = {};
  /** One frame uniform per view of `renderViews` (each eye has its own view-projection). */
  private readonly viewFrames: { buffer: GPUBuffer; group: GPUBindGroup; label: string }[] = [];
  private readonly geometries = new WeakMap<Geometry, GpuGeometry>();
  /** Every geometry's buffers made, so `destroy()` frees them (the weak map cannot be walked). */
  private readonly made: GpuGeometry[] = [];
  private readonly viewProjection = mat4.create();

  private constructor(
    private readonly device: GPUDevice,
    readonly root: Node,
    options: WorldPassOptions,
    private readonly module: GPUShaderModule,
    layouts: { frame: GPUBindGroupLayout; object: GPUBindGroupLayout; panel: GPUBindGroupLayout },
    readonly format: GPUTextureFormat,
  ) {
    this.camera = options.camera ?? null;
    this.clearColor = options.clearColor ?? { r: 0, g: 0, b: 0, a: 1 };
    this.lightDirection = Float32Array.from(options.lightDirection ?? [-0.4, -1, -0.6]);
    this.lightColor = Float32Array.from([...(options.lightColor ?? [0.9, 0.9, 0.85]), 1]);
    this.ambient = Float32Array.from([...(options.ambient ?? [0.25, 0.25, 0.3]), 1]);
    this.writes = [
      { name: 'scene', format, size: { relativeTo: 'native' } },
      { name: 'depth', format: DEPTH_FORMAT, size: { relativeTo: 'native' } },
    ];
    this.packer = new WorldPacker(root, device);
    this.frameLayout = layouts.frame;
    this.objectLayout = layouts.object;
    this.panelLayout = layouts.panel;
    ({ buffer: this.frameBuffer, group: this.frameGroup } = this.makeFrameUniform('world frame'));
  }

  /** Compiles the shaders and builds both pipelines up front, so the first frame does not stall on them. */
  static async create(device: GPUDevice, options: WorldPassOptions): Promise<WorldPass> {
    const format = options.format ?? 'rgba8unorm';
    const module = await compileWgsl(device, code, 'passes/world.wgsl');
    const frame = device.createBindGroupLayout({
      label: 'world frame',
      entries: [
        {
          binding: 0,
          visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT,
          buffer: { type: 'uniform' },
        },
      ],
    });
    const object = device.createBindGroupLayout({
      label: 'world object',
      entries: [
        {
          binding: 0,
          visibility: GPUShaderStage.VERTEX | GPUShaderStage.FRAGMENT,
          buffer: {
            type: 'uniform',
            hasDynamicOffset: true,
            minBindingSize: Math.ceil(OBJECT.size / 16) * 16,
          },
        },
      ],
    });
    const panel = device.createBindGroupLayout({
      label: 'world panel',
      entries: [{ binding: 0, visibility: GPUShaderStage.FRAGMENT, texture: { sampleType: 'float' } }],
    });
    const world = new WorldPass(device, options.root, options, module, { frame, object, panel }, format);
    // The kinds the scene has now compile up front, in parallel (tens of milliseconds each on a software GPU); a
    // kind that first appears later is built when first drawn.
    await Promise.all(
      [...materialKinds(options.root)].map(async (kind) => {
        world.pipelines[kind] = await device.createRenderPipelineAsync(world.pipelineDescriptor(kind));
        world.counters.pipelinesBuilt++;
      }),
    );
    return world;
  }

  private pipelineDescriptor(kind: MaterialKind): GPURenderPipelineDescriptor {
    const { module, format } = this;
    const layouts = [this.frameLayout, this.objectLayout, ...(kind === 'panel' ? [this.panelLayout] : [])];
    return {
      label: `world ${kind}`,
      layout: this.device.createPipelineLayout({ bindGroupLayouts: layouts }),
      vertex: {
        module,
        entryPoint: 'vs',
        buffers: [
          {
            arrayStride: 24,
            attributes: [
              { shaderLocation: 0, offset: 0, format: 'float32x3' },
              { shaderLocation: 1, offset: 12, format: 'float32x3' },
            ],
          },
        ],
      },
      fragment: { module, entryPoint: FRAGMENT_ENTRY[kind], targets: [{ format }] },
      primitive: { topology: 'triangle-list', cullMode: 'back', frontFace: 'ccw' },
      depthStencil: { format: DEPTH_FORMAT, depthWriteEnabled: true, depthCompare: 'less' },
    };
  }

  /** The kind's pipeline; one the scene did not have at create time is built now (a one-off stall, counted). */
  private pipeline(kind: MaterialKind): GPURenderPipeline {
    let pipeline = this.pipelines[kind];
    if (!pipeline) {
      pipeline = this.pipelines[kind] = this.device.createRenderPipeline(this.pipelineDescriptor(kind));
      this.counters.pipelinesBuilt++;
    }
    return pipeline;
  }

  execute(frame: GpuFrame, io: PassIO<GPUTexture>): void {
    if (!this.camera) throw new Error("WorldPass: give it a camera to use it as the graph's world pass.");
    const { packed, bytesUploaded } = this.packer.prepare();
    mat4.multiply(this.viewProjection, this.camera.projectionMatrix, this.camera.viewMatrix);
    this.writeFrame(this.frameBuffer, frame.time);

    const timestampWrites = frame.timer?.timestampWrites('world');
    const pass = frame.encoder.beginRenderPass({
      label: 'world',
      colorAttachments: [
        {
          view: viewOf(io.output('scene')),
          clearValue: this.clearColor,
          loadOp: 'clear',
          storeOp: 'store',
        },
      ],
      depthStencilAttachment: {
        view: viewOf(io.output('depth')),
        depthClearValue: 1,
        depthLoadOp: 'clear',
        depthStoreOp: 'store',
      },
      ...(timestampWrites ? { timestampWrites } : {}),
    });
    const objects = this.packer.arena.bindGroup(this.objectLayout);
    const visibilityChanged = this.packer.visibilityChanged();
    const panel = this.currentPanelGroup();
    if (this.useBundles) {
      // The draw list only changes with the tree's shape, a mesh's visibility, the arena's buffer or the panel's
      // image: record it once into a render bundle and replay it, instead of re-encoding every draw every frame.
      if (
        !this.bundle ||
        visibilityChanged ||
        this.bundleShape !== this.packer.structure ||
        this.bundleObjects !== objects ||
        this.bundlePanel !== panel
      ) {
        const encoder = this.device.createRenderBundleEncoder({
          label: 'world draws',
          colorFormats: [this.format],
          depthStencilFormat: DEPTH_FORMAT,
        });
        this.bundleCounts = this.encodeDraws(encoder, objects, this.frameGroup);
        this.bundle = encoder.finish();
        this.bundleShape = this.packer.structure;
        this.bundleObjects = objects;
        this.bundlePanel = panel;
        this.counters.bundlesRecorded++;
      }
      pass.executeBundles([this.bundle]);
    } else {
      this.bundleCounts = this.encodeDraws(pass, objects, this.frameGroup);
    }
    pass.end();
    const { drawCalls, triangles } = this.bundleCounts;
    const c = this.counters;
    c.drawCalls = drawCalls;
    c.triangles = triangles;
    c.objectsPacked = packed;
    c.bytesUploaded = bytesUploaded + FRAME.size;
  }

  /**
   * Draws the scene once per view (the eyes of an XR frame) into the views' own attachments, each with its pose and
   * projection: one pass per view, the object slots packed once for all of them. Draws are encoded directly (a bundle
   * is recorded against one frame uniform).
   */
  renderViews(frame: GpuFrame, views: readonly WorldView[]): void {
    const { packed, bytesUploaded } = this.packer.prepare();
    const objects = this.packer.arena.bindGroup(this.objectLayout);
    let drawCalls = 0;
    let triangles = 0;
    for (let i = 0; i < views.length; i++) {
      const view = views[i]!;
      const target = (this.viewFrames[i] ??= this.makeFrameUniform(`world view ${i}`));
      mat4.multiply(this.viewProjection, view.projection, view.view);
      this.writeFrame(target.buffer, frame.time);
      const load: GPULoadOp = view.clear ? 'clear' : 'load';
      const pass = frame.encoder.beginRenderPass({
        label: target.label,
        colorAttachments: [{ view: view.color, clearValue: this.clearColor, loadOp: load, storeOp: 'store' }],
        depthStencilAttachment: {
          view: view.depth,
          depthClearValue: 1,
          depthLoadOp: load,
          depthStoreOp: 'store',
        },
      });
      const v = view.viewport;
      if (v) pass.setViewport(v.x, v.y, v.width, v.height, 0, 1);
      const counts = this.encodeDraws(pass, objects, target.group);
      pass.end();
      drawCalls += counts.drawCalls;
      triangles += counts.triangles;
    }
    const c = this.counters;
    c.drawCalls = drawCalls;
    c.triangles = triangles;
    c.objectsPacked = packed;
    c.bytesUploaded = bytesUploaded + FRAME.size * views.length;
  }

  private writeFrame(buffer: GPUBuffer, time: number): void {
    this.device.queue.writeBuffer(buffer, 0, this.packer.frameBytes(this.viewProjection, time, this));
  }

  private makeFrameUniform(label: string): { buffer: GPUBuffer; group: GPUBindGroup; label: string } {
    const buffer = this.device.createBuffer({
      label,
      size: Math.ceil(FRAME.size / 16) * 16,
      usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
    });
    const group = this.device.createBindGroup({
      label,
      layout: this.frameLayout,
      entries: [{ binding: 0, resource: { buffer } }],
    });
    return { buffer, group, label };
  }

  /** Encodes every visible mesh's draw, changing pipeline and geometry only when they differ from the last draw. */
  private encodeDraws(
    target: GPURenderPassEncoder | GPURenderBundleEncoder,
    objects: GPUBindGroup,
    frameGroup: GPUBindGroup,
  ): { drawCalls: number; triangles: number } {
    target.setBindGroup(0, frameGroup);
    let pipeline: GPURenderPipeline | null = null;
    let geometry: GpuGeometry | null = null;
    let drawCalls = 0;
    let triangles = 0;
    for (let i = 0; i < this.packer.draws.length; i++) {
      const draw = this.packer.draws[i]!;
      if (!draw.mesh.visible) continue;
      const kind = draw.mesh.material.kind;
      const wanted = this.pipeline(kind);
      if (wanted !== pipeline) {
        target.setPipeline((pipeline = wanted));
        if (kind === 'panel') target.setBindGroup(2, this.requirePanelGroup(draw.mesh.name));
      }
      const buffers = this.gpuGeometry(draw.mesh.geometry);
      if (buffers !== geometry) {
        geometry = buffers;
        target.setVertexBuffer(0, buffers.vertices);
        target.setIndexBuffer(buffers.indices, buffers.indexFormat);
      }
      target.setBindGroup(1, objects, [this.packer.arena.offset(draw.slot)]);
      target.drawIndexed(buffers.indexCount);
      drawCalls++;
      triangles += buffers.indexCount / 3;
    }
    return { drawCalls, triangles };
  }

  /** The bind group of `panelTexture`, made once per texture; null without one. */
  private currentPanelGroup(): GPUBindGroup | null {
    const texture = this.panelTexture;
    if (!texture) return null;
    if (this.panelGroup?.texture !== texture) {
      const group = this.device.createBindGroup({
        label: 'world panel',
        layout: this.panelLayout,
        entries: [{ binding: 0, resource: viewOf(texture) }],
      });
      this.panelGroup = { texture, group };
    }
    return this.panelGroup.group;
  }

  private requirePanelGroup(mesh: string): GPUBindGroup {
    const group = this.currentPanelGroup();
    if (!group)
      throw new Error(
        `WorldPass: mesh "${mesh}" has a panel material but the pass has no panelTexture; set ` +
          'world.panelTexture to the UI image (a headset renderer does), or hide the mesh.',
      );
    return group;
  }

  destroy(): void {
    this.packer.destroy();
    this.frameBuffer.destroy();
    for (const view of this.viewFrames) view.buffer.destroy();
    for (const geometry of this.made) {
      geometry.vertices.destroy();
      geometry.indices.destroy();
    }
  }

  private gpuGeometry(geometry: Geometry): GpuGeometry {
    let buffers = this.geometries.get(geometry);
    if (!buffers) {
      const upload = (data: Float32Array | Uint16Array | Uint32Array, usage: number, label: string) => {
        // writeBuffer needs a multiple of 4 bytes: an odd count of 16-bit indices gets one padding index.
        const bytes = new Uint8Array(Math.ceil(data.byteLength / 4) * 4);
        bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength));
        const buffer = this.device.createBuffer({
          label,
          size: bytes.byteLength,
          usage: usage | GPUBufferUsage.COPY_DST,
        });
        this.device.queue.writeBuffer(buffer, 0, bytes);
        return buffer;
      };
      buffers = {
        vertices: upload(geometry.vertices, GPUBufferUsage.VERTEX, `${geometry.name} vertices`),
        indices: upload(geometry.indices, GPUBufferUsage.INDEX, `${geometry.name} indices`),
        indexFormat: geometry.indices instanceof Uint32Array ? 'uint32' : 'uint16',
        indexCount: geometry.indices.length,
      };
      this.geometries.set(geometry, buffers);
      this.made.push(buffers);
    }
    return buffers;
  }
}
