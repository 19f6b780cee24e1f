// Owner: src/render/materials/material-kind.ts. The `unlit` material kind: the mesh's colour times its vertex colour and map, as it is, plus
// `emissive` times `emissiveMap`; fragments whose alpha falls below alphaTest are cut out.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  alphaTest: f32,
  emissive: vec3<f32>,
  outline: vec4<f32>, // the outline pass's line colour (rgb) and strength (a) on this mesh's edges
}

@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var map: texture_2d<f32>;
@group(2) @binding(1) var mapSampler: sampler;
@group(2) @binding(2) var emissiveMap: texture_2d<f32>;
@group(2) @binding(3) var emissiveMapSampler: sampler;

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  let color = object.color * in.color * armatureSample(map, mapSampler, in.uv);
  let glow = object.emissive *
    armatureSample(emissiveMap, emissiveMapSampler, in.uv).rgb;
  if (color.a < object.alphaTest) {
    discard;
  }
  return vec4<f32>(color.rgb + glow, color.a);
}
