// Owner: src/passes/gl-world-pass.ts. The GLSL ES 3.00 twin of world.wgsl for the WebGL2 backend: the same Frame and
// Object blocks (std140 here, checked equal to the WGSL layout), one source compiled twice (VERTEX / FRAGMENT).
precision highp float;

layout(std140) uniform Frame {
  mat4 viewProjection;
  vec3 lightDirection;
  float time;
  vec4 lightColor;
  vec4 ambient;
} frame;

layout(std140) uniform Object {
  mat4 model;
  mat3 normal;
  vec4 color;
} object;

#ifdef VERTEX
layout(location = 0) in vec3 position;
layout(location = 1) in vec3 normalIn;
out vec3 vNormal;
out vec2 vLocal;

void main() {
  gl_Position = frame.viewProjection * object.model * vec4(position, 1.0);
  vNormal = object.normal * normalIn;
  vLocal = position.xy;
}
#else
in vec3 vNormal;
in vec2 vLocal;
out vec4 outColor;
#ifdef PANEL
// The UI layer's image, stored top row first (as every graph texture on WebGL2).
uniform sampler2D panel;
#endif

void main() {
#if defined(UNLIT)
  outColor = object.color;
#elif defined(PANEL)
  ivec2 size = textureSize(panel, 0);
  vec2 uv = vec2(vLocal.x + 0.5, 0.5 - vLocal.y);
  ivec2 texel = clamp(ivec2(floor(uv * vec2(size))), ivec2(0), size - 1);
  outColor = texelFetch(panel, texel, 0) * object.color;
#else
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  vec3 light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  outColor = vec4(object.color.rgb * light, object.color.a);
#endif
}
#endif
