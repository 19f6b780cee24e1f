// Owner: src/render/passes/fullscreen-program.ts. The GLSL ES 3.00 twin of fullscreen.wgsl, prepended to every post twin: the
// covering triangle, and the helpers that read like WGSL's. The WebGL2 backend keeps its textures top row first, as
// WebGPU does (the world and UI are drawn y-flipped into them), so only the canvas, bottom row first, is flipped.
precision highp float;
precision highp int;

#ifdef VERTEX
void main() {
  // One triangle that covers the whole target.
  vec2 corner = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2));
  gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
}
#else
uniform vec2 armatureTargetSize;
uniform bool armatureFlipY; // the target is the canvas (the default framebuffer)
out vec4 fragColor;

// WGSL's @builtin(position): the pixel centre, origin at the top left of the image.
vec4 fragPosition() {
  return armatureFlipY ? vec4(gl_FragCoord.x, armatureTargetSize.y - gl_FragCoord.y, gl_FragCoord.zw) : gl_FragCoord;
}

// WGSL's textureLoad and textureSampleLevel.
vec4 loadTexel(sampler2D t, ivec2 p) {
  return texelFetch(t, p, 0);
}

vec4 sampleUv(sampler2D t, vec2 uv) {
  return textureLod(t, uv, 0.0);
}
#endif
