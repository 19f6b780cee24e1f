// Palms between the camera and the player fade (lambert's screen-door `fade`) so the kit stays in sight; they come back
// when it has passed. Worked out on the ground plane: the camera looks down along a fixed slope (it follows the player
// without turning), so whether a palm hides the kit is whether their shadows along the view overlap there.
import type { Material } from '../../src/index';

/** A palm as the fade sees it: its foot, height and crown radius (m), and its materials. */
export interface Occluder {
  x: number;
  z: number;
  height: number;
  reach: number;
  materials: readonly Material[];
}

/** How much of a hiding palm is left out (0…1), how fast the fade moves (per second), and the kit's radius (m). */
const HIDDEN = 0.6;
const RATE = 4;
const KIT_RADIUS = 0.3;

/** Fades the occluders that hide the player, a little each frame. */
export class SeeThrough {
  private readonly fades: number[];
  /** Each material's own outline, kept from its first fade. */
  private readonly outlines: number[][][];

  /** `slope`: how far the view moves along −z on the ground per metre of height (the camera's offset z / y). */
  constructor(
    readonly occluders: readonly Occluder[],
    private readonly slope: number,
  ) {
    this.fades = occluders.map(() => 0);
    this.outlines = occluders.map(() => []);
  }

  /** Whether occluder `o` hides (part of) the player standing at (x, z). */
  hides(o: Occluder, x: number, z: number): boolean {
    const ahead = o.z - z; // nearer the camera by this much
    if (ahead <= 0 || Math.abs(o.x - x) > o.reach + KIT_RADIUS) return false;
    // Along the view onto the ground, the palm (trunk and crown) covers from its foot back to height × slope + reach;
    // the kit is behind it when its foot falls in there.
    return ahead < o.height * this.slope + o.reach;
  }

  /**
   * Moves each occluder's fade toward hidden or shown over `dt` seconds, for the player at (x, z); with `active` false
   * (another view, a headset's) every one comes back.
   */
  update(x: number, z: number, dt: number, active = true): void {
    this.occluders.forEach((o, i) => {
      const target = active && this.hides(o, x, z) ? HIDDEN : 0;
      const was = this.fades[i]!;
      const now = was + Math.max(-RATE * dt, Math.min(RATE * dt, target - was));
      if (now === was) return;
      this.fades[i] = now;
      for (const [k, material] of o.materials.entries()) {
        material.setParam('fade', now);
        // The holes would each get an outline (a dark net): the lines go as the palm fades.
        const [r, g, b, a] = (this.outlines[i]![k] ??= [...(material.param('outline') ?? [0, 0, 0, 1])]);
        material.setParam('outline', [r!, g!, b!, a! * (1 - now / HIDDEN)]);
      }
    });
  }

  /** The fade of occluder `i` now. */
  fade(i: number): number {
    return this.fades[i]!;
  }
}
