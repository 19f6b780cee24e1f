import { mat4, vec3, type ReadonlyMat4 } from 'gl-matrix';
import type {
  Bindings,
  Bundle,
  Device,
  DeviceBuffer,
  DeviceTexture,
  DrawEncoder,
  PassEncoder,
  Pipeline,
  PipelineDesc,
  RenderTarget,
  TextureFormat,
} from '../../device/device';
import { deviceStorageArena, deviceUniformStorage } from '../../device/uniform-storage';
import { UniformArena } from '../../layout/uniform-arena';
import type { PassDecl, PassIO, ResourceDecl } from '../../graph/render-graph';
import type { Camera } from '../../scene/camera';
import { Frustum } from '../../scene/frustum';
import type { TexelGrid } from '../../scene/snap-to-grid';
import type { StepHistory } from '../../scene/step-history';
import { VERTEX_FLOATS, type Geometry } from '../../scene/geometry';
import type { Node } from '../../scene/node';
import type { Light } from '../../scene/light';
import type { Mesh } from '../../scene/mesh';
import { Environment, type ColorLike } from './environment';
import type { FrameContext } from '../frame-context';
import {
  coloredShader,
  cutShadowShader,
  FRAME,
  materialKind,
  twoSidedShader,
  type MaterialKindInfo,
} from '../materials/material-kind';
import { instancedShader } from '../materials/instanced-shader';
import { InstanceBatches, InstanceState } from './instance-batches';
import { InstanceTable } from './instance-table';
import { MaterialImages, type ImageSet } from './material-images';
import { isDisposed, whenDisposed } from '../../scene/disposal';
import { RefCache } from './ref-cache';
import type { PointShadowFaces } from './point-shadow';
import {
  Deformed,
  materialKinds,
  WorldPacker,
  type KindSlots,
  type PointShadowFrame,
  type ShadowFrame,
  type WorldDraw,
} from './world-packer';

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
}

/** The formats of the outline pass's targets the world pass writes while `lines` is on: normal + depth, line colour. */
const LINE_FORMATS = ['rgba16float', 'rgba8unorm'] as const;
/** What the line targets hold where nothing was drawn: no normal, the far plane; no line. */
const NORMALS_CLEAR = [0, 0, 0, 1] as const;
const LINES_CLEAR = [0, 0, 0, 0] as const;

interface DeviceGeometry {
  vertices: DeviceBuffer;
  /** Its vertex colours, or null (drawn with the shared white one). */
  colors: DeviceBuffer | null;
  /** Its joints and weights interleaved (eight floats a vertex), or null (a deformed draw binds the shared zeros). */
  skinning: DeviceBuffer | null;
  /** Its morph targets' displacements (see world.wgsl's morphTargets), or null. */
  morphs: DeviceTexture | null;
  indices: DeviceBuffer;
  indexFormat: 'uint16' | 'uint32';
  indexCount: number;
  /** Stops listening for the geometry's disposal. */
  unlisten: () => void;
}

/** Draws per render bundle: a mesh that goes into or out of the view records its chunk again, not every draw. */
const CHUNK = 512;
/**
 * Instanced, a chunk's draws are a few batches and recording it again is a pass over its meshes plus one write of its
 * table entries: chunks can be far larger, and a batch never spans two (100 000 boxes of one geometry: 13 draws).
 */
const INSTANCED_CHUNK = 8192;

/** One chunk of the draw list and the bundle its draws are recorded into. */
interface Chunk {
  readonly bundle: Bundle;
  readonly record: (encoder: DrawEncoder) => void;
  /**
   * Its draws in batches: instanced, a mesh going into or out of the view, shown or hidden, joining or leaving moves
   * one table entry of them.
   */
  readonly batches: InstanceBatches<WorldDraw<DeviceBuffer>>;
  /** Its draws: list indices `from` … `to` − 1 (as of the last list change), the first of them its anchor. */
  from: number;
  to: number;
  anchor: WorldDraw<DeviceBuffer> | null;
  /** Stamped on its members when gathered (`WorldDraw.chunkStamp`): a draw with another stamp is not one of them. */
  stamp: number;
  /** How many draws are its members. */
  members: number;
  /** The bundle must be recorded again (the batches' counts changed) … */
  stale: boolean;
  /** … and the draws gathered into batches again first. */
  regather: boolean;
  images: ImageSet[];
  drawCalls: number;
  instances: number;
  triangles: number;
}

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
/** Interleaved position, normal and texture coordinates, 32 bytes a vertex (`VERTEX_FLOATS`, every geometry). */
const VERTICES = {
  stride: VERTEX_FLOATS * 4,
  attributes: [
    { location: 0, offset: 0, format: 'float32x3' },
    { location: 1, offset: 12, format: 'float32x3' },
    { location: 2, offset: 24, format: 'float32x2' },
  ],
} as const;
const COLOR = [{ location: 3, offset: 0, format: 'float32x4' }] as const;
/**
 * A geometry's vertices and its vertex colours (`Geometry.colors`); one without colours binds a single white one,
 * read per instance (every vertex of the draw reads it), through a pipeline of its own.
 */
const COLORED_LAYOUT = [VERTICES, { stride: 16, attributes: COLOR }] as const;
// One white for every instance (stride 0): an instanced draw of any count reads the one value.
const WHITE_LAYOUT = [VERTICES, { stride: 0, step: 'instance', attributes: COLOR }] as const;
const WHITE = new Float32Array([1, 1, 1, 1]);
/**
 * A deformed draw's third vertex buffer: its geometry's joints and weights, or (morph targets alone) one set of zero
 * weights read per instance.
 */
