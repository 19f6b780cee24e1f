// Owner: src/render/passes/outline-pass.ts. One-pixel outlines from the world pass's normal and depth target: a pixel is
// drawn as line when a 4-neighbour lies farther by more than the depth threshold (raised at grazing angles, where a
// plane's own depth changes fast), or across a crease (normals apart) when it is the nearer of the two; so a line
// lies on the nearer surface only and stays one pixel wide, and coplanar faces (same normal, smooth depth) get none.

struct Params {
  depthThreshold: f32, // texels of depth step that make an edge (in the eye's units of one texel at that depth)
  crease: f32, // 1 − cos of the angle between normals that makes a crease
  highlight: f32, // > 0: convex creases are lightened by this much instead of lined
  near: f32,
  far: f32,
  perspective: f32, // 1: depth is perspective (non-linear), 0: orthographic
  texel: f32, // orthographic: world units per texel; perspective: the same per unit of distance
}

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(2) var scene: texture_2d<f32>;
@group(0) @binding(3) var normals: texture_2d<f32>;
@group(0) @binding(4) var lines: texture_2d<f32>;

fn distanceOf(depth: f32) -> f32 {
  if (params.perspective > 0.5) {
    return params.near * params.far / (params.far - depth * (params.far - params.near));
  }
  return params.near + depth * (params.far - params.near);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let p = vec2<i32>(position.xy);
  let color = textureLoad(scene, p, 0);
  let here = textureLoad(normals, p, 0);
  let line = textureLoad(lines, p, 0);
  if (dot(here.xyz, here.xyz) < 0.25 || line.a <= 0.0) {
    return color; // nothing drawn here, or a mesh without lines
  }
  let size = vec2<i32>(textureDimensions(normals));
  let d = distanceOf(here.w);
  let texel = select(params.texel, params.texel * d, params.perspective > 0.5);
  // A plane seen edge-on steps in depth by texel · tan(angle) per pixel: the threshold grows with 1 / |n · eye|.
  let threshold = params.depthThreshold * texel / max(abs(here.z), 0.05);
  var edge = false;
  var convex = false;
  let offsets = array<vec2<i32>, 4>(vec2<i32>(1, 0), vec2<i32>(-1, 0), vec2<i32>(0, 1), vec2<i32>(0, -1));
  for (var i = 0; i < 4; i++) {
    let q = p + offsets[i];
    if (any(q < vec2<i32>(0)) || any(q >= size)) {
      continue;
    }
    let there = textureLoad(normals, q, 0);
    let empty = dot(there.xyz, there.xyz) < 0.25;
    let step = select(distanceOf(there.w) - d, 1e9, empty);
    if (step > threshold) {
      edge = true; // a silhouette or a fold: the neighbour is behind
      continue;
    }
    if (empty || abs(step) > threshold) {
      continue;
    }
    // A crease: only the nearer pixel of the pair, and on a tie the one left of or above the other.
    let creased = 1.0 - dot(here.xyz, there.xyz) > params.crease;
    let nearer = step > 0.0 || (step == 0.0 && (offsets[i].x > 0 || offsets[i].y > 0));
    if (creased && nearer) {
      edge = true;
      // Convex when the normal turns away in the direction of travel (screen rows grow down, the eye's y up).
      let travel = vec3<f32>(f32(offsets[i].x), -f32(offsets[i].y), 0.0);
      convex = convex || dot(there.xyz - here.xyz, travel) > 0.0;
    }
  }
  if (!edge) {
    return color;
  }
  if (convex && params.highlight > 0.0) {
    return vec4<f32>(min(color.rgb * (1.0 + params.highlight), vec3<f32>(1.0)), color.a);
  }
  return vec4<f32>(mix(color.rgb, line.rgb, line.a), color.a);
}
