// Owner: src/render/passes/grade-pass.ts. Colour grading by lift, gamma and gain per channel:
// out = (gain · (c + lift · (1 − c)))^(1 / gamma).

struct Params {
  lift: vec4<f32>, // rgb; a lifts the shadows toward it (0: none)
  gamma: vec4<f32>, // rgb; > 0 (1: none)
  gain: vec4<f32>, // rgb; scales the whole range (1: none)
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureLoad(source, vec2<i32>(position.xy), 0);
  // With lift 0 and gain 1 this is c exactly (c + 0, times 1).
  let v = params.gain.rgb * (c.rgb + params.lift.rgb * (1.0 - c.rgb));
  // pow(x, 1) is not exact on every GPU: a channel whose gamma is 1 skips it, so the identity grade is bit-exact.
  let graded = select(pow(max(v, vec3<f32>(0.0)), 1.0 / params.gamma.rgb), v, params.gamma.rgb == vec3<f32>(1.0));
  return vec4<f32>(graded, c.a);
}
