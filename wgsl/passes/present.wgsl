// Owner: src/render/passes/present-pass.ts. Copies the final image to the canvas, nearest texel, stretched to fill it.

struct Params {
  targetSize: vec2<f32>,
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let sourceSize = vec2<f32>(textureDimensions(source));
  // position.xy is the target pixel's centre; scaled into the source, floor() picks the texel it falls in.
  let texel = vec2<i32>(floor(position.xy * sourceSize / params.targetSize));
  return textureLoad(source, min(texel, vec2<i32>(sourceSize) - 1), 0);
}
