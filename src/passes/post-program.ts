import type { FieldWriter } from '../gpu/struct-writer';
import type { PassIO } from '../graph/render-graph';

/** A post pass's shader in both backends' languages: world.wgsl-style WGSL and its GLSL ES 3.00 twin. */
export interface PostShaders {
  wgsl: string;
  glsl: string;
}

/** What a chain pass draws with, on either backend: its `Params` fields, and one full-screen draw into a target. */
export interface PostProgram<F, T> {
  field(name: string): FieldWriter;
  set(field: FieldWriter, value: number | ArrayLike<number>): void;
  /** Draws into `target`, reading `textures` (WGSL bindings 2, 3, …); `io` is the calling pass's. */
  draw(frame: F, io: PassIO<T>, target: T, textures: readonly T[]): void;
  destroy(): void;
}

/** Makes post programs on one backend: how the chain passes stay one class for WebGPU and WebGL2. */
export interface PostBackend<F, T> {
  program(
    shaders: PostShaders,
    label: string,
    format: string,
    filter?: 'linear' | null,
  ): Promise<PostProgram<F, T>>;
}
