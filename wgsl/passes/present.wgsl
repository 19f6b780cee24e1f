// Owner: src/passes/present-pass.ts. Copies the final image to the canvas, nearest texel, stretched to fill it.

struct Present {
  targetSize: vec2<f32>,
}

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var<uniform> present: Present;

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
  // One triangle that covers the whole target.
  let corner = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
  return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let sourceSize = vec2<f32>(textureDimensions(source));
  // position.xy is the target pixel's centre; scaled into the source, floor() picks the texel it falls in.
  let texel = vec2<i32>(floor(position.xy * sourceSize / present.targetSize));
  return textureLoad(source, min(texel, vec2<i32>(sourceSize) - 1), 0);
}
