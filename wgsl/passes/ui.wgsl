// Owner: src/render/passes/ui-pass.ts. UI quads at native resolution: one instance per rect, sprite or glyph, alpha-blended.

struct Screen {
  size: vec2<f32>, // the target's size in pixels
  // Where native pixel (0, 0) lands and how big a native pixel is there: (0, 0) and (1, 1) at native resolution; the
  // frame rectangle's corner and scale when the UI is drawn over the upscaled image.
  offset: vec2<f32>,
  scale: vec2<f32>,
}

@group(0) @binding(0) var<uniform> screen: Screen;
@group(0) @binding(1) var atlas: texture_2d<f32>;

struct Instance {
  @location(0) axisX: vec2<f32>, // where the quad's local x axis points, in native pixels
  @location(1) axisY: vec2<f32>,
  @location(2) origin: vec2<f32>,
  @location(3) size: vec2<f32>,
  @location(4) frame: vec4<f32>, // atlas x, y, width, height in pixels
  @location(5) color: vec4<f32>,
  @location(6) textured: f32,
}

struct Out {
  @builtin(position) clip: vec4<f32>,
  @location(0) atlasPixel: vec2<f32>,
  @location(1) color: vec4<f32>,
  @location(2) @interpolate(flat) textured: f32,
}

@vertex
fn vs(@builtin(vertex_index) vertex: u32, instance: Instance) -> Out {
  var corners = array<vec2<f32>, 6>(vec2(0.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 0.0), vec2(1.0, 1.0), vec2(0.0, 1.0));
  let corner = corners[vertex];
  let local = corner * instance.size;
  let p = screen.offset + (instance.origin + instance.axisX * local.x + instance.axisY * local.y) * screen.scale;
  var out: Out;
  out.clip = vec4<f32>(p.x / screen.size.x * 2.0 - 1.0, 1.0 - p.y / screen.size.y * 2.0, 0.0, 1.0);
  out.atlasPixel = instance.frame.xy + corner * instance.frame.zw;
  out.color = instance.color;
  out.textured = instance.textured;
  return out;
}

@fragment
fn fs(in: Out) -> @location(0) vec4<f32> {
  if (in.textured > 0.5) {
    // Nearest texel: at pixel centres the interpolated atlas position is a texel centre, so floor() is exact.
    return textureLoad(atlas, vec2<i32>(floor(in.atlasPixel)), 0) * in.color;
  }
  return in.color;
}
