// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of world.wgsl for the WebGL2 backend: the same Frame
// block (std140 here, checked equal to the WGSL layout), one source compiled twice (VERTEX / FRAGMENT). A kind's GLSL
// (wgsl/materials/) goes where the marker line is: its Object block and, in the fragment stage, vec4 shade() (which
// reads vNormal, vLocal, vUv and frame). A kind that defines ARMATURE_OWN_VERTEX writes its own vertex main().
precision highp float;
precision highp int;

// world.wgsl's armatureCasting: whether this program draws shadow casters (screen-space effects stay off).
#ifdef ARMATURE_SHADOW_CASTER
const bool armatureCasting = true;
#else
const bool armatureCasting = false;
#endif

// world.wgsl's flat vertex colour, unless the geometry has colours (ARMATURE_COLORED).
#ifdef ARMATURE_COLORED
#define ARMATURE_COLOR_INTERPOLATION
#else
#define ARMATURE_COLOR_INTERPOLATION flat
#endif

layout(std140) uniform Frame {
  mat4 viewProjection;
  vec3 lightDirection;
  float time;
  vec4 lightColor;
  vec4 ambient;
  vec3 cameraRight;
  vec3 cameraUp;
  vec4 ambientGround;
  vec4 lightAt[64];
  vec4 lightGlow[64];
  vec4 lightAim[64];
  mat4 shadowMatrix;
  vec4 shadow;
  vec4 pointShadow;
} frame;
uniform highp sampler2D shadowMap;
uniform highp sampler2D pointShadowMap;

// world.wgsl's armaturePackDepth, armatureShadowDepth, armatureShadow, armatureShadowSeen, armatureCubeFace and armaturePointShadow.
vec4 armaturePackDepth(float z) {
  uint v = uint(clamp(z, 0.0, 1.0) * 16777215.0);
  return vec4(vec3(float(v >> 16u), float((v >> 8u) & 255u), float(v & 255u)) / 255.0, 1.0);
}

float armatureShadowDepth(highp sampler2D map, ivec2 texel) {
  uvec3 c = uvec3(round(texelFetch(map, texel, 0).rgb * 255.0));
  return float((c.r << 16u) | (c.g << 8u) | c.b) / 16777215.0;
}

float armatureShadowSeen(highp sampler2D map, ivec2 corner, ivec2 texel, int size, float depth) {
  int r = int(frame.shadow.w);
  ivec2 last = ivec2(size - 1);
  float seen = 0.0;
  for (int y = -r; y <= r; y++)
    for (int x = -r; x <= r; x++)
      seen += depth <= armatureShadowDepth(map, corner + clamp(texel + ivec2(x, y), ivec2(0), last)) ? 1.0 : 0.0;
  return seen / float((2 * r + 1) * (2 * r + 1));
}

float armatureShadow(uvec4 lights, vec3 world, vec3 normal) {
  float size = frame.shadow.x;
  if (size == 0.0 || ((lights.w >> 24u) & 1u) == 0u) return 1.0;
  vec4 p = frame.shadowMatrix * vec4(world + normal * frame.shadow.z, 1.0);
  vec2 at = p.xy * size;
  if (any(lessThan(at, vec2(0.0))) || any(greaterThanEqual(at, vec2(size))) || p.z > 1.0) return 1.0;
  return armatureShadowSeen(shadowMap, ivec2(0), ivec2(floor(at)), int(size), p.z - frame.shadow.y);
}

vec3 armatureCubeFace(vec3 d) {
  vec3 a = abs(d);
  if (a.x >= a.y && a.x >= a.z) return d.x > 0.0 ? vec3(0.0, d.z / a.x, d.y / a.x) : vec3(1.0, -d.z / a.x, d.y / a.x);
  if (a.y >= a.z) return d.y > 0.0 ? vec3(2.0, -d.x / a.y, -d.z / a.y) : vec3(3.0, -d.x / a.y, d.z / a.y);
  return d.z > 0.0 ? vec3(4.0, -d.x / a.z, d.y / a.z) : vec3(5.0, d.x / a.z, d.y / a.z);
}

