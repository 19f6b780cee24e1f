// Owner: src/render/passes/outline-pass.ts. One-pixel outlines from the world pass's normal and depth target. A pixel
// is drawn as line when a 4-neighbour lies farther than the depth threshold both from it and from the plane of its
// own surface (the depth that neighbour would have on that plane is extrapolated from the pixel on the other side: a
// depth in 0…1 is affine across a plane on screen under either projection, so a plane at any angle predicts itself
// exactly), or across a crease (normals apart) when it is the nearer of the two. A line lies on the nearer surface only and stays
// one pixel wide; a plane gets none, however steeply it recedes.

struct Params {
  depthThreshold: f32, // texels of depth (in the eye's units of one texel at that depth) behind the plane for an edge
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
  let z = clamp(depth, 0.0, 1.0);
  if (params.perspective > 0.5) {
    return params.near * params.far / (params.far - z * (params.far - params.near));
  }
  return params.near + z * (params.far - params.near);
}

// The world pass writes the depth as a half-float part (z) and the rest (w); cleared texels hold z = −1.
fn depthOf(texel: vec4<f32>) -> f32 {
  return texel.z + texel.w;
}

fn emptyAt(texel: vec4<f32>) -> bool {
  return texel.z < 0.0;
}

// The normal in the eye's axes from its octahedral form (world.wgsl's armatureOctahedral).
fn normalOf(texel: vec4<f32>) -> vec3<f32> {
  var n = vec3<f32>(texel.xy, 1.0 - abs(texel.x) - abs(texel.y));
  let fold = max(-n.z, 0.0);
  n.x += select(fold, -fold, n.x >= 0.0);
  n.y += select(fold, -fold, n.y >= 0.0);
  return normalize(n);
}

@fragment
fn fs(@builtin(position) position: vec4<f32>) -> @location(0) vec4<f32> {
  let p = vec2<i32>(position.xy);
  let color = textureLoad(scene, p, 0);
  let here = textureLoad(normals, p, 0);
  let line = textureLoad(lines, p, 0);
  if (emptyAt(here) || line.a <= 0.0) {
    return color; // nothing drawn here, or a mesh without lines
  }
  let size = vec2<i32>(textureDimensions(normals));
  let z = depthOf(here);
  let n = normalOf(here);
  let d = distanceOf(z);
  let texel = select(params.texel, params.texel * d, params.perspective > 0.5);
  let threshold = params.depthThreshold * texel;
  var edge = false;
  var convex = false;
  let offsets = array<vec2<i32>, 4>(vec2<i32>(1, 0), vec2<i32>(-1, 0), vec2<i32>(0, 1), vec2<i32>(0, -1));
  for (var i = 0; i < 4; i++) {
    let q = p + offsets[i];
    if (any(q < vec2<i32>(0)) || any(q >= size)) {
      continue;
    }
    let there = textureLoad(normals, q, 0);
    if (emptyAt(there)) {
      edge = true; // a silhouette against nothing
      continue;
    }
    // Where q would be on this pixel's plane: extrapolated from the pixel on the other side when it shows the same
    // surface (its normal within the crease angle). Without it (this pixel is the surface's last), its own depth, and
    // the threshold raised as the surface turns from the eye: it steps by about texel / |n · eye| a pixel.
    var predicted = z;
    var slack = 1.0 / max(abs(n.z), 0.05);
    let r = p - offsets[i];
    if (all(r >= vec2<i32>(0)) && all(r < size)) {
      let behind = textureLoad(normals, r, 0);
      if (!emptyAt(behind) && 1.0 - dot(normalOf(behind), n) <= params.crease) {
        predicted = 2.0 * z - depthOf(behind);
        slack = 1.0;
      }
    }
    let zq = depthOf(there);
    let step = distanceOf(zq) - d;
    let off = distanceOf(zq) - distanceOf(predicted);
    // A jump, not a fold: farther than the threshold both from this pixel and from its plane.
    if (off > threshold * slack && step > threshold * slack) {
      edge = true; // a silhouette: the neighbour lies behind this surface
      continue;
    }
    if (off < -threshold * slack && step < -threshold * slack) {
      continue; // the neighbour stands in front: the line is its
    }
    // A crease: only the nearer pixel of the pair, and on a tie the one left of or above the other. Where surfaces
    // meet (a crate on the ground) the two depths differ by rounding alone, which is not the same on both backends:
    // within a twentieth of a texel it is a tie.
    let nq = normalOf(there);
    let creased = 1.0 - dot(n, nq) > params.crease;
    let tie = abs(step) <= 0.05 * texel;
    let nearer = select(step > 0.0, offsets[i].x > 0 || offsets[i].y > 0, tie);
    if (creased && nearer) {
      edge = true;
      // Convex when the normal turns away in the direction of travel (screen rows grow down, the eye's y up).
      let travel = vec3<f32>(f32(offsets[i].x), -f32(offsets[i].y), 0.0);
      convex = convex || dot(nq - n, travel) > 0.0;
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
