// Owner: src/render/passes/outline-pass.ts. The GLSL ES 3.00 twin of outline.wgsl: one-pixel lines on the nearer surface.
layout(std140) uniform Params {
  float depthThreshold;
  float crease;
  float highlight;
  float near;
  float far;
  float perspective;
  float texel;
} params;
uniform sampler2D scene;
uniform sampler2D normals;
uniform sampler2D lines;

float distanceOf(float depth) {
  if (params.perspective > 0.5) return params.near * params.far / (params.far - depth * (params.far - params.near));
  return params.near + depth * (params.far - params.near);
}

void main() {
  ivec2 p = ivec2(fragPosition().xy);
  vec4 color = loadTexel(scene, p);
  vec4 here = loadTexel(normals, p);
  vec4 line = loadTexel(lines, p);
  if (dot(here.xyz, here.xyz) < 0.25 || line.a <= 0.0) {
    fragColor = color;
    return;
  }
  ivec2 size = textureSize(normals, 0);
  float d = distanceOf(here.w);
  float texel = params.perspective > 0.5 ? params.texel * d : params.texel;
  float threshold = params.depthThreshold * texel / max(abs(here.z), 0.05);
  bool edge = false;
  bool convex = false;
  ivec2 offsets[4] = ivec2[4](ivec2(1, 0), ivec2(-1, 0), ivec2(0, 1), ivec2(0, -1));
  for (int i = 0; i < 4; i++) {
    ivec2 q = p + offsets[i];
    if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, size))) continue;
    vec4 there = loadTexel(normals, q);
    bool empty = dot(there.xyz, there.xyz) < 0.25;
    float step = empty ? 1e9 : distanceOf(there.w) - d;
    if (step > threshold) {
      edge = true;
      continue;
    }
    if (empty || abs(step) > threshold) continue;
    bool creased = 1.0 - dot(here.xyz, there.xyz) > params.crease;
    bool nearer = step > 0.0 || (step == 0.0 && (offsets[i].x > 0 || offsets[i].y > 0));
    if (creased && nearer) {
      edge = true;
      vec3 travel = vec3(float(offsets[i].x), -float(offsets[i].y), 0.0);
      convex = convex || dot(there.xyz - here.xyz, travel) > 0.0;
    }
  }
  if (!edge) {
    fragColor = color;
    return;
  }
  if (convex && params.highlight > 0.0) {
    fragColor = vec4(min(color.rgb * (1.0 + params.highlight), vec3(1.0)), color.a);
    return;
  }
  fragColor = vec4(mix(color.rgb, line.rgb, line.a), color.a);
}
