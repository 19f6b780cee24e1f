// Owner: src/render/passes/palette-pass.ts. The GLSL ES 3.00 twin of palette.wgsl: dither fixed to the world, then the
// palette's lookup image.
layout(std140) uniform Params {
  vec2 origin; // the pattern's offset in texels (whole numbers)
  float spread; // 0 (no dithering) … 1
  float levels; // thresholds are (rank + 0.5) / levels
  float lutLevels; // the lookup grid's levels per channel
} params;
uniform sampler2D source;
uniform sampler2D lut;
uniform sampler2D pattern;

void main() {
  vec2 position = fragPosition().xy;
  ivec2 texel = ivec2(position);
  vec4 color = loadTexel(source, texel);
  vec2 n = vec2(textureSize(pattern, 0));
  vec2 q = floor(position) + params.origin;
  ivec2 cell = ivec2(q - n * floor(q / n));
  vec2 bytes = floor(loadTexel(pattern, cell).rg * 255.0 + 0.5);
  float rank = bytes.r * 256.0 + bytes.g;
  float threshold = (rank + 0.5) / params.levels;
  vec3 c = clamp(color.rgb + (threshold - 0.5) * params.spread, vec3(0.0), vec3(1.0));
  ivec3 g = ivec3(floor(c * (params.lutLevels - 1.0) + 0.5));
  int side = int(params.lutLevels);
  fragColor = vec4(loadTexel(lut, ivec2(g.r + g.b * side, g.g)).rgb, color.a);
}
