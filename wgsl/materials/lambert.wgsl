// Owner: src/render/material-kind.ts. The `lambert` material kind: the mesh's colour times its map, under the frame's
// directional light plus ambient; fragments whose alpha falls below alphaTest are cut out.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  alphaTest: f32,
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
  let n = normalize(in.normal);
  let diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  let light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  return vec4<f32>(color.rgb * light, color.a);
}
