// What a render graph's pass declares: its name, the textures it reads and writes with their sizes, what stands in
// for its outputs while it is disabled, and what it sees while it runs.

/** The passes Armature ships, plus any name a user gives their own. */
export type PassName =
  'world' | 'ui' | 'motionBlur' | 'upscale' | 'background' | 'crt' | 'present' | (string & {});

/** A texture's size: a multiple of the native (low) resolution, of the canvas, or fixed. */
export type SizeRule =
  | {
      relativeTo: 'native' | 'canvas';
      scale?: number;
      /** Texels added on each side after scaling: a pixel-stable camera's margin around the native image. */
      pad?: number;
    }
  | { fixed: readonly [width: number, height: number] };

/** A texture a pass writes. A history resource keeps last frame's contents readable as `name@prev`. */
export interface ResourceDecl {
  name: string;
  format: string;
  size: SizeRule;
  history?: boolean;
}

/** A texture a pass reads; `format` (and `size`), when given, are checked against what its producer writes. */
export interface ReadDecl {
  name: string;
  format?: string;
  size?: SizeRule;
  /**
   * Read when its producer runs; while that pass is disabled with nothing standing in for it, or where no pass of the
   * graph writes it, the reader runs without it (`PassIO.has` is false). The world pass reads the shadow map so.
   */
  optional?: boolean;
}

/**
 * What a pass sees while it runs: its textures by the names it declared, already resolved through bypasses. The graph
 * makes a new one each time it compiles (a toggle, a resize), so a pass may key what it builds from these textures
 * (bind groups) on the object itself.
 */
export interface PassIO<T> {
  input(name: string): T;
  /** Whether an input is there this frame: false only for an optional read whose producer is disabled. */
  has(name: string): boolean;
  output(name: string): T;
  /**
   * Whether a pass of the compiled graph reads this output: one nobody reads need not be drawn (the world's line
   * targets while the outline pass is off).
   */
  isRead(name: string): boolean;
  /** Last frame's contents of a history resource this pass reads as `name@prev`. */
  history(name: string): T;
  /** Width and height in texels of a resource this pass uses. */
  size(name: string): readonly [number, number];
}

/** One pass: what it reads and writes, how to run it, and what stands in for its outputs while it is disabled. */
export interface PassDecl<C, T> {
  name: PassName;
  reads: readonly (string | ReadDecl)[];
  writes: readonly (string | ResourceDecl)[];
  /** Output → input that replaces it while the pass is disabled; default: first write ← first read. */
  bypass?: Readonly<Record<string, string>>;
  execute(context: C, io: PassIO<T>): void;
  /**
   * Called when a compile leaves the pass out (disabled): it drops what it keeps for the textures of the plan it last
   * ran in (bind groups), so a bypassed pass holds nothing of a plan that is gone.
   */
  idle?(): void;
  /**
   * Called once `removePass` has taken the pass out: it frees what it made (buffers, bindings, pipelines) and lets go
   * of what it was given, since the graph never runs it again.
   */
  removed?(): void;
  /**
   * Why the pass may not be taken out, when its owner relies on it (a renderer's built-in passes): `removePass` refuses
   * with this, changing nothing.
   */
  readonly kept?: string;
}

/** The name of a read, declared as a name or as a `ReadDecl`. */
export function readName(read: string | ReadDecl): string {
  return typeof read === 'string' ? read : read.name;
}

/** The name of a write, declared as a name or as a `ResourceDecl`. */
export function writeName(write: string | ResourceDecl): string {
  return typeof write === 'string' ? write : write.name;
}

/** Whether a read is optional (see `ReadDecl.optional`). */
export function isOptional(read: string | ReadDecl): boolean {
  return typeof read !== 'string' && read.optional === true;
}
