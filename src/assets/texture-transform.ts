import { VERTEX_FLOATS } from '../scene/geometry';

/** glTF's KHR_texture_transform as a 2×3 matrix, column-major like a `mat2d`: u' = a·u + c·v + e, v' = b·u + d·v + f. */
export type UvTransform = readonly [number, number, number, number, number, number];

/**
 * A KHR_texture_transform's offset, rotation and scale as one matrix, composed as the extension defines it: translation
 * × rotation × scale, the rotation counter-clockwise in UV space (which runs down the image) by `rotation` radians.
 * A value that is not a number is an error naming `where`.
 */
export function textureTransform(
  ext: Record<string, unknown>,
  where: string,
  fail: (why: string) => never,
): UvTransform {
  const vector = (key: string, fallback: [number, number]): [number, number] => {
    const value = ext[key] ?? fallback;
    if (!(Array.isArray(value) && value.length === 2 && value.every((n) => Number.isFinite(n))))
      return fail(`${where}: ${key} is ${JSON.stringify(value)}; give two numbers.`);
    return value as [number, number];
  };
  const [ox, oy] = vector('offset', [0, 0]);
  const [sx, sy] = vector('scale', [1, 1]);
  const rotation = ext['rotation'] ?? 0;
  if (!Number.isFinite(rotation)) fail(`${where}: rotation is ${JSON.stringify(rotation)}; give radians.`);
  const c = Math.cos(rotation as number);
  const s = Math.sin(rotation as number);
  // [1 0 ox; 0 1 oy] · [c s 0; −s c 0] · [sx 0 0; 0 sy 0]
  return [c * sx, -s * sx, s * sy, c * sy, ox, oy];
}

/** Applies a UV transform to every vertex's texture coordinates, in place (baked once at load: exact, free to draw). */
export function transformUvs(vertices: Float32Array, m: UvTransform): void {
  for (let o = 6; o < vertices.length; o += VERTEX_FLOATS) {
    const u = vertices[o]!;
    const v = vertices[o + 1]!;
    vertices[o] = m[0] * u + m[2] * v + m[4];
    vertices[o + 1] = m[1] * u + m[3] * v + m[5];
  }
}
