// Where node transforms live: fixed-size chunks of one Float32Array each, 32 floats (two cache lines) per node, so a
// sweep over a tree built in order streams through contiguous memory instead of chasing ~10 small objects per node.
// Chunks never move, so a view handed out once stays valid for the node's whole life. The local matrix is not kept
// here: the sweep composes it on the fly (composeWorld), since at 100 000 nodes it is bound by memory traffic and a
// third cache line per node cost ~30 % of it.

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

const f32 = Math.fround;

/** The parent of a root, and what composes a node's local matrix alone. */
export const IDENTITY: Readonly<Float32Array> = new Float32Array([
  1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
]);

/**
 * Writes parent × T·R·S (the slot at `at` in `m`, the parent's world at `pat` in `p`) into `out` at `o`: the slot's
 * own world, or with IDENTITY as parent its local matrix. T·R·S is composed on the fly (gl-matrix's formula), each
 * entry rounded to float32 as a stored local matrix would be. Both factors are affine (last row 0 0 0 1), so the
 * last row is skipped, as are the terms multiplied by its zeros; what remains sums in gl-matrix's order, so the
 * result equals mat4.multiply's (x + 0 and x · 1 are exact), bit for bit but for a zero's sign: where the kept terms
 * sum to −0, gl-matrix's `+ 0 · translation` makes it +0 (when that translation is not negative).
 */
export function composeWorld(
  m: Float32Array,
  at: number,
  p: Readonly<Float32Array>,
  pat: number,
  out: Float32Array,
  o: number,
): void {
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
  let c0 = f32((1 - (yy + zz)) * sx),
    c1 = f32((xy + wz) * sx),
    c2 = f32((xz - wy) * sx);
  out[o] = a0 * c0 + a4 * c1 + a8 * c2;
  out[o + 1] = a1 * c0 + a5 * c1 + a9 * c2;
  out[o + 2] = a2 * c0 + a6 * c1 + a10 * c2;
  out[o + 3] = 0;
  c0 = f32((xy - wz) * sy);
  c1 = f32((1 - (xx + zz)) * sy);
  c2 = f32((yz + wx) * sy);
  out[o + 4] = a0 * c0 + a4 * c1 + a8 * c2;
  out[o + 5] = a1 * c0 + a5 * c1 + a9 * c2;
  out[o + 6] = a2 * c0 + a6 * c1 + a10 * c2;
  out[o + 7] = 0;
  c0 = f32((xz + wy) * sz);
  c1 = f32((yz - wx) * sz);
  c2 = f32((1 - (xx + yy)) * sz);
  out[o + 8] = a0 * c0 + a4 * c1 + a8 * c2;
  out[o + 9] = a1 * c0 + a5 * c1 + a9 * c2;
  out[o + 10] = a2 * c0 + a6 * c1 + a10 * c2;
  out[o + 11] = 0;
  c0 = m[at + POSITION_AT]!;
  c1 = m[at + POSITION_AT + 1]!;
  c2 = m[at + POSITION_AT + 2]!;
  out[o + 12] = a0 * c0 + a4 * c1 + a8 * c2 + a12;
  out[o + 13] = a1 * c0 + a5 * c1 + a9 * c2 + a13;
  out[o + 14] = a2 * c0 + a6 * c1 + a10 * c2 + a14;
  out[o + 15] = 1;
}
