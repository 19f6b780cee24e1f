import { LayoutError, type StructLayout } from './struct-layout';
import { typeName, type WgslType } from './wgsl-types';

// GLSL std140 (OpenGL ES 3.00 §2.12.6.4, what WebGL2 uniform blocks use) against the WGSL uniform rules:
// - scalars, vec2, vec3 (16-aligned, 12 bytes, a scalar may follow in its tail), vec4, matCx3, matCx4: identical.
// - arrays: std140 rounds every element stride up to 16; strict WGSL uniforms *require* a multiple of 16: identical
//   for every struct the strict check accepts (not for `relaxedUniforms` layouts).
// - structs: std140 aligns them to 16 and rounds their size to 16; strict WGSL requires a struct member at a 16-aligned
//   offset and the next member ≥ roundUp(16, size) after it: identical offsets.
// - matCx2 differs: std140 pads each vec2 column to 16 bytes, WGSL packs columns 8 bytes apart. Rejected.
// - f16 has no std140 counterpart (GLSL ES 3.00 has no 16-bit floats in uniform blocks). Rejected.

const roundUp = (k: number, n: number) => Math.ceil(n / k) * k;

/** std140 base alignment and size of a type. */
function std140(
  type: WgslType,
  layouts: ReadonlyMap<string, StructLayout>,
): { align: number; size: number; stride?: number } {
  switch (type.kind) {
    case 'scalar':
      return { align: 4, size: 4 };
    case 'vector':
      return { align: type.n === 2 ? 8 : 16, size: type.n * 4 };
    case 'matrix':
      // An array of `columns` column vectors, each stride-rounded to 16.
      return { align: 16, size: type.columns * 16 };
    case 'array': {
      const element = std140(type.element, layouts);
      const stride = roundUp(16, roundUp(element.align, element.size));
      return { align: roundUp(16, element.align), size: (type.count ?? 0) * stride, stride };
    }
    case 'struct': {
      const s = std140Struct(layouts.get(type.name)!, layouts);
      return { align: s.align, size: s.size };
    }
  }
}

function std140Struct(layout: StructLayout, layouts: ReadonlyMap<string, StructLayout>) {
  let end = 0;
  let align = 16;
  const offsets: number[] = [];
  for (const field of layout.fields) {
    const t = std140(field.type, layouts);
    const offset = roundUp(t.align, end);
    offsets.push(offset);
    end = offset + t.size;
    align = Math.max(align, t.align);
  }
  return { align, size: roundUp(align, end), offsets };
}

/**
 * Checks that a struct laid out for WGSL uniforms is byte-for-byte valid GLSL std140, so the WebGL2 backend can bind the
 * same arena bytes as a uniform block. Throws a `LayoutError` naming each field that would differ, and why.
 */
export function assertStd140Compatible(
  layout: StructLayout,
  layouts: ReadonlyMap<string, StructLayout> = new Map(),
): void {
  const problems: string[] = [];
  const all = new Map(layouts).set(layout.name, layout);
  const visit = (struct: StructLayout) => {
    const { offsets } = std140Struct(struct, all);
    struct.fields.forEach((field, i) => {
      const where = `struct ${struct.name}, field ${field.name} (${field.typeName})`;
      const element = field.type.kind === 'array' ? field.type.element : field.type;
      if ('scalar' in element && element.scalar === 'f16') {
        problems.push(`${where}: f16 has no GLSL std140 counterpart; use f32 in structs shared with WebGL2`);
      } else if (element.kind === 'matrix' && element.rows === 2) {
        problems.push(
          `${where}: ${typeName(element)} columns are 8 bytes apart in WGSL but 16 in std140; use mat${element.columns}x4 or vec4 columns`,
        );
      } else if (offsets[i] !== field.offset) {
        problems.push(
          `${where}: WGSL puts it at byte ${field.offset}, std140 at ${offsets[i]}; lay it out with the strict uniform rules`,
        );
      } else if (field.type.kind === 'array' && field.stride !== std140(field.type, all).stride) {
        problems.push(
          `${where}: WGSL strides its elements ${field.stride} bytes apart, std140 ${std140(field.type, all).stride}`,
        );
      }
      if (element.kind === 'struct') visit(all.get(element.name)!);
    });
  };
  visit(layout);
  if (problems.length > 0) throw new LayoutError(problems);
}
