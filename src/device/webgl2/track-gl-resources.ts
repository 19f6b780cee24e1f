import type { GlResourceCounts } from '../device';

export type { GlResourceCounts };

type Kind = keyof GlResourceCounts;

/** Each kind's create and delete method on WebGL2RenderingContext. */
const METHODS: Record<Kind, [create: string, remove: string]> = {
  buffers: ['createBuffer', 'deleteBuffer'],
  textures: ['createTexture', 'deleteTexture'],
  framebuffers: ['createFramebuffer', 'deleteFramebuffer'],
  renderbuffers: ['createRenderbuffer', 'deleteRenderbuffer'],
  programs: ['createProgram', 'deleteProgram'],
  shaders: ['createShader', 'deleteShader'],
  vertexArrays: ['createVertexArray', 'deleteVertexArray'],
  samplers: ['createSampler', 'deleteSampler'],
};

/**
 * Counts a WebGL2 context's objects as they are made and deleted: the numbers behind "GL objects return to a steady
 * count" on the WebGL2 backend. Call it right after getting the context, before anything else uses it. A lost context
 * takes every object with it, so the counts go to 0 then (what is made after the restore counts afresh).
 */
export function trackGlResources(gl: WebGL2RenderingContext): { readonly counts: GlResourceCounts } {
  const counts: GlResourceCounts = {
    buffers: 0,
    textures: 0,
    framebuffers: 0,
    renderbuffers: 0,
    programs: 0,
    shaders: 0,
    vertexArrays: 0,
    samplers: 0,
  };
  let alive = new WeakSet<object>();
  const methods = gl as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const [kind, [create, remove]] of Object.entries(METHODS) as [Kind, [string, string]][]) {
    const made = methods[create]!.bind(gl);
    const deleted = methods[remove]!.bind(gl);
    // Own properties shadow the prototype's methods on this one context only.
    methods[create] = (...args: unknown[]) => {
      const object = made(...args);
      if (object) {
        alive.add(object);
        counts[kind]++;
      }
      return object;
    };
    methods[remove] = (object: unknown) => {
      // Deleting null, an object twice, or one from before a loss changes nothing, as in GL itself.
      if (object && alive.delete(object)) counts[kind]--;
      deleted(object);
    };
  }
  gl.canvas.addEventListener('webglcontextlost', () => {
    alive = new WeakSet();
    for (const kind of Object.keys(counts) as Kind[]) counts[kind] = 0;
  });
  return { counts };
}
