// Where node transforms live: fixed-size chunks of one Float32Array each, 32 floats (two cache lines) per node, so a
// sweep over a tree built in order streams through contiguous memory instead of chasing ~10 small objects per node.
// Chunks never move, so a view handed out once stays valid for the node's whole life. The local matrix is not kept
// here: a sweep composes it in a scratch array, and at 100 000 nodes the sweep is bound by memory traffic (a third
// line per node cost ~30 % of it).

/** Float offsets inside a node's slot: world first (one cache line), then T/R/S. */
export const WORLD_AT = 0;
export const POSITION_AT = 16;
export const ROTATION_AT = 19;
export const SCALE_AT = 23;
const STRIDE = 32;
const SLOTS_PER_CHUNK = 1024;

/** A node's place in the pool. */
export interface Slot {
  readonly mem: Float32Array;
  readonly at: number;
}

const free: Slot[] = [];
let chunk = new Float32Array(0);
let nextInChunk = SLOTS_PER_CHUNK;

// A collected node gives its slot back; nobody can read it any more, except through a view kept past the node's life.
const reclaim = new FinalizationRegistry<Slot>((slot) => free.push(slot));

/** Takes a slot for `owner`, initialised to identity T/R/S; it returns to the pool when `owner` is collected. */
export function allocateSlot(owner: object): Slot {
  let slot = free.pop();
  if (!slot) {
    if (nextInChunk === SLOTS_PER_CHUNK) {
      chunk = new Float32Array(STRIDE * SLOTS_PER_CHUNK);
      nextInChunk = 0;
    }
    slot = { mem: chunk, at: STRIDE * nextInChunk++ };
  }
  const { mem, at } = slot;
  mem.fill(0, at, at + STRIDE);
  mem[at + ROTATION_AT + 3] = 1;
  mem[at + SCALE_AT] = mem[at + SCALE_AT + 1] = mem[at + SCALE_AT + 2] = 1;
  reclaim.register(owner, slot);
  return slot;
}

/** Writes T·R·S of the slot at `at` into `out` at `o` (gl-matrix's formula, same rounding). */
export function composeLocal(m: Float32Array, at: number, out: Float32Array, o: number): void {
  const x = m[at + ROTATION_AT]!,
    y = m[at + ROTATION_AT + 1]!,
    z = m[at + ROTATION_AT + 2]!,
    w = m[at + ROTATION_AT + 3]!;
  const sx = m[at + SCALE_AT]!,
    sy = m[at + SCALE_AT + 1]!,
    sz = m[at + SCALE_AT + 2]!;
  const x2 = x + x,
    y2 = y + y,
    z2 = z + z;
  const xx = x * x2,
    xy = x * y2,
    xz = x * z2,
    yy = y * y2,
    yz = y * z2,
    zz = z * z2;
  const wx = w * x2,
    wy = w * y2,
    wz = w * z2;
  out[o] = (1 - (yy + zz)) * sx;
  out[o + 1] = (xy + wz) * sx;
  out[o + 2] = (xz - wy) * sx;
  out[o + 3] = 0;
  out[o + 4] = (xy - wz) * sy;
  out[o + 5] = (1 - (xx + zz)) * sy;
  out[o + 6] = (yz + wx) * sy;
  out[o + 7] = 0;
  out[o + 8] = (xz + wy) * sz;
  out[o + 9] = (yz - wx) * sz;
  out[o + 10] = (1 - (xx + yy)) * sz;
  out[o + 11] = 0;
  out[o + 12] = m[at + POSITION_AT]!;
  out[o + 13] = m[at + POSITION_AT + 1]!;
  out[o + 14] = m[at + POSITION_AT + 2]!;
  out[o + 15] = 1;
}

const local = new Float32Array(16);

/**
 * world(child) = world(parent) × local(child), local composed from the slot's T/R/S into a scratch array first (it
 * stays in L1; storing it as float32 keeps the rounding of a stored local matrix). Both are affine (last row
 * 0 0 0 1), as every T·R·S product is, so the last row is skipped, as are the terms multiplied by its zeros; what
 * remains sums in gl-matrix's order, so the result is bit-identical to mat4.multiply (x + 0 and x · 1 are exact).
 */
export function composeWorld(m: Float32Array, at: number, p: Float32Array, pat: number): void {
  composeLocal(m, at, local, 0);
  const a0 = p[pat]!,
    a1 = p[pat + 1]!,
    a2 = p[pat + 2]!,
    a4 = p[pat + 4]!,
    a5 = p[pat + 5]!,
    a6 = p[pat + 6]!;
  const a8 = p[pat + 8]!,
    a9 = p[pat + 9]!,
    a10 = p[pat + 10]!,
    a12 = p[pat + 12]!,
    a13 = p[pat + 13]!,
    a14 = p[pat + 14]!;
  const o = at + WORLD_AT;
  // Columns 0-2 of an affine local have w = 0; column 3 (translation) has w = 1.
  let x = local[0]!,
    y = local[1]!,
    z = local[2]!;
  m[o] = a0 * x + a4 * y + a8 * z;
  m[o + 1] = a1 * x + a5 * y + a9 * z;
  m[o + 2] = a2 * x + a6 * y + a10 * z;
  m[o + 3] = 0;
  x = local[4]!;
  y = local[5]!;
  z = local[6]!;
  m[o + 4] = a0 * x + a4 * y + a8 * z;
  m[o + 5] = a1 * x + a5 * y + a9 * z;
  m[o + 6] = a2 * x + a6 * y + a10 * z;
  m[o + 7] = 0;
  x = local[8]!;
  y = local[9]!;
  z = local[10]!;
  m[o + 8] = a0 * x + a4 * y + a8 * z;
  m[o + 9] = a1 * x + a5 * y + a9 * z;
  m[o + 10] = a2 * x + a6 * y + a10 * z;
  m[o + 11] = 0;
  x = local[12]!;
  y = local[13]!;
  z = local[14]!;
  m[o + 12] = a0 * x + a4 * y + a8 * z + a12;
  m[o + 13] = a1 * x + a5 * y + a9 * z + a13;
  m[o + 14] = a2 * x + a6 * y + a10 * z + a14;
  m[o + 15] = 1;
}

/** world = local, for a root. */
export function composeRootWorld(m: Float32Array, at: number): void {
  composeLocal(m, at, m, at + WORLD_AT);
}
