import type { StructLayout } from './struct-layout';
import { plainLayout, type WgslType } from './wgsl-types';

/**
 * GLSL ES 3.00 that reads one WGSL struct back out of 32-bit words kept as rgba32uint texels (what a storage buffer
 * is on WebGL2): `<Struct> <name>(int texel)` rebuilds the struct whose bytes start at texel `texel`, each field from
 * the words the WGSL layout puts it in, so the GLSL twin reads exactly the bytes WebGPU reads. `fetch` names a GLSL
 * function `uvec4 fetch(int texel)` that returns one texel. f16 fields are refused (no GLSL twin has them).
 */
export function glslStructReader(
  layout: StructLayout,
  structs: ReadonlyMap<string, StructLayout>,
  name: string,
  fetch: string,
): string {
  const texels = new Set<number>();
  const lines: string[] = [];
  const word = (byte: number): string => {
    texels.add(byte >> 4);
    return `t${byte >> 4}.${'xyzw'[(byte >> 2) & 3]}`;
  };
  const scalar = (kind: string, byte: number): string => {
    if (kind === 'f32') return `uintBitsToFloat(${word(byte)})`;
    if (kind === 'u32') return word(byte);
    if (kind === 'i32') return `int(${word(byte)})`;
    throw new Error(
      `glslStructReader: struct ${layout.name} has a ${kind} field; GLSL ES 3.00 cannot read one.`,
    );
  };
  const vector = (n: number, kind: string, byte: number): string => {
    const parts = Array.from({ length: n }, (_, i) => scalar(kind, byte + i * 4));
    const prefix = kind === 'f32' ? 'vec' : kind === 'u32' ? 'uvec' : 'ivec';
    return `${prefix}${n}(${parts.join(', ')})`;
  };
  const assign = (path: string, type: WgslType, byte: number): void => {
    switch (type.kind) {
      case 'scalar':
        lines.push(`  ${path} = ${scalar(type.scalar, byte)};`);
        return;
      case 'vector':
        lines.push(`  ${path} = ${vector(type.n, type.scalar, byte)};`);
        return;
      case 'matrix': {
        // A column is a vecR, aligned like one: 8 bytes apart for two rows, 16 for three or four.
        const stride = plainLayout({ kind: 'vector', n: type.rows, scalar: type.scalar }).align;
        const columns = Array.from({ length: type.columns }, (_, c) =>
          vector(type.rows, type.scalar, byte + c * stride),
        );
        lines.push(`  ${path} = mat${type.columns}x${type.rows}(${columns.join(', ')});`);
        return;
      }
      case 'array': {
        if (type.count === null)
          throw new Error(
            `glslStructReader: struct ${layout.name} ends in a runtime-sized array; it cannot be read.`,
          );
        const stride = arrayStride(type.element, structs);
        for (let k = 0; k < type.count; k++) assign(`${path}[${k}]`, type.element, byte + k * stride);
        return;
      }
      case 'struct': {
        const inner = structs.get(type.name)!;
        for (const field of inner.fields) assign(`${path}.${field.name}`, field.type, byte + field.offset);
        return;
      }
    }
  };
  for (const field of layout.fields) assign(`o.${field.name}`, field.type, field.offset);
  const reads = [...texels].sort((a, b) => a - b).map((t) => `  uvec4 t${t} = ${fetch}(texel + ${t});`);
  return [
    `${layout.name} ${name}(int texel) {`,
    ...reads,
    `  ${layout.name} o;`,
    ...lines,
    '  return o;',
    '}',
  ].join('\n');
}

/** The stride of an array of `element` in bytes, by the WGSL rules (its size rounded up to its alignment). */
function arrayStride(element: WgslType, structs: ReadonlyMap<string, StructLayout>): number {
  const { size, align } = sizeOf(element, structs);
  return Math.ceil(size / align) * align;
}

function sizeOf(type: WgslType, structs: ReadonlyMap<string, StructLayout>): { size: number; align: number } {
  if (type.kind === 'struct') return structs.get(type.name)!;
  if (type.kind !== 'array') return plainLayout(type);
  return {
    size: arrayStride(type.element, structs) * (type.count ?? 0),
    align: sizeOf(type.element, structs).align,
  };
}
