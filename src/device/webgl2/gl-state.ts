/**
 * Every piece of GL state the WebGL2 device changes, set only when it differs from what GL already has. It is the one
 * place that talks to GL's global state, so no code path can leave state another relies on (the twins of old set and
 * reset it by convention in four files). `reset()` forgets everything (a restored context starts from GL's defaults,
 * which the cache then does not assume).
 */
export class GlState {
  private program: WebGLProgram | null | undefined;
  private drawFramebuffer: WebGLFramebuffer | null | undefined;
  private readFramebuffer: WebGLFramebuffer | null | undefined;
  private readonly view = [-1, -1, -1, -1];
  private readonly cut = [-1, -1, -1, -1];
  private readonly flags = new Map<number, boolean>();
  private depthFunction = -1;
  private depthWrite: boolean | undefined;
  private front = -1;
  private blendSet = false;
  private vertexArray: WebGLVertexArrayObject | null | undefined;
  private activeUnit = -1;
  private readonly textures: (WebGLTexture | null | undefined)[] = [];
  private readonly samplers: (WebGLSampler | null | undefined)[] = [];
  private readonly ranges: ({ buffer: WebGLBuffer; offset: number; size: number } | undefined)[] = [];
  private readonly buffers = new Map<number, WebGLBuffer | null>();
  private readonly clearRgba = [NaN, NaN, NaN, NaN];
  private clearZ = NaN;
  private unpack = -1;

  constructor(private readonly gl: WebGL2RenderingContext) {}

  reset(): void {
    this.program = this.drawFramebuffer = this.readFramebuffer = this.vertexArray = undefined;
    this.view.fill(-1);
    this.cut.fill(-1);
    this.flags.clear();
    this.depthFunction = this.front = this.activeUnit = -1;
    this.depthWrite = undefined;
    this.blendSet = false;
    this.textures.length = this.samplers.length = this.ranges.length = 0;
    this.buffers.clear();
    this.clearRgba.fill(NaN);
    this.clearZ = NaN;
    this.unpack = -1;
  }

  useProgram(program: WebGLProgram | null): void {
    if (this.program !== program) this.gl.useProgram((this.program = program));
  }

  /** Binds `framebuffer` for drawing and reading. */
  bindFramebuffer(framebuffer: WebGLFramebuffer | null): void {
    const gl = this.gl;
    if (this.drawFramebuffer === framebuffer && this.readFramebuffer === framebuffer) return;
    gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
    this.drawFramebuffer = this.readFramebuffer = framebuffer;
  }

  /** The framebuffers bound now (undefined: not known), to bind them back after making another. */
  get framebuffers(): {
    read: WebGLFramebuffer | null | undefined;
    draw: WebGLFramebuffer | null | undefined;
  } {
    return { read: this.readFramebuffer, draw: this.drawFramebuffer };
  }

  bindFramebuffers(read: WebGLFramebuffer | null, draw: WebGLFramebuffer | null): void {
    const gl = this.gl;
    if (this.readFramebuffer !== read) gl.bindFramebuffer(gl.READ_FRAMEBUFFER, (this.readFramebuffer = read));
    if (this.drawFramebuffer !== draw) gl.bindFramebuffer(gl.DRAW_FRAMEBUFFER, (this.drawFramebuffer = draw));
  }

  viewport(x: number, y: number, width: number, height: number): void {
    if (changed(this.view, x, y, width, height)) this.gl.viewport(x, y, width, height);
  }

  scissor(x: number, y: number, width: number, height: number): void {
    if (changed(this.cut, x, y, width, height)) this.gl.scissor(x, y, width, height);
  }

  /**
   * The viewport, scissor box and capabilities set now, and a function that sets them back: for work done in the middle
   * of a pass (a texture's mip levels drawn when a draw first binds it).
   */
  saveDrawState(): () => void {
    const [view, cut] = [[...this.view], [...this.cut]];
    const flags = new Map(this.flags);
    return () => {
      if (view[2]! >= 0) this.viewport(view[0]!, view[1]!, view[2]!, view[3]!);
      if (cut[2]! >= 0) this.scissor(cut[0]!, cut[1]!, cut[2]!, cut[3]!);
      for (const [capability, on] of flags) this.set(capability, on);
    };
  }

  /** `gl.enable`/`gl.disable` of a capability (DEPTH_TEST, CULL_FACE, BLEND, SCISSOR_TEST). */
  set(capability: number, on: boolean): void {
    if (this.flags.get(capability) === on) return;
    this.flags.set(capability, on);
    if (on) this.gl.enable(capability);
    else this.gl.disable(capability);
  }

  depth(func: number, write: boolean): void {
    if (this.depthFunction !== func) this.gl.depthFunc((this.depthFunction = func));
    if (this.depthWrite !== write) this.gl.depthMask((this.depthWrite = write));
  }

  depthMask(write: boolean): void {
    if (this.depthWrite !== write) this.gl.depthMask((this.depthWrite = write));
  }

