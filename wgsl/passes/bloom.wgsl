// Owner: src/render/passes/bloom-pass.ts. Bloom in two draws of one program: `direction` (1, 0) takes what is brighter than
// the threshold and blurs it across; (0, 1) blurs that down and adds it to the image at `strength`.

struct Params {
  direction: vec2<f32>, // (1, 0): threshold and blur across; (0, 1): blur down and add
  threshold: f32, // luminance below which nothing glows
  sigma: f32, // the blur's standard deviation in texels (at most 8 texels of reach are read)
  strength: f32, // 0: the image exactly, as if the pass were bypassed
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;
@group(0) @binding(3) var glow: texture_2d<f32>;

fn bright(texel: vec2<i32>) -> vec3<f32> {
  let c = textureLoad(source, texel, 0).rgb;
  let luma = dot(c, vec3<f32>(0.2126, 0.7152, 0.0722));
  return c * select(0.0, 1.0 - params.threshold / luma, luma > params.threshold);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let texel = vec2<i32>(position.xy);
  let last = vec2<i32>(textureDimensions(source)) - 1;
  let step = vec2<i32>(params.direction);
  let across = params.direction.x > 0.5;
  var sum = vec3<f32>(0.0);
  var total = 0.0;
  for (var i = -8; i <= 8; i++) {
    let w = exp(-f32(i * i) / (2.0 * params.sigma * params.sigma));
    let at = clamp(texel + step * i, vec2<i32>(0), last);
    if (across) {
      sum += w * bright(at);
    } else {
      sum += w * textureLoad(glow, at, 0).rgb;
    }
    total += w;
  }
  if (across) {
    return vec4<f32>(sum / total, 1.0);
  }
  let c = textureLoad(source, texel, 0);
  return vec4<f32>(c.rgb + params.strength * (sum / total), c.a);
}
