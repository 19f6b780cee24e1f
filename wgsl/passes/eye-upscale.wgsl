// Owner: src/passes/headset-renderer.ts. Stretches an eye's native-resolution image over that eye's viewport,
// nearest texel: the pixel-art chain in a headset. No uniforms: the viewport maps the covering triangle onto the eye.

@group(0) @binding(0) var source: texture_2d<f32>;

struct VertexOut {
  @builtin(position) clip: vec4<f32>,
  // 0…1 across the viewport, v = 0 at its top: the source is stored top row first.
  @location(0) uv: vec2<f32>,
}

@vertex
fn vs(@builtin(vertex_index) index: u32) -> VertexOut {
  let corner = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
  var out: VertexOut;
  out.clip = vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
  out.uv = vec2<f32>(corner.x, 1.0 - corner.y);
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  let size = vec2<f32>(textureDimensions(source));
  let texel = min(vec2<i32>(floor(in.uv * size)), vec2<i32>(size) - 1);
  return textureLoad(source, texel, 0);
}
