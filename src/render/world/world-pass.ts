import { mat4, vec3, type ReadonlyMat4 } from 'gl-matrix';
import type {
  Bindings,
  Device,
  DeviceBuffer,
  DeviceTexture,
  DrawEncoder,
  PassEncoder,
  Pipeline,
  RenderTarget,
  TextureFormat,
} from '../../device/device';
import { deviceStorageArena, deviceUniformStorage } from '../../device/uniform-storage';
import type { PassDecl, PassIO, ResourceDecl } from '../../graph/render-graph';
import type { Camera } from '../../scene/camera';
import { Frustum } from '../../scene/frustum';
import type { TexelGrid } from '../../scene/snap-to-grid';
import type { StepHistory } from '../../scene/step-history';
import type { Node } from '../../scene/node';
import type { Light } from '../../scene/light';
import type { Mesh } from '../../scene/mesh';
import { Environment, type ColorLike } from './environment';
import type { FrameContext } from '../frame-context';
import { FRAME, materialKind, type MaterialKindInfo } from '../materials/material-kind';
import { GpuCulling, INDIRECT_ARGS_BYTES } from './gpu-culling';
import { InstanceBatches } from './instance-batches';
import { InstanceTable } from './instance-table';
import { MaterialImages, type ImageSet } from './material-images';
import type { PointShadowFaces } from './point-shadow';
import { batchable, WorldChunks, type DrawCounts } from './world-chunks';
import { WorldGeometries, type DeviceGeometry } from './world-geometries';
import { LINE_FORMATS, LINED, pipelineVariant, SHADOW_MAP_FORMAT, WorldPipelines } from './world-pipelines';
import {
  Deformed,
  materialKinds,
  WorldPacker,
  type KindSlots,
  type PointShadowFrame,
  type ShadowFrame,
  type WorldDraw,
} from './world-packer';

export { SHADOW_MAP_FORMAT } from './world-pipelines';
export type { PointShadowFrame, ShadowFrame, WorldMesh } from './world-packer';

/** A region of a target in texels, origin at the top left. */
export interface Viewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One view `renderViews` draws: its targets, the region of them, and the eye's view and projection matrices. */
export interface WorldView {
  color: RenderTarget;
  depth: RenderTarget;
  /** The whole target when omitted. */
  viewport?: Viewport;
  /** WebGPU's clip space (depth 0…1); each backend maps it to its own. */
  projection: Float32Array;
  /** World → eye (the inverse of the eye's pose). */
  view: Float32Array;
  /** Clears the targets first (the whole attachment); false for a later view drawing beside an earlier one. */
  clear: boolean;
}

/** Settings of the world pass. */
export interface WorldPassOptions {
  root: Node;
  /** The camera of the graph's `scene` target; `renderViews` (XR eyes) brings its own matrices instead. */
  camera?: Camera;
  /** The light and clear colour, shared with whoever else draws the scene (default: a new one). */
  environment?: Environment;
  format?: TextureFormat;
  /** Validation mode of the draw list (see `WorldPackerOptions.validate`). */
  validate?: boolean;
  /** Texels of margin around the native image (a pixel-stable camera's: 1); default 0. */
  pad?: number;
  /** Declare the outline pass's targets (`normals`, `lines`) in the graph; default false (no outline pass reads them). */
  lineTargets?: boolean;
  /**
   * Draw consecutive meshes of one pipeline, images and geometry as one instanced draw, each instance reading its
   * object's slot from a storage array through the instance table (default false: one draw per mesh, its slot bound
   * as a uniform at a dynamic offset). The same pixels either way.
   */
  instancing?: boolean;
  /**
   * Build the GPU cull (`WorldPass.gpuCulling`, on from the start): instanced chunks culled by a compute pass into
   * indirect draws. Needs `Device.compute` and `Device.indirectFirstInstance` (WebGPU); default false.
   */
  gpuCulling?: boolean;
}

/**
 * How one view's draws are picked and drawn: all that differs between the graph's view, a view of `renderViews`, the
 * shadow map and a point light's face. Every view is drawn by `drawView` from one of these.
 */
interface Drawing {
  /** Shadow casters only (`Mesh.castShadow`, opaque), with the shadow pipelines. */
  readonly shadow: boolean;
  /** The lined pipelines: the view also writes the outline pass's `normals` and `lines`. */
  lines: boolean;
  /** Leave out what the packer found outside the view (`aim` culls for it). */
  cull: boolean;
  /** Leave out casters whose box is outside this frustum (a point light's face), or null. */
  readonly casters: Frustum | null;
}

/** The draws of a shadow map: every caster, culled by nothing (a caster outside the view casts into it). */
const SHADOW_MAP: Drawing = { shadow: true, lines: false, cull: false, casters: null };

/** What the line targets hold where nothing was drawn: a depth below 0 (no surface; outline.wgsl's emptyAt); no line. */
const NORMALS_CLEAR = [0, 0, -1, 0] as const;
const LINES_CLEAR = [0, 0, 0, 0] as const;

/** Draws per render bundle: a mesh that goes into or out of the view records its chunk again, not every draw. */
const CHUNK = 512;
/**
 * Instanced, a chunk's draws are a few batches and recording it again is a pass over its meshes plus one write of its
 * table entries: chunks can be far larger, and a batch never spans two (100 000 boxes of one geometry: 13 draws).
 */
const INSTANCED_CHUNK = 8192;

