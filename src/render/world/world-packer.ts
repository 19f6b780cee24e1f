import { mat3, mat4, vec3, type ReadonlyMat4 } from 'gl-matrix';
import { StructBuffer, StructWriter, type FieldWriter } from '../../layout/struct-writer';
import { UniformArena, type StorageBuffer, type UniformStorage } from '../../layout/uniform-arena';
import type { Geometry } from '../../scene/geometry';
import { Frustum } from '../../scene/frustum';
import { Material } from '../../scene/material';
import { Mesh } from '../../scene/mesh';
import { ChangeRecord, type ChangeCursor } from '../../scene/change-record';
import type { Node } from '../../scene/node';
import { FrameList } from '../../math/frame-list';
import { updateWorldMatrices } from '../../scene/update-world-matrices';
import type { Box } from '../../scene/world-box';
import { snapToGrid, type TexelGrid } from '../../scene/snap-to-grid';
import type { StepHistory } from '../../scene/step-history';
import type { Environment } from './environment';
import { DEFORM, FRAME, materialKind, type MaterialKindInfo } from '../materials/material-kind';
import type { Skin } from '../../scene/skin';
import { VERTEX_FLOATS } from '../../scene/geometry';
import { DeformSlots } from './deform-slots';
import { transformPacker, type TransformPacker } from './transform-packer';
import { Light } from '../../scene/light';
import { LIGHTS_PER_OBJECT, LightSet, MAX_LIGHTS } from './light-set';
import { InstanceState } from './instance-batches';

const frameWriter = new StructWriter(FRAME);
const VIEW_PROJECTION = frameWriter.field('viewProjection');
const LIGHT_DIRECTION = frameWriter.field('lightDirection');
const TIME = frameWriter.field('time');
const LIGHT_COLOR = frameWriter.field('lightColor');
const AMBIENT = frameWriter.field('ambient');
const CAMERA_RIGHT = frameWriter.field('cameraRight');
const CAMERA_UP = frameWriter.field('cameraUp');
const AMBIENT_GROUND = frameWriter.field('ambientGround');
const LIGHT_AT = frameWriter.field('lightAt');
const LIGHT_GLOW = frameWriter.field('lightGlow');
const LIGHT_AIM = frameWriter.field('lightAim');
const SHADOW_MATRIX = frameWriter.field('shadowMatrix');
const SHADOW = frameWriter.field('shadow');
const POINT_SHADOW = frameWriter.field('pointShadow');

/** The directional light's shadow map as the `shadow` pass drew it this frame: what the world's frame reads it with. */
export interface ShadowFrame {
  /** World → map (x, y in 0…1, y down; z the depth in 0…1), column-major. */
  matrix: ReadonlyMat4;
  /** The map's size in texels. */
  size: number;
  /** Depth bias (in the map's 0…1 depths) and normal offset (world units). */
  bias: number;
  normalOffset: number;
  /** Filtered over 3×3 texels (PCF) instead of hard edges. */
  filter: boolean;
}

/** The casting point light's six views as the `shadow` pass drew them this frame (world.wgsl's pointShadow). */
export interface PointShadowFrame {
  /** The light's slot in the frame's light arrays. */
  slot: number;
  /** A face's size in texels. */
  size: number;
  /** Depth bias (in distances over the light's range) and normal offset (in the faces' texels). */
  bias: number;
  normalOffset: number;
}

/** A mesh as the world pass draws it. */
export type WorldMesh = Mesh<Geometry, Material>;

/** How a draw's vertices are deformed: not at all, by morph targets alone, or by a skin (and any morph targets). */
export const enum Deformed {
  None = 0,
  Morphed = 1,
  Skinned = 2,
}

/** One material kind's objects: their slots in the kind's own arena (its `Object` struct), and its field writers. */
export interface KindSlots<B extends StorageBuffer = StorageBuffer> {
  readonly info: MaterialKindInfo;
  readonly arena: UniformArena<B>;
  readonly model: FieldWriter;
  readonly normal: FieldWriter;
  /** Writes model and normal in one pass at the places this kind's layout gives (null: through the field writers). */
  readonly transform: TransformPacker | null;
  readonly color: FieldWriter | null;
  readonly alphaTest: FieldWriter | null;
  /** Its `lights: vec4<u32>` field (the lights that reach the object), or null for a kind that is not lit by them. */
  readonly lights: FieldWriter | null;
  /** The kind's other fields, filled from `Material.setParam`. */
  readonly params: readonly [string, FieldWriter][];
}

/** One mesh's place in its kind's arena and what of it was last packed. */
export interface WorldDraw<B extends StorageBuffer = StorageBuffer> {
  mesh: WorldMesh;
  kind: KindSlots<B>;
  /** Its slot in the kind's arena; −1 once the mesh left the tree. */
  slot: number;
  material: Material;
  /** The geometry drawn (a mesh given another is drawn with it next frame). */
  geometry: Geometry;
  /** Its world matrix mirrors (negative determinant): its faces wind the other way on screen. */
  mirrored: boolean;
  /** Its material's `doubleSided` when last packed: both faces drawn, by a pipeline of their own. */
  doubleSided: boolean;
  /** Its material's `blend` when last packed: drawn after every opaque draw, farthest first (`blendedOrder`). */
  blended: boolean;
  /** How its vertices are deformed (a pipeline of their own), as of the last pack. */
  deformed: Deformed;
  /** Its slot in `WorldPacker.deforms` (the dynamic offset of its group 3), or −1 when not deformed. */
  deform: number;
  /** The joints its deform slot was made for, the skin whose matrices it holds, and the versions they were made at. */
  deformJoints: number;
  skin: Skin | null;
  /** Every joint of its skin is in the packer's tree: read as the frame's sweep left them (no walk to the root). */
  skinSwept: boolean;
  skinVersion: number;
  morphVersion: number;
  worldVersion: number;
  materialVersion: number;
  /** The snap (`Mesh.drawSnap`) and grid version it was last packed with: a change of either re-packs it. */
  snapOf: object | null;
  gridVersion: number;
  /** The blend (`setBlend`) it was last packed at, or −1 when drawn unblended. */
  blendVersion: number;
  /** Visibility when the draws were last recorded. */
  visible: boolean;
  /** Which images the material gave its kind when last packed (ids: what a recorded draw binds). */
  images: string;
  /** Waiting in this frame's queue to be packed. */
  queued: boolean;
  /** The mesh's world box when last packed (`Mesh.worldBox`): what culling tests. */
  readonly box: Box;
  /** Whether the box was in the view when last culled. */
  inView: boolean;
  /** Its place in `draws`, as of the last change of the list (`drawsVersion`). */
  index: number;
  /** The world pass's: the chunk it is a member of and that chunk's gathering stamp (−1: none) … */
  chunk: number;
  chunkStamp: number;
  /** … and where it stands in the chunk's batches (`BatchMember`). */
  batch: number;
  batchEntry: number;
  batchState: InstanceState;
  /** The light slots (`WorldPacker.lights`) whose reach touches its box: bits of slots 0…31, then 32…63. */
  lightsLow: number;
  lightsHigh: number;
  /** How many lights its slot lists (at most LIGHTS_PER_OBJECT); −1 until the list is written into this slot. */
  lightCount: number;
  /** The flags its light list carries (bit 0: it receives the directional light's shadow). */
  lightFlags: number;
  /** The mesh's number: the last key of the sort, so a repaired list and a rebuilt one are in the same order. */
  readonly id: number;
}

