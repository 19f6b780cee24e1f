// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of panel.wgsl; the image is stored top row first, as
// every device texture on WebGL2.
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
} object;

#ifdef FRAGMENT
uniform sampler2D panel;

vec4 shade() {
  ivec2 size = textureSize(panel, 0);
  vec2 uv = vec2(vLocal.x + 0.5, 0.5 - vLocal.y);
  ivec2 texel = clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1);
  vec4 color = texelFetch(panel, texel, 0) * object.color;
  if (color.a < 0.5) discard;
  return color;
}
#endif
