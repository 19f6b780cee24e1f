// Owner: src/render/material-kind.ts. The `lambert` material kind: the frame's directional light plus ambient.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
}

@group(1) @binding(0) var<uniform> object: Object;

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  let n = normalize(in.normal);
  let diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  let light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  return vec4<f32>(object.color.rgb * light, object.color.a);
}
