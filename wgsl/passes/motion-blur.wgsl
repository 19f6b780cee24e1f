// Owner: src/render/passes/motion-blur-pass.ts. Feedback blur: output = mix(current, last frame's output, k).

struct Params {
  k: f32,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var current: texture_2d<f32>;
@group(0) @binding(3) var history: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let texel = vec2<i32>(position.xy);
  // With k = 0 this is current × 1 + history × 0: the current frame exactly, as if the pass were bypassed.
  return mix(textureLoad(current, texel, 0), textureLoad(history, texel, 0), params.k);
}
