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
  // The ambient light from below (`ambient` comes from above; a surface facing sideways gets half of each).
  ambientGround: vec4<f32>,
  // The scene's point and spot lights (and directional ones past the first), by slot; an object's `lights` field
  // lists the slots that reach it. lightAt: position (xyz) and range (w; 0 for a directional light). lightGlow: colour
  // times intensity (rgb) and the cosine of the cone's edge (w; −2 without a cone). lightAim: the way it points (xyz)
  // and the cosine where the cone's full light starts (w; −1 without a cone).
  lightAt: array<vec4<f32>, 64>,
  lightGlow: array<vec4<f32>, 64>,
  lightAim: array<vec4<f32>, 64>,
  // World → the directional light's shadow map: x, y across it in 0…1 (y down), z the depth in 0…1.
  shadowMatrix: mat4x4<f32>,
  // x: the map's size in texels (0: no shadows this frame), y: the depth bias, z: the normal offset in world units,
  // w: 1 to filter (the share of the 3×3 texels around that see the light), 0 for hard edges (one texel).
  shadow: vec4<f32>,
  // The point or spot light whose shadows pointShadowMap holds: x its slot + 1 (0: none this frame), y a face's size in
  // texels, z the bias in distances over its range, w the normal offset in texels.
  pointShadow: vec4<f32>,
}

@group(0) @binding(0) var<uniform> frame: Frame;
// The directional light's shadow map (the `shadow` pass's): each texel the depth of the nearest caster, 24 bits over
// red, green and blue (armaturePackDepth). One texel that sees everything while there are no shadows.
@group(0) @binding(1) var shadowMap: texture_2d<f32>;
// The casting point light's six views (armatureCubeFace), 3 × 2 faces of pointShadow.y texels: each texel the distance
// from the light to the nearest caster over its range, packed as shadowMap's depths.
@group(0) @binding(2) var pointShadowMap: texture_2d<f32>;

// A depth in 0…1 as the shadow map stores it: 24 bits over red (high), green and blue.
fn armaturePackDepth(z: f32) -> vec4<f32> {
  let v = u32(clamp(z, 0.0, 1.0) * 16777215.0);
  return vec4<f32>(vec3<f32>(f32(v >> 16u), f32((v >> 8u) & 255u), f32(v & 255u)) / 255.0, 1.0);
}

fn armatureShadowDepth(map: texture_2d<f32>, texel: vec2<i32>) -> f32 {
  let c = vec3<u32>(round(textureLoad(map, texel, 0).rgb * 255.0));
  return f32((c.r << 16u) | (c.g << 8u) | c.b) / 16777215.0;
}

// 1 where the directional light reaches a surface at `world` facing `normal`, 0 in its shadow (filtered: the share of
// the shadow texels around that see it). 1 without shadows, outside the map, and for an object that does not receive
// them (bit 0 of its `lights` field's 16th byte clear). The map's texel is found from `world`, so a kind that lights
// each art texel as one (texelLight) gets shadow edges on the art's pixel grid.
fn armatureShadow(lights: vec4<u32>, world: vec3<f32>, normal: vec3<f32>) -> f32 {
  let size = frame.shadow.x;
  if (size == 0.0 || ((lights.w >> 24u) & 1u) == 0u) {
    return 1.0;
  }
  let p = frame.shadowMatrix * vec4<f32>(world + normal * frame.shadow.z, 1.0);
  let at = p.xy * size;
  if (any(at < vec2<f32>(0.0)) || any(at >= vec2<f32>(size)) || p.z > 1.0) {
    return 1.0;
  }
  return armatureShadowSeen(shadowMap, vec2<i32>(0), vec2<i32>(floor(at)), i32(size), p.z - frame.shadow.y);
}

// The share of the shadow texels around `texel` (of the square of `size` texels at `corner` in `map`) that see the
// light from `depth`: the one texel, or the 3×3 around it when the frame filters (frame.shadow.w), kept inside the
// square. One loop for both, so a GPU that runs every instruction of a branch whichever way it goes runs one lookup
// when the edges are hard.
fn armatureShadowSeen(map: texture_2d<f32>, corner: vec2<i32>, texel: vec2<i32>, size: i32, depth: f32) -> f32 {
  let r = i32(frame.shadow.w);
  let last = vec2<i32>(size - 1);
  var seen = 0.0;
  for (var y = -r; y <= r; y++) {
    for (var x = -r; x <= r; x++) {
      let t = clamp(texel + vec2<i32>(x, y), vec2<i32>(0), last);
      seen += select(0.0, 1.0, depth <= armatureShadowDepth(map, corner + t));
    }
  }
  return seen / f32((2 * r + 1) * (2 * r + 1));
}

