// Owner: src/render/passes/palette-pass.ts. Quantizes to a palette through its lookup image, after an ordered or blue-noise
// dither whose pattern is fixed to the world: it is indexed by the pixel plus the camera's whole-texel position.

struct Params {
  origin: vec2<f32>, // the pattern's offset in texels (whole numbers): the snapped camera's position on the grid
  spread: f32, // how far the threshold moves a colour, 0 (no dithering) … 1
  levels: f32, // thresholds are (rank + 0.5) / levels: the pattern's cell count
  lutLevels: f32, // the lookup grid's levels per channel
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;
@group(0) @binding(3) var lut: texture_2d<f32>;
@group(0) @binding(4) var pattern: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let texel = vec2<i32>(position.xy);
  let color = textureLoad(source, texel, 0);
  // Floor-based modulo: a negative origin wraps the same way in WGSL and GLSL (integer % differs between them).
  let n = vec2<f32>(textureDimensions(pattern));
  let q = floor(position.xy) + params.origin;
  let cell = vec2<i32>(q - n * floor(q / n));
  // The rank in two bytes (red high, green low): up to 65 536 thresholds, exactly.
  let bytes = floor(textureLoad(pattern, cell, 0).rg * 255.0 + 0.5);
  let rank = bytes.r * 256.0 + bytes.g;
  let threshold = (rank + 0.5) / params.levels;
  let c = clamp(color.rgb + (threshold - 0.5) * params.spread, vec3<f32>(0.0), vec3<f32>(1.0));
  // floor(x + 0.5), not round(): WGSL rounds halves to even, GLSL ES leaves them to the implementation.
  let g = vec3<i32>(floor(c * (params.lutLevels - 1.0) + 0.5));
  let side = i32(params.lutLevels);
  return vec4<f32>(textureLoad(lut, vec2<i32>(g.r + g.b * side, g.g), 0).rgb, color.a);
}
