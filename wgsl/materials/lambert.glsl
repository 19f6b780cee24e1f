// Owner: src/render/material-kind.ts. The GLSL ES 3.00 twin of lambert.wgsl.
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
} object;

#ifdef FRAGMENT
vec4 shade() {
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  vec3 light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  return vec4(object.color.rgb * light, object.color.a);
}
#endif
