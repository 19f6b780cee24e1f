// Owner: src/render/passes/crt-pass.ts. Scanlines, an aperture mask and a slight curvature over the frame rectangle.

struct Params {
  rect: vec4<f32>, // the frame rectangle in target pixels
  nativeHeight: f32,
  scanlines: f32, // 0..1 darkening between native rows
  mask: f32, // 0..1 strength of the RGB aperture mask
  curvature: f32, // 0 flat … 0.1 strongly bulged
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var source: texture_2d<f32>;

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let p = position.xy;
  let inside = all(p >= params.rect.xy) && all(p < params.rect.xy + params.rect.zw);
  if (!inside) {
    return textureLoad(source, vec2<i32>(p), 0);
  }
  // Barrel curvature: push samples outwards from the centre of the frame.
  var local = (p - params.rect.xy) / params.rect.zw * 2.0 - 1.0;
  local = local * (1.0 + params.curvature * dot(local, local));
  if (any(abs(local) > vec2<f32>(1.0))) {
    return vec4<f32>(0.0, 0.0, 0.0, 1.0);
  }
  let at = params.rect.xy + (local * 0.5 + 0.5) * params.rect.zw;
  var color = textureLoad(source, vec2<i32>(min(at, params.rect.xy + params.rect.zw - 1.0)), 0).rgb;
  let row = fract((at.y - params.rect.y) / params.rect.w * params.nativeHeight);
  color *= 1.0 - params.scanlines * (0.5 - 0.5 * cos(row * 6.2831853));
  let triad = u32(p.x) % 3u;
  let maskColor = select(select(vec3<f32>(0.7, 0.7, 1.0), vec3<f32>(0.7, 1.0, 0.7), triad == 1u), vec3<f32>(1.0, 0.7, 0.7), triad == 0u);
  color *= mix(vec3<f32>(1.0), maskColor, params.mask);
  return vec4<f32>(color, 1.0);
}
