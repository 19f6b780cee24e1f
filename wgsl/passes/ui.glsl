// Owner: src/render/passes/ui-pass.ts. The GLSL ES 3.00 twin of ui.wgsl: UI quads at native resolution, one instance per
// rect, sprite or glyph, alpha-blended.
precision highp float;

layout(std140) uniform Screen {
  vec2 size;
  vec2 offset; // where native pixel (0, 0) lands
  vec2 scale; // how big a native pixel is there
} screen;
uniform sampler2D atlas;

#ifdef VERTEX
layout(location = 0) in vec2 axisX;
layout(location = 1) in vec2 axisY;
layout(location = 2) in vec2 origin;
layout(location = 3) in vec2 size;
layout(location = 4) in vec4 frame;
layout(location = 5) in vec4 color;
layout(location = 6) in float textured;
out vec2 atlasPixel;
out vec4 vColor;
flat out float vTextured;

const vec2 corners[6] = vec2[6](vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));

void main() {
  vec2 corner = corners[gl_VertexID];
  vec2 local = corner * size;
  vec2 p = screen.offset + (origin + axisX * local.x + axisY * local.y) * screen.scale;
  // y down to GL's y up, unflipped: the UI draws only into device textures, stored top row first (row 0 at y = −1).
  gl_Position = vec4(p.x / screen.size.x * 2.0 - 1.0, p.y / screen.size.y * 2.0 - 1.0, 0.0, 1.0);
  atlasPixel = frame.xy + corner * frame.zw;
  vColor = color;
  vTextured = textured;
}
#else
in vec2 atlasPixel;
in vec4 vColor;
flat in float vTextured;
out vec4 fragColor;

void main() {
  // The atlas is uploaded top row first and read by texel: its rows are the atlas's, no flip.
  fragColor = vTextured > 0.5 ? texelFetch(atlas, ivec2(floor(atlasPixel)), 0) * vColor : vColor;
}
#endif
