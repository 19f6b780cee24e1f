// Owner: src/debug/test-pattern.ts. The GLSL ES 3.00 twin of test-pattern.wgsl: the same RGB triangle.
precision highp float;

#ifdef VERTEX
uniform bool armatureFlipY; // set by the WebGL2 device: true for the canvas; a device texture is stored top row first
out vec3 color;

const vec2 corners[3] = vec2[3](vec2(0.0, 0.7), vec2(-0.7, -0.6), vec2(0.7, -0.6));
const vec3 colors[3] = vec3[3](vec3(1.0, 0.0, 0.0), vec3(0.0, 1.0, 0.0), vec3(0.0, 0.0, 1.0));

void main() {
  vec2 corner = corners[gl_VertexID];
  gl_Position = vec4(corner.x, armatureFlipY ? corner.y : -corner.y, 0.0, 1.0);
  color = colors[gl_VertexID];
}
#else
in vec3 color;
out vec4 fragColor;

void main() {
  fragColor = vec4(color, 1.0);
}
#endif