const SKINNING = [
  { location: 4, offset: 0, format: 'float32x4' },
  { location: 5, offset: 16, format: 'float32x4' },
] as const;
const SKINNED_LAYOUT = { stride: 32, attributes: SKINNING } as const;
const UNSKINNED_LAYOUT = { stride: 0, step: 'instance', attributes: SKINNING } as const;
/** A pipeline variant's flags (see `WorldPass.pipeline`). */
const [MIRRORED, LINED, DOUBLE_SIDED, BLENDED, COLORED, DEFORMED, SKINNED, SHADOW, CUT] = [
  1, 2, 4, 8, 16, 32, 64, 128, 256,
] as const;
/** The shadow map's format: a depth in 24 bits over red, green and blue (world.wgsl's armaturePackDepth). */
export const SHADOW_MAP_FORMAT = 'rgba8unorm';
/** The groups of a deformed pipeline (its joints and morph targets at 3) and of every other. */
const [DEFORMED_GROUPS, PLAIN_GROUPS] = [4, 3] as const;

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
   * Whether the graph's frame also writes `normals` (each pixel's normal in the eye's axes and its depth) and `lines`
   * (its mesh's outline colour and strength), which the `outline` pass reads; the renderer keeps it equal to that
   * pass being enabled. Each kind then draws with its lined pipeline (made the first time it is needed).
   */
  lines = false;
  /** Lined pipelines are being drawn with: set for the graph's frame while `lines` is on, never for XR views. */
  private drawingLines = false;
  readonly environment: Environment;
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

  private readonly packer: WorldPacker<DeviceBuffer>;
  /** Each kind's pipelines by variant (see `pipeline`). */
  private readonly pipelines = new Map<string, Pipeline[]>();
  private readonly frames: FrameUniform[] = [];
  /** Bindings of each kind's arena (remade when it grows) and of each kind's images (remade when one changes). */
  private readonly objectBindings = new Map<string, { generation: number; bindings: Bindings }>();
  private readonly images: MaterialImages;
  /** The image sets the recorded draws bind: checked each frame, so a changed texture or sampler records them again. */
  /**
   * The draws in chunks of `chunkSize`, each recorded into its own bundle: what it binds and what it drew when recorded,
   * and whether it must be recorded again (a mesh of it went into or out of the view).
   */
  private readonly chunks: Chunk[] = [];
  private recordingUniform: FrameUniform | null = null;
  /** Each geometry's buffers, counted by the draws that draw it, freed a few frames after the last one left. */
  private readonly geometries = new RefCache<Geometry, DeviceGeometry>((made) => {
    made.unlisten();
    made.vertices.destroy();
    made.colors?.destroy();
    made.skinning?.destroy();
    if (made.morphs) {
      this.deformBindings.get(made.morphs)?.destroy();
      this.deformBindings.delete(made.morphs);
      made.morphs.destroy();
    }
    made.indices.destroy();
  });
  /** The one vertex colour of every geometry without colours: white. */
  private white: DeviceBuffer | null = null;
  /** The joint weights of every morphed geometry without a skin: zeros, read per instance. */
  private unskinned: DeviceBuffer | null = null;
  /** Group 2 of deformed draws whose kind reads no images: empty. */
  private noImages: Bindings | null = null;
  /** The morph image of every skinned geometry without morph targets: one texel, never read. */
  private noMorphs: DeviceTexture | null = null;
  /** Group 3 of deformed draws by their morph image, for the deform buffer's generation (remade when it grows). */
  private readonly deformBindings = new Map<DeviceTexture, Bindings>();
  private deformGeneration = 0;
  /** The packer's joint matrices count at the start of the frame (the frame's count is the difference). */
  private jointsBefore = 0;
  private readonly viewProjection = mat4.create();
  /** Bumped whenever a kind's arena grows into a new buffer (its group-1 bindings are made again). */
  private objectsVersion = 0;
  /**
   * What every chunk was recorded against: when any of it changes, all chunks are gathered and recorded again. The
   * culling and visibility versions are the packer's after the last replay: when they moved by more than this frame's
   * lists of flips (the views of an XR frame culled in between), a flip was missed.
   */
  private recorded = { draws: -1, images: -1, visibility: -1, cull: -1, bindings: -1, culling: false };
  private drawCounts = { drawCalls: 0, instances: 0, triangles: 0, culled: 0, images: [] as ImageSet[] };
  /** Whether meshes are drawn instanced (`WorldPassOptions.instancing`). */
  readonly instancing: boolean;
  /** Draws per chunk (bundle) when the chunks are cut evenly; a chunk grows to twice that before they are cut again. */
  private readonly chunkSize: number;
  /** The chunks in use (`chunks` keeps more, once made). */
  private chunkCount = 0;
  /** The last stamp given to a gathered chunk. */
  private stamps = 0;
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
    this.chunkSize = this.instancing ? INSTANCED_CHUNK : CHUNK;
    this.packer = new WorldPacker(root, deviceUniformStorage(device), {
      validate: options.validate ?? false,
      ...(this.instancing ? { objectStorage: deviceStorageArena(device) } : {}),
    });
    this.images = new MaterialImages(device, this.textures, (kind) => this.pipeline(kind, 0));
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
    await Promise.all(
      [...materialKinds(options.root)].map(async (name) => {
        const pipeline = await device.createPipeline(world.pipelineDesc(materialKind(name)));
        world.pipelines.set(name, [pipeline]); // variant 0: the plain one
        world.counters.pipelinesBuilt++;
      }),
    );
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
    const chunks = Math.max(this.chunkCount, Math.ceil(this.packer.opaqueCount / this.chunkSize));
    this.table?.beginFrame(this.useBundles ? chunks * 2 * this.chunkSize : 0, this.packer.draws.length);
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
    if (!this.camera) throw new Error("WorldPass: give it a camera to use it as the graph's world pass.");
    return this.lens ?? { projection: this.camera.projectionMatrix, view: this.camera.viewMatrix };
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
    const vp = this.viewProjection;
    if (pass.clipTransform) mat4.multiply(vp, pass.clipTransform, eye.viewProjection);
    else mat4.copy(vp, eye.viewProjection);
    const view = eye.view as mat4;
    uniform.buffer.write(0, this.packer.frameBytes(vp, view, frame.time, this.environment, shadow, null));
    const culling = this.culling;
    this.culling = false;
    this.drawingShadow = true;
    try {
      this.encodeDraws(pass, uniform, this.packer.draws, 0, this.packer.opaqueCount);
    } finally {
      this.culling = culling;
      this.drawingShadow = false;
    }
    pass.end();
    this.shadowFrame = shadow;
  }
  private shadowUniform: FrameUniform | null = null;
  /** The shadow map's reading as `renderShadow` drew it this frame; taken by the world's frame. */
  private shadowFrame: ShadowFrame | null = null;
  private drawingShadow = false;

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
    const culling = this.culling;
    this.culling = false;
    this.drawingShadow = true;
    try {
      for (let face = 0; face < 6; face++) {
        const uniform = (this.pointShadowUniforms[face] ??= this.frameUniform(`point shadow face ${face}`));
        const viewProjection = faces.viewProjections[face]!;
        this.casterFrustum.set(viewProjection);
        const vp = this.viewProjection;
        if (pass.clipTransform) mat4.multiply(vp, pass.clipTransform, viewProjection);
        else mat4.copy(vp, viewProjection);
        const view = faces.views[face]!;
        uniform.buffer.write(0, this.packer.frameBytes(vp, view, frame.time, this.environment, null, point));
        const [x, y, size] = faces.tiles[face]!;
        pass.setViewport(x, y, size, size);
        pass.setScissor(x, y, size, size);
        this.casterCulling = true;
        this.encodeDraws(pass, uniform, this.packer.draws, 0, this.packer.opaqueCount);
      }
    } finally {
      this.culling = culling;
      this.drawingShadow = false;
      this.casterCulling = false;
    }
    pass.end();
    this.pointShadowFrame = point;
  }
  private readonly pointShadowUniforms: FrameUniform[] = [];
  /** The point light's atlas as `renderPointShadow` drew it this frame; taken by the world's frame. */
  private pointShadowFrame: PointShadowFrame | null = null;
  /** While a point light's face is drawn: casters whose box is outside `casterFrustum` are left out. */
  private casterCulling = false;
  private readonly casterFrustum = new Frustum();

  execute(frame: FrameContext, io: PassIO<RenderTarget>): void {
    if (!this.camera) throw new Error("WorldPass: give it a camera to use it as the graph's world pass.");
    const { packed, bytesUploaded } = this.prepare();
    const texelsBefore = this.texelsBefore;
    const shadow = io.has('shadowMap') ? this.shadowFrame : null;
    const point = io.has('pointShadowMap') ? this.pointShadowFrame : null;
    this.shadowFrame = this.pointShadowFrame = null;
    this.drawingLines = this.lines;
    const pass = frame.device.beginPass({
      label: 'world',
      color: io.output('scene'),
      clearColor: this.environment.clearColor,
      depth: io.output('depth'),
      clearDepth: 1,
      timed: true,
      ...(this.lines
        ? {
            extra: [
              { target: io.output('normals'), clear: NORMALS_CLEAR },
              { target: io.output('lines'), clear: LINES_CLEAR },
            ],
          }
        : {}),
    });
    const uniform = this.frames[0]!;
    this.bindShadowMaps(
      uniform,
      shadow ? (io.input('shadowMap') as DeviceTexture) : null,
      point ? (io.input('pointShadowMap') as DeviceTexture) : null,
    );
    const view = this.lens?.view ?? this.camera.viewMatrix;
    const cull = this.writeFrame(
      uniform,
      pass,
      this.lens?.projection ?? this.camera.projectionMatrix,
      view,
      frame.time,
      shadow,
      point,
    );
    const counts = this.drawCounts;
    if (this.useBundles) this.replayChunks(pass, uniform, cull);
    else this.encodeDraws(pass, uniform, this.packer.draws, 0, this.packer.opaqueCount);
    this.drawBlended(pass, uniform, view);
    pass.end();
    this.drawingLines = false;
    const c = this.counters;
    c.drawCalls = counts.drawCalls;
    c.drawn = counts.instances;
    c.triangles = counts.triangles;
    c.culled = counts.culled;
    c.objectsPacked = packed;
    c.bytesUploaded = bytesUploaded + FRAME.size + this.tableBytes();
    c.textureBytesUploaded = this.images.bytesUploaded - texelsBefore;
    c.jointMatrices = this.packer.counters.jointMatrices - this.jointsBefore;
    this.countLights();
    this.sweep();
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
      this.writeFrame(uniform, pass, view.projection, view.view, frame.time, null, null);
      this.encodeDraws(pass, uniform, this.packer.draws, 0, this.packer.opaqueCount);
      this.drawBlended(pass, uniform, view.view);
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
    this.images.destroy();
    const shadowUniforms = [...(this.shadowUniform ? [this.shadowUniform] : []), ...this.pointShadowUniforms];
    for (const uniform of [...this.frames, ...shadowUniforms]) {
      uniform.bindings?.destroy();
      uniform.buffer.destroy();
    }
    this.noShadow?.destroy();
    for (const { bindings } of this.objectBindings.values()) bindings.destroy();
    this.geometries.destroy();
    this.white?.destroy();
    this.unskinned?.destroy();
    this.noMorphs?.destroy();
    this.noImages?.destroy();
    for (const bindings of this.deformBindings.values()) bindings.destroy();
  }

  /**
   * The frame uniform for one view: the projection mapped into the pass's clip space, times the view. Culls the draws
   * against this view first (with `culling` on) and returns the packer's `cullVersion` (−1 with it off).
   */
  private writeFrame(
    uniform: FrameUniform,
    pass: PassEncoder,
    projection: Float32Array | mat4,
    view: Float32Array | mat4,
    time: number,
    shadow: ShadowFrame | null,
    point: PointShadowFrame | null,
  ): number {
    const vp = this.viewProjection;
    mat4.multiply(vp, projection, view);
    const cull = this.culling ? this.packer.cull(vp) : -1;
    if (pass.clipTransform) mat4.multiply(vp, pass.clipTransform, vp);
    uniform.buffer.write(0, this.packer.frameBytes(vp, view as mat4, time, this.environment, shadow, point));
    return cull;
  }

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

  private pipelineDesc(kind: MaterialKindInfo, variant = 0): PipelineDesc {
    const desc = this.plainPipelineDesc(kind, variant);
    if (!this.instancing) return desc;
    // The same pipeline reading its object from the storage array: group 1 has no dynamic offset any more.
    const slotSize = UniformArena.slotSizeOf(kind.object, deviceStorageArena(this.device).alignment);
    return {
      ...desc,
      shader: instancedShader(desc.shader, kind.object, kind.structs, slotSize),
      dynamic: (desc.dynamic ?? []).filter((name) => name !== 'object'),
    };
  }

  private plainPipelineDesc(kind: MaterialKindInfo, variant: number): PipelineDesc {
    const [mirrored, lined, doubleSided, blended, colored, deformed, skinned, shadow] = [
      MIRRORED,
      LINED,
      DOUBLE_SIDED,
      BLENDED,
      COLORED,
      DEFORMED,
      SKINNED,
      SHADOW,
    ].map((flag) => (variant & flag) !== 0);
    const wrapped = (what: string) =>
      new Error(
        `Material kind "${kind.name}" cannot draw ${what}: its WGSL must declare ` +
          '`@fragment fn fs(in: VertexOut) -> @location(0) vec4<f32>` for the world pass to wrap it.',
      );
    if (lined && !kind.lined) throw wrapped('outlines');
    const oneSided = lined ? kind.lined! : kind.shader;
    const sided = doubleSided ? twoSidedShader(oneSided) : oneSided;
    if (!sided) throw wrapped('double-sided materials');
    if (shadow) return this.shadowPipelineDesc(kind, variant);
    return {
      shader: colored ? coloredShader(sided) : sided,
      format: this.format,
      ...(lined ? { extraFormats: LINE_FORMATS } : {}),
      vertexBuffers: [
        ...(colored ? COLORED_LAYOUT : WHITE_LAYOUT),
        ...(deformed ? [skinned ? SKINNED_LAYOUT : UNSKINNED_LAYOUT] : []),
      ],
      // A skinned or morphed mesh: the deformed vertex stage, reading its joints and morph targets at group 3.
      ...(deformed
        ? {
            vertexEntry: 'vsDeformed',
            defines: ['ARMATURE_DEFORMED'],
            dataTextures: ['morphTargets'],
            groups: DEFORMED_GROUPS,
          }
        : { groups: PLAIN_GROUPS }),
      // Both faces of a double-sided material (a back face lit with its normal turned to the eye), else the front.
      ...(doubleSided ? {} : { cull: 'back' as const }),
      // A mirrored mesh's faces wind clockwise on screen: its own pipeline keeps the outside drawn.
      frontFace: mirrored ? 'cw' : 'ccw',
      // Blended: alpha over what is drawn, behind what is nearer, leaving the depth to the opaque draws.
      ...(blended ? { blend: 'alpha' as const } : {}),
      depth: { write: !blended, compare: 'less' },
      dynamic: deformed ? ['object', 'deform'] : ['object'],
    };
  }

  /**
   * A shadow caster's pipeline: the kind's vertex stage (plain or deformed) and world.wgsl's fsShadow writing the
   * depth into the shadow map; both faces of a double-sided material, else the front.
   */
  private shadowPipelineDesc(kind: MaterialKindInfo, variant: number): PipelineDesc {
    const deformed = (variant & DEFORMED) !== 0;
    const skinned = (variant & SKINNED) !== 0;
    const colored = (variant & COLORED) !== 0;
    const cut = (variant & CUT) !== 0;
    const shader = cut ? cutShadowShader(kind.shader) : kind.shader;
    if (!shader)
      throw new Error(
        `Material kind "${kind.name}" cannot cut out its shadow (alphaTest): its WGSL must declare ` +
          '`@fragment fn fs(in: VertexOut) -> @location(0) vec4<f32>` for the shadow pass to wrap it.',
      );
    return {
      shader: { ...shader, label: `${kind.shader.label} shadow` },
      fragmentEntry: cut ? 'fsShadowCut' : 'fsShadow',
      format: SHADOW_MAP_FORMAT,
      vertexBuffers: [
        ...(colored ? COLORED_LAYOUT : WHITE_LAYOUT),
        ...(deformed ? [skinned ? SKINNED_LAYOUT : UNSKINNED_LAYOUT] : []),
      ],
      ...(deformed
        ? {
            vertexEntry: 'vsDeformed',
            defines: ['ARMATURE_DEFORMED', 'ARMATURE_SHADOW_CASTER'],
            dataTextures: ['morphTargets'],
            groups: DEFORMED_GROUPS,
          }
        : { defines: ['ARMATURE_SHADOW_CASTER'], groups: PLAIN_GROUPS }),
      ...((variant & DOUBLE_SIDED) !== 0 ? {} : { cull: 'back' as const }),
      frontFace: (variant & MIRRORED) !== 0 ? 'cw' : 'ccw',
      depth: { write: true, compare: 'less' },
      dynamic: deformed ? ['object', 'deform'] : ['object'],
    };
  }

  /**
   * The kind's pipeline of a variant (flags: MIRRORED, the winding turned over; LINED, writing the outline targets;
   * DOUBLE_SIDED; BLENDED; COLORED, reading vertex colours); one not built yet is built now (a one-off stall,
   * counted). Cached by number: the draw loop switches pipelines with no garbage.
   */
  private pipeline(kind: MaterialKindInfo, variant: number): Pipeline {
    const variants = (this.pipelines.get(kind.name) ?? this.pipelines.set(kind.name, []).get(kind.name))!;
    let pipeline = variants[variant];
    if (!pipeline) {
      pipeline = variants[variant] = this.device.createPipelineNow(this.pipelineDesc(kind, variant));
      this.counters.pipelinesBuilt++;
    }
    return pipeline;
  }

  /**
   * Brings the bindings the recorded draws use up to date (a grown arena, a texture's new texels, filter or wrap, an
   * image of `textures` swapped) and returns the version the draws must have been recorded with.
   */
  private currentBindingsVersion(): number {
    // Indexed loops: this runs every frame, and an iterator per chunk would be garbage every frame.
    const kinds = this.packer.kindList;
    for (let i = 0; i < kinds.length; i++) this.objectsOf(kinds[i]!);
    this.checkDeformBuffer();
    const chunks = this.chunks;
    for (let c = 0; c < chunks.length; c++) {
      const sets = chunks[c]!.images;
      for (let i = 0; i < sets.length; i++) this.images.refresh(sets[i]!);
    }
    return this.objectsVersion + this.images.version;
  }

  /** The bindings of a kind's arena, made again when the arena has grown into a new buffer. */
  private objectsOf(kind: KindSlots<DeviceBuffer>): Bindings {
    const arena = kind.arena;
    let entry = this.objectBindings.get(kind.info.name);
    // Instanced: the arena's and the table's generations, in one number (each grows by doubling: far below 2^20).
    const generation = arena.generation + (this.table ? this.table.generation * 2 ** 20 : 0);
    if (entry?.generation !== generation) {
      const bindings = this.device.createBindings(
        this.pipeline(kind.info, 0),
        1,
        this.table ? { objects: arena.buffer, instances: this.table.buffer } : { object: arena.buffer },
      );
      entry?.bindings.destroy(); // of the buffer the arena grew out of
      this.objectBindings.set(kind.info.name, (entry = { generation, bindings }));
      this.objectsVersion++;
    }
    return entry.bindings;
  }

  /**
   * Replays the draws from their chunks' bundles, recording again only the chunks that changed. When the images,
   * bindings or culling changed, the draws are cut into even chunks and all gathered again. When only the draw list
   * changed (meshes joined or left), each chunk keeps its draws (`rechunk`). A mesh that joined or left, went into or
   * out of the view or was shown or hidden is, instanced, a move of its table entry (`InstanceBatches`) and its chunk's
   * few batches recorded again; else its chunk is gathered again.
   * Leaves the frame's counts, summed over the chunks, in `drawCounts`.
   */
  private replayChunks(pass: PassEncoder, uniform: FrameUniform, cull: number): void {
    const packer = this.packer;
    const culling = cull >= 0;
    const key = this.recorded;
    const bindings = this.currentBindingsVersion();
    const flipped = culling ? packer.flipped : null;
    const shown = packer.shownOrHidden;
    const all =
      key.culling !== culling ||
      key.images !== packer.imagesVersion ||
      key.bindings !== bindings ||
      key.visibility !== packer.visibilityVersion - shown.length ||
      (flipped !== null && key.cull !== packer.cullVersion - flipped.length) ||
      (key.draws !== packer.drawsVersion && !this.rechunk(culling));
    if (all) this.cutChunks();
    else {
      if (flipped) for (let i = 0; i < flipped.length; i++) this.redraw(flipped.at(i), culling);
      for (let i = 0; i < shown.length; i++) this.redraw(shown.at(i), culling);
      // The moved entries go before the draws that read them (WebGL2 draws as it encodes).
      if (this.table)
        for (let k = 0; k < this.chunkCount; k++) {
          const batches = this.chunks[k]!.batches;
          if (batches.hasWritten) batches.flush(this.table);
        }
    }
    this.recorded = {
      draws: packer.drawsVersion,
      images: packer.imagesVersion,
      visibility: packer.visibilityVersion,
      cull: packer.cullVersion,
      bindings,
      culling,
    };
    const counts = this.drawCounts;
    let drawCalls = 0;
    let instances = 0;
    let triangles = 0;
    let culled = 0;
    this.recordingUniform = uniform;
    for (let k = 0; k < this.chunkCount; k++) {
      const chunk = this.chunks[k]!;
      if (chunk.to === chunk.from) {
        // Not replayed: it lets go of the image sets it bound, which may be freed now.
        if (chunk.images.length > 0) chunk.images = [];
        chunk.stale = chunk.regather = true;
        continue;
      }
      if (pass.executeBundle(chunk.bundle, chunk.stale, chunk.record)) this.counters.bundlesRecorded++;
      drawCalls += chunk.drawCalls;
      instances += chunk.instances;
      triangles += chunk.triangles;
      culled += chunk.batches.culled;
    }
    counts.drawCalls = drawCalls;
    counts.instances = instances;
    counts.triangles = triangles;
    counts.culled = culled;
    // Recording may have made bindings (a kind's first draw): the chunks hold those now.
    this.recorded.bindings = this.objectsVersion + this.images.version;
  }

  /** Cuts the opaque draws into even chunks, every one to be gathered again; the chunks past them let go of theirs. */
  private cutChunks(): void {
    const opaque = this.packer.opaqueCount;
    const size = this.chunkSize;
    const count = Math.ceil(opaque / size);
    while (this.chunks.length < count) {
      const k = this.chunks.length;
      // Its recorder is made once: a closure per chunk per frame would be garbage every frame.
      const record = (encoder: DrawEncoder) => this.recordChunk(encoder, chunk, k);
      const chunk: Chunk = {
        bundle: this.device.createBundle(`world draws ${k}`),
        record,
        batches: new InstanceBatches(),
        from: 0,
        to: 0,
        anchor: null,
        stamp: -1,
        members: 0,
        stale: true,
        regather: true,
        images: [],
        drawCalls: 0,
        instances: 0,
        triangles: 0,
      };
      this.chunks.push(chunk);
    }
    for (let k = 0; k < this.chunks.length; k++) {
      const chunk = this.chunks[k]!;
      chunk.from = Math.min(k * size, opaque);
      chunk.to = Math.min(chunk.from + size, opaque);
      chunk.stale = chunk.regather = true;
      chunk.stamp = -1;
      // Chunks past the draws are not replayed: they let go of the image sets they bound, which may be freed now.
      if (k >= count) chunk.images = [];
    }
    this.chunkCount = count;
  }

  /**
   * After meshes joined or left the draw list (or moved in it): the draws the packer relisted leave their chunks, each
   * chunk's draws then start at its anchor's new place, and the relisted draws still in the list join the chunk they
   * fall in. Instanced, a join or leave moves one table entry (a draw joins the batch of a neighbour of its kind, while
   * the batch has room); else its chunk is gathered again. False when the chunks cannot be kept (a list change went by
   * unseen, an anchor left or moved, or a chunk grew past 1.5 times the even cut): the caller cuts them again.
   */
  private rechunk(culling: boolean): boolean {
    const packer = this.packer;
    const draws = packer.draws;
    const opaque = packer.opaqueCount;
    const count = this.chunkCount;
    const relisted = packer.relisted;
    if (count === 0 || this.recorded.draws !== packer.drawsVersion - 1) return false;
    for (let i = 0; i < relisted.length; i++) {
      const draw = relisted.at(i);
      const chunk = this.chunkOf(draw);
      if (!chunk) continue;
      if (chunk.anchor === draw && chunk !== this.chunks[0]) return false;
      this.leave(chunk, draw);
    }
    for (let k = 1; k < count; k++) {
      const chunk = this.chunks[k]!;
      const anchor = chunk.anchor;
      if (!anchor || this.chunkOf(anchor) !== chunk) return false;
      chunk.from = anchor.index;
      if (chunk.from <= this.chunks[k - 1]!.from || chunk.from >= opaque) return false;
    }
    for (let k = 0; k < count; k++) {
      const chunk = this.chunks[k]!;
      chunk.to = k + 1 < count ? this.chunks[k + 1]!.from : opaque;
      if (chunk.to - chunk.from > 1.5 * this.chunkSize) return false;
    }
    for (let i = 0; i < relisted.length; i++) {
      const draw = relisted.at(i);
      if (draw.slot < 0 || draw.index >= opaque || draws[draw.index] !== draw || this.chunkOf(draw)) continue;
      this.join(this.chunkAt(draw.index), draw, culling);
    }
    // Every chunk's members are its draws (else one went by unseen: it is gathered again).
    for (let k = 0; k < count; k++) {
      const chunk = this.chunks[k]!;
      if (chunk.to - chunk.from !== chunk.members) chunk.stale = chunk.regather = true;
    }
    return true;
  }

  /** The chunk `draw` is a member of, if any. */
  private chunkOf(draw: WorldDraw<DeviceBuffer>): Chunk | null {
    const chunk = draw.chunkStamp >= 0 && draw.chunk < this.chunkCount ? this.chunks[draw.chunk]! : null;
    return chunk && chunk.stamp === draw.chunkStamp ? chunk : null;
  }

  /** The chunk whose draws include list index `index` (by their starts: a binary search). */
  private chunkAt(index: number): number {
    let lo = 0;
    let hi = this.chunkCount - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if (this.chunks[mid]!.from <= index) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Member `draw` left the list or moved in it: it leaves `chunk` (its entry given back; else a gathering again). */
  private leave(chunk: Chunk, draw: WorldDraw<DeviceBuffer>): void {
    draw.chunkStamp = -1;
    chunk.members--;
    if (!this.table) chunk.stale = chunk.regather = true;
    if (chunk.regather) return;
    if (draw.batchState === InstanceState.Drawn) chunk.stale = true;
    chunk.batches.leave(draw, this.table!.entries());
  }

  /**
   * `draw` joined the list (or moved in it) among chunk `k`'s draws: instanced, it joins the batch of a neighbour it can
   * be an instance of (same pipeline, images and geometry) if that batch has room; else the chunk is gathered again.
   */
  private join(k: number, draw: WorldDraw<DeviceBuffer>, culling: boolean): void {
    const chunk = this.chunks[k]!;
    draw.chunk = k;
    draw.chunkStamp = chunk.stamp;
    chunk.members++;
    if (!this.table) chunk.regather = true;
    if (!chunk.regather) {
      const draws = this.packer.draws;
      const variant = this.variantOf(draw) & ~LINED;
      const state = stateOf(draw, culling);
      for (let i = draw.index - 1; i <= draw.index + 1; i += 2) {
        const next = draws[i];
        if (!next || this.chunkOf(next) !== chunk || next.batch < 0) continue;
        const b = next.batch;
        if ((chunk.batches.variant[b]! & ~LINED) !== variant || !this.batchable(draw, next)) continue;
        if (chunk.batches.join(draw, b, state, this.table!.entries())) {
          if (state === InstanceState.Drawn) chunk.stale = true;
          return;
        }
      }
      chunk.regather = true;
    }
    chunk.stale = true;
  }

  /**
   * A recorded opaque draw went into or out of the view or was shown or hidden: instanced, its entry moves in its
   * chunk's batches (the chunk is recorded again if a batch's count changed); else its chunk is gathered again.
   */
  private redraw(draw: WorldDraw<DeviceBuffer>, culling: boolean): void {
    if (draw.slot < 0 || draw.index >= this.packer.opaqueCount) return;
    const chunk = this.chunkOf(draw);
    // Not a member of a chunk (a new draw): its chunk is being gathered again anyway.
    if (!chunk || chunk.regather) return;
    if (!this.table) {
      chunk.stale = chunk.regather = true;
      return;
    }
    if (chunk.batches.set(draw, stateOf(draw, culling), this.table.entries())) chunk.stale = true;
  }

  /**
   * Records chunk `k`'s draws (with the frame uniform being replayed), gathering them into its batches first when they
   * changed (stamping them as its own); keeps what it bound and drew. Instanced, its table entries are its own
   * (2 · chunkSize of them from k · 2 · chunkSize), kept with the recording.
   */
  private recordChunk(encoder: DrawEncoder, chunk: Chunk, k: number): void {
    const draws = this.packer.draws;
    if (chunk.regather) {
      const { from, to } = chunk;
      const stamp = (chunk.stamp = ++this.stamps);
      for (let i = from; i < to; i++) {
        const draw = draws[i]!;
        draw.chunk = k;
        draw.chunkStamp = stamp;
      }
      chunk.anchor = draws[from] ?? null;
      chunk.members = to - from;
      if (this.table) this.gatherChunk(chunk.batches, draws, from, to, k * 2 * this.chunkSize);
      else this.gather(chunk.batches, draws, from, to, 0);
      chunk.regather = false;
    }
    this.emit(encoder, this.recordingUniform!, chunk.batches);
    const counts = this.drawCounts;
    chunk.images = counts.images;
    chunk.drawCalls = counts.drawCalls;
    chunk.instances = counts.instances;
    chunk.triangles = counts.triangles;
    chunk.stale = false;
  }

  /** The pipeline variant `draw` is drawn with in the pass being encoded (see `pipeline`). */
  private variantOf(draw: WorldDraw<DeviceBuffer>): number {
    const shadow = this.drawingShadow;
    return (
      (draw.mirrored ? MIRRORED : 0) |
      (this.drawingLines ? LINED : 0) |
      (draw.doubleSided ? DOUBLE_SIDED : 0) |
      (draw.blended ? BLENDED : 0) |
      (draw.geometry.colors ? COLORED : 0) |
      (draw.deformed !== Deformed.None ? DEFORMED : 0) |
      (draw.deformed === Deformed.Skinned ? SKINNED : 0) |
      (shadow ? SHADOW : 0) |
      (shadow && draw.mesh.material.alphaTest > 0 ? CUT : 0)
    );
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
  ): void {
    const table = this.table;
    const batches = this.batches;
    const region = table ? table.reserve(to - from) : 0;
    this.gather(batches, draws, from, to, region);
    if (table) {
      table.upload(region, batches.entries);
      table.release(region + batches.entries);
    }
    this.emit(target, uniform, batches);
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
  ): void {
    const entries = this.entriesFor(region + to - from);
    const shadow = this.drawingShadow;
    const culling = this.culling;
    const casterCulling = this.casterCulling;
    const casterFrustum = this.casterFrustum;
    batches.begin(region, to - from);
    let culled = 0;
    let last: WorldDraw<DeviceBuffer> | null = null;
    let lastVariant = -1;
    for (let i = from; i < to; i++) {
      const draw = draws[i]!;
      if (!draw.visible || (shadow && !draw.mesh.castShadow)) continue;
      if (casterCulling && !casterFrustum.intersects(draw.box)) continue;
      if (culling && !draw.inView) {
        culled++;
        continue;
      }
      const variant = this.variantOf(draw);
      if (!this.table || last === null || variant !== lastVariant || !this.batchable(draw, last))
        batches.open(variant);
      batches.add(draw, entries);
      last = draw;
      lastVariant = variant;
    }
    batches.culled = culled;
  }

  /**
   * Gathers a chunk's draws into `batches` over the chunk's own table entries (2 · chunkSize of them), every draw of a
   * run a member of its batch whether drawn now or not (so it can be drawn later by moving one entry), with room for
   * draws that join, and uploads the entries.
   */
  private gatherChunk(
    batches: InstanceBatches<WorldDraw<DeviceBuffer>>,
    draws: readonly WorldDraw<DeviceBuffer>[],
    from: number,
    to: number,
    region: number,
  ): void {
    const table = this.table!;
    const entries = table.entries();
    const culling = this.culling;
    batches.begin(region, to - from, 2 * this.chunkSize);
    let last: WorldDraw<DeviceBuffer> | null = null;
    let lastVariant = -1;
    for (let i = from; i < to; i++) {
      const draw = draws[i]!;
      const variant = this.variantOf(draw);
      if (last === null || variant !== lastVariant || !this.batchable(draw, last)) batches.open(variant);
      batches.addMember(draw, stateOf(draw, culling), entries);
      last = draw;
      lastVariant = variant;
    }
    table.upload(region, batches.entries);
  }

  /** Whether `draw` can be an instance of the batch `last` (of the same variant) is drawn as. */
  private batchable(draw: WorldDraw<DeviceBuffer>, last: WorldDraw<DeviceBuffer>): boolean {
    return (
      draw.kind === last.kind &&
      draw.geometry === last.geometry &&
      draw.images === last.images &&
      draw.deformed === Deformed.None &&
      last.deformed === Deformed.None
    );
  }

  /**
   * Encodes `batches`, one draw each (none for a batch with nothing drawn now), changing pipeline and geometry only
   * when they differ from the last; leaves the counts and the bound image sets in `drawCounts`.
   */
  private emit(
    target: DrawEncoder,
    uniform: FrameUniform,
    batches: InstanceBatches<WorldDraw<DeviceBuffer>>,
  ): void {
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
      const drawVariant = (variants[b]! & ~LINED) | (this.drawingLines ? LINED : 0);
      if (draw.kind !== kind || drawVariant !== variant) {
        const firstDraw = kind === null;
        const sameKind = draw.kind === kind;
        kind = draw.kind;
        variant = drawVariant;
        // Pipelines share their bind group layouts, so the groups set stay valid across the switch.
        const pipeline = this.pipeline(kind.info, variant);
        target.setPipeline(pipeline);
        if (firstDraw) target.setBindings(0, this.frameBindings(uniform, pipeline));
        if (!sameKind) {
          objects = this.objectsOf(kind);
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
      const buffers = this.deviceGeometry(draw.geometry, draw.mesh);
      if (buffers !== geometry) {
        geometry = buffers;
        target.setVertexBuffer(0, buffers.vertices);
        target.setVertexBuffer(1, buffers.colors ?? this.whiteColor());
        target.setIndexBuffer(buffers.indices, buffers.indexFormat);
        if (draw.deformed !== Deformed.None)
          target.setVertexBuffer(2, buffers.skinning ?? this.unskinnedWeights());
      }
      if (draw.deformed !== Deformed.None) {
        const pipeline = this.pipeline(kind.info, variant);
        // Group 3 comes after the images: a kind that reads none binds an empty group 2.
        if (kind.info.textures.length === 0)
          target.setBindings(2, (this.noImages ??= this.device.createBindings(pipeline, 2, {})));
        target.setBindings(3, this.deformOf(buffers, pipeline), draw.deform);
      }
      if (table) target.drawIndexed(buffers.indexCount, instanceCount, start[b]!);
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
  }

  /**
   * Encodes the blended draws after the opaque ones, farthest first for `view` (sorted each frame: the eye moves), and
   * adds their counts to the frame's.
   */
  private drawBlended(pass: PassEncoder, uniform: FrameUniform, view: ReadonlyMat4): void {
    const order = this.packer.blendedOrder(view);
    if (order.length === 0) return;
    const counts = this.drawCounts;
    const [drawCalls, instances, triangles, culled] = [
      counts.drawCalls,
      counts.instances,
      counts.triangles,
      counts.culled,
    ];
    this.encodeDraws(pass, uniform, order, 0, order.length);
    counts.drawCalls += drawCalls;
    counts.instances += instances;
    counts.triangles += triangles;
    counts.culled += culled;
  }

  /** Makes group 3's bindings again when the deform buffer has grown into a new one. */
  private checkDeformBuffer(): void {
    const generation = this.packer.deforms.generation;
    if (generation === this.deformGeneration) return;
    for (const bindings of this.deformBindings.values()) bindings.destroy();
    this.deformBindings.clear();
    this.deformGeneration = generation;
    this.objectsVersion++; // recorded draws bind the old buffer
  }

  /** Group 3 of a deformed draw of `geometry`: the deform buffer and its morph image (made once per image). */
  private deformOf(geometry: DeviceGeometry, pipeline: Pipeline): Bindings {
    this.checkDeformBuffer();
    const morphs = geometry.morphs ?? this.emptyMorphs();
    let bindings = this.deformBindings.get(morphs);
    if (!bindings) {
      bindings = this.device.createBindings(pipeline, 3, {
        deform: this.packer.deforms.buffer,
        morphTargets: morphs,
      });
      this.deformBindings.set(morphs, bindings);
    }
    return bindings;
  }

  /** The zero joint weights of morphed geometries without a skin (one set, read per instance). */
  private unskinnedWeights(): DeviceBuffer {
    if (!this.unskinned) {
      const zeros = new Float32Array(8);
      this.unskinned = this.device.createBuffer({
        label: 'no joints',
        size: 32,
        usage: 'vertex',
        restore: () => zeros,
      });
      this.unskinned.write(0, zeros);
    }
    return this.unskinned;
  }

  /** The morph image of skinned geometries without morph targets (never read: they have none). */
  private emptyMorphs(): DeviceTexture {
    return (this.noMorphs ??= this.device.createTexture({
      label: 'no morph targets',
      format: 'rgba32float',
      width: 1,
      height: 1,
      pixels: new Uint8Array(16),
    }));
  }

  /** The white vertex colour of geometries without colours (one value, read per instance). */
  private whiteColor(): DeviceBuffer {
    if (!this.white) {
      this.white = this.device.createBuffer({
        label: 'white vertex colour',
        size: 16,
        usage: 'vertex',
        restore: () => WHITE,
      });
      this.white.write(0, WHITE);
    }
    return this.white;
  }

  private deviceGeometry(geometry: Geometry, mesh: { path: string }): DeviceGeometry {
    if (isDisposed(geometry))
      throw new Error(
        `WorldPass: mesh "${mesh.path}" draws geometry "${geometry.name}", which was disposed; give the mesh another ` +
          'geometry or take it out of the scene first.',
      );
    return this.geometries.get(geometry, () => this.makeGeometry(geometry));
  }

  /**
   * A geometry's morph targets as one rgba32float image: target t's displacement of vertex v at texel 2 (t · vertices +
   * v) (position), the normal's in the next (zero when the target moves no normal), row after row.
   */
  private morphImage(geometry: Geometry, vertices: number): DeviceTexture {
    const targets = geometry.morphTargets!;
    const texels = targets.length * vertices * 2;
    const max = this.device.limits.maxTextureSize;
    const width = Math.min(texels, max);
    const height = Math.ceil(texels / width);
    if (height > max)
      throw new Error(
        `WorldPass: geometry "${geometry.name}" has ${targets.length} morph targets of ${vertices} vertices: ` +
          `${texels} texels, more than a ${max}×${max} image holds; use fewer targets or split the geometry.`,
      );
    const data = new Float32Array(width * height * 4);
    targets.forEach((target, t) => {
      for (let v = 0; v < vertices; v++) {
        const at = (t * vertices + v) * 8;
        for (let a = 0; a < 3; a++) {
          data[at + a] = target.positions[v * 3 + a]!;
          data[at + 4 + a] = target.normals?.[v * 3 + a] ?? 0;
        }
      }
    });
    return this.device.createTexture({
      label: `${geometry.name} morph targets`,
      format: 'rgba32float',
      width,
      height,
      pixels: new Uint8Array(data.buffer),
    });
  }

  private makeGeometry(geometry: Geometry): DeviceGeometry {
    const buffer = (
      data: Float32Array | Uint16Array | Uint32Array,
      usage: 'vertex' | 'index',
      what: string,
    ) => {
      const b = this.device.createBuffer({
        label: `${geometry.name} ${what}`,
        size: data.byteLength,
        usage,
        restore: () => data,
      });
      b.write(0, data);
      return b;
    };
    const colors = geometry.colors;
    const count = geometry.vertices.length / VERTEX_FLOATS;
    if (colors && !(colors instanceof Float32Array && colors.length === count * 4))
      throw new Error(
        `WorldPass: geometry "${geometry.name}" has ${count} vertices, so its colors must be a Float32Array of ` +
          `${count * 4} floats (RGBA per vertex); it has ${String(colors?.length)}.`,
      );
    return {
      vertices: buffer(geometry.vertices, 'vertex', 'vertices'),
      colors: colors ? buffer(colors, 'vertex', 'colours') : null,
      skinning:
        geometry.joints && geometry.weights
          ? buffer(interleaveSkinning(geometry.joints, geometry.weights, count), 'vertex', 'joints')
          : null,
      morphs: geometry.morphTargets?.length ? this.morphImage(geometry, count) : null,
      indices: buffer(geometry.indices, 'index', 'indices'),
      indexFormat: geometry.indices instanceof Uint32Array ? 'uint32' : 'uint16',
      indexCount: geometry.indices.length,
      unlisten: whenDisposed(geometry, () => {
        this.geometries.forget(geometry);
        this.recorded.bindings = -1; // no bundle may replay its buffers: the draws are recorded again (and refused)
      }),
    };
  }
}

/** Joints and weights (four floats a vertex each) as one buffer of eight floats a vertex. */
function interleaveSkinning(joints: Float32Array, weights: Float32Array, vertices: number): Float32Array {
  const out = new Float32Array(vertices * 8);
  for (let v = 0; v < vertices; v++) {
    out.set(joints.subarray(v * 4, v * 4 + 4), v * 8);
    out.set(weights.subarray(v * 4, v * 4 + 4), v * 8 + 4);
  }
  return out;
}

/** How a recorded opaque draw stands this frame: hidden, out of the view (with culling on), or drawn. */
function stateOf(draw: WorldDraw<DeviceBuffer>, culling: boolean): InstanceState {
  if (!draw.visible) return InstanceState.Hidden;
  return culling && !draw.inView ? InstanceState.Culled : InstanceState.Drawn;
}
