// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of sprite.wgsl (its own vertex stage included).
#define ARMATURE_OWN_VERTEX
layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
  float alphaTest;
  float billboard;
  vec4 rect;
  vec4 uvRect;
} object;

#ifdef VERTEX
void main() {
  vec2 corner = vec2(uvIn.x, 1.0 - uvIn.y);
  vec2 local = mix(object.rect.xy, object.rect.zw, corner);
  vec3 world;
  if (object.billboard > 0.5) {
    vec2 scale = vec2(length(object.model[0].xyz), length(object.model[1].xyz));
    world = object.model[3].xyz + frame.cameraRight * (local.x * scale.x) + frame.cameraUp * (local.y * scale.y);
  } else {
    world = (object.model * vec4(local, 0.0, 1.0)).xyz;
  }
  gl_Position = frame.viewProjection * vec4(world, 1.0);
  vWorld = world;
  vNormal = object.normal * vec3(0.0, 0.0, 1.0);
  vLocal = local;
  vUv = mix(object.uvRect.xy, object.uvRect.zw, uvIn);
  vColor = colorIn;
}
#else
uniform sampler2D map;

vec4 shade() {
  vec2 size = vec2(textureSize(map, 0));
  vec2 first = (min(object.uvRect.xy, object.uvRect.zw) * size + 0.5) / size;
  vec2 last = (max(object.uvRect.xy, object.uvRect.zw) * size - 0.5) / size;
  vec4 color = object.color * armatureSample(map, clamp(vUv, first, last));
  if (color.a < object.alphaTest) discard;
  return color;
}
#endif