float armaturePointShadow(uvec4 lights, vec3 world, vec3 normal) {
  vec4 s = frame.pointShadow;
  if (s.x == 0.0 || ((lights.w >> 24u) & 1u) == 0u) return 1.0;
  vec4 at = frame.lightAt[uint(s.x) - 1u];
  vec3 offset = world - at.xyz;
  vec3 a = abs(offset);
  float major = max(a.x, max(a.y, a.z));
  if (major < 1e-6) return 1.0;
  vec3 d = offset + normal * (s.w * 2.0 * major / s.y);
  float depth = length(d) / at.w - s.z;
  vec3 face = armatureCubeFace(d);
  ivec2 corner = ivec2(int(face.x) % 3, int(face.x) / 3) * int(s.y);
  ivec2 texel = min(ivec2(floor((vec2(face.y, -face.z) * 0.5 + 0.5) * s.y)), ivec2(int(s.y) - 1));
  return armatureShadowSeen(pointShadowMap, corner, texel, int(s.y), depth);
}

// world.wgsl's armatureBand, armatureLightSlot, armatureLightTerm and armatureLighting.
float armatureBand(float x, float bands) {
  return bands >= 2.0 ? min(floor(x * bands), bands - 1.0) / (bands - 1.0) : x;
}

uint armatureLightSlot(uvec4 lights, uint k) {
  return (lights[k / 4u] >> (8u * (k % 4u))) & 255u;
}

float armatureLightTerm(uint slot, vec3 world, vec3 normal) {
  vec4 at = frame.lightAt[slot];
  vec4 aim = frame.lightAim[slot];
  if (at.w == 0.0) return max(dot(normal, -aim.xyz), 0.0);
  vec3 toLight = at.xyz - world;
  float distance = length(toLight);
  vec3 l = toLight / max(distance, 1e-6);
  float ratio = distance / at.w;
  float window = clamp(1.0 - ratio * ratio * ratio * ratio, 0.0, 1.0);
  float d = max(distance, 0.01);
  float edge = frame.lightGlow[slot].w;
  float cone = clamp((dot(-l, aim.xyz) - edge) / max(aim.w - edge, 1e-4), 0.0, 1.0);
  return max(dot(normal, l), 0.0) * window * window / (d * d) * cone;
}

vec3 armatureLighting(uvec4 lights, vec3 world, vec3 normal, float bands, float sunShadow) {
  float diffuse = armatureBand(max(dot(normal, -normalize(frame.lightDirection)), 0.0) * sunShadow, bands);
  vec3 ambient = frame.ambient.rgb + (frame.ambientGround.rgb - frame.ambient.rgb) * (0.5 - 0.5 * normal.y);
  vec3 light = ambient + diffuse * frame.lightColor.rgb;
  uint caster = uint(frame.pointShadow.x);
  float casterShadow = armaturePointShadow(lights, world, normal);
  for (uint k = 0u; k < 15u; k++) {
    uint slot = armatureLightSlot(lights, k);
    if (slot == 0u) break;
    float term = armatureLightTerm(slot - 1u, world, normal) * (slot == caster ? casterShadow : 1.0);
    light += armatureBand(term, bands) * frame.lightGlow[slot - 1u].rgb;
  }
  return light;
}


#ifdef VERTEX
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normalIn;
layout(location = 2) in vec2 uvIn;
layout(location = 3) in vec4 colorIn;
out vec3 vNormal;
out vec2 vLocal;
out vec2 vUv;
ARMATURE_COLOR_INTERPOLATION out vec4 vColor;
out vec3 vWorld;
#else
in vec3 vNormal;
in vec2 vLocal;
in vec2 vUv;
ARMATURE_COLOR_INTERPOLATION in vec4 vColor;
in vec3 vWorld;
#ifdef ARMATURE_TWO_SIDED
// A back face is shaded with its normal turned towards the eye (world.wgsl's double-sided fs; a macro is not
// expanded within itself, so the inner vNormal is the input).
#define vNormal (gl_FrontFacing ? vNormal : -vNormal)
#endif
layout(location = 0) out vec4 outColor;

