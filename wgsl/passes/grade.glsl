// Owner: src/render/passes/grade-pass.ts. The GLSL ES 3.00 twin of grade.wgsl: lift, gamma and gain per channel.
layout(std140) uniform Params {
  vec4 lift;
  vec4 gamma;
  vec4 gain;
} params;
uniform sampler2D source;

void main() {
  vec4 c = loadTexel(source, ivec2(fragPosition().xy));
  vec3 v = params.gain.rgb * (c.rgb + params.lift.rgb * (1.0 - c.rgb));
  vec3 p = pow(max(v, vec3(0.0)), 1.0 / params.gamma.rgb);
  // mix with a boolean vector picks per channel, like WGSL's select: gamma 1 keeps v exactly.
  fragColor = vec4(mix(p, v, equal(params.gamma.rgb, vec3(1.0))), c.a);
}
