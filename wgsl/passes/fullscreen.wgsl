// Owner: src/render/passes/fullscreen-program.ts. The vertex stage every full-screen pass shares; prepended to its WGSL.

@vertex
fn vs(@builtin(vertex_index) index: u32) -> @builtin(position) vec4<f32> {
  // One triangle that covers the whole target.
  let corner = vec2<f32>(f32((index << 1u) & 2u), f32(index & 2u));
  return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
}
