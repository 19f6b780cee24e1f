// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of lambert.wgsl (banded light, light per texel,
// the screen-door fade).
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
  float alphaTest;
  float bands;
  float texelLight;
  float fade;
  vec3 emissive;
  vec4 outline;
  uvec4 lights;
} object;

#ifdef FRAGMENT
uniform sampler2D map;
uniform sampler2D emissiveMap;

float armatureBayer4(vec2 p) {
  uint x = uint(p.x) & 3u;
  uint y = uint(p.y) & 3u;
  uint low = ((x ^ y) & 1u) * 2u + (y & 1u);
  uint high = (((x ^ y) >> 1u) & 1u) * 2u + ((y >> 1u) & 1u);
  return (float(low * 4u + high) + 0.5) / 16.0;
}

vec4 shade() {
  vec2 texel = vUv * vec2(textureSize(map, 0));
  vec2 texelDx = dFdx(texel);
  vec2 texelDy = dFdy(texel);
  vec3 normalDx = dFdx(vNormal);
  vec3 normalDy = dFdy(vNormal);
  vec3 worldDx = dFdx(vWorld);
  vec3 worldDy = dFdy(vWorld);
  vec4 color = object.color * vColor * armatureSample(map, vUv);
  vec3 glow = object.emissive * armatureSample(emissiveMap, vUv).rgb;
  if (color.a < object.alphaTest || (!armatureCasting && armatureBayer4(gl_FragCoord.xy) < object.fade)) discard;
  vec3 n = vNormal;
  vec3 world = vWorld;
  if (object.texelLight > 0.5) {
    vec2 d = floor(texel) + 0.5 - texel;
    float det = texelDx.x * texelDy.y - texelDx.y * texelDy.x;
    if (abs(det) > 1e-12) {
      vec2 s = vec2(d.x * texelDy.y - d.y * texelDy.x, texelDx.x * d.y - texelDx.y * d.x) / det;
      n = n + normalDx * s.x + normalDy * s.y;
      world = world + worldDx * s.x + worldDy * s.y;
    }
  }
  n = normalize(n);
  vec3 light = armatureLighting(object.lights, world, n, object.bands, armatureShadow(object.lights, world, n));
  return vec4(color.rgb * light + glow, color.a);
}
#endif
