import { mat3, vec3, type mat4 } from 'gl-matrix';
import { StructBuffer, StructWriter, type FieldWriter } from '../layout/struct-writer';
import { UniformArena, type StorageBuffer, type UniformStorage } from '../layout/uniform-arena';
import type { Geometry } from '../scene/geometry';
import { Material } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { updateWorldMatrices } from '../scene/update-world-matrices';
import type { Environment } from './environment';
import { FRAME, materialKind, type MaterialKindInfo } from './material-kind';

const frameWriter = new StructWriter(FRAME);
const VIEW_PROJECTION = frameWriter.field('viewProjection');
const LIGHT_DIRECTION = frameWriter.field('lightDirection');
const TIME = frameWriter.field('time');
const LIGHT_COLOR = frameWriter.field('lightColor');
const AMBIENT = frameWriter.field('ambient');
const CAMERA_RIGHT = frameWriter.field('cameraRight');
const CAMERA_UP = frameWriter.field('cameraUp');

/** A mesh as the world pass draws it. */
export type WorldMesh = Mesh<Geometry, Material>;

/** One material kind's objects: their slots in the kind's own arena (its `Object` struct), and its field writers. */
export interface KindSlots<B extends StorageBuffer = StorageBuffer> {
  readonly info: MaterialKindInfo;
  readonly arena: UniformArena<B>;
  readonly model: FieldWriter;
  readonly normal: FieldWriter;
  readonly color: FieldWriter | null;
  readonly alphaTest: FieldWriter | null;
  /** The kind's other fields, filled from `Material.setParam`. */
  readonly params: readonly [string, FieldWriter][];
}

/** One mesh's place in its kind's arena and what of it was last packed. */
export interface WorldDraw<B extends StorageBuffer = StorageBuffer> {
  mesh: WorldMesh;
  kind: KindSlots<B>;
  slot: number;
  material: Material;
  /** The geometry drawn (a mesh given another is drawn with it next frame). */
  geometry: Geometry;
  /** Its world matrix mirrors (negative determinant): its faces wind the other way on screen. */
  mirrored: boolean;
  worldVersion: number;
  materialVersion: number;
  /** Visibility when the draws were last recorded. */
  visible: boolean;
  /** Which images the material gave its kind when last packed (ids: what a recorded draw binds). */
  images: string;
}

/**
 * The scene side of the world pass: finds the meshes under the root when a tree changes shape (a slot each in its
 * material kind's uniform arena), and each frame re-packs only the meshes whose world matrix or material changed, then
 * uploads the changed slots.
 */
export class WorldPacker<B extends StorageBuffer = StorageBuffer> {
  /** In the order that changes pipeline and geometry as rarely as possible. */
  readonly draws: WorldDraw<B>[] = [];
  /** `Node.structureVersion` when the draw list was last rebuilt. */
  structure = -1;
  /**
   * Moves on whenever the draw list changes: rebuilt, re-sorted, or a draw given another geometry or material kind
   * (draws recorded before it must be recorded again).
   */
  drawsVersion = 0;
  /** Moves on whenever some material gives its kind other images (draws recorded before bind the old ones). */
  imagesVersion = 0;
  /** See `checkVisibility`. */
  visibilityVersion = 0;
  /** Each material kind's slots, made when a mesh of the kind first appears. */
  readonly kinds = new Map<string, KindSlots<B>>();
  private readonly byMesh = new Map<WorldMesh, WorldDraw<B>>();
  private readonly normal = mat3.create();
  private readonly frameData = new StructBuffer(new ArrayBuffer(FRAME.size));
  private readonly axis = vec3.create();

  constructor(
    readonly root: Node,
    private readonly storage: UniformStorage<B>,
  ) {}

  /** Brings the draw list, world matrices and object slots up to date. */
  prepare(): { packed: number; bytesUploaded: number } {
    if (Node.structureVersion !== this.structure) this.collect();
    updateWorldMatrices(this.root);
    let packed = 0;
    let moved = false;
    for (let i = 0; i < this.draws.length; i++) {
      const draw = this.draws[i]!;
      const mesh = draw.mesh;
      const material = mesh.material;
      const worldVersion = mesh.worldVersion;
      if (mesh.geometry !== draw.geometry) {
        if (!isGeometry(mesh.geometry))
          throw new Error(
            `Mesh "${mesh.path}" was given something that is not a Geometry (boxGeometry(), …).`,
          );
        draw.geometry = mesh.geometry;
        moved = true;
      }
      if (material !== draw.material) {
        moved = this.rematerial(draw, material) || moved;
      } else if (worldVersion === draw.worldVersion && material.version === draw.materialVersion) continue;
      const { arena, model, normal, color, alphaTest, params } = draw.kind;
      const world = mesh.worldMatrix;
      arena.write(draw.slot, model, world);
      const mirrored = determinant3(world) < 0;
      if (mirrored !== draw.mirrored) {
        draw.mirrored = mirrored;
        moved = true; // another pipeline: draws are sorted by it
      }
      if (!mat3.normalFromMat4(this.normal, world)) mat3.identity(this.normal); // zero scale: nothing to light
      arena.write(draw.slot, normal, this.normal);
      if (color) arena.write(draw.slot, color, material.color);
      if (alphaTest) arena.write(draw.slot, alphaTest, material.alphaTest);
      const images = imageKey(material, draw.kind.info);
      if (images !== draw.images) {
        draw.images = images;
        this.imagesVersion++;
        moved = true; // draws are sorted by image too
      }
      for (let p = 0; p < params.length; p++) {
        const [name, field] = params[p]!;
        const value = material.param(name);
        if (!value)
          throw new Error(
            `Mesh "${mesh.path}": its material kind "${draw.kind.info.name}" has a per-object field "${name}"; ` +
              `set it with material.setParam("${name}", …).`,
          );
        arena.write(draw.slot, field, value);
      }
      draw.worldVersion = worldVersion;
      draw.materialVersion = material.version;
      packed++;
    }
    if (moved) {
      this.sort();
      this.drawsVersion++;
    }
    let bytesUploaded = 0;
    for (const kind of this.kinds.values()) bytesUploaded += kind.arena.upload().bytesUploaded;
    return { packed, bytesUploaded };
  }

