// Owner: src/debug/test-pattern.ts. A fixed triangle with red, green and blue corners, for smoke tests of a target.

struct VertexOut {
  @builtin(position) position: vec4<f32>,
  @location(0) color: vec3<f32>,
};

@vertex
fn vs(@builtin(vertex_index) index: u32) -> VertexOut {
  var corners = array<vec2<f32>, 3>(vec2(0.0, 0.7), vec2(-0.7, -0.6), vec2(0.7, -0.6));
  var colors = array<vec3<f32>, 3>(vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));
  var out: VertexOut;
  out.position = vec4(corners[index], 0.0, 1.0);
  out.color = colors[index];
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  return vec4(in.color, 1.0);
}