/**
 * A per-frame uniform: one for the graph's view, one per view of `renderViews` (each eye its view-projection), one
 * for the shadow map's.
 */
interface FrameUniform {
  buffer: DeviceBuffer;
  /** Made with the first pipeline drawn: every kind's group 0 is the same, so any pipeline's serves them all. */
  bindings: Bindings | null;
  /** The shadow maps its bindings bind (null: the one texel that sees everything). */
  shadowMap: DeviceTexture | null;
  pointShadowMap: DeviceTexture | null;
  label: string;
}

const DEPTH_FORMAT = 'depth24plus';

/**
 * Draws the scene graph's meshes from the camera into the native-resolution `scene` target with a depth buffer,
 * written once over the device layer. Each material kind has its pipeline and its uniform arena (one slot per mesh, a
 * dynamic offset per draw); only meshes whose world matrix or material changed are re-packed. Where the backend has
 * bundles the draws are recorded once and replayed until the draw list changes.
 */
export class WorldPass implements PassDecl<FrameContext, RenderTarget> {
  readonly name = 'world';
  /** The shadow maps, while the `shadow` pass runs (see `renderShadow` and `renderPointShadow`). */
  readonly reads = [
    { name: 'shadowMap', optional: true },
    { name: 'pointShadowMap', optional: true },
  ];
  readonly writes: ResourceDecl[];
  readonly bypass = {};
  camera: Camera | null;
  /**
   * The matrices to draw the graph's frame with instead of the camera's own, set each frame by a pixel-stable renderer
   * (the camera snapped to the texel grid, the lens widened by the margin); null: the camera's.
   */
  lens: { view: ReadonlyMat4; projection: ReadonlyMat4 } | null = null;
  /**
   * Whether the last frame also wrote `normals` (each pixel's normal in the eye's axes and its depth) and `lines` (its
   * mesh's outline colour and strength): it does while a pass of the graph reads them (the `outline` pass, enabled).
   * Each kind then draws with its lined pipeline (made the first time it is needed).
   */
  get lines(): boolean {
    return this.graphView.lines;
  }
  readonly environment: Environment;
  /** Whether the graph has the line targets (`WorldPassOptions.lineTargets`). */
  private readonly lineTargets: boolean;
  /**
   * Images material kinds read, by their WGSL names, for meshes whose material does not give its own (the `panel`
   * kind's `panel`: the UI layer's image in a headset). Drawing a mesh whose kind needs a missing one throws, naming it.
   */
  readonly textures: Record<string, DeviceTexture | null> = {};
  /** Of the last frame. */
  readonly counters = {
    drawCalls: 0,
    triangles: 0,
    objectsPacked: 0,
    bytesUploaded: 0,
    /** Texels sent to the GPU (a texture's first use, or its texels written again), in bytes. */
    textureBytesUploaded: 0,
    bundlesRecorded: 0,
    /** Meshes drawn (each view of `renderViews` counts its own); more than `drawCalls` when drawn instanced. */
    drawn: 0,
    /** Shown meshes left out because their world box is outside the view (0 with `culling` off). */
    culled: 0,
    /** Since creation: one per material kind drawn (those in the scene at create time are built up front). */
    pipelinesBuilt: 0,
    /** Joint matrices computed (only skins whose mesh or a joint moved are computed again). */
    jointMatrices: 0,
    /** Lights in the scene that light it: its directional light (if a node) and those with a slot (64 at most). */
    lights: 0,
    /** How many lights each mesh is lit by (`lightsOf`), summed over the scene's meshes. */
    lightLinks: 0,
  };
  /** Replay the draws from a bundle recorded again only when the draw list changes (default on; WebGPU only). */
  useBundles = true;
  /** Leave out meshes whose world box is wholly outside the view (default on); the image is the same either way. */
  culling = true;

  /**
   * Whether the graph's frame culls its chunks on the GPU (with `culling` and bundles on): a compute pass tests every
   * shown mesh's box against the view and counts those inside into its batch's indirect draw, so the CPU tests no box
   * and no bundle is recorded again for a mesh going into or out of the view. Its `counters.drawn` and `culled` are
   * then the counts read back from a few frames before. Needs `WorldPassOptions.gpuCulling` at creation.
   */
  get gpuCulling(): boolean {
    return this.cullingOnGpu;
  }
  set gpuCulling(on: boolean) {
    if (on && !this.gpuCull)
      throw new Error(
        'WorldPass: gpuCulling needs the GPU cull built at creation: create the pass with { gpuCulling: true } ' +
          '(WebGPU with instancing).',
      );
    this.cullingOnGpu = on;
  }
  private cullingOnGpu = false;
  /** The GPU cull (`WorldPassOptions.gpuCulling`), or null. */
  private gpuCull: GpuCulling | null = null;
  /** The view's planes the GPU cull tests against. */
  private readonly viewFrustum = new Frustum();
  /** The GPU cull's `version` the bindings and bundles were made with. */
  private gpuCullVersion = 0;

