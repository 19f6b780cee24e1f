// Owner: src/render/materials/material-kind.ts. The `sprite` material kind: one frame of a sheet on a quad that faces the eye
// (billboard) or lies in the node's XY plane, each texel the nearest one and never one of a neighbouring frame; cut out
// below alphaTest, never blended. It has its own vertex stage: the quad's corners come from the frame's rectangle.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  alphaTest: f32,
  billboard: f32,
  // The quad in the node's units: left, bottom, right, top.
  rect: vec4<f32>,
  // The frame in the image (0…1): left, top, right, bottom; left > right mirrors it.
  uvRect: vec4<f32>,
}

@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var map: texture_2d<f32>;
@group(2) @binding(1) var mapSampler: sampler;

@vertex
fn vs(in: VertexIn) -> VertexOut {
  // The unit quad's texture coordinates say which corner this is (u right, v down).
  let corner = vec2<f32>(in.uv.x, 1.0 - in.uv.y);
  let local = mix(object.rect.xy, object.rect.zw, corner);
  var world: vec3<f32>;
  if (object.billboard > 0.5) {
    // At the node's position, along the eye's right and up, times the node's scale.
    let scale = vec2<f32>(length(object.model[0].xyz), length(object.model[1].xyz));
    world = object.model[3].xyz + frame.cameraRight * (local.x * scale.x) + frame.cameraUp * (local.y * scale.y);
  } else {
    world = (object.model * vec4<f32>(local, 0.0, 1.0)).xyz;
  }
  var out: VertexOut;
  out.clip = frame.viewProjection * vec4<f32>(world, 1.0);
  out.world = world;
  out.normal = object.normal * vec3<f32>(0.0, 0.0, 1.0);
  out.local = local;
  out.uv = mix(object.uvRect.xy, object.uvRect.zw, in.uv);
  out.color = in.color;
  return out;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  // The sampler picks the texel (the same rounding on every backend); clamping to the frame's outer texel centres
  // keeps a neighbour frame out even where the interpolated coordinate strays past the edge.
  let size = vec2<f32>(textureDimensions(map));
  let first = (min(object.uvRect.xy, object.uvRect.zw) * size + 0.5) / size;
  let last = (max(object.uvRect.xy, object.uvRect.zw) * size - 0.5) / size;
  let color = object.color * armatureSample(map, mapSampler, clamp(in.uv, first, last));
  if (color.a < object.alphaTest) {
    discard;
  }
  return color;
}
