// Owner: src/device/mip-shader.ts. One mip level from the level above it, drawn by a full-view triangle: each texel
// the rounded mean of the 2×2 texels it covers, in whole 8-bit steps ((a + b + c + d + 2) / 4, as the CPU's mipLevels
// rounds), at an odd edge the last row or column dropped. `source` is a view of the level above alone.

@group(0) @binding(0) var source: texture_2d<f32>;

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
  let corner = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
  return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}

fn texel(at: vec2<i32>) -> vec4<u32> {
  return vec4<u32>(round(textureLoad(source, at, 0) * 255.0));
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let last = vec2<i32>(textureDimensions(source)) - 1;
  let first = vec2<i32>(position.xy) * 2;
  let second = min(first + 1, last);
  let sum = texel(first) + texel(vec2<i32>(second.x, first.y)) + texel(vec2<i32>(first.x, second.y)) + texel(second);
  return vec4<f32>((sum + 2u) / 4u) / 255.0;
}