// world.wgsl's armatureSample: nearest texel at the finest mip level that is not minified, the level worked out here.
vec4 armatureSample(sampler2D image, vec2 uv) {
  vec2 size = vec2(textureSize(image, 0));
  vec2 dx = dFdx(uv) * size;
  vec2 dy = dFdy(uv) * size;
  float footprint = max(max(dot(dx, dx), dot(dy, dy)), 1e-20);
  float level = max(floor(0.5 * log2(footprint) + 0.95), 0.0);
  return textureLod(image, uv, level);
}
#ifdef ARMATURE_LINES
// The outline pass's targets (world.wgsl's armatureEyeNormal, and the kind's outline colour).
layout(location = 1) out vec4 outNormal;
layout(location = 2) out vec4 outLine;

// world.wgsl's armatureOctahedral.
vec2 armatureOctahedral(vec3 n) {
  vec2 p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z >= 0.0) return p;
  return (1.0 - abs(p.yx)) * vec2(p.x >= 0.0 ? 1.0 : -1.0, p.y >= 0.0 ? 1.0 : -1.0);
}
#endif
#endif

// @material

#if defined(VERTEX) && !defined(ARMATURE_OWN_VERTEX)
#ifdef ARMATURE_DEFORMED
// world.wgsl's Deform, morphTargets and vsDeformed.
layout(std140) uniform Deform {
  vec4 counts;
  vec4 morphWeights[4];
  mat4 joints[128];
} deform;
uniform highp sampler2D morphTargets;
layout(location = 4) in vec4 jointsIn;
layout(location = 5) in vec4 weightsIn;

vec3 armatureMorphTexel(int i) {
  int width = textureSize(morphTargets, 0).x;
  return texelFetch(morphTargets, ivec2(i % width, i / width), 0).xyz;
}
#endif

void main() {
  vec3 p = position;
  vec3 n = normalIn;
#ifdef ARMATURE_DEFORMED
  int targets = int(deform.counts.x);
  for (int t = 0; t < targets; t++) {
    float weight = deform.morphWeights[t / 4][t % 4];
    if (weight != 0.0) {
      int texel = 2 * (t * int(deform.counts.y) + gl_VertexID);
      p += weight * armatureMorphTexel(texel);
      n += weight * armatureMorphTexel(texel + 1);
    }
  }
  if (deform.counts.z > 0.0) {
    ivec4 j = ivec4(jointsIn);
    mat4 skin = weightsIn.x * deform.joints[j.x] + weightsIn.y * deform.joints[j.y] +
      weightsIn.z * deform.joints[j.z] + weightsIn.w * deform.joints[j.w];
    p = (skin * vec4(p, 1.0)).xyz;
    n = (skin * vec4(n, 0.0)).xyz;
  }
#endif
  gl_Position = frame.viewProjection * object.model * vec4(p, 1.0);
  vWorld = (object.model * vec4(p, 1.0)).xyz;
  vNormal = object.normal * n;
  vLocal = p.xy;
  vUv = uvIn;
  vColor = colorIn;
}
#elif !defined(VERTEX)
void main() {
#ifdef ARMATURE_SHADOW_CASTER
  // world.wgsl's fsShadow (fsShadowCut: the kind's shade() first, for the fragments its alphaTest discards).
#ifdef ARMATURE_SHADOW_CUT
  shade();
#endif
  if (frame.pointShadow.x > 0.0) {
    vec4 at = frame.lightAt[uint(frame.pointShadow.x) - 1u];
    outColor = armaturePackDepth(length(vWorld - at.xyz) / at.w);
  } else {
    outColor = armaturePackDepth((frame.shadowMatrix * vec4(vWorld, 1.0)).z);
  }
  return;
#endif
  outColor = shade();
#ifdef ARMATURE_LINES
  vec3 n = normalize(vNormal);
  vec3 back = cross(frame.cameraRight, frame.cameraUp);
  vec3 eye = vec3(dot(n, frame.cameraRight), dot(n, frame.cameraUp), dot(n, back));
  float high = unpackHalf2x16(packHalf2x16(vec2(gl_FragCoord.z, 0.0))).x;
  outNormal = vec4(armatureOctahedral(eye), high, gl_FragCoord.z - high);
  outLine = ARMATURE_LINE_COLOR;
#endif
}
#endif