/** How to run a world packer. */
export interface WorldPackerOptions<B extends StorageBuffer = StorageBuffer> {
  /**
   * After every frame, check the repaired draw list against one rebuilt from a walk of the tree (same meshes, same
   * order, every slot packed from the current state) and throw on the first difference. Far too slow for real frames.
   */
  validate?: boolean;
  /**
   * Where the kinds' object slots live, when not in the uniform storage the packer is made with (which the deform
   * slots always use): storage buffers, for instanced draws.
   */
  objectStorage?: UniformStorage<B>;
}

/**
 * Told when a draw starts (`retain`) and stops (`release`) drawing its geometry and its material's images (a mesh
 * joined or left, or was given another geometry, material kind or texture), so the GPU copies of those can be freed
 * once no draw needs them. Each `release` sees the draw as it was when retained.
 */
export interface DrawRefs<B extends StorageBuffer> {
  retain(draw: WorldDraw<B>): void;
  release(draw: WorldDraw<B>): void;
}

/** Above this many meshes joining or leaving in one frame, the draw list is sorted again instead of spliced. */
const SPLICE_LIMIT = 64;

/**
 * The scene side of the world pass: keeps a draw (a slot in its material kind's uniform arena) per mesh under the
 * root, and each frame re-packs only the meshes the tree's change record names (moved, edited, joined), then uploads
 * the changed slots. A frame where k meshes changed costs O(k); a change in another tree costs nothing.
 */
export class WorldPacker<B extends StorageBuffer = StorageBuffer> {
  /** In the order that changes pipeline and geometry as rarely as possible. */
  readonly draws: WorldDraw<B>[] = [];
  /**
   * Moves on whenever the draw list changes: a mesh joined or left, the list re-sorted, or a draw given another
   * geometry or material kind (draws recorded before it must be recorded again).
   */
  drawsVersion = 0;
  /**
   * The draws that joined, left or moved in the list (another pipeline, geometry, images or slot) in the last
   * `prepare` that changed it, which moved `drawsVersion` on by one; a draw may be listed twice. A `prepare` that threw
   * lists nothing of what it changed: the next change moves the version on by two.
   */
  readonly relisted = new FrameList<WorldDraw<B>>();
  private relistedLost = false;
  /** How many of `draws` are opaque: those come first, the blended ones after them. */
  opaqueCount = 0;
  /** The blended draws, farthest from the eye first as of the last `blendedOrder`. */
  private readonly blendedDraws: WorldDraw<B>[] = [];
  /** Each blended draw's depth along the eye's view (larger: farther), beside it in `blendedDraws`. */
  private depths = new Float64Array(16);
  /** Moves on whenever some material gives its kind other images (draws recorded before bind the old ones). */
  imagesVersion = 0;
  /** Moves on whenever a mesh is shown or hidden (draws recorded before it must be recorded again). */
  visibilityVersion = 0;
  /** The draws shown or hidden by the last `prepare` (each moved `visibilityVersion` on once). */
  readonly shownOrHidden = new FrameList<WorldDraw<B>>();
  /** Moves on whenever a mesh goes into or out of the view (see `cull`). */
  cullVersion = 0;
  /** The draws the last `cull` moved into or out of the view. */
  readonly flipped = new FrameList<WorldDraw<B>>();
  /** Each material kind's slots, made when a mesh of the kind first appears. */
  readonly kinds = new Map<string, KindSlots<B>>();
  /** The same kinds in the order they were made: walked by index each frame (a Map's iterator is garbage). */
  readonly kindList: KindSlots<B>[] = [];
  /**
   * Since creation: nodes visited by walks of the whole tree (the first frame, a dropped change log), change-log entries
   * read, and world boxes tested against a view. Now: lightLinks, the lights listed per object summed over the draws.
   */
  readonly counters = { walked: 0, read: 0, boxesTested: 0, jointMatrices: 0, lightLinks: 0 };
  /** The tree's lights: the frame's sun and the slots objects' light lists name. */
  readonly lights = new LightSet();
  /** Deformed meshes' joint matrices and morph weights (group 3 of their draws). */
  readonly deforms: DeformSlots<B>;
  /** The skinned draws: their joints are checked every frame (a joint moves without its mesh being touched). */
  private readonly skinned: WorldDraw<B>[] = [];
  private readonly byMesh = new Map<WorldMesh, WorldDraw<B>>();
  /** Who counts what the draws refer to (the world pass, for its GPU copies). */
  refs: DrawRefs<B> | null = null;
  /** Each material in use and its draws, so an edited one re-packs just those. */
  private readonly materials = new Map<Material, { version: number; draws: Set<WorldDraw<B>> }>();
  private materialEdits = -1;
  private readonly record: ChangeRecord;
  private readonly cursor: ChangeCursor;
  private needsWalk = true;
  private sortNeeded = false;
  private listChanged = false;
  private readonly queue = new FrameList<WorldDraw<B>>();
  /** Draws whose box changed since the last `cull`: all a cull with an unchanged view has to test. */
  private readonly boxChanged = new FrameList<WorldDraw<B>>();
  /** The next cull tests every draw (the last frame had none, so `boxChanged` was dropped). */
  private cullAll = true;
  private readonly frustum = new Frustum();
  private readonly touched = new FrameList<WorldMesh>();
  /** The touched meshes that join or leave this frame, applied after the others (their count picks splice or sort). */
  private readonly joinsAndLeaves = new FrameList<WorldMesh>();
  /** The grid snapped meshes are drawn on, its version, and the draws of meshes that ask for snapping. */
  private grid: TexelGrid | null = null;
  private gridVersion = 0;
  private gridChanged = false;
  private readonly snapped = new Set<WorldDraw<B>>();
  private readonly snapScratch = mat4.create();
  /** The step history meshes are drawn blended from, the factor, and a version bumped when either changes. */
  private history: StepHistory | null = null;
  private alpha = 0;
  private historyVersion = -1;
  private blendVersion = 0;
  private readonly blendScratch = mat4.create();
  private readonly blended = new Set<WorldDraw<B>>();
  private readonly visit = (node: Node) => {
    this.counters.read++;
    if (node instanceof Mesh) this.touched.push(node as WorldMesh);
    else if (node instanceof Light) {
      if (this.record.has(node)) this.lights.add(node);
      else this.lights.remove(node);
    }
  };
  /** A draw's light list, four slots (+ 1) to a word, as its `lights` field takes it. */
  private readonly lightWords = new Uint32Array(4);
  private readonly lightList: number[] = [];
  private readonly normal = mat3.create();
  private readonly frameData = new StructBuffer(new ArrayBuffer(FRAME.size));
  private readonly axis = vec3.create();
  private readonly sunColor = new Float32Array(4);
  private readonly shadowData = new Float32Array(4);
  /** The lights' version the frame bytes hold. */
  private framedLights = -1;

