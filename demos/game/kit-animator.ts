// The kit's clips for what the player does: walk, idle, carry (walking with a load) and hold (the carry clip held at its
// start: standing with a load), cross-faded on a change, stepped at 12 frames a second as pixel art is.
import { AnimationMixer, type AnimationAction, type GltfScene } from '../../src/index';

/** What the kit is doing, as `window.__armature.game.player.animation` says it. */
export type KitAnimation = 'walk' | 'idle' | 'carry' | 'hold';

/** Seconds a change of clip cross-fades over. */
const FADE = 0.15;

/** Plays the kit's clip for the player's state; `kit` is the loaded kit.glb. */
export class KitAnimator {
  private readonly mixer: AnimationMixer;
  private readonly actions: Record<'walk' | 'idle' | 'carry', AnimationAction>;
  private now: KitAnimation = 'idle';

  constructor(kit: GltfScene) {
    this.mixer = new AnimationMixer(kit.root, { fps: 12 });
    const clip = (name: string) => {
      const found = kit.animations.find((c) => c.name === name);
      if (!found) throw new Error(`kit.glb has no "${name}" clip; run npm run assets.`);
      return this.mixer.clipAction(found);
    };
    this.actions = { walk: clip('walk'), idle: clip('idle'), carry: clip('carry') };
  }

  /** The clip playing now. */
  get animation(): KitAnimation {
    return this.now;
  }

  /** Back to the start: idle from its first frame (a new game). */
  reset(): void {
    this.mixer.setTime(0);
    for (const action of this.mixer.actions) action.stop();
    this.actions.idle.reset().play();
    this.now = 'idle';
  }

  /** Poses the kit at `time` (s) for a player who is `moving` and maybe `carrying`. */
  update(time: number, moving: boolean, carrying: boolean): void {
    this.mixer.setTime(time);
    const next = carrying ? (moving ? 'carry' : 'hold') : moving ? 'walk' : 'idle';
    if (next === this.now) return;
    const from = this.actions[this.now === 'hold' ? 'carry' : this.now];
    const to = this.actions[next === 'hold' ? 'carry' : next];
    if (from !== to) from.crossFadeTo(to, FADE);
    else to.reset();
    to.timeScale = next === 'hold' ? 0 : 1;
    this.now = next;
  }
}
