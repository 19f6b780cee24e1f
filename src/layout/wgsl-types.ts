// The WGSL host-shareable types as data (WGSL spec, "Alignment and Size"), in the spirit of webgpu-utils' wgsl-types:
// every rule about a type's alignment and size lives in these tables and the two lines that derive matrices.

/** A scalar that may appear in a uniform or storage buffer. */
export type ScalarName = 'f32' | 'i32' | 'u32' | 'f16';

/** A WGSL type as the layout code sees it. */
export type WgslType =
  | { kind: 'scalar'; scalar: ScalarName; atomic?: true }
  | { kind: 'vector'; n: 2 | 3 | 4; scalar: ScalarName }
  | { kind: 'matrix'; columns: 2 | 3 | 4; rows: 2 | 3 | 4; scalar: 'f32' | 'f16' }
  | { kind: 'array'; element: WgslType; count: number | null }
  | { kind: 'struct'; name: string };

/** Alignment and size in bytes of each scalar. */
export const SCALARS: Readonly<Record<ScalarName, { align: number; size: number }>> = {
  f32: { align: 4, size: 4 },
  i32: { align: 4, size: 4 },
  u32: { align: 4, size: 4 },
  f16: { align: 2, size: 2 },
};

/** vecN<T>: alignment and size as multiples of the scalar's size (a vec3 aligns like a vec4). */
export const VECTORS: Readonly<Record<2 | 3 | 4, { align: number; size: number }>> = {
  2: { align: 2, size: 2 },
  3: { align: 4, size: 3 },
  4: { align: 4, size: 4 },
};

/** The predeclared shorthands (vec3f, mat4x4h, …) and what they stand for. */
export const SHORTHANDS: Readonly<Record<string, WgslType>> = (() => {
  const table: Record<string, WgslType> = {};
  const suffixes = { f: 'f32', i: 'i32', u: 'u32', h: 'f16' } as const;
  for (const [suffix, scalar] of Object.entries(suffixes)) {
    for (const n of [2, 3, 4] as const) table[`vec${n}${suffix}`] = { kind: 'vector', n, scalar };
    if (scalar !== 'f32' && scalar !== 'f16') continue;
    for (const columns of [2, 3, 4] as const) {
      for (const rows of [2, 3, 4] as const)
        table[`mat${columns}x${rows}${suffix}`] = { kind: 'matrix', columns, rows, scalar };
    }
  }
  return table;
})();

const roundUp = (k: number, n: number) => Math.ceil(n / k) * k;

/** Alignment and size of a non-struct, non-array type. */
export function plainLayout(type: Exclude<WgslType, { kind: 'array' } | { kind: 'struct' }>): {
  align: number;
  size: number;
} {
  switch (type.kind) {
    case 'scalar':
      return SCALARS[type.scalar];
    case 'vector': {
      const s = SCALARS[type.scalar].size;
      return { align: VECTORS[type.n].align * s, size: VECTORS[type.n].size * s };
    }
    case 'matrix': {
      // matCxR is laid out as an array of C column vectors vecR.
      const column = plainLayout({ kind: 'vector', n: type.rows, scalar: type.scalar });
      return { align: column.align, size: type.columns * roundUp(column.align, column.size) };
    }
  }
}

/** The WGSL spelling of a type, for layouts and messages. */
export function typeName(type: WgslType): string {
  switch (type.kind) {
    case 'scalar':
      return type.atomic ? `atomic<${type.scalar}>` : type.scalar;
    case 'vector':
      return `vec${type.n}<${type.scalar}>`;
    case 'matrix':
      return `mat${type.columns}x${type.rows}<${type.scalar}>`;
    case 'array':
      return type.count === null
        ? `array<${typeName(type.element)}>`
        : `array<${typeName(type.element)}, ${type.count}>`;
    case 'struct':
      return type.name;
  }
}