  constructor(
    readonly root: Node,
    private readonly storage: UniformStorage<B>,
    private readonly options: WorldPackerOptions<B> = {},
  ) {
    this.record = ChangeRecord.of(root);
    this.cursor = this.record.open();
    this.deforms = new DeformSlots(storage, DEFORM);
  }

  /** Nodes the tree's change record visited applying added and removed subtrees, since it was made. */
  get repairVisits(): number {
    return this.record.visited;
  }

  /** Brings the draw list, world matrices and object slots up to date. */
  /**
   * The pixel-stable camera's texel grid for meshes drawn snapped (`Mesh.drawSnap`), or null (drawn where they are):
   * set before `prepare` each frame; a different grid re-packs the snapped meshes, the same one nothing.
   */
  setGrid(grid: TexelGrid | null): void {
    const old = this.grid;
    const same =
      old === grid ||
      (old !== null &&
        grid !== null &&
        old.texelX === grid.texelX &&
        old.texelY === grid.texelY &&
        vec3.exactEquals(old.right, grid.right) &&
        vec3.exactEquals(old.up, grid.up));
    if (same) return;
    this.grid = grid && {
      right: vec3.clone(grid.right),
      up: vec3.clone(grid.up),
      texelX: grid.texelX,
      texelY: grid.texelY,
    };
    this.gridVersion++;
    this.gridChanged = true;
  }

  /**
   * Draws the meshes `history` tracks blended between their state before the latest fixed step and now, at `alpha`
   * (the loop's interpolation factor); null: drawn as they are. Set before `prepare` each frame; a new factor or a new
   * capture re-packs the tracked meshes (they are all in motion), nothing else.
   */
  setBlend(history: StepHistory | null, alpha: number): void {
    const version = history?.version ?? -1;
    if (history === this.history && alpha === this.alpha && version === this.historyVersion) return;
    this.history = history;
    this.alpha = alpha;
    this.historyVersion = version;
    this.blendVersion++;
    this.blendChanged = true;
  }
  private blendChanged = false;

  prepare(): { packed: number; bytesUploaded: number } {
    let packed = 0;
    this.shownOrHidden.clear();
    this.relisted.clear();
    if (this.boxChanged.length > 0) {
      this.boxChanged.clear(); // the last frame did not cull: the next cull tests everything
      this.cullAll = true;
    }
    try {
      updateWorldMatrices(this.root); // logs the meshes whose world matrix it recomputes
      const kept = this.record.read(this.cursor, this.visit);
      if (!kept || this.needsWalk) this.walk();
      else this.applyTouched();
      this.touched.clear();
      this.lights.update();
      this.checkMaterials();
      if (this.blendChanged) {
        // Every mesh drawn blended (and any the history tracks now) is drawn somewhere else this frame.
        for (const draw of this.blended) this.enqueue(draw);
        if (this.history)
          for (const node of this.history.nodes()) {
            const draw = this.byMesh.get(node as WorldMesh);
            if (draw) this.enqueue(draw);
          }
        this.blendChanged = false;
      }
      if (this.gridChanged) {
        // The camera turned (or snapping went on or off): every snapped mesh is drawn somewhere else.
        for (const draw of this.snapped) this.enqueue(draw);
        this.gridChanged = false;
      }
      for (let i = 0; i < this.queue.length; i++) packed += this.pack(this.queue.at(i));
      this.queue.clear();
      const skinned = this.skinned;
      for (let i = 0; i < skinned.length; i++) packed += this.poseSkin(skinned[i]!);
      if (this.lights.moved.length > 0) this.relightMoved();
    } catch (error) {
      // Whatever was half-applied, the next frame starts again from a walk of the tree.
      this.needsWalk = true;
      for (let i = 0; i < this.queue.length; i++) this.queue.at(i).queued = false;
      this.queue.clear();
      this.touched.clear();
      this.joinsAndLeaves.clear();
      this.relistedLost = true;
      throw error;
    }
    if (this.sortNeeded) this.sort();
    if (this.listChanged) {
      this.drawsVersion += this.relistedLost ? 2 : 1;
      this.relistedLost = this.listChanged = false;
      let opaque = 0;
      for (let i = 0; i < this.draws.length; i++) {
        const draw = this.draws[i]!;
        draw.index = i;
        if (!draw.blended) opaque++;
      }
      this.opaqueCount = opaque;
      this.blendedDraws.length = 0;
      for (let i = opaque; i < this.draws.length; i++) this.blendedDraws.push(this.draws[i]!);
    }
    let bytesUploaded = 0;
    const kinds = this.kindList;
    for (let i = 0; i < kinds.length; i++) bytesUploaded += kinds[i]!.arena.upload().bytesUploaded;
    bytesUploaded += this.deforms.upload();
    if (this.options.validate) this.validate();
    return { packed, bytesUploaded };
  }

  /**
   * The blended draws in the order they must be drawn for this view: farthest first, by their world box's centre along
   * the view (ties by mesh, so the order is stable). The list is reused: read it before the next call.
   */
  blendedOrder(view: ReadonlyMat4): readonly WorldDraw<B>[] {
    const draws = this.blendedDraws;
    const n = draws.length;
    if (n < 2) return draws;
    if (this.depths.length < n) this.depths = new Float64Array(2 * n);
    const depths = this.depths;
    for (let i = 0; i < n; i++) {
      const box = draws[i]!.box; // centre first
      // The eye looks down −z: the farther, the more negative its view z.
      depths[i] = -(view[2]! * box[0]! + view[6]! * box[1]! + view[10]! * box[2]! + view[14]!);
    }
    // Insertion sort, in place (Array.sort copies): the order changes little from frame to frame, so it is near linear.
    for (let i = 1; i < n; i++) {
      const [draw, depth] = [draws[i]!, depths[i]!];
      let j = i - 1;
      for (; j >= 0 && (depths[j]! < depth || (depths[j] === depth && draws[j]!.id > draw.id)); j--) {
        draws[j + 1] = draws[j]!;
        depths[j + 1] = depths[j]!;
      }
      draws[j + 1] = draw;
      depths[j + 1] = depth;
    }
    return draws;
  }