// Which of a point light's six views holds direction `d` (x: 0 +X, 1 −X, 2 +Y, 3 −Y, 4 +Z, 5 −Z, each a 90° camera
// looking along its axis, up +Y, or −Z looking up and +Z looking down) and where across it (yz: −1…1, right and up).
// The shadow pass draws the faces with the cameras of pointShadowFaces (src/render/world/point-shadow.ts).
fn armatureCubeFace(d: vec3<f32>) -> vec3<f32> {
  let a = abs(d);
  if (a.x >= a.y && a.x >= a.z) {
    if (d.x > 0.0) {
      return vec3<f32>(0.0, d.z / a.x, d.y / a.x);
    }
    return vec3<f32>(1.0, -d.z / a.x, d.y / a.x);
  }
  if (a.y >= a.z) {
    if (d.y > 0.0) {
      return vec3<f32>(2.0, -d.x / a.y, -d.z / a.y);
    }
    return vec3<f32>(3.0, -d.x / a.y, d.z / a.y);
  }
  if (d.z > 0.0) {
    return vec3<f32>(4.0, -d.x / a.z, d.y / a.z);
  }
  return vec3<f32>(5.0, d.x / a.z, d.y / a.z);
}

// 1 where the point light that casts shadows this frame (frame.pointShadow) reaches a surface at `world` facing
// `normal`, 0 in its shadow (filtered as armatureShadow, within the face). 1 when none casts and for an object that does
// not receive shadows.
fn armaturePointShadow(lights: vec4<u32>, world: vec3<f32>, normal: vec3<f32>) -> f32 {
  let s = frame.pointShadow;
  if (s.x == 0.0 || ((lights.w >> 24u) & 1u) == 0u) {
    return 1.0;
  }
  let at = frame.lightAt[u32(s.x) - 1u];
  let offset = world - at.xyz;
  let a = abs(offset);
  let major = max(a.x, max(a.y, a.z));
  if (major < 1e-6) {
    return 1.0;
  }
  // A texel of the face spans 2 · major / size world units there.
  let d = offset + normal * (s.w * 2.0 * major / s.y);
  let depth = length(d) / at.w - s.z;
  let face = armatureCubeFace(d);
  let corner = vec2<i32>(i32(face.x) % 3, i32(face.x) / 3) * i32(s.y);
  let texel = min(vec2<i32>(floor((vec2<f32>(face.y, -face.z) * 0.5 + 0.5) * s.y)), vec2<i32>(i32(s.y) - 1));
  return armatureShadowSeen(pointShadowMap, corner, texel, i32(s.y), depth);
}

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

// `x` quantized into `bands` levels from 0 to 1 (toon light) when bands ≥ 2, else as it is.
fn armatureBand(x: f32, bands: f32) -> f32 {
  if (bands >= 2.0) {
    return min(floor(x * bands), bands - 1.0) / (bands - 1.0);
  }
  return x;
}

// Slot + 1 of the k-th light (k < 15) in an object's `lights` list (four to a word, low byte first); 0 ends the list.
// The 16th byte is the object's shadow flags.
fn armatureLightSlot(lights: vec4<u32>, k: u32) -> u32 {
  return (lights[k / 4u] >> (8u * (k % 4u))) & 255u;
}

// How much of light `slot`'s colour reaches a surface at `world` facing `normal` (unit length): the cosine of its
// angle, the falloff with distance (lightFalloff in src/scene/light.ts: the inverse square windowed to 0 at the range)
// and the cone's edge.
fn armatureLightTerm(slot: u32, world: vec3<f32>, normal: vec3<f32>) -> f32 {
  let at = frame.lightAt[slot];
  let aim = frame.lightAim[slot];
  if (at.w == 0.0) {
    return max(dot(normal, -aim.xyz), 0.0);
  }
  let toLight = at.xyz - world;
  let distance = length(toLight);
  let l = toLight / max(distance, 1e-6);
  let ratio = distance / at.w;
  let window = clamp(1.0 - ratio * ratio * ratio * ratio, 0.0, 1.0);
  let d = max(distance, 0.01);
  let edge = frame.lightGlow[slot].w;
  let cone = clamp((dot(-l, aim.xyz) - edge) / max(aim.w - edge, 1e-4), 0.0, 1.0);
  return max(dot(normal, l), 0.0) * window * window / (d * d) * cone;
}

