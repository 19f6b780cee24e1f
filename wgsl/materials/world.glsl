// Owner: src/render/materials/material-kind.ts. The GLSL ES 3.00 twin of world.wgsl for the WebGL2 backend: the same Frame
// block (std140 here, checked equal to the WGSL layout), one source compiled twice (VERTEX / FRAGMENT). A kind's GLSL
// (wgsl/materials/) goes where the marker line is: its Object block and, in the fragment stage, vec4 shade() (which
// reads vNormal, vLocal, vUv and frame). A kind that defines ARMATURE_OWN_VERTEX writes its own vertex main().
precision highp float;

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
} frame;


#ifdef VERTEX
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normalIn;
layout(location = 2) in vec2 uvIn;
layout(location = 3) in vec4 colorIn;
out vec3 vNormal;
out vec2 vLocal;
out vec2 vUv;
ARMATURE_COLOR_INTERPOLATION out vec4 vColor;
#else
in vec3 vNormal;
in vec2 vLocal;
in vec2 vUv;
ARMATURE_COLOR_INTERPOLATION in vec4 vColor;
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
  vNormal = object.normal * n;
  vLocal = p.xy;
  vUv = uvIn;
  vColor = colorIn;
}
#elif !defined(VERTEX)
void main() {
  outColor = shade();
#ifdef ARMATURE_LINES
  vec3 n = normalize(vNormal);
  vec3 back = cross(frame.cameraRight, frame.cameraUp);
  outNormal = vec4(dot(n, frame.cameraRight), dot(n, frame.cameraUp), dot(n, back), gl_FragCoord.z);
  outLine = ARMATURE_LINE_COLOR;
#endif
}
#endif
