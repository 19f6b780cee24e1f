import { vec3 } from 'gl-matrix';
import { DirectionalLight, PointLight, SpotLight, lightFalloff, type Light } from '../../scene/light';
import type { Box } from '../../scene/world-box';

/** How many lights a frame holds besides its directional light (world.wgsl's light arrays). */
export const MAX_LIGHTS = 64;
/**
 * How many of them one object is lit by: the slots its `lights: vec4<u32>` field lists, a byte each (the 16th byte is
 * kept for the object's shadow flags).
 */
export const LIGHTS_PER_OBJECT = 15;

interface Entry {
  slot: number;
  worldVersion: number;
  version: number;
}

/**
 * The lights of a tree as the world pass draws them: the first directional light is the frame's sun (its
 * `lightDirection` and `lightColor`); every other light has a slot in the frame's light arrays (world.wgsl's lightAt,
 * lightGlow, lightAim), kept while it stays in the tree so the objects' light lists stay valid. Each frame `update`
 * rewrites only the slots of lights that moved or changed and names the slots whose reach changed (`moved`), the only
 * ones objects are tested against again.
 */
export class LightSet {
  /** Slot → light; null where free. */
  readonly slots: (Light | null)[] = new Array<Light | null>(MAX_LIGHTS).fill(null);
  /** The frame's light arrays, four floats a slot each, as world.wgsl lays them out. */
  readonly at = new Float32Array(4 * MAX_LIGHTS);
  readonly glow = new Float32Array(4 * MAX_LIGHTS);
  readonly aim = new Float32Array(4 * MAX_LIGHTS);
  /** The frame's directional light, or null (then the environment's light is). */
  sun: DirectionalLight | null = null;
  /**
   * The slots whose reach (place, range, cone, or the light itself) changed since the reader last emptied it: the
   * only ones objects are tested against again.
   */
  readonly moved: number[] = [];
  /** Moves on whenever `at`, `glow`, `aim` or `sun` change. */
  version = 0;
  private readonly entries = new Map<Light, Entry>();
  /** Directional lights in the order they joined: the first is the sun. */
  private readonly directional: DirectionalLight[] = [];
  /** The sun's world and own version the frame holds. */
  private sunWorld = -1;
  private sunVersion = -1;
  private warned = false;
  private readonly scratch = vec3.create();

  /** How many lights hold a slot (those waiting for one, past the 64th, are not counted). */
  get count(): number {
    return this.placed;
  }
  private placed = 0;

  has(light: Light): boolean {
    return this.entries.has(light);
  }

  /** Takes a light that joined the tree: the sun if it is the first directional light, else the first free slot. */
  add(light: Light): void {
    if (this.entries.has(light)) return;
    const entry: Entry = { slot: -1, worldVersion: -1, version: -1 };
    this.entries.set(light, entry);
    if (light instanceof DirectionalLight) {
      this.directional.push(light);
      if (this.directional.length === 1) {
        this.sun = light;
        this.sunWorld = -1;
        return;
      }
    }
    this.place(light, entry);
  }

  /** Lets go of a light that left the tree; its slot is free for the next (the sun's place goes to the next one). */
  remove(light: Light): void {
    const entry = this.entries.get(light);
    if (!entry) return;
    this.entries.delete(light);
    this.free(entry);
    if (light instanceof DirectionalLight) {
      this.directional.splice(this.directional.indexOf(light), 1);
      if (this.sun === light) {
        const next = this.directional[0] ?? null;
        this.sun = next;
        this.sunWorld = -1;
        this.version++;
        if (next) this.free(this.entries.get(next)!);
      }
    }
  }

  /** Every light of the tree (its walk found them): those missing are removed, the new ones added. */
  reset(found: ReadonlySet<Light>): void {
    for (const light of [...this.entries.keys()]) if (!found.has(light)) this.remove(light);
    for (const light of found) this.add(light);
  }

  /**
   * After the frame's sweep of world matrices: rewrites the slots of lights that moved or were changed, adds to `moved`
   * those whose reach changed, and places lights that waited for a free slot. True when anything changed.
   */
  update(): boolean {
    let changed = false;
    for (const [light, entry] of this.entries) {
      if (entry.slot < 0 && light !== this.sun) this.place(light, entry);
      if (entry.slot < 0) continue;
      const worldVersion = light.cachedWorldVersion;
      if (worldVersion === entry.worldVersion && light.version === entry.version) continue;
      const reach = worldVersion !== entry.worldVersion || this.reachChanged(light, entry.slot);
      this.write(light, entry.slot);
      entry.worldVersion = worldVersion;
      entry.version = light.version;
      if (reach) this.moved.push(entry.slot);
      changed = true;
    }
    const sun = this.sun;
    if (sun && (sun.cachedWorldVersion !== this.sunWorld || sun.version !== this.sunVersion)) {
      this.sunWorld = sun.cachedWorldVersion;
      this.sunVersion = sun.version;
      changed = true;
    }
    if (changed) this.version++;
    return changed;
  }

