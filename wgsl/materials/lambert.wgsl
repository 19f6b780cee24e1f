// Owner: src/render/materials/material-kind.ts. The `lambert` material kind: the mesh's colour times its vertex colour
// and map, under the frame's directional light, the point and spot lights that reach the mesh and the hemisphere's
// ambient; fragments whose alpha falls below alphaTest are cut out. Two pixel-art options: `bands` ≥ 2 quantizes each
// light's diffuse term into that many levels (toon light), and `texelLight` 1 lights each texel of the map as one (the
// normal and position taken at the texel's centre), so shading edges follow the art's pixel grid. `emissive` times
// `emissiveMap` is added after the light: it glows in the dark (lit windows at night). `fade` (0…1) leaves out that
// share of the mesh's pixels in a 4×4 ordered pattern on the screen (screen-door transparency: a palm between the
// camera and the player shows what is behind it without blending, so the depth buffer and the pixel look hold); its
// shadow stays whole.

struct Object {
  model: mat4x4<f32>,
  normal: mat3x3<f32>,
  color: vec4<f32>,
  alphaTest: f32,
  bands: f32,
  texelLight: f32,
  fade: f32,
  emissive: vec3<f32>,
  outline: vec4<f32>, // the outline pass's line colour (rgb) and strength (a) on this mesh's edges
  lights: vec4<u32>, // the lights that reach the mesh (the world pass fills it; see armatureLighting)
}

@group(1) @binding(0) var<uniform> object: Object;
@group(2) @binding(0) var map: texture_2d<f32>;
@group(2) @binding(1) var mapSampler: sampler;
@group(2) @binding(2) var emissiveMap: texture_2d<f32>;
@group(2) @binding(3) var emissiveMapSampler: sampler;

// The 4×4 Bayer threshold (k + ½) / 16 of the screen pixel at `p`: a fade of f leaves out the pixels under f.
fn armatureBayer4(p: vec2<f32>) -> f32 {
  let x = u32(p.x) & 3u;
  let y = u32(p.y) & 3u;
  // The 2×2 matrix [[0, 2], [3, 1]] nested in itself: 4 × (low bits') + (high bits').
  let low = ((x ^ y) & 1u) * 2u + (y & 1u);
  let high = (((x ^ y) >> 1u) & 1u) * 2u + ((y >> 1u) & 1u);
  return (f32(low * 4u + high) + 0.5) / 16.0;
}

@fragment
fn fs(in: VertexOut) -> @location(0) vec4<f32> {
  // Derivatives first, in uniform control flow: how texel coordinates and the normal change per screen pixel.
  let texel = in.uv * vec2<f32>(textureDimensions(map));
  let texelDx = dpdx(texel);
  let texelDy = dpdy(texel);
  let normalDx = dpdx(in.normal);
  let normalDy = dpdy(in.normal);
  let worldDx = dpdx(in.world);
  let worldDy = dpdy(in.world);
  let color = object.color * in.color * armatureSample(map, mapSampler, in.uv);
  let glow = object.emissive *
    armatureSample(emissiveMap, emissiveMapSampler, in.uv).rgb;
  if (color.a < object.alphaTest || (!armatureCasting && armatureBayer4(in.clip.xy) < object.fade)) {
    discard;
  }
  var n = in.normal;
  var world = in.world;
  if (object.texelLight > 0.5) {
    // The screen step s that takes this fragment to its texel's centre (solve [texelDx texelDy] s = centre − texel),
    // and the normal and position carried along it: every fragment of a texel is lit as the same point.
    let d = floor(texel) + 0.5 - texel;
    let det = texelDx.x * texelDy.y - texelDx.y * texelDy.x;
    if (abs(det) > 1e-12) {
      let s = vec2<f32>(d.x * texelDy.y - d.y * texelDy.x, texelDx.x * d.y - texelDx.y * d.x) / det;
      n = n + normalDx * s.x + normalDy * s.y;
      world = world + worldDx * s.x + worldDy * s.y;
    }
  }
  n = normalize(n);
  let light = armatureLighting(object.lights, world, n, object.bands, armatureShadow(object.lights, world, n));
  return vec4<f32>(color.rgb * light + glow, color.a);
}
