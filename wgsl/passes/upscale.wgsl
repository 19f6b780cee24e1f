// Owner: src/render/passes/upscale-pass.ts. Scales the native image into the frame rectangle; black outside it. With a
// pixel-stable camera the image has `pad` texels of margin on each side and is read `shift` device pixels away, so the
// world glides by whole device pixels while its texels stay fixed to it.

struct Params {
  rect: vec4<f32>, // x, y, width, height in target pixels
  shift: vec2<f32>, // device pixels to read ahead by (the camera's sub-texel rest, rounded); 0 without snapping
  pad: f32, // margin texels on each side of the image
  mode: u32, // 0 nearest (integer and nearest), 1 bilinear, 2 sharp-bilinear
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var linearSampler: sampler;
@group(0) @binding(2) var source: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let local = (position.xy - params.rect.xy) / params.rect.zw;
  if (any(local < vec2<f32>(0.0)) || any(local >= vec2<f32>(1.0))) {
    return vec4<f32>(0.0, 0.0, 0.0, 1.0);
  }
  let size = vec2<f32>(textureDimensions(source));
  let native = size - 2.0 * params.pad;
  let shifted = (position.xy - params.rect.xy + params.shift) / params.rect.zw;
  if (params.mode == 0u) {
    return textureLoad(source, vec2<i32>(floor(shifted * native) + params.pad), 0);
  }
  if (params.mode == 1u) {
    // Without a margin the image is read as it always was (no rounding of uv through texels).
    let uv = select(shifted, (shifted * native + params.pad) / size, params.pad > 0.0);
    return textureSampleLevel(source, linearSampler, uv, 0.0);
  }
  // Sharp bilinear: nearest inside each texel, a blend only across the last output pixel at its edge, as if the
  // image were prescaled by the integer factor and then filtered — no shimmering when the scale is not whole.
  let texel = shifted * native + params.pad;
  let prescale = max(floor(params.rect.zw / native), vec2<f32>(1.0));
  let region = 0.5 - 0.5 / prescale;
  let centred = fract(texel) - 0.5;
  let f = (centred - clamp(centred, -region, region)) * prescale + 0.5;
  return textureSampleLevel(source, linearSampler, (floor(texel) + f) / size, 0.0);
}
