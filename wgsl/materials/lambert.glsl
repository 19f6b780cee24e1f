// Owner: src/render/material-kind.ts. The GLSL ES 3.00 twin of lambert.wgsl.
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
  float alphaTest;
} object;

#ifdef FRAGMENT
uniform sampler2D map;

vec4 shade() {
  vec4 color = object.color * texture(map, vUv);
  if (color.a < object.alphaTest) discard;
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  vec3 light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  return vec4(color.rgb * light, color.a);
}
#endif
