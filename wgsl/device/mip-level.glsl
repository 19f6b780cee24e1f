// Owner: src/device/mip-shader.ts. The GLSL ES 3.00 twin of mip-level.wgsl: the texture's base and max level are set
// to the level above, so texelFetch's level 0 is that level.
precision highp float;
precision highp int;

#ifdef VERTEX
void main() {
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
#else
uniform highp sampler2D source;
layout(location = 0) out vec4 color;

uvec4 texel(ivec2 at) {
  return uvec4(round(texelFetch(source, at, 0) * 255.0));
}

void main() {
  ivec2 last = textureSize(source, 0) - 1;
  ivec2 first = ivec2(gl_FragCoord.xy) * 2;
  ivec2 second = min(first + 1, last);
  uvec4 sum = texel(first) + texel(ivec2(second.x, first.y)) + texel(ivec2(first.x, second.y)) + texel(second);
  color = vec4((sum + 2u) / 4u) / 255.0;
}
#endif
