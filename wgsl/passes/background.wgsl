// Owner: src/render/passes/background-pass.ts. Fills the letterbox bars from the frame itself or from an image; the frame is
// copied untouched.

struct Params {
  rect: vec4<f32>, // the frame rectangle in target pixels
  color: vec4<f32>, // solid fill
  mode: u32, // 0 solid, 1 pixelated (a quarter-size copy), 2 blurred, 3 image tiled, 4 image stretched
  darken: f32, // multiplies the copied colour
  scale: f32, // device pixels per native pixel: a tiled image's texels are as big as the frame's
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var linearSampler: sampler;
@group(0) @binding(2) var framed: texture_2d<f32>;
@group(0) @binding(3) var native: texture_2d<f32>;
@group(0) @binding(4) var image: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let p = position.xy;
  if (all(p >= params.rect.xy) && all(p < params.rect.xy + params.rect.zw)) {
    return textureLoad(framed, vec2<i32>(p), 0);
  }
  if (params.mode == 0u) {
    return params.color;
  }
  let imageSize = vec2<f32>(textureDimensions(image));
  if (params.mode == 3u) {
    // Tiled from the frame's corner, one image texel per native pixel, so the pattern lines up with the frame.
    let t = floor((p - params.rect.xy) / params.scale);
    return vec4<f32>(textureLoad(image, vec2<i32>(t - imageSize * floor(t / imageSize)), 0).rgb * params.darken, 1.0);
  }
  if (params.mode == 4u) {
    let t = floor(p / vec2<f32>(textureDimensions(framed)) * imageSize);
    return vec4<f32>(textureLoad(image, vec2<i32>(min(t, imageSize - 1.0)), 0).rgb * params.darken, 1.0);
  }
  // The whole native image stretched over the target, seen through the bars.
  let uv = p / vec2<f32>(textureDimensions(framed));
  let size = vec2<f32>(textureDimensions(native));
  var color: vec3<f32>;
  if (params.mode == 1u) {
    let block = floor(uv * size / 4.0) * 4.0 + 2.0;
    color = textureLoad(native, vec2<i32>(min(block, size - 1.0)), 0).rgb;
  } else {
    var sum = vec3<f32>(0.0);
    for (var dy = -2; dy <= 2; dy++) {
      for (var dx = -2; dx <= 2; dx++) {
        sum += textureSampleLevel(native, linearSampler, uv + vec2<f32>(f32(dx), f32(dy)) * 3.0 / size, 0.0).rgb;
      }
    }
    color = sum / 25.0;
  }
  return vec4<f32>(color * params.darken, 1.0);
}
