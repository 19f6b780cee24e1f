/** A render-graph texture on WebGL2: the texture, the framebuffer that draws into it (colour formats), its size. */
export interface GlTexture {
  /** null for the canvas (the default framebuffer). */
  readonly texture: WebGLTexture | null;
  /** null for the canvas, and for depth textures (attached by the pass that draws with them). */
  readonly framebuffer: WebGLFramebuffer | null;
  readonly width: number;
  readonly height: number;
  readonly format: string;
}

/** What every WebGL2 pass gets while the graph runs a frame (the twin of `GpuFrame`). */
export interface GlFrame {
  gl: WebGL2RenderingContext;
  /** Seconds of scene time (the clock's elapsed). */
  time: number;
  /** Seconds this frame advanced the scene by (the clock's delta). */
  delta: number;
}
