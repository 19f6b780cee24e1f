// Owner: src/render/materials/material-kind.ts. The `panel` material kind: an image (the UI layer's, for a headset's diegetic
// panel) over the mesh's local x, y from −0.5 to 0.5, nearest texel, times its colour. Texels with alpha under one half
// are not drawn: a panel whose background is see-through shows only what the UI draws on it.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
}

@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var panel: texture_2d<f32>;

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  // Local x, y in −0.5…0.5 map onto the image, its top row (row 0) at +y; floor() picks the texel: pixel-art sharp.
  let size = vec2<f32>(textureDimensions(panel));
  let uv = vec2<f32>(in.local.x + 0.5, 0.5 - in.local.y);
  let texel = clamp(vec2<i32>(floor(uv * size)), vec2<i32>(0), vec2<i32>(size) - 1);
  let color = textureLoad(panel, texel, 0) * object.color;
  if (color.a < 0.5) {
    discard;
  }
  return color;
}