  private readonly packer: WorldPacker<DeviceBuffer>;
  private readonly pipelines: WorldPipelines;
  private readonly frames: FrameUniform[] = [];
  /** Bindings of each kind's arena (remade when it grows) and of each kind's images (remade when one changes). */
  private readonly objectBindings = new Map<MaterialKindInfo, { generation: number; bindings: Bindings }>();
  /** The same, reading the GPU cull's visible instances instead of the instance table (the chunks' draws then). */
  private readonly visibleBindings = new Map<MaterialKindInfo, { generation: number; bindings: Bindings }>();
  private readonly images: MaterialImages;
  private readonly chunks: WorldChunks;
  /** The frame uniform the chunks are being recorded with. */
  private recordingUniform: FrameUniform | null = null;
  private readonly geometries: WorldGeometries;
  /** The packer's joint matrices count at the start of the frame (the frame's count is the difference). */
  private jointsBefore = 0;
  private readonly viewProjection = mat4.create();
  /**
   * Bumped whenever bindings that recorded draws hold are gone: a kind's arena grown into a new buffer (its group 1
   * made again), the shadow maps swapped, the deform buffer grown, a geometry disposed.
   */
  private objectsVersion = 0;
  private drawCounts: DrawCounts = { drawCalls: 0, instances: 0, triangles: 0, culled: 0, images: [] };
  /** Whether meshes are drawn instanced (`WorldPassOptions.instancing`). */
  readonly instancing: boolean;
  /** The instance-to-slot table of instanced draws (null without instancing). */
  private readonly table: InstanceTable | null;
  /** The batches of an encode that is not a chunk's (other views, shadow maps, blended draws). */
  private readonly batches = new InstanceBatches<WorldDraw<DeviceBuffer>>();
  /** Without instancing, where the batches' entries go (no table reads them). */
  private unusedEntries = new Uint32Array(64);

  private constructor(
    private readonly device: Device,
    readonly root: Node,
    options: WorldPassOptions,
    readonly format: TextureFormat,
  ) {
    this.camera = options.camera ?? null;
    this.lineTargets = options.lineTargets ?? false;
    this.environment = options.environment ?? new Environment();
    this.writes = [
      { name: 'scene', format, size: { relativeTo: 'native', pad: options.pad ?? 0 } },
      { name: 'depth', format: DEPTH_FORMAT, size: { relativeTo: 'native', pad: options.pad ?? 0 } },
      ...(options.lineTargets
        ? [
            {
              name: 'normals',
              format: LINE_FORMATS[0],
              size: { relativeTo: 'native' as const, pad: options.pad ?? 0 },
            },
            {
              name: 'lines',
              format: LINE_FORMATS[1],
              size: { relativeTo: 'native' as const, pad: options.pad ?? 0 },
            },
          ]
        : []),
    ];
    this.instancing = options.instancing ?? true;
    this.table = this.instancing ? new InstanceTable(device) : null;
    this.packer = new WorldPacker(root, deviceUniformStorage(device), {
      validate: options.validate ?? false,
      ...(this.instancing ? { objectStorage: deviceStorageArena(device) } : {}),
    });
    this.pipelines = new WorldPipelines(device, format, this.instancing, this.counters);
    this.geometries = new WorldGeometries(device, this.packer.deforms, () => this.objectsVersion++);
    this.chunks = new WorldChunks(
      device,
      this.packer,
      this.table,
      this.instancing ? INSTANCED_CHUNK : CHUNK,
      {
        // Chunks are recorded for the graph's view only.
        variantOf: (draw) => this.variantOf(draw, this.graphView),
        gather: (batches, draws, from, to, region) =>
          this.gather(batches, draws, from, to, region, this.graphView),
        emit: (encoder, batches, args) =>
          this.emit(encoder, this.recordingUniform!, batches, this.graphView, args),
        bindingsVersion: () => this.objectsVersion + this.images.version,
      },
    );
    this.images = new MaterialImages(device, this.textures, (kind) => this.pipelines.get(kind, 0));
    // What the draws refer to is counted, so the GPU copies of what no mesh draws any more are freed.
    this.packer.refs = {
      retain: (draw) => {
        this.geometries.retain(draw.geometry);
        this.images.retain(draw);
      },
      release: (draw) => {
        this.geometries.release(draw.geometry);
        this.images.release(draw);
      },
    };
  }

  /** Builds the pipelines of the material kinds the scene has now, in parallel (a kind added later: on first draw). */
  static async create(device: Device, options: WorldPassOptions): Promise<WorldPass> {
    const world = new WorldPass(device, options.root, options, options.format ?? 'rgba8unorm');
    if (options.gpuCulling) {
      if (!world.instancing)
        throw new Error(
          'WorldPass: gpuCulling culls instanced draws; leave instancing on (the default) to use it.',
        );
      world.gpuCull = await GpuCulling.create(device);
      world.cullingOnGpu = true;
    }
    await world.pipelines.prebuild([...materialKinds(options.root)].map(materialKind));
    world.frames.push(world.frameUniform('world frame'));
    return world;
  }

  /**
   * The pixel-stable camera's texel grid, for meshes drawn snapped to it (`Mesh.drawSnap`), or null; the renderer
   * sets it each frame (a grid like the last one changes nothing).
   */
  setGrid(grid: TexelGrid | null): void {
    this.packer.setGrid(grid);
  }

  /**
   * Draws the meshes `history` tracks between their state before the latest fixed step and now, at `alpha` (the
   * loop's `fixedReport.alpha`); null: as they are. Set it each frame before rendering; the simulated nodes stay as
   * they are.
   */
  setBlend(history: StepHistory | null, alpha: number): void {
    this.packer.setBlend(history, alpha);
  }

