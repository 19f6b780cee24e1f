// Owner: src/render/renderers/headset-renderer.ts. Stretches an eye's native-resolution image and depth over that eye's
// viewport, nearest texel: the pixel-art chain in a headset, with the depth a compositor reprojects with. No uniforms:
// the viewport maps the covering triangle onto the eye.

@group(0) @binding(0) var source: texture_2d<f32>;
@group(0) @binding(1) var sourceDepth: texture_depth_2d;

struct VertexOut {
  @builtin(position) clip: vec4<f32>,
  // 0…1 across the viewport, v = 0 at its top: the source is stored top row first.
  @location(0) uv: vec2<f32>,
}

struct FragmentOut {
  @location(0) color: vec4<f32>,
  @builtin(frag_depth) depth: f32,
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
fn fs(in: VertexOut) -> FragmentOut {
  let size = vec2<f32>(textureDimensions(source));
  let texel = min(vec2<i32>(floor(in.uv * size)), vec2<i32>(size) - 1);
  var out: FragmentOut;
  out.color = textureLoad(source, texel, 0);
  out.depth = textureLoad(sourceDepth, texel, 0);
  return out;
}
