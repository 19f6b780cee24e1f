// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of unlit.wgsl.
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
  float alphaTest;
  vec3 emissive;
  vec4 outline;
} object;

#ifdef FRAGMENT
uniform sampler2D map;
uniform sampler2D emissiveMap;

vec4 shade() {
  vec4 color = object.color * vColor * armatureSample(map, vUv);
  vec3 glow = object.emissive * armatureSample(emissiveMap, vUv).rgb;
  if (color.a < object.alphaTest) discard;
  return vec4(color.rgb + glow, color.a);
}
#endif
