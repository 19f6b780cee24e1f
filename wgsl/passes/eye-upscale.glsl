// Owner: src/passes/gl-headset-renderer.ts. The GLSL ES 3.00 twin of eye-upscale.wgsl: an eye's native image and
// depth over its viewport of the XR layer, nearest texel. Here the source is drawn the GL way up (bottom row first)
// like the layer.
precision highp float;

#ifdef VERTEX
out vec2 vUv;

void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
  vUv = corner; // v = 0 at the bottom, as both the source and the layer are stored
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
