import type {
  BindingResource,
  Bindings,
  Device,
  DeviceTexture,
  Pipeline,
  Sampler,
} from '../../device/device';
import type { Texture } from '../../scene/texture';
import type { MaterialKindInfo } from '../materials/material-kind';
import { RefCache } from './ref-cache';
import { TextureUploads } from './texture-uploads';
import type { WorldDraw } from './world-packer';

/**
 * One set of images a kind's draws bind in group 2: the kind, the textures its materials give (null where the kind
 * takes the image from the pass's named images or a white texel), what those resolved to when last bound, and the
 * bindings made of them.
 */
export interface ImageSet {
  readonly kind: MaterialKindInfo;
  readonly given: readonly (Texture | null)[];
  /** Image, sampler, image, sampler… as last bound. */
  readonly resources: BindingResource[];
  bindings: Bindings | null;
  /** Set when the set is freed: nothing may bring it back (a stale reference to it is a bug, and throws). */
  freed?: boolean;
}

/**
 * The world pass's group-2 bindings: each material kind's images as a draw's material gives them (uploaded), else
 * from `named` (the `panel` kind's UI image in a headset), else a white texel where the kind can do without. A set is
 * made again only when an image or sampler it resolves to changes; `version` moves on then, so draws recorded with
 * the old bindings are recorded again.
 */
export class MaterialImages {
  /** Bumped whenever a set's bindings are made again (or a set lost an image it had). */
  version = 0;
  private readonly uploads: TextureUploads;
  /** By kind and the ids of the textures given (`WorldDraw.images`), counted by the draws that bind them. */
  private readonly sets = new RefCache<string, ImageSet>((set) => {
    set.freed = true;
    set.bindings?.destroy();
    set.bindings = null;
    for (const texture of set.given) if (texture) this.uploads.release(texture);
  });

  constructor(
    private readonly device: Device,
    /** Images by the WGSL name kinds read them by, for draws whose material gives none. */
    readonly named: Record<string, DeviceTexture | null>,
    private readonly pipelineOf: (kind: MaterialKindInfo) => Pipeline,
  ) {
    this.uploads = new TextureUploads(device);
  }

  /** Texels sent to the GPU since creation, in bytes (first uploads and rewrites). */
  get bytesUploaded(): number {
    return this.uploads.bytesUploaded;
  }

  /** A draw binds its set now (`retain`) / no more (`release`): a set no draw binds is freed a few frames later. */
  retain(draw: WorldDraw): void {
    if (draw.kind.info.textures.length > 0) this.sets.retain(setKey(draw));
  }
  release(draw: WorldDraw): void {
    if (draw.kind.info.textures.length > 0) this.sets.release(setKey(draw));
  }

  /** Ends a frame: frees the sets no draw has bound for a few frames, then the texture copies they alone used. */
  sweep(): void {
    this.sets.sweep();
    this.uploads.sweep();
  }

  /** The set a draw binds, up to date; a missing image throws naming the mesh and how to give it. */
  of(draw: WorldDraw): ImageSet {
    const set = this.sets.get(setKey(draw), () => {
      const kind = draw.kind.info;
      const given = kind.textures.map((name) => draw.material.texture(name));
      for (const texture of given) if (texture) this.uploads.retain(texture);
      return { kind, given, resources: [], bindings: null };
    });
    this.resolve(set, draw.mesh.name);
    return set;
  }

  /**
   * Brings a set recorded draws bind up to date ahead of drawing (a texture's new texels, filter or wrap, a named image
   * swapped). A missing image only drops its bindings here: drawing it again throws, naming the mesh.
   */
  refresh(set: ImageSet): void {
    if (set.freed)
      throw new Error(`WorldPass: image set of kind "${set.kind.name}" refreshed after it was freed.`);
    this.resolve(set, null);
  }

  destroy(): void {
    this.sets.destroy();
    this.uploads.destroy();
  }

  /** Resolves each image and its sampler in place, making the bindings again only when one differs. */
  private resolve(set: ImageSet, mesh: string | null): void {
    const { kind, given, resources } = set;
    let changed = set.bindings === null;
    for (let i = 0; i < kind.textures.length; i++) {
      const name = kind.textures[i]!;
      const texture = given[i];
      let image: DeviceTexture | null;
      let sampler: Sampler;
      if (texture?.disposed) {
        if (mesh !== null)
          throw new Error(
            `WorldPass: mesh "${mesh}" has a material giving texture "${texture.label}", which was disposed; take ` +
              'the texture out of the material (or the mesh out of the scene) first.',
          );
        // Only recorded, not drawn now: its bindings go, and the draws are recorded again (then refused if drawn).
        if (set.bindings) this.version++;
        set.bindings?.destroy();
        set.bindings = null;
        return;
      }
      if (texture) {
        image = this.uploads.get(texture);
        sampler = this.uploads.sampler(texture);
      } else {
        image = this.named[name] ?? (kind.optional.includes(name) ? this.uploads.whiteTexel() : null);
        sampler = this.device.sampler('nearest');
      }
      if (!image) {
        if (mesh !== null)
          throw new Error(
            `WorldPass: mesh "${mesh}" has material kind "${kind.name}", which reads the image "${name}"; set ` +
              `world.textures.${name} (a headset renderer sets the panel's to the UI image) or give its material ` +
              `one (material.setTexture("${name}", texture)), or hide the mesh.`,
          );
        if (set.bindings) this.version++;
        set.bindings?.destroy();
        set.bindings = null;
        return;
      }
      if (resources[2 * i] !== image || resources[2 * i + 1] !== sampler) {
        resources[2 * i] = image;
        resources[2 * i + 1] = sampler;
        changed = true;
      }
    }
    if (changed) this.bind(set);
  }

  /** Makes the set's bindings from its resources, leaving out a sampler its kind's WGSL does not declare. */
  private bind(set: ImageSet): void {
    const pipeline = this.pipelineOf(set.kind);
    const named: Record<string, BindingResource> = {};
    set.kind.textures.forEach((name, i) => {
      named[name] = set.resources[2 * i]!;
      named[`${name}Sampler`] = set.resources[2 * i + 1]!;
    });
    const declared = new Set(pipeline.bindings.filter((b) => b.group === 2).map((b) => b.name));
    for (const name of Object.keys(named)) if (!declared.has(name)) delete named[name];
    set.bindings?.destroy();
    set.bindings = this.device.createBindings(pipeline, 2, named);
    this.version++;
  }
}

/** A draw's image set: its kind and the textures its material gives that kind. */
function setKey(draw: WorldDraw): string {
  return `${draw.kind.info.name}|${draw.images}`;
}
