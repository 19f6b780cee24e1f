// Owner: src/render/passes/bloom-pass.ts. The GLSL ES 3.00 twin of bloom.wgsl: threshold and blur across, then blur down and
// add.
layout(std140) uniform Params {
  vec2 direction;
  float threshold;
  float sigma;
  float strength;
} params;
uniform sampler2D source;
uniform sampler2D glow;

vec3 bright(ivec2 texel) {
  vec3 c = loadTexel(source, texel).rgb;
  float luma = dot(c, vec3(0.2126, 0.7152, 0.0722));
  return c * (luma > params.threshold ? 1.0 - params.threshold / luma : 0.0);
}

void main() {
  ivec2 texel = ivec2(fragPosition().xy);
  ivec2 last = textureSize(source, 0) - 1;
  ivec2 step = ivec2(params.direction);
  bool across = params.direction.x > 0.5;
  vec3 sum = vec3(0.0);
  float total = 0.0;
  for (int i = -8; i <= 8; i++) {
    float w = exp(-float(i * i) / (2.0 * params.sigma * params.sigma));
    ivec2 at = clamp(texel + step * i, ivec2(0), last);
    sum += w * (across ? bright(at) : loadTexel(glow, at).rgb);
    total += w;
  }
  if (across) {
    fragColor = vec4(sum / total, 1.0);
    return;
  }
  vec4 c = loadTexel(source, texel);
  fragColor = vec4(c.rgb + params.strength * (sum / total), c.a);
}
