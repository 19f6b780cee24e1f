// Owner: src/render/passes/present-pass.ts. The GLSL ES 3.00 twin of present.wgsl: the final image to the canvas, nearest.
layout(std140) uniform Params {
  vec2 targetSize;
} params;
uniform sampler2D source;

void main() {
  vec2 sourceSize = vec2(textureSize(source, 0));
  ivec2 texel = ivec2(floor(fragPosition().xy * sourceSize / params.targetSize));
  fragColor = loadTexel(source, min(texel, ivec2(sourceSize) - 1));
}