// The light on a surface at `world` facing `normal` (unit length): the hemisphere's ambient, the frame's directional
// light times `sunShadow` (0 in its shadow … 1) and the lights its object's `lights` field lists (the casting point
// light's times its shadow), each light's diffuse term quantized into `bands` levels when bands ≥ 2 (so light and
// shadow share the bands). Multiply a colour by it. The point shadow is looked up outside the loop: a GPU that runs
// every instruction of a branch whichever way it goes would otherwise run the lookup once per listed light.
fn armatureLighting(lights: vec4<u32>, world: vec3<f32>, normal: vec3<f32>, bands: f32, sunShadow: f32) -> vec3<f32> {
  let diffuse = armatureBand(max(dot(normal, -normalize(frame.lightDirection)), 0.0) * sunShadow, bands);
  // Written so that equal sky and ground give exactly the sky's ambient.
  let ambient = frame.ambient.rgb + (frame.ambientGround.rgb - frame.ambient.rgb) * (0.5 - 0.5 * normal.y);
  var light = ambient + diffuse * frame.lightColor.rgb;
  let caster = u32(frame.pointShadow.x);
  let casterShadow = armaturePointShadow(lights, world, normal);
  for (var k = 0u; k < 15u; k++) {
    let slot = armatureLightSlot(lights, k);
    if (slot == 0u) {
      break;
    }
    let term = armatureLightTerm(slot - 1u, world, normal) * select(1.0, casterShadow, slot == caster);
    light += armatureBand(term, bands) * frame.lightGlow[slot - 1u].rgb;
  }
  return light;
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
  // Where the fragment is in the world (what point and spot lights are measured from).
  @location(4) world: vec3<f32>,
}

// The outline pass's normal target (a kind's lined variant writes it): the surface normal in the eye's axes (right,
// up, towards the eye) folded into two numbers (armatureOctahedral), and the fragment's depth (0 near … 1 far) as a
// half-float part and the rest: the target's 16-bit channels then hold the depth to about 24 bits, which the outline
// pass needs to tell a plane's own slope from a step at any distance.
fn armatureEyeNormal(normal: vec3<f32>, depth: f32) -> vec4<f32> {
  let n = normalize(normal);
  let back = cross(frame.cameraRight, frame.cameraUp);
  let eye = vec3<f32>(dot(n, frame.cameraRight), dot(n, frame.cameraUp), dot(n, back));
  let high = unpack2x16float(pack2x16float(vec2<f32>(depth, 0.0))).x;
  return vec4<f32>(armatureOctahedral(eye), high, depth - high);
}

// A unit vector as a point of the square [-1, 1]² (the octahedral map; outline.wgsl's normalOf is its inverse).
fn armatureOctahedral(n: vec3<f32>) -> vec2<f32> {
  let p = n.xy / (abs(n.x) + abs(n.y) + abs(n.z));
  if (n.z >= 0.0) {
    return p;
  }
  return (1.0 - abs(p.yx)) * select(vec2<f32>(-1.0), vec2<f32>(1.0), p >= vec2<f32>(0.0));
}

// What a shadow caster at `world` writes into a shadow map: its distance from the point light the frame names over the
// light's range, else its depth in the directional light's map.
fn armatureCasterDepth(world: vec3<f32>) -> vec4<f32> {
  if (frame.pointShadow.x > 0.0) {
    let at = frame.lightAt[u32(frame.pointShadow.x) - 1u];
    return armaturePackDepth(length(world - at.xyz) / at.w);
  }
  return armaturePackDepth((frame.shadowMatrix * vec4<f32>(world, 1.0)).z);
}

// True while the shadow pass runs a kind's fs for its cut-outs (fsShadowCut): effects placed on the screen's pixels
// (lambert's fade) stay off there, so a faded mesh still casts its whole shadow.
var<private> armatureCasting: bool = false;

// The `shadow` pass draws every kind with this fragment stage (or, for a material with alphaTest, with fsShadowCut:
// the kind's own fs first, for what it cuts out).
@fragment
fn fsShadow(in: VertexOut) -> @location(0) vec4<f32> {
  return armatureCasterDepth(in.world);
}

// @vertex

@vertex
fn vs(in: VertexIn) -> VertexOut {
  return armatureVertex(in.position, in.normal, in.uv, in.color);
}

fn armatureVertex(position: vec3<f32>, normal: vec3<f32>, uv: vec2<f32>, color: vec4<f32>) -> VertexOut {
  var out: VertexOut;
  // (viewProjection · model) · position: the order of the products decides a pixel's rounding, so it stays this one.
  out.clip = frame.viewProjection * object.model * vec4<f32>(position, 1.0);
  out.world = (object.model * vec4<f32>(position, 1.0)).xyz;
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
