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

void main() {
  gl_Position = frame.viewProjection * object.model * vec4(position, 1.0);
  vNormal = object.normal * normalIn;
}
#else
in vec3 vNormal;
out vec4 outColor;

void main() {
#ifdef UNLIT
  outColor = object.color;
#else
  vec3 n = normalize(vNormal);
  float diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  vec3 light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  outColor = vec4(object.color.rgb * light, object.color.a);
#endif
}
#endif