  /**
   * Packs the per-frame struct (one view's view-projection, the lights, the time, how to read the shadow map, or null
   * without one); the bytes are reused.
   */
  frameBytes(
    viewProjection: mat4,
    view: ReadonlyMat4,
    time: number,
    light: Environment,
    shadow: ShadowFrame | null,
    point: PointShadowFrame | null,
  ): ArrayBuffer {
    const data = this.frameData;
    VIEW_PROJECTION.write(data, 0, viewProjection);
    // The view matrix's first two rows are the eye's right and up in world space (scaled if the camera node is).
    const axis = this.axis;
    CAMERA_RIGHT.write(data, 0, vec3.normalize(axis, vec3.set(axis, view[0], view[4], view[8])));
    CAMERA_UP.write(data, 0, vec3.normalize(axis, vec3.set(axis, view[1], view[5], view[9])));
    LIGHT_DIRECTION.write(data, 0, light.lightDirection);
    TIME.write(data, 0, time);
    LIGHT_COLOR.write(data, 0, light.lightColor);
    const lights = this.lights;
    if (lights.sunLight(this.axis, this.sunColor)) {
      // A DirectionalLight in the tree stands in for the environment's light.
      LIGHT_DIRECTION.write(data, 0, this.axis);
      LIGHT_COLOR.write(data, 0, this.sunColor);
    }
    AMBIENT.write(data, 0, light.ambient);
    AMBIENT_GROUND.write(data, 0, light.ambientGround ?? light.ambient);
    if (lights.version !== this.framedLights) {
      LIGHT_AT.write(data, 0, lights.at);
      LIGHT_GLOW.write(data, 0, lights.glow);
      LIGHT_AIM.write(data, 0, lights.aim);
      this.framedLights = lights.version;
    }
    if (shadow) {
      SHADOW_MATRIX.write(data, 0, shadow.matrix);
      this.shadowData.set([shadow.size, shadow.bias, shadow.normalOffset, shadow.filter ? 1 : 0]);
    } else this.shadowData.fill(0);
    SHADOW.write(data, 0, this.shadowData);
    if (point) this.shadowData.set([point.slot + 1, point.size, point.bias, point.normalOffset]);
    else this.shadowData.fill(0);
    POINT_SHADOW.write(data, 0, this.shadowData);
    return data.bytes;
  }

  /**
   * Notes which draws' boxes are in the view of `viewProjection` (column-major, before any clip-space fix-up) and
   * returns `cullVersion`, which moves on when any went in or out. With the view unchanged since the last call only the
   * draws re-packed since are tested: a frame costs what changed.
   */
  cull(viewProjection: ReadonlyMat4): number {
    const all = this.frustum.set(viewProjection) || this.cullAll;
    this.cullAll = false;
    this.flipped.clear();
    const list = all ? this.draws : this.boxChanged.items;
    const tested = all ? this.draws.length : this.boxChanged.length;
    const frustum = this.frustum;
    this.counters.boxesTested += tested;
    for (let i = 0; i < tested; i++) {
      const draw = list[i]!;
      if (draw.slot < 0) continue;
      const inView = frustum.intersects(draw.box);
      if (inView !== draw.inView) {
        draw.inView = inView;
        this.cullVersion++;
        this.flipped.push(draw);
      }
    }
    this.boxChanged.clear();
    return this.cullVersion;
  }

  destroy(): void {
    this.record.close(this.cursor);
    for (const kind of this.kindList) kind.arena.destroy();
    this.deforms.destroy();
    this.kinds.clear();
    this.kindList.length = 0;
  }

  /** The slots of `name`'s kind, made on first use. */
  private kind(name: string): KindSlots<B> {
    let kind = this.kinds.get(name);
    if (kind) return kind;
    const info = materialKind(name);
    const writer = new StructWriter(info.object, info.structs);
    const has = (field: string) => info.object.fields.some((f) => f.name === field);
    const model = writer.field('model');
    const normal = writer.field('normal');
    kind = {
      info,
      arena: new UniformArena(this.options.objectStorage ?? this.storage, info.object, {
        capacity: 256,
        label: `world ${name} objects`,
      }),
      model,
      normal,
      transform: transformPacker(model, normal),
      color: has('color') ? writer.field('color') : null,
      alphaTest: has('alphaTest') ? writer.field('alphaTest') : null,
      lights: has('lights') ? writer.field('lights') : null,
      params: info.object.fields
        .filter((f) => !STANDARD_FIELDS.includes(f.name))
        .map((f) => [f.name, writer.field(f.name)] as [string, FieldWriter]),
    };
    this.kinds.set(name, kind);
    this.kindList.push(kind);
    return kind;
  }

  /** The meshes the change record named: those that left lose their draw, those that joined get one; all re-pack. */
  private applyTouched(): void {
    const touched = this.touched;
    const moves = this.joinsAndLeaves;
    for (let i = 0; i < touched.length; i++) {
      const mesh = touched.at(i);
      const draw = this.byMesh.get(mesh);
      const inTree = this.record.has(mesh);
      if (draw && inTree) this.enqueue(draw);
      else if (draw || inTree) moves.push(mesh);
    }
    // Many at once: one sort beats many splices (meshes that only changed keep their place either way).
    if (moves.length > SPLICE_LIMIT) this.sortNeeded = true;
    for (let i = 0; i < moves.length; i++) {
      const mesh = moves.at(i);
      const draw = this.byMesh.get(mesh);
      const inTree = this.record.has(mesh);
      if (draw && !inTree) this.drop(draw);
      else if (!draw && inTree) this.enqueue(this.addDraw(mesh));
    }
    moves.clear();
  }

  /**
   * `draw` is drawn another way (geometry, pipeline, images, slot): the list is sorted again, and whoever gathered it
   * (the world pass's chunks) gathers it again.
   */
  private relist(draw: WorldDraw<B>): void {
    this.relisted.push(draw);
    this.sortNeeded = this.listChanged = true;
  }

  /** The fallback: a walk of the whole tree finds every mesh (the first frame, or after the change log was dropped). */
  private walk(): void {
    this.sortNeeded = true;
    const found = new Set<WorldMesh>();
    const lights = new Set<Light>();
    this.root.traverse((node) => {
      this.counters.walked++;
      if (node instanceof Mesh) found.add(checkDrawable(node));
      else if (node instanceof Light) lights.add(node);
    });
    this.lights.reset(lights);
    for (const draw of this.byMesh.values()) if (!found.has(draw.mesh)) this.drop(draw);
    for (const mesh of found) this.enqueue(this.byMesh.get(mesh) ?? this.addDraw(mesh));
    this.needsWalk = false;
  }

