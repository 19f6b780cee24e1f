// Owner: src/render/passes/vignette-pass.ts. The GLSL ES 3.00 twin of vignette.wgsl: corners darkened in whole texels.
layout(std140) uniform Params {
  vec4 view;
  float strength;
  float radius;
  float steps;
} params;
uniform sampler2D source;

void main() {
  vec4 p = fragPosition();
  vec4 c = loadTexel(source, ivec2(p.xy));
  vec2 local = (p.xy - params.view.xy) / params.view.zw * 2.0 - 1.0;
  float d = length(local) * 0.70710678;
  float ramp = clamp((d - params.radius) / max(1.0 - params.radius, 1e-4), 0.0, 1.0);
  if (params.steps > 0.0) {
    ramp = ceil(ramp * params.steps) / params.steps;
  }
  fragColor = vec4(c.rgb * (1.0 - params.strength * ramp), c.a);
}