  /** Packs the per-frame struct (one view's view-projection, the light, the time); the bytes are reused. */
  frameBytes(viewProjection: mat4, view: mat4, time: number, light: Environment): ArrayBuffer {
    const data = this.frameData;
    VIEW_PROJECTION.write(data, 0, viewProjection);
    // The view matrix's first two rows are the eye's right and up in world space (scaled if the camera node is).
    const axis = this.axis;
    CAMERA_RIGHT.write(data, 0, vec3.normalize(axis, vec3.set(axis, view[0], view[4], view[8])));
    CAMERA_UP.write(data, 0, vec3.normalize(axis, vec3.set(axis, view[1], view[5], view[9])));
    LIGHT_DIRECTION.write(data, 0, light.lightDirection);
    TIME.write(data, 0, time);
    LIGHT_COLOR.write(data, 0, light.lightColor);
    AMBIENT.write(data, 0, light.ambient);
    return data.bytes;
  }

  /**
   * Notes each mesh's visibility and returns `visibilityVersion`, which moves on when any changed since the last call
   * (draws recorded before it must be recorded again).
   */
  checkVisibility(): number {
    for (let i = 0; i < this.draws.length; i++) {
      const draw = this.draws[i]!;
      if (draw.visible !== draw.mesh.visible) {
        draw.visible = draw.mesh.visible;
        this.visibilityVersion++;
      }
    }
    return this.visibilityVersion;
  }

  destroy(): void {
    for (const kind of this.kinds.values()) kind.arena.destroy();
    this.kinds.clear();
  }

  /** The slots of `name`'s kind, made on first use. */
  private kind(name: string): KindSlots<B> {
    let kind = this.kinds.get(name);
    if (kind) return kind;
    const info = materialKind(name);
    const writer = new StructWriter(info.object, info.structs);
    const has = (field: string) => info.object.fields.some((f) => f.name === field);
    kind = {
      info,
      arena: new UniformArena(this.storage, info.object, { capacity: 256, label: `world ${name} objects` }),
      model: writer.field('model'),
      normal: writer.field('normal'),
      color: has('color') ? writer.field('color') : null,
      alphaTest: has('alphaTest') ? writer.field('alphaTest') : null,
      params: info.object.fields
        .filter((f) => !STANDARD_FIELDS.includes(f.name))
        .map((f) => [f.name, writer.field(f.name)] as [string, FieldWriter]),
    };
    this.kinds.set(name, kind);
    return kind;
  }

  /** A mesh given another material: its slot moves to the new kind's arena when the kind changed. */
  private rematerial(draw: WorldDraw<B>, material: Material): boolean {
    draw.material = material;
    if (material.kind === draw.kind.info.name) return false;
    const kind = this.kind(material.kind);
    draw.kind.arena.free(draw.slot);
    draw.kind = kind;
    draw.slot = kind.arena.allocate();
    return true;
  }

  /** Finds the meshes under the root after any tree changed shape; gives new ones a slot and frees the gone ones'. */
  private collect(): void {
    const found = new Set<WorldMesh>();
    this.root.traverse((node) => {
      if (!(node instanceof Mesh)) return;
      if (!(node.material instanceof Material) || !isGeometry(node.geometry)) {
        throw new Error(
          `Mesh "${node.path}" has no drawable geometry/material for the world pass: give it a Geometry ` +
            '(boxGeometry(), …) and a Material.',
        );
      }
      found.add(node as WorldMesh);
    });
    for (const [mesh, draw] of this.byMesh) {
      if (found.has(mesh)) continue;
      draw.kind.arena.free(draw.slot);
      this.byMesh.delete(mesh);
    }
    for (const mesh of found) {
      if (this.byMesh.has(mesh)) continue;
      const kind = this.kind(mesh.material.kind);
      this.byMesh.set(mesh, {
        mesh,
        kind,
        slot: kind.arena.allocate(),
        material: mesh.material,
        geometry: mesh.geometry,
        mirrored: false,
        worldVersion: -1,
        materialVersion: -1,
        visible: mesh.visible,
        images: '',
      });
    }
    this.draws.length = 0;
    this.draws.push(...this.byMesh.values());
    this.sort();
    this.drawsVersion++;
    this.structure = Node.structureVersion;
  }

  private sort(): void {
    // Numbers, not strings: localeCompare spent 13 ms of a 1000-mesh first frame here (its collator's start-up).
    this.draws.sort(
      (a, b) =>
        a.kind.info.order - b.kind.info.order ||
        Number(a.mirrored) - Number(b.mirrored) ||
        (a.images < b.images ? -1 : a.images > b.images ? 1 : 0) ||
        geometryId(a.mesh.geometry) - geometryId(b.mesh.geometry),
    );
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

/** Fields the packer fills itself: from the mesh (model, normal) and the material (color, alphaTest). */
const STANDARD_FIELDS = ['model', 'normal', 'color', 'alphaTest'];

const objectIds = new WeakMap<object, number>();
let nextObjectId = 0;
/** A number per object (a geometry, a texture), so draws sharing one sit together (names need not be unique). */
export function objectId(object: object): number {
  let id = objectIds.get(object);
  if (id === undefined) objectIds.set(object, (id = nextObjectId++));
  return id;
}
const geometryId = objectId;

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