  private addDraw(mesh: WorldMesh): WorldDraw<B> {
    checkDrawable(mesh);
    const kind = this.kind(mesh.material.kind);
    const draw: WorldDraw<B> = {
      mesh,
      kind,
      slot: kind.arena.allocate(),
      material: mesh.material,
      geometry: mesh.geometry,
      // Known now, so packing it does not move it in the sorted list.
      mirrored: determinant3(mesh.worldMatrix) < 0,
      doubleSided: mesh.material.doubleSided,
      blended: mesh.material.blend,
      deformed: Deformed.None,
      deform: -1,
      deformJoints: 0,
      skin: null,
      skinSwept: false,
      skinVersion: -1,
      morphVersion: -1,
      worldVersion: -1,
      snapOf: null,
      gridVersion: -1,
      blendVersion: -1,
      materialVersion: -1,
      visible: mesh.visible,
      images: imageKey(mesh.material, kind.info),
      queued: false,
      box: new Float32Array(6),
      inView: true,
      index: -1,
      chunk: -1,
      chunkStamp: -1,
      batch: -1,
      batchEntry: -1,
      batchState: InstanceState.Hidden,
      lightsLow: 0,
      lightsHigh: 0,
      lightCount: -1,
      lightFlags: 0,
      id: objectId(mesh),
    };
    this.byMesh.set(mesh, draw);
    this.refs?.retain(draw);
    this.use(draw, draw.material);
    if (this.sortNeeded) this.draws.push(draw);
    else this.draws.splice(this.position(draw), 0, draw);
    this.relisted.push(draw);
    this.listChanged = true;
    return draw;
  }

  private drop(draw: WorldDraw<B>): void {
    // Found by its sort key before anything that key reads (how it is deformed) is let go of.
    if (!this.sortNeeded) this.draws.splice(this.position(draw), 1); // else the sort leaves it out
    this.refs?.release(draw);
    this.snapped.delete(draw);
    this.blended.delete(draw);
    this.undeform(draw);
    this.counters.lightLinks -= Math.max(draw.lightCount, 0);
    draw.lightCount = -1;
    draw.kind.arena.free(draw.slot);
    draw.slot = -1;
    this.byMesh.delete(draw.mesh);
    this.unuse(draw, draw.material);
    this.relisted.push(draw);
    this.listChanged = true;
  }

