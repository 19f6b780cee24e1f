// Owner: src/render/materials/material-kind.ts. The world pass's shader, shared by every material kind: the per-frame camera and
// light, and the vertex stage. A kind's WGSL (wgsl/materials/) is appended: its `Object` struct at group 1 (model and
// normal first, which the vertex stage reads), any images at group 2, and `fs`. A kind with its own `@vertex fn vs`
// (a sprite's quad from its frame) gets everything above the marker line only.

struct Frame {
  viewProjection: mat4x4<f32>,
  lightDirection: vec3<f32>,
  time: f32,
  lightColor: vec4<f32>,
  ambient: vec4<f32>,
  // The eye's right and up in world space (a camera-facing quad spans them).
  cameraRight: vec3<f32>,
  cameraUp: vec3<f32>,
}

@group(0) @binding(0) var<uniform> frame: Frame;

// Pixel-art minification: a kind samples its images with this bias, so a mipmapped image is read at the finest level
// that is not minified (the level of detail rounded up, 5 % slack keeping art drawn 1:1 at level 0). Rounding to the
// nearest level instead leaves texels 1 to 1.4 times smaller than a pixel at level 0, skipping texels: moiré.
const armatureMipBias = 0.45;

struct VertexIn {
  @location(0) position: vec3<f32>,
  @location(1) normal: vec3<f32>,
  @location(2) uv: vec2<f32>,
  // The vertex colour (`Geometry.colors`; white for a geometry without: one value for every vertex).
  @location(3) color: vec4<f32>,
}

struct VertexOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) normal: vec3<f32>,
  @location(1) local: vec2<f32>,
  @location(2) uv: vec2<f32>,
  @location(3) color: vec4<f32>,
}

// The outline pass's normal target (a kind's lined variant writes it): the surface normal in the eye's axes (right,
// up, towards the eye) and the fragment's depth (0 near … 1 far).
fn armatureEyeNormal(normal: vec3<f32>, depth: f32) -> vec4<f32> {
  let n = normalize(normal);
  let back = cross(frame.cameraRight, frame.cameraUp);
  return vec4<f32>(dot(n, frame.cameraRight), dot(n, frame.cameraUp), dot(n, back), depth);
}

// @vertex

@vertex
fn vs(in: VertexIn) -> VertexOut {
  var out: VertexOut;
  out.clip = frame.viewProjection * object.model * vec4<f32>(in.position, 1.0);
  out.normal = object.normal * in.normal;
  out.local = in.position.xy;
  out.uv = in.uv;
  out.color = in.color;
  return out;
}
