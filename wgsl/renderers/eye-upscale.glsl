// Owner: src/render/renderers/headset-renderer.ts. The GLSL ES 3.00 twin of eye-upscale.wgsl: an eye's native image and depth
// over its viewport of the XR layer, nearest texel. The source is a device texture (top row first, as on WebGPU); the
// layer's framebuffer is stored the GL way up, so v = 0 is the top of the viewport, as in the WGSL.
precision highp float;

#ifdef VERTEX
out vec2 vUv;

void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
  vUv = vec2(corner.x, 1.0 - corner.y);
}
#else
uniform sampler2D source;
uniform highp sampler2D sourceDepth;
in vec2 vUv;
out vec4 fragColor;

void main() {
  ivec2 size = textureSize(source, 0);
  ivec2 texel = min(ivec2(floor(vUv * vec2(size))), size - 1);
  fragColor = texelFetch(source, texel, 0);
  gl_FragDepth = texelFetch(sourceDepth, texel, 0).r;
}
#endif
