// Owner: src/render/passes/upscale-pass.ts. The GLSL ES 3.00 twin of upscale.wgsl: the native image into the frame rectangle,
// read `shift` device pixels away from a margin of `pad` texels.
layout(std140) uniform Params {
  vec4 rect; // x, y, width, height in target pixels
  vec2 shift; // device pixels to read ahead by
  float pad; // margin texels on each side of the image
  uint mode; // 0 nearest (integer and nearest), 1 bilinear, 2 sharp-bilinear
} params;
uniform sampler2D source;

void main() {
  vec2 position = fragPosition().xy;
  vec2 local = (position - params.rect.xy) / params.rect.zw;
  if (any(lessThan(local, vec2(0.0))) || any(greaterThanEqual(local, vec2(1.0)))) {
    fragColor = vec4(0.0, 0.0, 0.0, 1.0);
    return;
  }
  vec2 size = vec2(textureSize(source, 0));
  vec2 native = size - 2.0 * params.pad;
  vec2 shifted = (position - params.rect.xy + params.shift) / params.rect.zw;
  if (params.mode == 0u) {
    fragColor = loadTexel(source, ivec2(floor(shifted * native) + params.pad));
    return;
  }
  if (params.mode == 1u) {
    fragColor = sampleUv(source, params.pad > 0.0 ? (shifted * native + params.pad) / size : shifted);
    return;
  }
  // Sharp bilinear, as in upscale.wgsl.
  vec2 texel = shifted * native + params.pad;
  vec2 prescale = max(floor(params.rect.zw / native), vec2(1.0));
  vec2 region = 0.5 - 0.5 / prescale;
  vec2 centred = fract(texel) - 0.5;
  vec2 f = (centred - clamp(centred, -region, region)) * prescale + 0.5;
  fragColor = sampleUv(source, (floor(texel) + f) / size);
}
