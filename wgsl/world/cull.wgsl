// Owner: src/render/world/gpu-culling.ts. Culls the instanced chunks' meshes on the GPU and counts what each batch's
// indirect draw draws. Compute only: WebGL2 has none, and culls on the CPU (no GLSL twin).

// The view's six planes (inside where a·x + b·y + c·z + d ≥ 0), as `Frustum.planes`.
struct View {
  planes: array<vec4<f32>, 6>,
}

// The batches of one material kind: `first` … `first + count − 1` of `batches`, culled `rows` to a workgroup row
// (the dispatch's y; its z counts the rows); each object's model matrix at vec4 `model` of its slot, slots `stride`
// vec4s apart.
struct Kind {
  first: u32,
  count: u32,
  rows: u32,
  stride: u32,
  model: u32,
}

// One batch of a chunk: its candidates (its shown meshes) at table entries `start` … `start + count − 1`, its indirect
// draw's five arguments at `args` · 5, and its geometry's local box (centre; half extents, w 0: never culled, as a
// deformed or sprite mesh).
struct Batch {
  start: u32,
  count: u32,
  args: u32,
  centre: vec4<f32>,
  extent: vec4<f32>,
}

@group(0) @binding(0) var<uniform> view: View;
@group(0) @binding(1) var<uniform> kind: Kind;
@group(0) @binding(2) var<storage, read> batches: array<Batch>;
@group(0) @binding(3) var<storage, read> table: array<u32>;
@group(0) @binding(4) var<storage, read> objects: array<vec4<f32>>;
@group(0) @binding(5) var<storage, read_write> args: array<atomic<u32>>;
@group(0) @binding(6) var<storage, read_write> visible: array<u32>;

// Sets every batch's instance count to 0 before the kinds' culls count into them.
@compute @workgroup_size(64)
fn reset(@builtin(global_invocation_id) id: vec3<u32>) {
  if (id.x < arrayLength(&batches)) {
    atomicStore(&args[batches[id.x].args * 5u + 1u], 0u);
  }
}

// Invocation x of workgroup row (y, z) tests candidate x of the kind's batch z · rows + y: its object's world box
// (the local box under the model matrix, as transformBox: Arvo's method) against the planes (as Frustum.intersects).
// One inside takes the next instance of its batch's draw, from the batch's first entry of `visible`.
@compute @workgroup_size(64)
fn cull(@builtin(global_invocation_id) id: vec3<u32>, @builtin(workgroup_id) group: vec3<u32>) {
  let index = group.z * kind.rows + group.y;
  if (index >= kind.count) {
    return;
  }
  let batch = batches[kind.first + index];
  if (id.x >= batch.count) {
    return;
  }
  let slot = table[batch.start + id.x];
  let at = slot * kind.stride + kind.model;
  let m0 = objects[at];
  let m1 = objects[at + 1u];
  let m2 = objects[at + 2u];
  let m3 = objects[at + 3u];
  let local = batch.centre.xyz;
  let centre = m0.xyz * local.x + m1.xyz * local.y + m2.xyz * local.z + m3.xyz;
  let e = batch.extent;
  let extent = abs(m0.xyz) * e.x + abs(m1.xyz) * e.y + abs(m2.xyz) * e.z;
  var inside = true;
  if (e.w != 0.0) {
    for (var i = 0u; i < 6u; i++) {
      let p = view.planes[i];
      if (dot(p.xyz, centre) + p.w + dot(abs(p.xyz), extent) < 0.0) {
        inside = false;
      }
    }
  }
  if (inside) {
    visible[batch.start + atomicAdd(&args[batch.args * 5u + 1u], 1u)] = slot;
  }
}
