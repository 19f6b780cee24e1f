// Owner: src/passes/gl-post-program.ts. The GLSL ES 3.00 twin of fullscreen.wgsl, prepended to every post twin: the
// covering triangle, and the helpers that give a WGSL pass's top-left conventions on GL's bottom-left ones.
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
out vec4 fragColor;

// WGSL's @builtin(position): the pixel centre with the origin at the top left (gl_FragCoord's is at the bottom left).
vec4 fragPosition() {
  return vec4(gl_FragCoord.x, armatureTargetSize.y - gl_FragCoord.y, gl_FragCoord.zw);
}

// WGSL's textureLoad at a top-left texel: GL textures here hold their bottom row first, as GL draws them.
vec4 loadTexel(sampler2D t, ivec2 p) {
  ivec2 size = textureSize(t, 0);
  return texelFetch(t, ivec2(p.x, size.y - 1 - p.y), 0);
}

// WGSL's textureSampleLevel at a top-left uv.
vec4 sampleUv(sampler2D t, vec2 uv) {
  return textureLod(t, vec2(uv.x, 1.0 - uv.y), 0.0);
}
#endif