  /** The light direction (towards which it shines), shared through `environment`. */
  get lightDirection(): Float32Array {
    return this.environment.lightDirection;
  }
  get lightColor(): Float32Array {
    return this.environment.lightColor;
  }
  get ambient(): Float32Array {
    return this.environment.ambient;
  }
  /** The clear colour (RGBA, 0…1), shared through `environment`; assign a `{ r, g, b, a }` or four numbers. */
  get clearColor(): Float32Array {
    return this.environment.clearColor;
  }
  set clearColor(color: ColorLike) {
    this.environment.setClearColor(color);
  }

  /**
   * Brings the world matrices, draws and lights up to date for this frame, once: the `shadow` pass, which runs first,
   * calls it, and what it packed and uploaded is counted with the world's frame.
   */
  prepareFrame(): void {
    if (this.prepared) return;
    this.jointsBefore = this.packer.counters.jointMatrices;
    this.texelsBefore = this.images.bytesUploaded;
    this.prepared = this.packer.prepare();
    // The recorded chunks keep their table entries; this frame's other draws take entries after them.
    this.tableBefore = this.table?.entriesUploaded ?? 0;
    // Each chunk's entries: room for twice the even cut (it grows as meshes join), for the chunks of either cut.
    const size = this.chunks.size;
    const chunks = Math.max(this.chunks.count, Math.ceil(this.packer.opaqueCount / size));
    this.table?.beginFrame(this.useBundles ? chunks * 2 * size : 0, this.packer.draws.length);
  }

  private prepare(): { packed: number; bytesUploaded: number } {
    this.prepareFrame();
    const prepared = this.prepared!;
    this.prepared = null;
    return prepared;
  }

  /** The direction the frame's directional light travels (a DirectionalLight's, else the environment's). */
  sunDirection(out: vec3): vec3 {
    if (this.packer.lights.sunLight(out, this.sunScratch)) return out;
    return vec3.normalize(out, this.environment.lightDirection);
  }
  private readonly sunScratch = new Float32Array(4);

  /** The graph's eye: the lens's (a pixel-stable camera's) or the camera's projection (WebGPU's clip space) and view. */
  eye(): { projection: ReadonlyMat4; view: ReadonlyMat4 } {
    if (this.lens) return this.lens;
    if (!this.camera)
      throw new Error("WorldPass: give it a camera (or a lens) to use it as the graph's world pass.");
    return { projection: this.camera.projectionMatrix, view: this.camera.viewMatrix };
  }
  private prepared: { packed: number; bytesUploaded: number } | null = null;
  /** The instance table's entries uploaded before this frame. */
  private tableBefore = 0;
  private texelsBefore = 0;

  /**
   * Draws the shadow casters (`Mesh.castShadow`, opaque; a material's `alphaTest` cuts its shadow too) into `map` (the
   * shadow pass's, `SHADOW_MAP_FORMAT`) with `depth`, seen through the light's `eye.viewProjection` (WebGPU's clip
   * space), writing each texel's depth by `shadow.matrix`; the world's frame then reads the map by `shadow`. Not
   * culled: a caster outside the view casts into it.
   */
  renderShadow(
    frame: FrameContext,
    map: RenderTarget,
    depth: RenderTarget,
    eye: { view: ReadonlyMat4; viewProjection: ReadonlyMat4 },
    shadow: ShadowFrame,
  ): void {
    this.prepareFrame();
    const pass = frame.device.beginPass({
      label: 'shadow',
      color: map,
      clearColor: [1, 1, 1, 1], // the farthest depth: nothing casts there
      depth,
      clearDepth: 1,
      timed: true,
    });
    const uniform = (this.shadowUniform ??= this.frameUniform('shadow frame'));
    this.aim(eye.viewProjection, SHADOW_MAP);
    this.drawView(pass, uniform, eye.view, SHADOW_MAP, frame.time, shadow, null, false);
    pass.end();
    // Kept for every view the world draws until the next shadow map: a headset's eyes all read this one. A point
    // light's atlas, drawn after it when one casts, is the frame's only if drawn again.
    this.shadowFrame = shadow;
    this.pointShadowFrame = null;
  }
  private shadowUniform: FrameUniform | null = null;
  /** The shadow map's reading as `renderShadow` last drew it; read by the world's views while the map is there. */
  private shadowFrame: ShadowFrame | null = null;

  /** The slot of the point or spot light that casts shadows this frame (`PointLight.castShadow`), or −1. */
  pointShadowCaster(): number {
    this.prepareFrame();
    return this.packer.lights.shadowCaster();
  }

  /** Where the light in `slot` is this frame (into `centre`) and how far it reaches (returned). */
  lightSphere(slot: number, centre: vec3): number {
    const at = this.packer.lights.at;
    vec3.set(centre, at[4 * slot]!, at[4 * slot + 1]!, at[4 * slot + 2]!);
    return at[4 * slot + 3]!;
  }

