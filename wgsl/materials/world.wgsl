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

// How a kind samples its images: pixel-art minification. A mipmapped image is read, nearest texel, at the finest level
// that is not minified: the level of detail (log2 of the texels a pixel spans, along the longer side) rounded up, with
// 5 % slack keeping art drawn 1:1 at level 0. Rounding to the nearest level instead leaves texels 1 to 1.4 times smaller
// than a pixel at level 0, skipping texels: moiré. The level is worked out here, not by the sampler, so both backends
// pick it by the same arithmetic (their samplers round a level of detail near a boundary differently). Call it in
// uniform control flow (it takes derivatives). An image without mip levels is read at level 0 (its sampler clamps).
fn armatureSample(image: texture_2d<f32>, imageSampler: sampler, uv: vec2<f32>) -> vec4<f32> {
  let size = vec2<f32>(textureDimensions(image));
  let dx = dpdx(uv) * size;
  let dy = dpdy(uv) * size;
  let footprint = max(max(dot(dx, dx), dot(dy, dy)), 1e-20);
  let level = max(floor(0.5 * log2(footprint) + 0.95), 0.0);
  return textureSampleLevel(image, imageSampler, uv, level);
}

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
  // Flat for geometries without colours: a constant 1 interpolated across a triangle can come out a hair under 1 and
  // move a pixel's rounding. Coloured geometries' pipelines drop the `@interpolate(flat)` (coloredShader).
  @location(3) @interpolate(flat) color: vec4<f32>,
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
  return armatureVertex(in.position, in.normal, in.uv, in.color);
}

fn armatureVertex(position: vec3<f32>, normal: vec3<f32>, uv: vec2<f32>, color: vec4<f32>) -> VertexOut {
  var out: VertexOut;
  out.clip = frame.viewProjection * object.model * vec4<f32>(position, 1.0);
  out.normal = object.normal * normal;
  out.local = position.xy;
  out.uv = uv;
  out.color = color;
  return out;
}

// A deformed mesh's joint matrices and morph weights (`Mesh.skin`, `Mesh.morphWeights`), at the mesh's place in one
// buffer (a dynamic offset per draw). Only deformed pipelines (vertex entry vsDeformed) bind group 3.
struct Deform {
  // x: the geometry's morph targets, y: its vertices, z: 1 when skinned.
  counts: vec4<f32>,
  // Morph target t's weight is morphWeights[t / 4][t % 4].
  morphWeights: array<vec4<f32>, 4>,
  // Mesh space → where the joint carries a vertex, in mesh space: meshWorld⁻¹ · jointWorld · inverseBind.
  joints: array<mat4x4<f32>, 128>,
}

@group(3) @binding(0) var<uniform> deform: Deform;
// Morph target t's displacement of vertex v: texel 2 (t · vertices + v) (position), the next one (normal), counted
// row by row.
@group(3) @binding(1) var morphTargets: texture_2d<f32>;

struct DeformedVertexIn {
  @location(0) position: vec3<f32>,
  @location(1) normal: vec3<f32>,
  @location(2) uv: vec2<f32>,
  @location(3) color: vec4<f32>,
  // Four joints (indices into Deform.joints) and their weights, summing to 1; zero weights when not skinned.
  @location(4) joints: vec4<f32>,
  @location(5) weights: vec4<f32>,
  @builtin(vertex_index) index: u32,
}

fn armatureMorphTexel(i: u32) -> vec3<f32> {
  let width = textureDimensions(morphTargets).x;
  return textureLoad(morphTargets, vec2<u32>(i % width, i / width), 0).xyz;
}

@vertex
fn vsDeformed(in: DeformedVertexIn) -> VertexOut {
  var position = in.position;
  var normal = in.normal;
  let targets = u32(deform.counts.x);
  for (var t = 0u; t < targets; t++) {
    let weight = deform.morphWeights[t / 4u][t % 4u];
    if (weight != 0.0) {
      let texel = 2u * (t * u32(deform.counts.y) + in.index);
      position += weight * armatureMorphTexel(texel);
      normal += weight * armatureMorphTexel(texel + 1u);
    }
  }
  if (deform.counts.z > 0.0) {
    let j = vec4<u32>(in.joints);
    let skin = in.weights.x * deform.joints[j.x] + in.weights.y * deform.joints[j.y] +
      in.weights.z * deform.joints[j.z] + in.weights.w * deform.joints[j.w];
    position = (skin * vec4<f32>(position, 1.0)).xyz;
    // The joints' turn (and any uniform scale) carries the normal; the fragment stage normalises it.
    normal = (skin * vec4<f32>(normal, 0.0)).xyz;
  }
  return armatureVertex(position, normal, in.uv, in.color);
}