  frontFace(mode: number): void {
    if (this.front !== mode) this.gl.frontFace((this.front = mode));
  }

  clearColor(rgba: ArrayLike<number>): void {
    const c = this.clearRgba;
    if (c[0] === rgba[0] && c[1] === rgba[1] && c[2] === rgba[2] && c[3] === rgba[3]) return;
    for (let i = 0; i < 4; i++) c[i] = rgba[i]!;
    this.gl.clearColor(c[0]!, c[1]!, c[2]!, c[3]!);
  }

  clearDepth(depth: number): void {
    if (this.clearZ !== depth) this.gl.clearDepth((this.clearZ = depth));
  }

  /**
   * Uploads take texels as they are: rows tightly packed (as the engine gives them), images not flipped, not
   * premultiplied, not converted to another colour space.
   */
  unpackAsIs(): void {
    if (this.unpack === 1) return;
    const gl = this.gl;
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_PREMULTIPLY_ALPHA_WEBGL, false);
    gl.pixelStorei(gl.UNPACK_COLORSPACE_CONVERSION_WEBGL, gl.NONE);
    this.unpack = 1;
  }

  /** Straight alpha over the target (the only blend the engine uses). */
  blendAlpha(): void {
    if (this.blendSet) return;
    const gl = this.gl;
    gl.blendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA);
    this.blendSet = true;
  }

  bindVertexArray(vao: WebGLVertexArrayObject | null): void {
    if (this.vertexArray !== vao) this.gl.bindVertexArray((this.vertexArray = vao));
  }

  /** Binds `buffer` to a non-indexed target (ARRAY_BUFFER, ELEMENT_ARRAY_BUFFER of the bound VAO, UNIFORM_BUFFER). */
  bindBuffer(target: number, buffer: WebGLBuffer | null): void {
    // The element array binding belongs to the vertex array: never cache it across vertex arrays.
    if (target !== this.gl.ELEMENT_ARRAY_BUFFER && this.buffers.get(target) === buffer) return;
    this.buffers.set(target, buffer);
    this.gl.bindBuffer(target, buffer);
  }

  bindTexture(unit: number, texture: WebGLTexture | null): void {
    if (this.textures[unit] === texture) return;
    this.activate(unit);
    this.gl.bindTexture(this.gl.TEXTURE_2D, texture);
    this.textures[unit] = texture;
  }

  /**
   * Binds `texture` to unit 0 and makes unit 0 active, to make or write it: texture calls act on the active unit's,
   * which after a draw may be another unit even where unit 0 already holds this texture.
   */
  editTexture(texture: WebGLTexture | null): void {
    this.activate(0);
    this.bindTexture(0, texture);
  }

  bindSampler(unit: number, sampler: WebGLSampler | null): void {
    if (this.samplers[unit] === sampler) return;
    this.gl.bindSampler(unit, sampler);
    this.samplers[unit] = sampler;
  }

  bindUniformRange(point: number, buffer: WebGLBuffer, offset: number, size: number): void {
    const r = this.ranges[point];
    if (r && r.buffer === buffer && r.offset === offset && r.size === size) return;
    this.gl.bindBufferRange(this.gl.UNIFORM_BUFFER, point, buffer, offset, size);
    // bindBufferRange also binds the generic UNIFORM_BUFFER target.
    this.buffers.set(this.gl.UNIFORM_BUFFER, buffer);
    if (r) {
      r.buffer = buffer;
      r.offset = offset;
      r.size = size;
    } else this.ranges[point] = { buffer, offset, size };
  }

  /** Forgets a deleted object wherever it is cached (GL unbinds it itself). */
  forget(object: object): void {
    if (this.program === object) this.program = undefined;
    if (this.drawFramebuffer === object) this.drawFramebuffer = undefined;
    if (this.readFramebuffer === object) this.readFramebuffer = undefined;
    if (this.vertexArray === object) this.vertexArray = undefined;
    for (let i = 0; i < this.textures.length; i++)
      if (this.textures[i] === object) this.textures[i] = undefined;
    for (let i = 0; i < this.samplers.length; i++)
      if (this.samplers[i] === object) this.samplers[i] = undefined;
    for (let i = 0; i < this.ranges.length; i++)
      if (this.ranges[i]?.buffer === object) this.ranges[i] = undefined;
    for (const [target, buffer] of this.buffers) if (buffer === object) this.buffers.delete(target);
  }

  private activate(unit: number): void {
    if (this.activeUnit !== unit) this.gl.activeTexture(this.gl.TEXTURE0 + (this.activeUnit = unit));
  }
}

/** Stores a rectangle in `cache`; false when it was there already (nothing to tell GL). */
function changed(cache: number[], x: number, y: number, width: number, height: number): boolean {
  if (cache[0] === x && cache[1] === y && cache[2] === width && cache[3] === height) return false;
  cache[0] = x;
  cache[1] = y;
  cache[2] = width;
  cache[3] = height;
  return true;
}