  /** Where `draw` is, or belongs, in the sorted list (binary search: the order is total). */
  private position(draw: WorldDraw<B>): number {
    let lo = 0;
    let hi = this.draws.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compareDraws(this.draws[mid]!, draw) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  private enqueue(draw: WorldDraw<B>): void {
    if (draw.queued) return;
    draw.queued = true;
    this.queue.push(draw);
  }

  private use(draw: WorldDraw<B>, material: Material): void {
    let use = this.materials.get(material);
    if (!use) this.materials.set(material, (use = { version: material.version, draws: new Set() }));
    use.draws.add(draw);
  }

  private unuse(draw: WorldDraw<B>, material: Material): void {
    const use = this.materials.get(material);
    if (use?.draws.delete(draw) && use.draws.size === 0) this.materials.delete(material);
  }

  /** When some material was edited since the last frame, queues the draws of those that were. */
  private checkMaterials(): void {
    if (Material.edits === this.materialEdits) return;
    this.materialEdits = Material.edits;
    for (const [material, use] of this.materials) {
      if (material.version === use.version) continue;
      use.version = material.version;
      for (const draw of use.draws) this.enqueue(draw);
    }
  }

  /** Packs one queued draw's slot if anything of it changed; 1 when it did. */
  private pack(draw: WorldDraw<B>): number {
    draw.queued = false;
    if (draw.slot < 0) return 0; // left the tree after it was queued
    const mesh = draw.mesh;
    const material = mesh.material;
    if (mesh.visible !== draw.visible) {
      draw.visible = mesh.visible;
      this.visibilityVersion++;
      this.shownOrHidden.push(draw);
    }
    if (mesh.geometry !== draw.geometry) {
      if (!isGeometry(mesh.geometry))
        throw new Error(`Mesh "${mesh.path}" was given something that is not a Geometry (boxGeometry(), …).`);
      this.refs?.release(draw);
      draw.geometry = mesh.geometry;
      this.refs?.retain(draw);
      this.relist(draw);
      this.boxChanged.push(draw);
      mesh.worldBox(draw.box);
      draw.morphVersion = -1; // another vertex count or morph targets
    }
    // The tree was swept at the start of this frame: the cached world is current, and reading it walks no path.
    const worldVersion = mesh.cachedWorldVersion;
    const materialChanged = material !== draw.material || material.version !== draw.materialVersion;
    const snap = mesh.drawSnap;
    // How it is drawn (snapped, blended) changed even if the mesh did not.
    const drawnChanged =
      snap !== draw.snapOf ||
      (snap !== null && draw.gridVersion !== this.gridVersion) ||
      (draw.blendVersion !== -1 && draw.blendVersion !== this.blendVersion) ||
      (draw.blendVersion === -1 && this.history !== null && this.history.has(mesh));
    if (material !== draw.material) this.rematerial(draw, material);
    else if (worldVersion === draw.worldVersion && !materialChanged && !drawnChanged) {
      // Only its skin or morph weights may have changed (its world matrix, which its joints are relative to, did not).
      if (mesh.receiveShadow !== ((draw.lightFlags & 1) === 1)) {
        this.setLights(draw, draw.lightsLow, draw.lightsHigh);
        if (!this.deform(draw, false)) return 1;
      } else if (!this.deform(draw, false)) return 0;
      mesh.worldBox(draw.box);
      this.boxChanged.push(draw);
      this.relight(draw);
      return 1;
    }
    const { arena, model, normal, transform, color, alphaTest, params } = draw.kind;
    // What is drawn may differ from the node's own matrix, which stays: blended between two fixed steps (when a step
    // history tracks the mesh), then snapped to the pixel-stable camera's grid (when the mesh asks and there is one).
    let world: ReadonlyMat4 = mesh.cachedWorldMatrix;
    const blended = this.history !== null && this.history.has(mesh);
    if (blended) world = this.history!.blend(mesh, world, this.alpha, this.blendScratch);
    if (snap && this.grid) world = snapToGrid(this.snapScratch, world, snap, this.grid);
    draw.blendVersion = blended ? this.blendVersion : -1;
    if (blended) this.blended.add(draw);
    else this.blended.delete(draw);
    draw.snapOf = snap;
    draw.gridVersion = this.gridVersion;
    if (snap) this.snapped.add(draw);
    else this.snapped.delete(draw);
    if (transform) {
      transform(arena.floats(), arena.openSlot(draw.slot), world);
    } else {
      arena.write(draw.slot, model, world);
      if (!mat3.normalFromMat4(this.normal, world)) mat3.identity(this.normal); // zero scale: nothing to light
      arena.write(draw.slot, normal, this.normal);
    }
    const mirrored = determinant3(world) < 0;
    if (mirrored !== draw.mirrored) {
      draw.mirrored = mirrored;
      this.relist(draw); // another pipeline: draws are sorted by it
    }
    // A move re-packs the transform alone; the material's fields only when it changed (or the slot is new).
    if (materialChanged) this.packMaterial(draw, material, color, alphaTest, params);
    this.deform(draw, true); // after the transform: joint matrices are relative to it
    draw.worldVersion = worldVersion;
    draw.materialVersion = material.version;
    mesh.worldBox(draw.box);
    this.boxChanged.push(draw);
    this.relight(draw);
    return 1;
  }

  /** Tests a lit draw's box against every light and writes its light list when that changed. */
  private relight(draw: WorldDraw<B>): void {
    if (!draw.kind.lights) return;
    let low = 0;
    let high = 0;
    const lights = this.lights;
    if (lights.count > 0)
      for (let slot = 0; slot < MAX_LIGHTS; slot++)
        if (lights.slots[slot] && lights.reaches(slot, draw.box)) {
          if (slot < 32) low |= 1 << slot;
          else high |= 1 << (slot - 32);
        }
    this.setLights(draw, low, high);
  }

  /** The lights whose reach changed this frame, tested against every lit draw (the others keep their bits). */
  private relightMoved(): void {
    const moved = this.lights.moved;
    const lights = this.lights;
    const draws = this.draws;
    for (let i = 0; i < draws.length; i++) {
      const draw = draws[i]!;
      if (!draw.kind.lights || draw.slot < 0) continue;
      let low = draw.lightsLow;
      let high = draw.lightsHigh;
      for (let m = 0; m < moved.length; m++) {
        const slot = moved[m]!;
        const reaches = lights.slots[slot] !== null && lights.reaches(slot, draw.box);
        if (slot < 32) low = reaches ? low | (1 << slot) : low & ~(1 << slot);
        else high = reaches ? high | (1 << (slot - 32)) : high & ~(1 << (slot - 32));
      }
      this.setLights(draw, low, high);
    }
    moved.length = 0;
  }

  /**
   * Writes the light list of a draw whose lights are the slots in `low` and `high`, when they changed, the slot is new
   * or more lights reach it than a list holds (then the strongest at its box are listed, so a move may change them).
   */
  private setLights(draw: WorldDraw<B>, low: number, high: number): void {
    if (!draw.kind.lights) return;
    const flags = draw.mesh.receiveShadow ? 1 : 0;
    if (
      low === draw.lightsLow &&
      high === draw.lightsHigh &&
      flags === draw.lightFlags &&
      draw.lightCount >= 0 &&
      draw.lightCount < LIGHTS_PER_OBJECT
    )
      return;
    draw.lightsLow = low;
    draw.lightsHigh = high;
    draw.lightFlags = flags;
    const list = this.listLights(draw, this.lightList);
    const words = this.lightWords;
    words.fill(0);
    for (let k = 0; k < list.length; k++) words[k >> 2]! |= (list[k]! + 1) << (8 * (k & 3));
    words[3]! |= flags << 24; // the 16th byte: the shadow flags
    draw.kind.arena.write(draw.slot, draw.kind.lights!, words);
    this.counters.lightLinks += list.length - Math.max(draw.lightCount, 0);
    draw.lightCount = list.length;
  }

  /**
   * The slots a draw's light list holds, ascending: those whose reach touches its box, or the LIGHTS_PER_OBJECT
   * strongest at its box when more do.
   */
  private listLights(draw: WorldDraw<B>, list: number[]): number[] {
    const { lightsLow: low, lightsHigh: high } = draw;
    list.length = 0;
    for (let slot = 0; slot < MAX_LIGHTS; slot++)
      if ((slot < 32 ? low >>> slot : high >>> (slot - 32)) & 1) list.push(slot);
    if (list.length > LIGHTS_PER_OBJECT) {
      const box = draw.box;
      const lights = this.lights;
      list.sort((a, b) => lights.strength(b, box) - lights.strength(a, box) || a - b);
      list.length = LIGHTS_PER_OBJECT;
      list.sort((a, b) => a - b);
    }
    return list;
  }

  /** The lights `mesh` is lit by as of the last frame (its light list); none when it is not drawn or not lit. */
  lightsOf(mesh: Mesh): Light[] {
    const draw = this.byMesh.get(mesh as WorldMesh);
    if (!draw || !draw.kind.lights) return [];
    return this.listLights(draw, []).map((slot) => this.lights.slots[slot]!);
  }

  /**
   * Brings a draw's deform slot up to date (`moved`: its drawn world matrix changed, so its joint matrices, relative to
   * it, must be made again): made or let go of as the mesh gains or loses a skin or morph targets, its morph weights
   * written when they changed, its joint matrices when the mesh or a joint moved. True when anything was written.
   */
  private deform(draw: WorldDraw<B>, moved: boolean): boolean {
    const mesh = draw.mesh;
    const geometry = draw.geometry;
    const skin = mesh.skin;
    const targets = geometry.morphTargets?.length ?? 0;
    const deformed = skin ? Deformed.Skinned : targets > 0 ? Deformed.Morphed : Deformed.None;
    const joints = skin?.joints.length ?? 0;
    // Checked once when the draw starts deforming or its geometry changes (a walk over every vertex's joints).
    let checked = false;
    if (deformed !== draw.deformed || joints !== draw.deformJoints) {
      if (deformed !== Deformed.None) this.checkDeformable(draw, skin, targets);
      checked = true;
      this.undeform(draw);
      draw.deformed = deformed;
      if (deformed !== Deformed.None) {
        draw.deformJoints = joints;
        draw.deform = this.deforms.allocate(joints);
        if (skin) this.skinned.push(draw);
      }
      this.relist(draw); // another pipeline: draws are sorted by it
    }
    if (deformed === Deformed.None) return false;
    let written = false;
    if (draw.morphVersion !== mesh.morphVersion || draw.skin !== skin) {
      if (draw.morphVersion === -1 && !checked) this.checkDeformable(draw, skin, targets); // another geometry
      const vertices = geometry.vertices.length / VERTEX_FLOATS;
      this.deforms.writeMorphs(draw.deform, targets, vertices, skin !== null, mesh.morphWeights);
      draw.morphVersion = mesh.morphVersion;
      written = true;
    }
    if (skin && draw.skin !== skin) {
      draw.skinVersion = -1;
      draw.skinSwept = skin.joints.every((joint) => this.record.has(joint));
    }
    draw.skin = skin;
    if (skin && (moved || draw.skinVersion !== this.skinVersion(draw, skin))) {
      this.writeJoints(draw, skin);
      written = true;
    }
    return written;
  }

  /** A skinned draw whose joints moved while its mesh did not: its joint matrices and box again. 1 when they moved. */
  private poseSkin(draw: WorldDraw<B>): number {
    const skin = draw.skin;
    if (!skin || draw.slot < 0 || this.skinVersion(draw, skin) === draw.skinVersion) return 0;
    this.writeJoints(draw, skin);
    draw.mesh.worldBox(draw.box, draw.skinSwept);
    this.boxChanged.push(draw);
    this.relight(draw);
    return 1;
  }

  private writeJoints(draw: WorldDraw<B>, skin: Skin): void {
    const { floats, at } = this.deforms.jointFloats(draw.deform);
    // Relative to the world matrix it is drawn with, so a snapped or blended mesh carries its skin along.
    skin.writeJointMatrices(this.drawnWorld(draw), floats, at, draw.skinSwept);
    this.deforms.markJoints(draw.deform, skin.joints.length);
    draw.skinVersion = this.skinVersion(draw, skin);
    this.counters.jointMatrices += skin.joints.length;
  }

  /** The skin's version, read as the frame's sweep left its joints where they are all in the tree. */
  private skinVersion(draw: WorldDraw<B>, skin: Skin): number {
    return draw.skinSwept ? skin.sweptVersion() : skin.version;
  }

  /** The world matrix a draw was last packed with (its slot's model). */
  private drawnWorld(draw: WorldDraw<B>): ReadonlyMat4 {
    const arena = draw.kind.arena;
    const floats = arena.floats();
    const at = (arena.offset(draw.slot) + draw.kind.info.object.fields[0]!.offset) >> 2;
    const world = this.drawnScratch;
    for (let i = 0; i < 16; i++) world[i] = floats[at + i]!;
    return world;
  }
  private readonly drawnScratch = mat4.create();

  /** Lets go of a draw's deform slot (its mesh lost its skin and morph targets, or left). */
  private undeform(draw: WorldDraw<B>): void {
    if (draw.deform >= 0) this.deforms.release(draw.deform, draw.deformJoints);
    if (draw.deformed === Deformed.Skinned) {
      const i = this.skinned.indexOf(draw);
      this.skinned[i] = this.skinned[this.skinned.length - 1]!;
      this.skinned.pop();
    }
    draw.deform = -1;
    draw.deformJoints = 0;
    draw.deformed = Deformed.None;
    draw.skin = null;
    draw.skinSwept = false;
    draw.skinVersion = draw.morphVersion = -1;
  }

  /** What a deformed mesh must have for the vertex stage to read it; an error naming the mesh and the fix otherwise. */
  private checkDeformable(draw: WorldDraw<B>, skin: Skin | null, targets: number): void {
    const { mesh, geometry } = draw;
    const fail = (why: string): never => {
      throw new Error(`Mesh "${mesh.path}": ${why}`);
    };
    if (!draw.kind.info.deformable)
      fail(
        `its material kind "${draw.kind.info.name}" has its own vertex stage, so it cannot draw a skin or morph ` +
          'targets; use unlit, lambert or a kind of the shared vertex stage.',
      );
    const vertices = geometry.vertices.length / VERTEX_FLOATS;
    const { maxJoints, maxTargets } = this.deforms;
    if (skin) {
      if (skin.joints.length > maxJoints)
        fail(`its skin "${skin.name}" has ${skin.joints.length} joints; a skin may have up to ${maxJoints}.`);
      const { joints, weights } = geometry;
      if (!(joints instanceof Float32Array) || !(weights instanceof Float32Array))
        fail(`it has a skin, but its geometry "${geometry.name}" has no joints and weights (Float32Arrays).`);
      if (joints!.length !== vertices * 4 || weights!.length !== vertices * 4)
        fail(
          `geometry "${geometry.name}" has ${vertices} vertices, so its joints and weights need ${vertices * 4} ` +
            `floats each (four a vertex); they have ${joints!.length} and ${weights!.length}.`,
        );
      for (let i = 0; i < joints!.length; i++)
        if (!(Number.isInteger(joints![i]) && joints![i]! >= 0 && joints![i]! < skin.joints.length))
          fail(
            `vertex ${Math.floor(i / 4)} of geometry "${geometry.name}" names joint ${joints![i]}; its skin ` +
              `"${skin.name}" has ${skin.joints.length} (0…${skin.joints.length - 1}).`,
          );
    }
    if (targets > maxTargets)
      fail(`geometry "${geometry.name}" has ${targets} morph targets; up to ${maxTargets} are drawn.`);
    geometry.morphTargets?.forEach((target, t) => {
      if (
        target.positions.length !== vertices * 3 ||
        (target.normals && target.normals.length !== vertices * 3)
      )
        fail(
          `morph target ${t} of geometry "${geometry.name}" has ${target.positions.length} position and ` +
            `${target.normals?.length ?? 0} normal floats; its ${vertices} vertices need ${vertices * 3} (three a vertex).`,
        );
    });
  }

  private packMaterial(
    draw: WorldDraw<B>,
    material: Material,
    color: FieldWriter | null,
    alphaTest: FieldWriter | null,
    params: readonly [string, FieldWriter][],
  ): void {
    const arena = draw.kind.arena;
    if (color) arena.write(draw.slot, color, material.color);
    if (alphaTest) arena.write(draw.slot, alphaTest, material.alphaTest);
    if (material.doubleSided !== draw.doubleSided || material.blend !== draw.blended) {
      draw.doubleSided = material.doubleSided;
      draw.blended = material.blend;
      this.relist(draw); // another pipeline: draws are sorted by it
    }
    const images = imageKey(material, draw.kind.info);
    if (images !== draw.images) {
      this.refs?.release(draw);
      draw.images = images;
      this.refs?.retain(draw);
      this.imagesVersion++;
      this.relist(draw); // draws are sorted by image too
    }
    for (let p = 0; p < params.length; p++) {
      const [name, field] = params[p]!;
      const value = material.param(name) ?? draw.kind.info.defaults.get(name);
      if (!value)
        throw new Error(
          `Mesh "${draw.mesh.path}": its material kind "${draw.kind.info.name}" has a per-object field "${name}"; ` +
            `set it with material.setParam("${name}", …).`,
        );
      arena.write(draw.slot, field, value);
    }
  }

  /** A mesh given another material: its slot moves to the new kind's arena when the kind changed. */
  private rematerial(draw: WorldDraw<B>, material: Material): void {
    if (!(material instanceof Material))
      throw new Error(`Mesh "${draw.mesh.path}" was given something that is not a Material.`);
    this.unuse(draw, draw.material);
    this.use(draw, material);
    draw.material = material;
    if (material.kind === draw.kind.info.name) return;
    const kind = this.kind(material.kind);
    draw.kind.arena.free(draw.slot);
    this.refs?.release(draw);
    draw.kind = kind;
    this.refs?.retain(draw);
    draw.slot = kind.arena.allocate();
    this.counters.lightLinks -= Math.max(draw.lightCount, 0);
    draw.lightCount = -1; // a new slot: its light list is written again
    this.relist(draw);
  }

  private sort(): void {
    const draws = this.draws;
    let kept = 0;
    for (let i = 0; i < draws.length; i++) if (draws[i]!.slot >= 0) draws[kept++] = draws[i]!;
    draws.length = kept;
    draws.sort(compareDraws);
    this.sortNeeded = false;
    this.listChanged = true;
  }

  /** Validation mode: the repaired draw list against the one a walk of the tree gives, and every slot current. */
  private validate(): void {
    this.record.check();
    const meshes: WorldMesh[] = [];
    this.root.traverse((node) => {
      if (node instanceof Mesh) meshes.push(node as WorldMesh);
    });
    const fail = (what: string) => {
      throw new Error(`World packer validation: ${what}. The repaired draw list differs from a rebuilt one.`);
    };
    if (meshes.length !== this.draws.length || meshes.length !== this.byMesh.size)
      fail(`${this.draws.length} draws for ${meshes.length} meshes in the tree`);
    for (let i = 1; i < this.draws.length; i++)
      if (compareDraws(this.draws[i - 1]!, this.draws[i]!) >= 0)
        fail(`draws ${i - 1} and ${i} are out of order`);
    for (const mesh of meshes) {
      const draw = this.byMesh.get(mesh);
      if (!draw || this.draws[this.position(draw)] !== draw)
        return fail(`mesh "${mesh.path}" has no draw in the list`);
      const current =
        draw.worldVersion === mesh.worldVersion &&
        draw.material === mesh.material &&
        draw.materialVersion === mesh.material.version &&
        draw.geometry === mesh.geometry &&
        draw.visible === mesh.visible &&
        draw.mirrored === determinant3(mesh.worldMatrix) < 0 &&
        draw.doubleSided === mesh.material.doubleSided &&
        draw.blended === mesh.material.blend &&
        draw.deformed ===
          (mesh.skin
            ? Deformed.Skinned
            : mesh.geometry.morphTargets?.length
              ? Deformed.Morphed
              : Deformed.None) &&
        (draw.deformed === Deformed.None || draw.morphVersion === mesh.morphVersion) &&
        (mesh.skin === null || (draw.skin === mesh.skin && draw.skinVersion === mesh.skin.version)) &&
        draw.images === imageKey(mesh.material, draw.kind.info) &&
        draw.snapOf === mesh.drawSnap &&
        (this.history !== null && this.history.has(mesh)
          ? draw.blendVersion === this.blendVersion
          : draw.blendVersion === -1) &&
        (mesh.drawSnap === null || draw.gridVersion === this.gridVersion) &&
        draw.kind.info.name === mesh.material.kind;
      if (!current) fail(`the draw of "${mesh.path}" was not re-packed after a change`);
      if (draw.kind.lights) {
        const [low, high] = [draw.lightsLow, draw.lightsHigh];
        this.relight(draw); // from scratch: every light against the box
        if (
          draw.lightsLow !== low ||
          draw.lightsHigh !== high ||
          draw.lightFlags !== (mesh.receiveShadow ? 1 : 0)
        )
          fail(`the light list of "${mesh.path}" was not updated after a light or the mesh moved`);
      }
    }
  }
}

/** The material kinds of the meshes under `root` now: the pipelines a world pass builds up front. */
export function materialKinds(root: Node): Set<string> {
  const kinds = new Set<string>();
  root.traverse((node) => {
    if (node instanceof Mesh && node.material instanceof Material) kinds.add(node.material.kind);
  });
  return kinds;
}

/** Fields the packer fills itself: from the mesh (model, normal, lights) and the material (color, alphaTest). */
const STANDARD_FIELDS = ['model', 'normal', 'color', 'alphaTest', 'lights'];

const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
/** A number per object (a geometry, a texture), so draws sharing one sit together (names need not be unique). */
export function objectId(object: object): number {
  let id = objectIds.get(object);
  if (id === undefined) objectIds.set(object, (id = nextObjectId++));
  return id;
}
const geometryId = objectId;

/**
 * The draw order: opaque before blended, pipeline (kind, winding, sides), images, geometry, then the mesh, so the
 * order is total.
 */
function compareDraws(a: WorldDraw, b: WorldDraw): number {
  return (
    Number(a.blended) - Number(b.blended) ||
    a.kind.info.order - b.kind.info.order ||
    Number(a.mirrored) - Number(b.mirrored) ||
    Number(a.doubleSided) - Number(b.doubleSided) ||
    a.deformed - b.deformed ||
    (a.images < b.images ? -1 : a.images > b.images ? 1 : 0) ||
    geometryId(a.geometry) - geometryId(b.geometry) ||
    a.id - b.id
  );
}

/** The mesh, once it is known to have a drawable geometry and material. */
function checkDrawable(mesh: Mesh): WorldMesh {
  if (!(mesh.material instanceof Material) || !isGeometry(mesh.geometry)) {
    throw new Error(
      `Mesh "${mesh.path}" has no drawable geometry/material for the world pass: give it a Geometry ` +
        '(boxGeometry(), …) and a Material.',
    );
  }
  return mesh as WorldMesh;
}

/** Which images `material` gives its kind, as ids ('' when the kind reads none, '-' for one it does not give). */
function imageKey(material: Material, kind: MaterialKindInfo): string {
  let key = '';
  for (const name of kind.textures) {
    const texture = material.texture(name);
    key += texture ? `${objectId(texture)},` : '-,';
  }
  return key;
}

/** The determinant of a 4×4 matrix's upper 3×3 (column-major): its sign says whether it mirrors. */
function determinant3(m: ArrayLike<number>): number {
  return (
    m[0]! * (m[5]! * m[10]! - m[6]! * m[9]!) -
    m[4]! * (m[1]! * m[10]! - m[2]! * m[9]!) +
    m[8]! * (m[1]! * m[6]! - m[2]! * m[5]!)
  );
}

function isGeometry(value: unknown): value is Geometry {
  return typeof value === 'object' && value !== null && (value as Geometry).vertices instanceof Float32Array;
}
