// Owner: src/render/material-kind.ts. The `unlit` material kind: the mesh's colour as it is.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
}

@group(1) @binding(0) var<uniform> object: Object;

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  return object.color;
}
