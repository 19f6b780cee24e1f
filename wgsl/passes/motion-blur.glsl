// Owner: src/render/passes/motion-blur-pass.ts. The GLSL ES 3.00 twin of motion-blur.wgsl: mix(current, last output, k).
layout(std140) uniform Params {
  float k;
} params;
uniform sampler2D current;
uniform sampler2D history;

void main() {
  ivec2 texel = ivec2(fragPosition().xy);
  // With k = 0 this is current × 1 + history × 0: the current frame exactly, as if the pass were bypassed.
  fragColor = mix(loadTexel(current, texel), loadTexel(history, texel), params.k);
}
