// Owner: src/render/passes/vignette-pass.ts. Darkens the native image towards its corners, in whole texels:
// out = c · (1 − strength · ramp(d)), d the texel centre's distance from the view's centre (1 at a corner), the ramp
// rising from `radius` to 1, in `steps` flat bands when steps > 0 (the stepped falloff of pixel art).

struct Params {
  view: vec4<f32>, // xy: the view's first texel in the image (a pixel-stable camera's margin), zw: its size in texels
  strength: f32, // 0 leaves the image as it is
  radius: f32, // where the darkening starts, 0 (centre) … 1 (corner)
  steps: f32, // 0: smooth; n: n flat bands
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let c = textureLoad(source, vec2<i32>(position.xy), 0);
  // From the view's centre, each axis scaled to ±1 at its edges, so the ramp follows the frame's shape.
  let local = (position.xy - params.view.xy) / params.view.zw * 2.0 - 1.0;
  let d = length(local) * 0.70710678;
  var ramp = clamp((d - params.radius) / max(1.0 - params.radius, 1e-4), 0.0, 1.0);
  if (params.steps > 0.0) {
    ramp = ceil(ramp * params.steps) / params.steps;
  }
  // Strength 0 multiplies by exactly 1: the pass is then the image bit for bit.
  return vec4<f32>(c.rgb * (1.0 - params.strength * ramp), c.a);
}
