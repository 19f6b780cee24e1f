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
  float z = clamp(depth, 0.0, 1.0);
  if (params.perspective > 0.5) return params.near * params.far / (params.far - z * (params.far - params.near));
  return params.near + z * (params.far - params.near);
}

float depthOf(vec4 texel) {
  return texel.z + texel.w;
}

bool emptyAt(vec4 texel) {
  return texel.z < 0.0;
}

vec3 normalOf(vec4 texel) {
  vec3 n = vec3(texel.xy, 1.0 - abs(texel.x) - abs(texel.y));
  float fold = max(-n.z, 0.0);
  n.x += n.x >= 0.0 ? -fold : fold;
  n.y += n.y >= 0.0 ? -fold : fold;
  return normalize(n);
}

void main() {
  ivec2 p = ivec2(fragPosition().xy);
  vec4 color = loadTexel(scene, p);
  vec4 here = loadTexel(normals, p);
  vec4 line = loadTexel(lines, p);
  if (emptyAt(here) || line.a <= 0.0) {
    fragColor = color;
    return;
  }
  ivec2 size = textureSize(normals, 0);
  float z = depthOf(here);
  vec3 n = normalOf(here);
  float d = distanceOf(z);
  float texel = params.perspective > 0.5 ? params.texel * d : params.texel;
  float threshold = params.depthThreshold * texel;
  bool edge = false;
  bool convex = false;
  ivec2 offsets[4] = ivec2[4](ivec2(1, 0), ivec2(-1, 0), ivec2(0, 1), ivec2(0, -1));
  for (int i = 0; i < 4; i++) {
    ivec2 q = p + offsets[i];
    if (any(lessThan(q, ivec2(0))) || any(greaterThanEqual(q, size))) continue;
    vec4 there = loadTexel(normals, q);
    if (emptyAt(there)) {
      edge = true;
      continue;
    }
    float predicted = z;
    float slack = 1.0 / max(abs(n.z), 0.05);
    ivec2 r = p - offsets[i];
    if (all(greaterThanEqual(r, ivec2(0))) && all(lessThan(r, size))) {
      vec4 behind = loadTexel(normals, r);
      if (!emptyAt(behind) && 1.0 - dot(normalOf(behind), n) <= params.crease) {
        predicted = 2.0 * z - depthOf(behind);
        slack = 1.0;
      }
    }
    float zq = depthOf(there);
    float step = distanceOf(zq) - d;
    float off = distanceOf(zq) - distanceOf(predicted);
    if (off > threshold * slack && step > threshold * slack) {
      edge = true;
      continue;
    }
    if (off < -threshold * slack && step < -threshold * slack) continue;
    vec3 nq = normalOf(there);
    bool creased = 1.0 - dot(n, nq) > params.crease;
    bool tie = abs(step) <= 0.05 * texel;
    bool nearer = tie ? (offsets[i].x > 0 || offsets[i].y > 0) : step > 0.0;
    if (creased && nearer) {
      edge = true;
      vec3 travel = vec3(float(offsets[i].x), -float(offsets[i].y), 0.0);
      convex = convex || dot(nq - n, travel) > 0.0;
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
