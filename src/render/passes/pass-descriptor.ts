import type { Device, RenderTarget, TextureFormat } from '../../device/device';
import type { PassIO, SizeRule } from '../../graph/render-graph';
import type { Node } from '../../scene/node';
import type { UiAtlas } from '../../ui/ui-atlas';
import type { FrameContext } from '../frame-context';
import type { FragmentPair } from './fullscreen-program';
import type { FrameRect } from './frame-rect';
import type { SettingsSpec } from './pass-setting';
import type { WorldPass } from '../world/world-pass';

/**
 * A texture size in a descriptor: `native` is the chain's native image (the native resolution, plus a pixel-stable
 * camera's margin), `canvas` the canvas, `input` whatever size the chain's image has where the pass stands.
 */
export type PassSize = 'native' | 'canvas' | 'input' | SizeRule;

/**
 * A texture a pass reads: `chain` is the image the pass before it in the chain wrote, `native` the chain's last image
 * before the upscale (the bars are filled from it); any other name is a resource another pass writes (the world
 * pass's `normals`, `lines`), `name@prev` its last frame. A size, when given, is checked against the producer's.
 */
export type PassRead = string | { name: string; size?: PassSize };

/** A texture a pass writes: a format, or `input` for the format of the chain's image where it stands. */
export interface PassWrite {
  name: string;
  format: TextureFormat | 'input';
  size: PassSize;
  /** Last frame's contents readable as `name@prev` (motion blur's trail). */
  history?: boolean;
}

/**
 * Values the renderer works out every frame for the passes (they are not settings: nobody sets them). One object per
 * renderer, rewritten in place before the graph runs.
 */
export interface ChainFrame {
  /** Where the native image lands in the canvas this frame, in device pixels. */
  rect: FrameRect;
  /** The native resolution. */
  native: readonly [number, number];
  /** The upscale's read-ahead in device pixels: a pixel-stable camera's sub-texel rest, rounded. */
  shift: [number, number];
  /** The dither pattern's origin in whole texels: the snapped camera's grid position, so the pattern holds still. */
  ditherOrigin: [number, number];
  /** The world camera's lens as the outline pass needs it (depths to distances, the size of a texel). */
  eye: { near: number; far: number; perspective: boolean; texel: number };
}

/**
 * Where a pass runs when the world is drawn for several views (a headset's eyes): `view` once per view, on that
 * view's image (the look: outlines, grade, palette); `frame` once per frame for every view (the shadow map, fitted to
 * all of them, so both eyes see the same shadow texels); `canvas` only on the canvas (motion blur, the upscale and its
 * bars, CRT, the UI, which a headset shows as a panel).
 */
export type PassScope = 'view' | 'frame' | 'canvas';

/** A renderer's `ChainFrame` before its first frame (each frame rewrites it in place). */
export function chainFrame(native: readonly [number, number]): ChainFrame {
  return {
    rect: { x: 0, y: 0, width: native[0], height: native[1], scale: 1 },
    native,
    shift: [0, 0],
    ditherOrigin: [0, 0],
    eye: { near: 0.1, far: 100, perspective: false, texel: 1 },
  };
}

/** What a pass is made with: the device, the live settings and frame values, and where it stands in the chain. */
export interface PassKit<S> {
  device: Device;
  /** The renderer's settings (the same object all along: read it at each frame, it may have changed). */
  settings: S;
  frame: ChainFrame;
  /** The resource the pass reads as `chain`, and as `native`. */
  chain: string;
  native: string;
  /** The format of the `chain` image. */
  format: TextureFormat;
  /** Texels of margin around the native image (a pixel-stable camera's), 0 otherwise. */
  pad: number;
  /** The renderer's world pass: what a pass that draws the scene (the shadow map) draws with. */
  world: WorldPass;
  /** The UI layer, when the renderer has one, and whether it is drawn over the native or the upscaled image. */
  ui: { root: Node; atlas: UiAtlas; stage: 'native' | 'canvas' } | null;
}

/** A pass at work: what the graph runs each frame, and what it frees at the end. */
export interface PassRunner {
  execute(frame: FrameContext, io: PassIO<RenderTarget>): void;
  /** Drops what it keeps for a compiled graph that is gone (it was bypassed). */
  idle?(): void;
  destroy(): void;
}

/**
 * One pass of the pixel-art chain, built-in or the user's, declared once: the graph's wiring, the chain's toggles
 * (URL `?on=` / `?off=`, the debug panel), its settings (their defaults, checks, URL keys, panel controls and docs)
 * and its shaders all come from here.
 */
export interface PassDescriptor<S = object> {
  /** Its name in the graph, the URL, the panel (`pass-toggle-<name>`) and the docs. */
  readonly name: string;
  /** One sentence for the docs table. */
  readonly summary: string;
  /** Whether it runs when a renderer starts; the passes that change the look start bypassed. */
  readonly on: boolean;
  /** Where it runs when the world is drawn for several views (see `PassScope`); default `canvas`. */
  readonly runs?: PassScope;
  readonly reads: readonly PassRead[];
  readonly writes: readonly PassWrite[];
  /** Output → read that stands in while it is bypassed (default: its first write ← its first read). */
  readonly bypass?: Readonly<Record<string, string>>;
  /** Passes it cannot run without (background and CRT draw over the upscaled image). */
  readonly needs?: readonly string[];
  /** Its settings: a `Setting` per leaf, grouped as they sit in `renderer.settings`. */
  readonly settings: SettingsSpec<S>;
  /** Its shader pairs (for the docs; `create` builds its programs from them). */
  readonly shaders: readonly FragmentPair[];
  /** Whether a renderer with these options has the pass (the UI pass needs a UI layer); default always. */
  readonly applies?: (options: { ui?: object }) => boolean;
  /** Builds the pass on a device. */
  create(kit: PassKit<S>): Promise<PassRunner>;
}

/** Declares a pass: the identity, typed, so a file reads `export const bloomPass = definePass<BloomSettings>({ … })`. */
export function definePass<S extends object = object>(descriptor: PassDescriptor<S>): PassDescriptor<S> {
  return descriptor;
}
