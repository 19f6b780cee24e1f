// Owner: src/render/passes/background-pass.ts. The GLSL ES 3.00 twin of background.wgsl: fills the bars, copies the frame.
layout(std140) uniform Params {
  vec4 rect; // the frame rectangle in target pixels
  vec4 color; // solid fill
  uint mode; // 0 solid, 1 pixelated, 2 blurred, 3 image tiled, 4 image stretched
  float darken;
  float scale; // device pixels per native pixel
} params;
uniform sampler2D framed;
uniform sampler2D native;
uniform sampler2D image;

void main() {
  vec2 p = fragPosition().xy;
  if (all(greaterThanEqual(p, params.rect.xy)) && all(lessThan(p, params.rect.xy + params.rect.zw))) {
    fragColor = loadTexel(framed, ivec2(p));
    return;
  }
  if (params.mode == 0u) {
    fragColor = params.color;
    return;
  }
  vec2 imageSize = vec2(textureSize(image, 0));
  if (params.mode == 3u) {
    vec2 t = floor((p - params.rect.xy) / params.scale);
    fragColor = vec4(loadTexel(image, ivec2(t - imageSize * floor(t / imageSize))).rgb * params.darken, 1.0);
    return;
  }
  if (params.mode == 4u) {
    vec2 t = floor(p / vec2(textureSize(framed, 0)) * imageSize);
    fragColor = vec4(loadTexel(image, ivec2(min(t, imageSize - 1.0))).rgb * params.darken, 1.0);
    return;
  }
  vec2 uv = p / vec2(textureSize(framed, 0));
  vec2 size = vec2(textureSize(native, 0));
  vec3 color;
  if (params.mode == 1u) {
    vec2 block = floor(uv * size / 4.0) * 4.0 + 2.0;
    color = loadTexel(native, ivec2(min(block, size - 1.0))).rgb;
  } else {
    vec3 sum = vec3(0.0);
    for (int dy = -2; dy <= 2; dy++) {
      for (int dx = -2; dx <= 2; dx++) {
        sum += sampleUv(native, uv + vec2(float(dx), float(dy)) * 3.0 / size).rgb;
      }
    }
    color = sum / 25.0;
  }
  fragColor = vec4(color * params.darken, 1.0);
}
