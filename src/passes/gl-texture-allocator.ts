import type { TextureAllocator } from '../graph/render-graph';
import type { GlTexture } from './gl-frame';

/**
 * Makes the render graph's textures on WebGL2, each colour one with its own framebuffer. Rendering into rgba16float
 * needs EXT_color_buffer_float (asked for here; its absence is an error naming it, not a black image).
 */
export function glTextureAllocator(gl: WebGL2RenderingContext): TextureAllocator<GlTexture> {
  const floatTargets = gl.getExtension('EXT_color_buffer_float') !== null;
  // The graph's formats as WebGL2 sized internal formats, and whether each is drawn into as colour.
  const formats: Record<string, { internal: number; color: boolean }> = {
    rgba8unorm: { internal: gl.RGBA8, color: true },
    rgba16float: { internal: gl.RGBA16F, color: true },
    depth24plus: { internal: gl.DEPTH_COMPONENT24, color: false },
  };
  return {
    create: ({ label, format, width, height }) => {
      const f = formats[format];
      if (!f) throw new Error(`The WebGL2 backend has no texture format "${format}" (${label}).`);
      if (format === 'rgba16float' && !floatTargets)
        throw new Error(
          `${label}: drawing into rgba16float needs EXT_color_buffer_float, which this WebGL2 lacks.`,
        );
      const texture = gl.createTexture();
      gl.bindTexture(gl.TEXTURE_2D, texture);
      gl.texStorage2D(gl.TEXTURE_2D, 1, f.internal, width, height);
      gl.bindTexture(gl.TEXTURE_2D, null);
      let framebuffer: WebGLFramebuffer | null = null;
      if (f.color) {
        framebuffer = gl.createFramebuffer();
        gl.bindFramebuffer(gl.FRAMEBUFFER, framebuffer);
        gl.framebufferTexture2D(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.TEXTURE_2D, texture, 0);
        const status = gl.checkFramebufferStatus(gl.FRAMEBUFFER);
        gl.bindFramebuffer(gl.FRAMEBUFFER, null);
        if (status !== gl.FRAMEBUFFER_COMPLETE && !gl.isContextLost())
          throw new Error(
            `${label}: a ${format} ${width}×${height} framebuffer is incomplete (0x${status.toString(16)}).`,
          );
      }
      return { texture, framebuffer, width, height, format };
    },
    destroy: (texture) => {
      gl.deleteFramebuffer(texture.framebuffer);
      gl.deleteTexture(texture.texture);
    },
  };
}
