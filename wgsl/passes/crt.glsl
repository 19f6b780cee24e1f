// Owner: src/render/passes/crt-pass.ts. The GLSL ES 3.00 twin of crt.wgsl: scanlines, aperture mask, slight curvature.
layout(std140) uniform Params {
  vec4 rect; // the frame rectangle in target pixels
  float nativeHeight;
  float scanlines;
  float mask;
  float curvature;
} params;
uniform sampler2D source;

void main() {
  vec2 p = fragPosition().xy;
  bool inside = all(greaterThanEqual(p, params.rect.xy)) && all(lessThan(p, params.rect.xy + params.rect.zw));
  if (!inside) {
    fragColor = loadTexel(source, ivec2(p));
    return;
  }
  vec2 local = (p - params.rect.xy) / params.rect.zw * 2.0 - 1.0;
  local = local * (1.0 + params.curvature * dot(local, local));
  if (any(greaterThan(abs(local), vec2(1.0)))) {
    fragColor = vec4(0.0, 0.0, 0.0, 1.0);
    return;
  }
  vec2 at = params.rect.xy + (local * 0.5 + 0.5) * params.rect.zw;
  vec3 color = loadTexel(source, ivec2(min(at, params.rect.xy + params.rect.zw - 1.0))).rgb;
  float row = fract((at.y - params.rect.y) / params.rect.w * params.nativeHeight);
  color *= 1.0 - params.scanlines * (0.5 - 0.5 * cos(row * 6.2831853));
  uint triad = uint(p.x) % 3u;
  vec3 maskColor = triad == 0u ? vec3(1.0, 0.7, 0.7) : triad == 1u ? vec3(0.7, 1.0, 0.7) : vec3(0.7, 0.7, 1.0);
  color *= mix(vec3(1.0), maskColor, params.mask);
  fragColor = vec4(color, 1.0);
}