  /** The sun's direction (where its light travels) and colour × intensity, or false without a sun. */
  sunLight(direction: vec3, color: Float32Array): boolean {
    const sun = this.sun;
    if (!sun) return false;
    sun.direction(direction);
    const c = sun.color;
    const i = sun.intensity;
    color[0] = c[0]! * i;
    color[1] = c[1]! * i;
    color[2] = c[2]! * i;
    color[3] = 1;
    return true;
  }

  /**
   * The slot of the point or spot light that casts shadows this frame (the first with `castShadow` in slot order), or
   * −1 when none does. A second one casting is warned about once; it lights the scene without shadows.
   */
  shadowCaster(): number {
    let caster = -1;
    const slots = this.slots;
    for (let slot = 0; slot < MAX_LIGHTS; slot++) {
      const light = slots[slot];
      if (!(light instanceof PointLight && light.castShadow)) continue;
      if (caster < 0) caster = slot;
      else if (!this.warnedCasters) {
        this.warnedCasters = true;
        console.warn(
          `Armature: ${light.constructor.name} "${light.path}" casts no shadow: one point or spot light a frame ` +
            `does ("${slots[caster]!.path}"). Set castShadow on the one that matters most.`,
        );
      }
    }
    return caster;
  }
  private warnedCasters = false;

  /** Whether the light in `slot` can reach anything in `box`: a directional light always, else its sphere. */
  reaches(slot: number, box: Box): boolean {
    const at = this.at;
    const range = at[4 * slot + 3]!;
    if (range === 0) return true;
    let d2 = 0;
    for (let axis = 0; axis < 3; axis++) {
      const gap = Math.abs(at[4 * slot + axis]! - box[axis]!) - box[3 + axis]!;
      if (gap > 0) d2 += gap * gap;
    }
    return d2 < range * range;
  }

  /** How bright the light in `slot` is at the box's nearest point (to keep the strongest when too many reach). */
  strength(slot: number, box: Box): number {
    const at = this.at;
    const glow = this.glow;
    const range = at[4 * slot + 3]!;
    const brightness = Math.max(glow[4 * slot]!, glow[4 * slot + 1]!, glow[4 * slot + 2]!);
    if (range === 0) return brightness;
    let d2 = 0;
    for (let axis = 0; axis < 3; axis++) {
      const gap = Math.abs(at[4 * slot + axis]! - box[axis]!) - box[3 + axis]!;
      if (gap > 0) d2 += gap * gap;
    }
    return brightness * lightFalloff(Math.sqrt(d2), range);
  }

  private place(light: Light, entry: Entry): void {
    const slot = this.slots.indexOf(null);
    if (slot < 0) {
      if (!this.warned)
        console.warn(
          `Armature: ${light.constructor.name} "${light.path}" is not drawn: a frame has ${MAX_LIGHTS} lights at ` +
            'most besides its directional light. It lights the scene once another light leaves.',
        );
      this.warned = true;
      return;
    }
    this.slots[slot] = light;
    this.placed++;
    entry.slot = slot;
    entry.worldVersion = entry.version = -1;
  }

  private free(entry: Entry): void {
    if (entry.slot < 0) return;
    const slot = entry.slot;
    this.slots[slot] = null;
    this.placed--;
    this.at.fill(0, 4 * slot, 4 * slot + 4);
    this.glow.fill(0, 4 * slot, 4 * slot + 4);
    this.aim.fill(0, 4 * slot, 4 * slot + 4);
    entry.slot = -1;
    this.moved.push(slot);
    this.version++;
  }

  /** Whether the light's range or cone differ from what its slot holds. */
  private reachChanged(light: Light, slot: number): boolean {
    const [range, edge, full] = reach(light);
    return (
      this.at[4 * slot + 3] !== Math.fround(range) ||
      this.glow[4 * slot + 3] !== Math.fround(edge) ||
      this.aim[4 * slot + 3] !== Math.fround(full)
    );
  }

  private write(light: Light, slot: number): void {
    const i = 4 * slot;
    const m = light.cachedWorldMatrix;
    const [range, edge, full] = reach(light);
    this.at.set([m[12]!, m[13]!, m[14]!, range], i);
    const c = light.color;
    const k = light.intensity;
    this.glow.set([c[0]! * k, c[1]! * k, c[2]! * k, edge], i);
    const d = this.scratch;
    if (light instanceof DirectionalLight || light instanceof SpotLight) light.direction(d);
    else vec3.set(d, 0, 0, -1);
    this.aim.set([d[0]!, d[1]!, d[2]!, full], i);
  }
}

/**
 * A light's range (0: directional, everywhere) and the cosines where its cone's light ends and where it is full
 * (−2 and −1 for a light without a cone: every direction gets all of it).
 */
function reach(light: Light): [number, number, number] {
  if (light instanceof SpotLight) {
    const edge = Math.cos(light.angle);
    return [light.range, edge, Math.cos(light.angle * (1 - light.penumbra))];
  }
  if (light instanceof PointLight) return [light.range, -2, -1];
  return [0, -2, -1];
}
