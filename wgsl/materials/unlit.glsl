// Owner: src/render/material-kind.ts. The GLSL ES 3.00 twin of unlit.wgsl.
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
} object;

#ifdef FRAGMENT
vec4 shade() {
  return object.color;
}
#endif