  /**
   * Draws the shadow casters into `atlas` (3 × 2 faces, the shadow pass's `pointShadowMap`) as seen from the point light
   * `point.slot` through each of `faces`' cameras, each caster's distance from the light over its range; the world's
   * frame then reads the atlas by `point`. A caster is drawn into the faces whose view its box touches.
   */
  renderPointShadow(
    frame: FrameContext,
    atlas: RenderTarget,
    depth: RenderTarget,
    faces: PointShadowFaces,
    point: PointShadowFrame,
  ): void {
    this.prepareFrame();
    const pass = frame.device.beginPass({
      label: 'point shadow',
      color: atlas,
      clearColor: [1, 1, 1, 1],
      depth,
      clearDepth: 1,
      timed: true,
    });
    const drawing = this.pointFace;
    for (let face = 0; face < 6; face++) {
      const uniform = (this.pointShadowUniforms[face] ??= this.frameUniform(`point shadow face ${face}`));
      const viewProjection = faces.viewProjections[face]!;
      drawing.casters.set(viewProjection);
      this.aim(viewProjection, drawing);
      const [x, y, size] = faces.tiles[face]!;
      pass.setViewport(x, y, size, size);
      pass.setScissor(x, y, size, size);
      this.drawView(pass, uniform, faces.views[face]!, drawing, frame.time, null, point, false);
    }
    pass.end();
    this.pointShadowFrame = point;
  }
  private readonly pointShadowUniforms: FrameUniform[] = [];
  /** The point light's atlas as `renderPointShadow` drew it after the last shadow map, or null. */
  private pointShadowFrame: PointShadowFrame | null = null;
  /** A point light's face: casters whose box is outside the face's frustum are left out. */
  private readonly pointFace = { shadow: true, lines: false, cull: false, casters: new Frustum() } as const;
  /** The graph's view: lined while the outline pass reads the line targets, culled with `culling`. */
  private readonly graphView: Drawing = { shadow: false, lines: false, cull: true, casters: null };
  /** A view of `renderViews`: never lined (it has no line targets). */
  private readonly otherView: Drawing = { shadow: false, lines: false, cull: true, casters: null };

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    const eye = this.eye();
    const { packed, bytesUploaded } = this.prepare();
    const texelsBefore = this.texelsBefore;
    const shadow = io.has('shadowMap') ? this.shadowFrame : null;
    const point = io.has('pointShadowMap') ? this.pointShadowFrame : null;
    const uniform = this.frames[0]!;
    this.bindShadowMaps(
      uniform,
      shadow ? (io.input('shadowMap') as DeviceTexture) : null,
      point ? (io.input('pointShadowMap') as DeviceTexture) : null,
    );
    const gpu = this.gpuCulling && this.culling && this.useBundles;
    const drawing = this.graphView;
    // The line targets are drawn while someone reads them (none are declared without `lineTargets`).
    drawing.lines = this.lineTargets && io.isRead('normals');
    // Culled on the GPU, no box is tested on the CPU this frame: the blended draws are drawn whole.
    drawing.cull = this.culling && !gpu;
    const cull = this.aim(mat4.multiply(this.viewProjection, eye.projection, eye.view), drawing);
    // The chunks are brought up to date, and culled on the GPU by a compute pass, before the world's pass begins.
    const cullBytes = this.gpuCull?.bytesUploaded ?? 0;
    if (this.useBundles) {
      this.chunks.update(cull >= 0, gpu, this.currentBindingsVersion());
      if (gpu) this.cullOnGpu();
    } else this.chunks.suspend();
    const pass = frame.device.beginPass({
      label: 'world',
      color: io.output('scene'),
      clearColor: this.environment.clearColor,
      depth: io.output('depth'),
      clearDepth: 1,
      timed: true,
      ...(drawing.lines
        ? {
            extra: [
              { target: io.output('normals'), clear: NORMALS_CLEAR },
              { target: io.output('lines'), clear: LINES_CLEAR },
            ],
          }
        : {}),
    });
    const counts = this.drawView(
      pass,
      uniform,
      eye.view,
      drawing,
      frame.time,
      shadow,
      point,
      this.useBundles,
    );
    const candidates = counts.instances - this.blendedDrawn;
    pass.end();
    const c = this.counters;
    c.drawCalls = counts.drawCalls;
    // Culled on the GPU, the chunks' meshes drawn and culled are the latest counts read back (a few frames late).
    c.drawn = gpu ? counts.instances - candidates + this.gpuCull!.drawn : counts.instances;
    c.triangles = counts.triangles;
    c.culled = gpu ? this.gpuCull!.culled : counts.culled;
    c.objectsPacked = packed;
    c.bytesUploaded =
      bytesUploaded + FRAME.size + this.tableBytes() + (this.gpuCull?.bytesUploaded ?? 0) - cullBytes;
    c.textureBytesUploaded = this.images.bytesUploaded - texelsBefore;
    c.jointMatrices = this.packer.counters.jointMatrices - this.jointsBefore;
    this.countLights();
    this.sweep();
  }

  /**
   * The counts of the last frame culled on the GPU, read back once the GPU is done with it: the chunks' meshes it drew
   * and those it culled (exact, where `counters` has them a few frames late).
   */
  gpuCullCounts(): Promise<{ drawn: number; culled: number }> {
    if (!this.gpuCull) return Promise.reject(new Error('WorldPass: it was made without gpuCulling.'));
    return this.gpuCull.read();
  }

  /**
   * The lights `mesh` is lit by as of the last frame: the point, spot and further directional lights whose reach
   * touches its world box (the 15 strongest there when more do), not the directional light every mesh gets. None for a
   * mesh not drawn or of a kind not lit by them (see `MaterialKindSpec`).
   */
  lightsOf(mesh: Mesh): Light[] {
    return this.packer.lightsOf(mesh);
  }

  private countLights(): void {
    const lights = this.packer.lights;
    this.counters.lights = lights.count + (lights.sun ? 1 : 0);
    this.counters.lightLinks = this.packer.counters.lightLinks;
  }

  /** Bytes of instance table entries uploaded this frame. */
  private tableBytes(): number {
    return this.table ? (this.table.entriesUploaded - this.tableBefore) * 4 : 0;
  }

  /** Ends a frame: frees the buffers, textures and bindings no draw has used for a few frames. */
  private sweep(): void {
    this.geometries.sweep();
    this.images.sweep();
  }

  /**
   * Draws the scene once per view (the eyes of an XR frame) into the views' own targets, each with its pose and
   * projection: one pass per view, the object slots packed once for all of them. Draws are encoded directly (a bundle
   * is recorded against one frame uniform).
   */
  renderViews(frame: FrameContext, views: readonly WorldView[]): void {
    const { packed, bytesUploaded } = this.prepare();
    const texelsBefore = this.texelsBefore;
    let drawCalls = 0;
    let instances = 0;
    let triangles = 0;
    let culled = 0;
    for (let i = 0; i < views.length; i++) {
      const view = views[i]!;
      // Frame uniform 0 is the graph's; each view has its own after it.
      const uniform = (this.frames[i + 1] ??= this.frameUniform(`world view ${i}`));
      const pass = frame.device.beginPass({
        label: uniform.label,
        color: view.color,
        depth: view.depth,
        ...(view.clear ? { clearColor: this.environment.clearColor, clearDepth: 1 } : {}),
      });
      const v = view.viewport;
      if (v) pass.setViewport(v.x, v.y, v.width, v.height);
      const drawing = this.otherView;
      drawing.cull = this.culling;
      this.aim(mat4.multiply(this.viewProjection, view.projection, view.view), drawing);
      this.drawView(pass, uniform, view.view, drawing, frame.time, null, null, false);
      pass.end();
      drawCalls += this.drawCounts.drawCalls;
      instances += this.drawCounts.instances;
      triangles += this.drawCounts.triangles;
      culled += this.drawCounts.culled;
    }
    const c = this.counters;
    c.drawCalls = drawCalls;
    c.drawn = instances;
    c.triangles = triangles;
    c.culled = culled;
    c.objectsPacked = packed;
    c.bytesUploaded = bytesUploaded + FRAME.size * views.length + this.tableBytes();
    c.textureBytesUploaded = this.images.bytesUploaded - texelsBefore;
    c.jointMatrices = this.packer.counters.jointMatrices - this.jointsBefore;
    this.countLights();
    this.sweep();
  }

  destroy(): void {
    this.packer.destroy();
    this.table?.destroy();
    this.gpuCull?.destroy();
    this.images.destroy();
    const shadowUniforms = [...(this.shadowUniform ? [this.shadowUniform] : []), ...this.pointShadowUniforms];
    for (const uniform of [...this.frames, ...shadowUniforms]) {
      uniform.bindings?.destroy();
      uniform.buffer.destroy();
    }
    this.noShadow?.destroy();
    for (const map of [this.objectBindings, this.visibleBindings])
      for (const { bindings } of map.values()) bindings.destroy();
    this.geometries.destroy();
  }

  /**
   * Takes the view-projection of the view about to be drawn (into `viewProjection`, which it may be already) and culls
   * the draws against it for a view that culls; returns the packer's `cullVersion` (−1 when not culled).
   */
  private aim(viewProjection: ReadonlyMat4, drawing: Drawing): number {
    if (viewProjection !== this.viewProjection) mat4.copy(this.viewProjection, viewProjection);
    return drawing.cull ? this.packer.cull(this.viewProjection) : -1;
  }

  /**
   * Draws the view `aim` took into `pass`: the one path of every view (the graph's, `renderViews`', the shadow map, a
   * point light's face). Writes its frame uniform (the view-projection mapped into the pass's clip space), encodes the
   * opaque draws (replayed from the recorded chunks with `chunks`, else gathered now) and, for a colour view, the
   * blended ones after them, farthest first from `view`. Returns the counts of what it drew.
   */
  private drawView(
    pass: PassEncoder,
    uniform: FrameUniform,
    view: ReadonlyMat4,
    drawing: Drawing,
    time: number,
    shadow: ShadowFrame | null,
    point: PointShadowFrame | null,
    chunks: boolean,
  ): DrawCounts {
    const vp = this.viewProjection;
    if (pass.clipTransform) mat4.multiply(vp, pass.clipTransform, vp);
    uniform.buffer.write(0, this.packer.frameBytes(vp, view as mat4, time, this.environment, shadow, point));
    const counts = this.drawCounts;
    if (chunks) {
      this.recordingUniform = uniform;
      this.counters.bundlesRecorded += this.chunks.replay(pass, counts);
    } else this.encodeDraws(pass, uniform, this.packer.draws, 0, this.packer.opaqueCount, drawing);
    this.blendedDrawn = 0;
    if (!drawing.shadow) this.drawBlended(pass, uniform, view, drawing);
    return counts;
  }
  /** Meshes the last `drawView` drew blended (the GPU cull counts only the opaque ones). */
  private blendedDrawn = 0;

  /** Points a frame uniform's bindings at this frame's shadow maps (null: the texel that sees everything). */
  private bindShadowMaps(
    uniform: FrameUniform,
    map: DeviceTexture | null,
    pointMap: DeviceTexture | null,
  ): void {
    if (uniform.shadowMap === map && uniform.pointShadowMap === pointMap) return;
    uniform.bindings?.destroy();
    uniform.bindings = null;
    uniform.shadowMap = map;
    uniform.pointShadowMap = pointMap;
    this.objectsVersion++; // recorded draws bound the old bindings
  }

  /** A frame uniform's group 0: its buffer and its shadow map, made with the first pipeline drawn. */
  private frameBindings(uniform: FrameUniform, pipeline: Pipeline): Bindings {
    return (uniform.bindings ??= this.device.createBindings(pipeline, 0, {
      frame: uniform.buffer,
      shadowMap: uniform.shadowMap ?? this.noShadowMap(),
      pointShadowMap: uniform.pointShadowMap ?? this.noShadowMap(),
    }));
  }

  /** The shadow map bound while there is none: one texel at the farthest depth (and the frame says no shadows). */
  private noShadowMap(): DeviceTexture {
    return (this.noShadow ??= this.device.createTexture({
      label: 'no shadow map',
      format: SHADOW_MAP_FORMAT,
      width: 1,
      height: 1,
      pixels: new Uint8Array([255, 255, 255, 255]),
    }));
  }
  private noShadow: DeviceTexture | null = null;

  private frameUniform(label: string): FrameUniform {
    const buffer = this.device.createBuffer({
      label,
      size: Math.ceil(FRAME.size / 16) * 16,
      usage: 'uniform',
    });
    return { buffer, bindings: null, shadowMap: null, pointShadowMap: null, label };
  }

  /**
   * Brings the bindings the recorded draws use up to date (a grown arena, a texture's new texels, filter or wrap, an
   * image of `textures` swapped) and returns the version the draws must have been recorded with.
   */
  private currentBindingsVersion(): number {
    // Indexed loops: this runs every frame, and an iterator per chunk would be garbage every frame.
    const kinds = this.packer.kindList;
    for (let i = 0; i < kinds.length; i++) this.objectsOf(kinds[i]!);
    this.geometries.checkDeformBuffer();
    this.chunks.refreshImages(this.images);
    return this.objectsVersion + this.images.version;
  }

  /**
   * The bindings of a kind's arena (instanced: with the instance table, or with the GPU cull's visible instances),
   * made again when the arena has grown into a new buffer.
   */
  private objectsOf(kind: KindSlots<DeviceBuffer>, visible = false): Bindings {
    const arena = kind.arena;
    // Keyed by the kind's info: one map for each table the instances are read from (no key string made per call).
    const map = visible ? this.visibleBindings : this.objectBindings;
    let entry = map.get(kind.info);
    // Instanced: the arena's and the table's generations, in one number (each grows by doubling: far below 2^20).
    const instances = visible ? this.gpuCull!.version : this.table ? this.table.generation : 0;
    const generation = arena.generation + instances * 2 ** 20;
    if (entry?.generation !== generation) {
      const bindings = this.device.createBindings(
        this.pipelines.get(kind.info, 0),
        1,
        this.table
          ? { objects: arena.buffer, instances: visible ? this.gpuCull!.visible : this.table.buffer }
          : { object: arena.buffer },
      );
      entry?.bindings.destroy(); // of the buffer the arena grew out of
      map.set(kind.info, (entry = { generation, bindings }));
      this.objectsVersion++;
    }
    return entry.bindings;
  }

  /**
   * Records the GPU cull of the chunks (laid out again when they changed) against the graph's view; when it made its
   * buffers again, every chunk is recorded again.
   */
  private cullOnGpu(): void {
    const cull = this.gpuCull!;
    this.viewFrustum.set(this.viewProjection);
    cull.frame(this.chunks, this.chunks.changed, this.viewFrustum.planes, this.table!);
    if (cull.version !== this.gpuCullVersion) {
      this.gpuCullVersion = cull.version;
      this.chunks.restale();
    }
  }

  /** The pipeline variant `draw` is drawn with in a view drawn so. */
  private variantOf(draw: WorldDraw<DeviceBuffer>, drawing: Drawing): number {
    return pipelineVariant(draw, drawing.lines, drawing.shadow);
  }

  /**
   * Encodes the draws `from`…`to` of every visible mesh (in the view, with `culling` on), gathered into batches in a
   * region of this frame's table entries (see `gather`), and leaves their counts and bound image sets in `drawCounts`.
   */
  private encodeDraws(
    target: DrawEncoder,
    uniform: FrameUniform,
    draws: readonly WorldDraw<DeviceBuffer>[],
    from: number,
    to: number,
    drawing: Drawing,
  ): void {
    const table = this.table;
    const batches = this.batches;
    const region = table ? table.reserve(to - from) : 0;
    this.gather(batches, draws, from, to, region, drawing);
    if (table) {
      table.upload(region, batches.entries);
      table.release(region + batches.entries);
    }
    this.emit(target, uniform, batches, drawing);
  }

  /** The entries that batches' slots are written into: the table's (valid until it next grows), or scratch. */
  private entriesFor(count: number): Uint32Array {
    if (this.table) return this.table.entries();
    if (this.unusedEntries.length < count) this.unusedEntries = new Uint32Array(count * 2);
    return this.unusedEntries;
  }

  /**
   * Gathers the drawn meshes of `from`…`to` into `batches` from table entry `region`: instanced, the consecutive ones
   * of one pipeline, images and geometry (a deformed mesh binds its own joints: alone); without instancing, one mesh
   * each. Only what is drawn takes an entry: an encode that is not a chunk's (a region of the frame's entries), or a
   * chunk's without instancing (entries no table reads).
   */
  private gather(
    batches: InstanceBatches<WorldDraw<DeviceBuffer>>,
    draws: readonly WorldDraw<DeviceBuffer>[],
    from: number,
    to: number,
    region: number,
    drawing: Drawing,
  ): void {
    const entries = this.entriesFor(region + to - from);
    const { shadow, cull: culling, casters } = drawing;
    batches.begin(region, to - from);
    let culled = 0;
    let last: WorldDraw<DeviceBuffer> | null = null;
    let lastVariant = -1;
    for (let i = from; i < to; i++) {
      const draw = draws[i]!;
      if (!draw.visible || (shadow && !draw.mesh.castShadow)) continue;
      if (casters && !casters.intersects(draw.box)) continue;
      if (culling && !draw.inView) {
        culled++;
        continue;
      }
      const variant = this.variantOf(draw, drawing);
      if (!this.table || last === null || variant !== lastVariant || !batchable(draw, last))
        batches.open(variant);
      batches.add(draw, entries);
      last = draw;
      lastVariant = variant;
    }
    batches.culled = culled;
  }

  /**
   * Encodes `batches`, one draw each (none for a batch with nothing drawn now; with `args` ≥ 0 an indirect draw of the
   * GPU cull's arguments at `args` + b, which it counts), changing pipeline and geometry only
   * when they differ from the last; leaves the counts and the bound image sets in `drawCounts`.
   */
  private emit(
    target: DrawEncoder,
    uniform: FrameUniform,
    batches: InstanceBatches<WorldDraw<DeviceBuffer>>,
    drawing: Drawing,
    args = -1,
  ): DrawCounts {
    const table = this.table;
    const { count, variant: variants, start } = batches;
    let kind: KindSlots<DeviceBuffer> | null = null;
    let variant = -1;
    let objects: Bindings | null = null;
    let geometry: DeviceGeometry | null = null;
    let images: string | null = null;
    const bound: ImageSet[] = [];
    let triangles = 0;
    let drawCalls = 0;
    let instances = 0;
    for (let b = 0; b < batches.length; b++) {
      const instanceCount = count[b]!;
      if (instanceCount === 0) continue;
      // A batch is drawn as one of its drawn draws (of the same pipeline, images and geometry as every other).
      const draw = batches.drawOf(b)!;
      // Lined or not is the pass's: a chunk's bundle is recorded again for a pass with the line targets or without.
      const drawVariant = (variants[b]! & ~LINED) | (drawing.lines ? LINED : 0);
      if (draw.kind !== kind || drawVariant !== variant) {
        const firstDraw = kind === null;
        const sameKind = draw.kind === kind;
        kind = draw.kind;
        variant = drawVariant;
        // Pipelines share their bind group layouts, so the groups set stay valid across the switch.
        const pipeline = this.pipelines.get(kind.info, variant);
        target.setPipeline(pipeline);
        if (firstDraw) target.setBindings(0, this.frameBindings(uniform, pipeline));
        if (!sameKind) {
          objects = this.objectsOf(kind, args >= 0);
          images = null;
          // Instanced, the kind's slots are bound whole: once per kind.
          if (table) target.setBindings(1, objects);
        }
      }
      if (kind.info.textures.length > 0 && draw.images !== images) {
        images = draw.images;
        const set = this.images.of(draw);
        bound.push(set);
        target.setBindings(2, set.bindings!);
      }
      const buffers = this.geometries.of(draw.geometry, draw.mesh);
      const deformed = draw.deformed !== Deformed.None;
      if (buffers !== geometry) {
        geometry = buffers;
        this.geometries.bind(target, buffers, deformed);
      }
      if (deformed) {
        // Group 3 comes after the images: a kind that reads none binds an empty group 2.
        const pipeline = this.pipelines.get(kind.info, variant);
        this.geometries.bindDeform(target, buffers, pipeline, kind.info.textures.length > 0, draw.deform);
      }
      if (args >= 0) target.drawIndexedIndirect(this.gpuCull!.args, (args + b) * INDIRECT_ARGS_BYTES);
      else if (table) target.drawIndexed(buffers.indexCount, instanceCount, start[b]!);
      else {
        target.setBindings(1, objects!, kind.arena.offset(draw.slot));
        target.drawIndexed(buffers.indexCount);
      }
      drawCalls++;
      instances += instanceCount;
      triangles += (buffers.indexCount / 3) * instanceCount;
    }
    const counts = this.drawCounts;
    counts.drawCalls = drawCalls;
    counts.instances = instances;
    counts.triangles = triangles;
    counts.culled = batches.culled;
    counts.images = bound;
    return counts;
  }

  /**
   * Encodes the blended draws after the opaque ones, farthest first for `view` (sorted each frame: the eye moves), and
   * adds their counts to the frame's.
   */
  private drawBlended(pass: PassEncoder, uniform: FrameUniform, view: ReadonlyMat4, drawing: Drawing): void {
    const order = this.packer.blendedOrder(view);
    if (order.length === 0) return;
    const counts = this.drawCounts;
    const [drawCalls, instances, triangles, culled] = [
      counts.drawCalls,
      counts.instances,
      counts.triangles,
      counts.culled,
    ];
    this.encodeDraws(pass, uniform, order, 0, order.length, drawing);
    this.blendedDrawn = counts.instances;
    counts.drawCalls += drawCalls;
    counts.instances += instances;
    counts.triangles += triangles;
    counts.culled += culled;
  }
}
