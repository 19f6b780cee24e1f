// Owner: src/passes/world-pass.ts. Draws mesh nodes: per-frame camera and light, per-object uniforms at a dynamic offset.

struct Frame {
  viewProjection: mat4x4<f32>,
  lightDirection: vec3<f32>,
  time: f32,
  lightColor: vec4<f32>,
  ambient: vec4<f32>,
}

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
}

@group(0) @binding(0) var<uniform> frame: Frame;
@group(1) @binding(0) var<uniform> object: Object;
// Only the panel pipeline has group 2: the UI layer's image.
@group(2) @binding(0) var panel: texture_2d<f32>;

struct VertexIn {
  @location(0) position: vec3<f32>,
  @location(1) normal: vec3<f32>,
}

struct VertexOut {
  @builtin(position) clip: vec4<f32>,
  @location(0) normal: vec3<f32>,
  @location(1) local: vec2<f32>,
}

@vertex
fn vs(in: VertexIn) -> VertexOut {
  var out: VertexOut;
  out.clip = frame.viewProjection * object.model * vec4<f32>(in.position, 1.0);
  out.normal = object.normal * in.normal;
  out.local = in.position.xy;
  return out;
}

@fragment
fn fsUnlit(in: VertexOut) -> @location(0) vec4<f32> {
  return object.color;
}

@fragment
fn fsLambert(in: VertexOut) -> @location(0) vec4<f32> {
  let n = normalize(in.normal);
  let diffuse = max(dot(n, -normalize(frame.lightDirection)), 0.0);
  let light = frame.ambient.rgb + diffuse * frame.lightColor.rgb;
  return vec4<f32>(object.color.rgb * light, object.color.a);
}

@fragment
fn fsPanel(in: VertexOut) -> @location(0) vec4<f32> {
  // Local x, y in −0.5…0.5 map onto the image, its top row (row 0) at +y; floor() picks the texel: pixel-art sharp.
  let size = vec2<f32>(textureDimensions(panel));
  let uv = vec2<f32>(in.local.x + 0.5, 0.5 - in.local.y);
  let texel = clamp(vec2<i32>(floor(uv * size)), vec2<i32>(0), vec2<i32>(size) - 1);
  return textureLoad(panel, texel, 0) * object.color;
}
