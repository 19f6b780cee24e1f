import { mat3, type mat4 } from 'gl-matrix';
import code from '../../wgsl/passes/world.wgsl?raw';
import { structLayouts } from '../gpu/struct-layout';
import { StructBuffer, StructWriter } from '../gpu/struct-writer';
import type { ArenaDevice } from '../gpu/uniform-arena';
import { UniformArena } from '../gpu/uniform-arena';
import type { Geometry } from '../scene/geometry';
import { Material, type MaterialKind } from '../scene/material';
import { Mesh } from '../scene/mesh';
import { Node } from '../scene/node';
import { updateWorldMatrices } from '../scene/update-world-matrices';

const layouts = structLayouts(code, 'uniform');
/** world.wgsl's per-object struct: the layout of every arena slot, on both backends (std140 agrees with it). */
export const OBJECT = layouts.get('Object')!;
/** world.wgsl's per-frame struct. */
export const FRAME = layouts.get('Frame')!;
export const WORLD_LAYOUTS = layouts;
const objectWriter = new StructWriter(OBJECT, layouts);
const frameWriter = new StructWriter(FRAME, layouts);
const MODEL = objectWriter.field('model');
const NORMAL = objectWriter.field('normal');
const COLOR = objectWriter.field('color');
const VIEW_PROJECTION = frameWriter.field('viewProjection');
const LIGHT_DIRECTION = frameWriter.field('lightDirection');
const TIME = frameWriter.field('time');
const LIGHT_COLOR = frameWriter.field('lightColor');
const AMBIENT = frameWriter.field('ambient');

/** A mesh as the world passes draw it. */
export type WorldMesh = Mesh<Geometry, Material>;

/** One mesh's place in the arena and what of it was last packed. */
export interface WorldDraw {
  mesh: WorldMesh;
  slot: number;
  worldVersion: number;
  materialVersion: number;
  /** Visibility when the draws were last recorded. */
  visible: boolean;
}

/** The light and clear colour of a world pass: what a user may change between frames. */
export interface WorldLight {
  readonly lightDirection: Float32Array;
  readonly lightColor: Float32Array;
  readonly ambient: Float32Array;
}

/**
 * The scene side of a world pass, shared by the WebGPU and WebGL2 ones: finds the meshes under the root when a tree
 * changes shape (a slot each in one uniform arena), and each frame re-packs only the meshes whose world matrix or
 * material changed, then uploads the changed slots.
 */
export class WorldPacker {
  readonly arena: UniformArena;
  /** In the order that changes pipeline and geometry as rarely as possible. */
  readonly draws: WorldDraw[] = [];
  /** `Node.structureVersion` when the draw list was last rebuilt. */
  structure = -1;
  private readonly byMesh = new Map<WorldMesh, WorldDraw>();
  private readonly normal = mat3.create();
  private readonly frameData = new StructBuffer(new ArrayBuffer(FRAME.size));

  constructor(
    readonly root: Node,
    device: ArenaDevice,
  ) {
    this.arena = new UniformArena(device, OBJECT, { capacity: 256, label: 'world objects' });
  }

  /** Brings the draw list, world matrices and object slots up to date. */
  prepare(): { packed: number; bytesUploaded: number } {
    if (Node.structureVersion !== this.structure) this.collect();
    updateWorldMatrices(this.root);
    let packed = 0;
    for (let i = 0; i < this.draws.length; i++) {
      const draw = this.draws[i]!;
      const mesh = draw.mesh;
      const worldVersion = mesh.worldVersion;
      if (worldVersion === draw.worldVersion && mesh.material.version === draw.materialVersion) continue;
      const world = mesh.worldMatrix;
      this.arena.write(draw.slot, MODEL, world);
      if (!mat3.normalFromMat4(this.normal, world)) mat3.identity(this.normal); // zero scale: nothing to light
      this.arena.write(draw.slot, NORMAL, this.normal);
      this.arena.write(draw.slot, COLOR, mesh.material.color);
      draw.worldVersion = worldVersion;
      draw.materialVersion = mesh.material.version;
      packed++;
    }
    return { packed, bytesUploaded: this.arena.upload().bytesUploaded };
  }

  /** Packs the per-frame struct (one view's view-projection, the light, the time); the bytes are reused. */
  frameBytes(viewProjection: mat4, time: number, light: WorldLight): ArrayBuffer {
    const data = this.frameData;
    VIEW_PROJECTION.write(data, 0, viewProjection);
    LIGHT_DIRECTION.write(data, 0, light.lightDirection);
    TIME.write(data, 0, time);
    LIGHT_COLOR.write(data, 0, light.lightColor);
    AMBIENT.write(data, 0, light.ambient);
    return data.bytes;
  }

  /** True when any mesh's visibility changed since the last call (the draw list must be recorded again). */
  visibilityChanged(): boolean {
    let changed = false;
    for (let i = 0; i < this.draws.length; i++) {
      const draw = this.draws[i]!;
      if (draw.visible !== draw.mesh.visible) {
        draw.visible = draw.mesh.visible;
        changed = true;
      }
    }
    return changed;
  }

  destroy(): void {
    this.arena.destroy();
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
      this.arena.free(draw.slot);
      this.byMesh.delete(mesh);
    }
    for (const mesh of found) {
      if (!this.byMesh.has(mesh))
        this.byMesh.set(mesh, {
          mesh,
          slot: this.arena.allocate(),
          worldVersion: -1,
          materialVersion: -1,
          visible: mesh.visible,
        });
    }
    this.draws.length = 0;
    this.draws.push(...this.byMesh.values());
    // Numbers, not strings: localeCompare spent 13 ms of a 1000-mesh first frame here (its collator's start-up).
    this.draws.sort(
      (a, b) =>
        KIND_ORDER[a.mesh.material.kind] - KIND_ORDER[b.mesh.material.kind] ||
        geometryId(a.mesh.geometry) - geometryId(b.mesh.geometry),
    );
    this.structure = Node.structureVersion;
  }
}

/** The material kinds of the meshes under `root` now: the pipelines a world pass builds up front. */
export function materialKinds(root: Node): Set<MaterialKind> {
  const kinds = new Set<MaterialKind>();
  root.traverse((node) => {
    if (node instanceof Mesh && node.material instanceof Material) kinds.add(node.material.kind);
  });
  return kinds;
}

/** The order draws are grouped in: by pipeline first. */
const KIND_ORDER: Record<MaterialKind, number> = { unlit: 0, lambert: 1, panel: 2 };

const geometryIds = new WeakMap<Geometry, number>();
let nextGeometryId = 0;
/** A number per geometry object, so draws sharing one sit together (names need not be unique). */
function geometryId(geometry: Geometry): number {
  let id = geometryIds.get(geometry);
  if (id === undefined) geometryIds.set(geometry, (id = nextGeometryId++));
  return id;
}

function isGeometry(value: unknown): value is Geometry {
  return typeof value === 'object' && value !== null && (value as Geometry).vertices instanceof Float32Array;
}
