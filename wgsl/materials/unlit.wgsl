// Owner: src/render/materials/material-kind.ts. The `unlit` material kind: the mesh's colour times its map, as it is; fragments
// whose alpha falls below alphaTest are cut out.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  alphaTest: f32,
  outline: vec4<f32>, // the outline pass's line colour (rgb) and strength (a) on this mesh's edges
}

@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var map: texture_2d<f32>;
@group(2) @binding(1) var mapSampler: sampler;

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  let color = object.color * textureSample(map, mapSampler, in.uv);
  if (color.a < object.alphaTest) {
    discard;
  }
  return color;
}
